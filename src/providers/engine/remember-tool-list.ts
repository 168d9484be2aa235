import {
  type Fingerprint,
  matchesContent,
  matchesFingerprint,
  recordContent,
  recordFingerprint,
  sameValues,
} from './remember.js';
import type { ToolListSite } from './wire-format.js';
import { isRecord, type Json, visitPath } from './wire-path.js';

/**
 * What is known of a tool list's content, shared by every list of that content.
 * @internal
 */
export interface SharedList {
  readonly names: readonly string[];
  readonly set: ReadonlySet<string>;
  /**
   * Each namespace (`true`, its name) and member (`false`, its name, its namespace's name), known
   * once: a walk of every tool on every turn cost about a sixth of a next turn.
   */
  readonly namespaces: readonly (readonly [boolean, unknown, unknown])[];
  /** {@link ToolListSite.switches}, known once: testing every turn was a tenth of a next turn. */
  readonly switches: boolean;
  /** The list the projections were made from (the first of its content). */
  readonly source: object;
  /** The projection stored for `key` (value by value), else `compute()`, stored. */
  projection<TValue>(key: readonly unknown[], compute: () => TValue): TValue;
}

interface Shared extends SharedList {
  content: unknown[];
  projections: { key: readonly unknown[]; value: unknown }[];
}

// Not recorded for a list found by its content: most such lists are never sent again.
const byList = new WeakMap<object, { recorded: unknown[] | undefined; shared: Shared }>();
// By names, for content-keyed reuse: a gateway sees the same tools as fresh JSON on every turn.
const byNames = new Map<string, Shared>();
const MAX_CONTENTS = 16;
const lastBySite = new WeakMap<ToolListSite, Shared>();
const MAX_PROJECTIONS = 4;

/**
 * The shared entry of a tool list: the same object by its fingerprint; a new object (fresh JSON) by
 * its content, compared with the list last sent at the same place, else the last with its names.
 * @internal
 */
export function toolList(site: ToolListSite, list: object, fingerprint: Fingerprint): SharedList {
  const known = byList.get(list);
  if (known?.recorded !== undefined && matchesFingerprint(known.recorded, list, fingerprint))
    return known.shared;
  // Fresh JSON of the tools last sent here (or this list resent, met as fresh JSON before): one
  // read of the content, no names collected first.
  const last = known?.shared ?? lastBySite.get(site);
  if (last !== undefined && matchesContent(last.content, list)) {
    const recorded = known === undefined ? undefined : recordFingerprint(list, fingerprint);
    byList.set(list, { recorded, shared: last });
    return last;
  }
  const set = new Set<string>();
  const namespaces: [boolean, unknown, unknown][] = [];
  for (const { at, namespace } of site.declarations) {
    visitPath(list, at, (holder, trail) => {
      const name = isRecord(holder) ? holder.name : undefined;
      if (namespace !== undefined)
        namespaces.push([namespace === 'self', name, (trail.at(-3) as Json | undefined)?.name]);
      else if (typeof name === 'string') set.add(name);
    });
  }
  const names = [...set];
  const key = names.join('\u0000');
  let shared = byNames.get(key);
  if (shared === undefined || shared === last || !matchesContent(shared.content, list)) {
    // Tested only for a content not stored yet: a stored one already knows.
    let switches = false;
    const test = site.switches?.test;
    if (test !== undefined)
      visitPath(list, ['*'], (tool) => {
        switches ||= isRecord(tool) && test(tool);
      });
    const projections: Shared['projections'] = [];
    shared = {
      names,
      set,
      namespaces,
      switches,
      source: list,
      content: recordContent(list),
      projections,
      projection<TValue>(projectionKey: readonly unknown[], compute: () => TValue): TValue {
        const found = projections.find((candidate) => sameValues(candidate.key, projectionKey));
        if (found !== undefined) return found.value as TValue;
        const value = compute();
        if (projections.length >= MAX_PROJECTIONS) projections.shift();
        projections.push({ key: projectionKey, value });
        return value;
      },
    };
    byNames.delete(key);
    if (byNames.size >= MAX_CONTENTS) byNames.delete(byNames.keys().next().value as string);
    byNames.set(key, shared);
  }
  byList.set(list, { recorded: recordFingerprint(list, fingerprint), shared });
  lastBySite.set(site, shared);
  return shared;
}
