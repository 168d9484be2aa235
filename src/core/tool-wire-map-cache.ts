import type { IdentitiesByName } from './build-tool-wire-map.js';
import type { ToolWireMap } from './create-tool-wire-map.js';
import type { WireMapContext } from './wire-map-context.js';

/** Bounds of the memo tables, so a long-running host cannot grow them without end. */
const MAX_CACHED_MAPS = 8;
const MAX_CACHED_MAP_NAMES = 32_768;

interface CachedMap {
  readonly names: readonly string[];
  readonly identities: IdentitiesByName;
  readonly map: ToolWireMap;
}

interface Cache {
  /** Maps by a cheap key (count, first and last name); each bucket is compared name by name. */
  readonly maps: Map<string, CachedMap[]>;
  /** How many names the cached maps hold together. */
  cachedMapNames: number;
}

const caches = new WeakMap<WireMapContext, Cache>();

/**
 * The map of a tool set from the cache of its envelope and separator, or a new one from `build`,
 * remembered for the next call. The key is the list of names in order and their identities: hosts
 * send the same tool list in the same order on every turn, so a repeat costs a comparison per name.
 * @internal
 * @example
 * ```ts
 * const map = cachedToolWireMap(context, names, undefined, () => buildToolWireMap(names, undefined, undefined, context));
 * ```
 */
export function cachedToolWireMap(
  context: WireMapContext,
  names: readonly string[],
  identities: IdentitiesByName,
  build: () => ToolWireMap,
): ToolWireMap {
  let cache = caches.get(context);
  if (cache === undefined) {
    cache = { maps: new Map(), cachedMapNames: 0 };
    caches.set(context, cache);
  }
  // A cheap key finds the candidates; comparing the lists decides.
  const key =
    names.length === 0 ? '' : `${names.length}\u0000${names[0]}\u0000${names[names.length - 1]}`;
  const bucket = cache.maps.get(key);
  if (bucket !== undefined) {
    for (const cached of bucket) {
      if (sameNames(cached.names, names) && sameIdentities(cached.identities, identities)) {
        return cached.map;
      }
    }
  }
  const map = build();
  rememberMap(cache, key, names, identities, map);
  return map;
}

function rememberMap(
  cache: Cache,
  key: string,
  names: readonly string[],
  identities: IdentitiesByName,
  map: ToolWireMap,
): void {
  if (names.length > MAX_CACHED_MAP_NAMES) return;
  let count = 0;
  for (const bucket of cache.maps.values()) count += bucket.length;
  // Oldest first: a Map iterates in insertion order.
  while (
    (count >= MAX_CACHED_MAPS || cache.cachedMapNames + names.length > MAX_CACHED_MAP_NAMES) &&
    cache.maps.size > 0
  ) {
    const [oldestKey, oldest] = cache.maps.entries().next().value as [
      string,
      Array<{ names: readonly string[] }>,
    ];
    cache.maps.delete(oldestKey);
    for (const entry of oldest) cache.cachedMapNames -= entry.names.length;
    count -= oldest.length;
  }
  // A copy: the caller may change its array after this call. The identities are already a copy.
  const entry: CachedMap = { names: names.slice(), identities, map };
  const bucket = cache.maps.get(key);
  if (bucket === undefined) cache.maps.set(key, [entry]);
  else bucket.push(entry);
  cache.cachedMapNames += names.length;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

function sameIdentities(a: IdentitiesByName, b: IdentitiesByName): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.size !== b.size) return false;
  for (const [canonical, left] of a) {
    const right = b.get(canonical);
    if (right === undefined) return false;
    if (left === null || right === null) {
      if (left !== right) return false;
    } else if (left.server !== right.server || left.remoteName !== right.remoteName) {
      return false;
    }
  }
  return true;
}
