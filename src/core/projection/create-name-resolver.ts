import type { ToolWireMap } from '../create-tool-wire-map.js';
import type { NameResolution } from './name-resolution.js';

/** Options of {@link createNameResolver}. */
export interface NameResolverOptions {
  /**
   * Also accept what models really send back: case changes, `-` and `_` swapped, an alias with
   * its hash suffix dropped, a canonical name copied from a description. A lenient match
   * resolves only when exactly one name matches.
   * @defaultValue `false`
   */
  lenient?: boolean;
}

/**
 * Resolves names that came back from a provider to canonical names.
 *
 * @example
 * ```ts
 * const resolve = createNameResolver(map, { lenient: true });
 * resolve('GitHub__Create_Issue'); // { name: 'github__create_issue', method: 'case', ... }
 * ```
 */
export type NameResolver = (received: string) => NameResolution;

interface LenientIndex {
  canonical: Set<string>;
  byCase: Map<string, string[]>;
  bySeparator: Map<string, string[]>;
  byStem: Map<string, string[]>;
}

const lenientIndexes = new WeakMap<ToolWireMap, LenientIndex>();
/** An alias's hash suffix; `-` joins it where the separator is a single `_`. */
const HASH_SUFFIX = /[-_][a-z2-7]{8}$/;

/**
 * Builds the resolver of one request's map. Exact lookup first; then, when `lenient` is on, the
 * lenient rules (canonical, case, separator, hash dropped) all at once: a name resolves only when
 * exactly one tool matches it under any rule, and is reported with the most exact rule that
 * matched. Two tools that match under different rules (one by case, another by separator) make
 * the name ambiguous. Unknown and ambiguous names pass through unchanged.
 *
 * @example
 * ```ts
 * const resolve = createNameResolver(map);
 * resolve(map.toWire('github__create_issue')).canonical; // 'github__create_issue'
 * resolve('no_such_tool'); // { received: 'no_such_tool', name: 'no_such_tool', canonical: undefined, method: 'unknown' }
 * ```
 */
export function createNameResolver(
  map: ToolWireMap,
  options: NameResolverOptions = {},
): NameResolver {
  const lenient = options.lenient === true;
  return (received) => {
    const canonical = typeof received === 'string' ? map.fromWire(received) : undefined;
    if (canonical !== undefined) return { received, name: canonical, canonical, method: 'exact' };
    if (!lenient || typeof received !== 'string') {
      return { received, name: received, canonical: undefined, method: 'unknown' };
    }
    return resolveLeniently(lenientIndex(map), received);
  };
}

/**
 * Resolves a canonical name given where a wire name is expected (for example inside tool
 * arguments that the host filled from its own listing). Anything else goes through `resolve`.
 * @internal
 */
export function resolveCanonicalOrWire(
  map: ToolWireMap,
  resolve: NameResolver,
  received: string,
): NameResolution {
  const resolution = resolve(received);
  if (resolution.canonical !== undefined) return resolution;
  if (lenientIndex(map).canonical.has(received)) {
    return { received, name: received, canonical: received, method: 'canonical' };
  }
  return resolution;
}

function resolveLeniently(index: LenientIndex, received: string): NameResolution {
  const lower = received.toLowerCase();
  const key = separatorKey(lower);
  // Every rule is asked, most exact first: "exactly one match" holds across the rules, so a tool
  // matched by case never wins over another matched by separator or by a dropped hash.
  const rules: [readonly string[] | undefined, NameResolution['method']][] = [
    [index.canonical.has(received) ? [received] : undefined, 'canonical'],
    [index.byCase.get(lower), 'case'],
    [index.bySeparator.get(key), 'separator'],
    [index.byStem.get(key), 'hash-dropped'],
  ];
  let first: string | undefined;
  let method: NameResolution['method'] = 'unknown';
  let others: Set<string> | undefined;
  for (const [matches, rule] of rules) {
    if (matches === undefined) continue;
    for (const match of matches) {
      if (first === undefined) {
        first = match;
        method = rule;
      } else if (match !== first) {
        others ??= new Set();
        others.add(match);
      }
    }
  }
  if (first === undefined) {
    return { received, name: received, canonical: undefined, method: 'unknown' };
  }
  if (others === undefined) return { received, name: first, canonical: first, method };
  return {
    received,
    name: received,
    canonical: undefined,
    method: 'ambiguous',
    candidates: [first, ...others].sort(compareCodeUnits),
  };
}

function lenientIndex(map: ToolWireMap): LenientIndex {
  let index = lenientIndexes.get(map);
  if (index !== undefined) return index;
  index = {
    canonical: new Set(),
    byCase: new Map(),
    bySeparator: new Map(),
    byStem: new Map(),
  };
  for (const [canonical, wire] of map.entries()) {
    index.canonical.add(canonical);
    const names = wire === canonical ? [wire] : [wire, canonical];
    for (const name of names) {
      const lower = name.toLowerCase();
      add(index.byCase, lower, canonical);
      add(index.bySeparator, separatorKey(lower), canonical);
    }
    if (wire !== canonical && HASH_SUFFIX.test(wire) && !isSubstitution(canonical, wire)) {
      add(index.byStem, separatorKey(wire.slice(0, -9).toLowerCase()), canonical);
    }
  }
  lenientIndexes.set(map, index);
  return index;
}

function add(table: Map<string, string[]>, key: string, canonical: string): void {
  const list = table.get(key);
  if (list === undefined) table.set(key, [canonical]);
  else if (!list.includes(canonical)) list.push(canonical);
}

function separatorKey(lower: string): string {
  return lower.replaceAll('-', '_');
}

/** True when `wire` is `canonical` with some characters replaced one for one (no hash added). */
function isSubstitution(canonical: string, wire: string): boolean {
  if (canonical.length !== wire.length) return false;
  for (let index = 0; index < wire.length; index++) {
    if (wire[index] !== canonical[index] && wire[index] !== '_') return false;
  }
  return true;
}

function compareCodeUnits(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
