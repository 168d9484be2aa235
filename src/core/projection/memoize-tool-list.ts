import type { RequestProjection } from './create-request-projection.js';
import { matchesFingerprint } from './memoize-history-item.js';
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
}

interface Entry {
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
  if (
    cached !== undefined &&
    cached.map === projection.map &&
    sameValues(cached.key, key) &&
    matchesFingerprint(cached.fingerprint, tools, options.fingerprint)
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
  const fingerprint: unknown[] = [];
  options.fingerprint(tools, (value) => fingerprint.push(value));
  entries.set(tools, {
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
