import type { RequestProjection } from './create-request-projection.js';
import { matchesFingerprint, recordFingerprint } from './memoize-history-item.js';
import type { ProjectionWarning } from './projection-warning.js';
import type { ToolWireMap } from './tool-wire-map-seam.js';

type Restore = (args: unknown) => unknown;

/** What the `project` callback of {@link memoizeToolList} records besides the projected list. */
export interface ToolListRecorder {
  /** Warnings of the projection (schema rewrites), replayed on every reuse. */
  warnings: ProjectionWarning[];
  /** Registers an argument restorer on the request's projection, replayed on every reuse. */
  setArgumentRestorer(tool: string, restore: Restore): void;
  /** Canonical names of tools left out of the list (quarantined schemas), returned on every reuse. */
  leftOut: string[];
}

/** Options of {@link memoizeToolList}. */
export interface MemoizeToolListOptions<TTools> {
  /** The request's tool list, as the caller passed it. */
  tools: TTools & object;
  /** The request's projection (its map is part of the cache key). */
  projection: RequestProjection;
  /** Option values that change the projected list (schema target, alias notes on or off). */
  key: readonly unknown[];
  /**
   * Calls `visit` with every value the projection reads from the list (tool objects, names,
   * descriptions, schema objects), in a fixed order. A reuse needs each to be identical (`===`),
   * so a list whose tools were replaced or renamed in place is projected again.
   */
  fingerprint: (tools: TTools, visit: (value: unknown) => void) => void;
  /** Projects the list, reporting warnings and restorers through the recorder. */
  project: (recorder: ToolListRecorder) => TTools;
  /**
   * What {@link collectToolListNames} returned for this list in this request: the list was just
   * compared with the same `fingerprint`, so it is not compared again.
   */
  known?: ToolListNames;
}

/** The canonical names of a tool list, collected once per list (see {@link collectToolListNames}). */
export interface ToolListNames {
  /** Every name `collect` added, once each, in the order first added. */
  readonly names: readonly string[];
  /** The same names, for membership tests. */
  readonly set: ReadonlySet<string>;
}

/** Options of {@link collectToolListNames}. */
export interface CollectToolListNamesOptions<TTools> {
  /** The request's tool list, as the caller passed it. */
  tools: TTools & object;
  /** As for {@link memoizeToolList}: every value the projection reads from the list. */
  fingerprint: (tools: TTools, visit: (value: unknown) => void) => void;
  /** Adds the canonical names the list offers (every value read must be in `fingerprint`). */
  collect: (tools: TTools, add: (name: unknown) => void) => void;
}

interface NamesEntry extends ToolListNames {
  fingerprintFunction: unknown;
  collect: unknown;
  fingerprint: unknown[];
}

const namesEntries = new WeakMap<object, NamesEntry>();

/**
 * Collects the canonical names a tool list offers once, and gives them back while the host sends
 * the same list object again unchanged (compared as {@link memoizeToolList} compares it), so the
 * names of a next turn are not gathered from every tool again. Pass the result to
 * {@link memoizeToolList} as `known` to skip its comparison of the same list.
 *
 * @example
 * ```ts
 * const known = collectToolListNames({
 *   tools: request.tools,
 *   fingerprint,
 *   collect: (tools, add) => {
 *     for (const tool of tools) add(tool.function.name);
 *   },
 * });
 * collector.addAll(known.names);
 * ```
 */
export function collectToolListNames<TTools>(
  options: CollectToolListNamesOptions<TTools>,
): ToolListNames {
  const { tools, fingerprint, collect } = options;
  const cached = namesEntries.get(tools);
  if (
    cached !== undefined &&
    cached.fingerprintFunction === fingerprint &&
    cached.collect === collect &&
    matchesFingerprint(cached.fingerprint, tools, fingerprint)
  ) {
    return cached;
  }
  const set = new Set<string>();
  collect(tools, (name) => {
    if (typeof name === 'string') set.add(name);
  });
  const entry: NamesEntry = {
    names: [...set],
    set,
    fingerprintFunction: fingerprint,
    collect,
    fingerprint: recordFingerprint(tools, fingerprint),
  };
  namesEntries.set(tools, entry);
  return entry;
}

interface Entry {
  /** The names entry the list was compared with when this entry was made, if any. */
  known: ToolListNames | undefined;
  map: ToolWireMap;
  key: readonly unknown[];
  fingerprint: unknown[];
  tools: unknown;
  warnings: ProjectionWarning[];
  restorers: [string, Restore][];
  leftOut: string[];
}

const entries = new WeakMap<object, Entry>();

/**
 * Projects a request's tool list once and reuses the result while the host sends the same list
 * object again with the same name set (the core returns the same map for it): hosts resend their
 * tools on every turn, and the projected tools (wire names, alias notes, projected schemas) are a
 * function of exactly those. Schema contents are taken by object identity, as the schema
 * projection caches them. Warnings and argument restorers are replayed on every reuse.
 *
 * @example
 * ```ts
 * const { tools, warnings } = memoizeToolList({
 *   tools: request.tools,
 *   projection,
 *   key: ['openai'],
 *   fingerprint: (list, visit) => {
 *     for (const tool of list) {
 *       visit(tool);
 *       visit(tool.function.name);
 *       visit(tool.function.parameters);
 *     }
 *   },
 *   project: (recorder) => request.tools.map((tool) => projectTool(tool, recorder)),
 * });
 * ```
 */
export function memoizeToolList<TTools>(options: MemoizeToolListOptions<TTools>): {
  tools: TTools;
  warnings: ProjectionWarning[];
  leftOut: string[];
} {
  const { tools, projection, key } = options;
  const cached = entries.get(tools);
  // A names entry is replaced whenever the list changes, so the same one means the same list.
  const given = options.known;
  const known =
    given !== undefined &&
    namesEntries.get(tools) === given &&
    (given as NamesEntry).fingerprintFunction === options.fingerprint
      ? given
      : undefined;
  if (
    cached !== undefined &&
    cached.map === projection.map &&
    sameValues(cached.key, key) &&
    ((known !== undefined && cached.known === known) ||
      matchesFingerprint(cached.fingerprint, tools, options.fingerprint))
  ) {
    for (const [tool, restore] of cached.restorers) projection.setArgumentRestorer(tool, restore);
    return { tools: cached.tools as TTools, warnings: cached.warnings, leftOut: cached.leftOut };
  }
  const warnings: ProjectionWarning[] = [];
  const restorers: [string, Restore][] = [];
  const leftOut: string[] = [];
  const projected = options.project({
    warnings,
    leftOut,
    setArgumentRestorer(tool, restore) {
      restorers.push([tool, restore]);
      projection.setArgumentRestorer(tool, restore);
    },
  });
  // The names entry holds the same values when the list was just compared with it.
  const fingerprint =
    known !== undefined
      ? (known as NamesEntry).fingerprint
      : recordFingerprint(tools, options.fingerprint);
  entries.set(tools, {
    known,
    map: projection.map,
    key,
    fingerprint,
    tools: projected,
    warnings,
    restorers,
    leftOut,
  });
  return { tools: projected, warnings, leftOut };
}

function sameValues(left: readonly unknown[], right: readonly unknown[]): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) {
    if (left[index] !== right[index]) return false;
  }
  return true;
}
