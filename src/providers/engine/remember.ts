import type { Json, WireFilter, WirePath } from './wire-path.js';

const FIELD = 0;
const EACH = 1;
const FILTER = 2;

/** A step into a field, into each element, or (a filter) along each branch allowing the value. */
interface Step {
  readonly kind: typeof FIELD | typeof EACH | typeof FILTER;
  readonly key: string;
  readonly next: Fingerprint;
  readonly branches: readonly (readonly [readonly unknown[], Fingerprint])[];
}

/**
 * What a projection reads of an object: every value met along its paths (objects, array lengths
 * and elements, filtered fields) and at their ends, in a fixed order. A stored result is reused
 * only while the same values (`===`) come out again.
 */
export interface Fingerprint {
  readonly leaves: readonly string[];
  readonly steps: readonly Step[];
  /** The size of the last record: the next one is allocated at once. */
  size: number;
  /** `null`: the runtime forbids generated code. */
  generated?: readonly [Walk, Walk] | null;
}

/** Records into `values` from `from`, or compares: the index reached (-1 at a difference). */
type Walk = (values: unknown[], value: unknown, from: number) => number;

const NONE: Fingerprint = { leaves: [], steps: [], size: 0 };

/** The fingerprint of the values along `paths` (shared prefixes are walked once). @internal */
export function compileFingerprint(paths: readonly WirePath[], depth = 0): Fingerprint {
  const groups = new Map<string | WireFilter, WirePath[]>();
  for (const path of paths) {
    const step = path[depth];
    if (step !== undefined) groups.set(step, [...(groups.get(step) ?? []), path]);
  }
  const leaves: string[] = [];
  const steps: Step[] = [];
  for (const [step, group] of groups) {
    const next = compileFingerprint(group, depth + 1);
    if (typeof step === 'string') {
      if (step !== '*' && next.steps.length + next.leaves.length === 0) leaves.push(step);
      else steps.push({ kind: step === '*' ? EACH : FIELD, key: step, next, branches: [] });
      continue;
    }
    let branch = next;
    const [[key, allowed] = ['', []], ...rest] = Object.entries(step);
    for (const [field, values] of rest.reverse())
      branch = {
        ...NONE,
        steps: [{ kind: FILTER, key: field, next: NONE, branches: [[values, branch]] }],
      };
    const same = steps.find((other) => other.kind === FILTER && other.key === key);
    if (same !== undefined)
      (same.branches as [unknown[], Fingerprint][]).push([[...allowed], branch]);
    else steps.push({ kind: FILTER, key, next: NONE, branches: [[[...allowed], branch]] });
  }
  return { leaves, steps, size: 0 };
}

// The walk for runtimes that forbid generated code.
function walk(
  node: Fingerprint,
  current: unknown,
  values: unknown[],
  from: number,
  recording: boolean,
): number {
  let at = from;
  const put = (value: unknown): boolean => {
    const same = recording || values[at] === value;
    if (recording) values[at] = value;
    at++;
    return same;
  };
  if (typeof current !== 'object' || current === null) return at;
  const array = Array.isArray(current);
  if (!array) for (const leaf of node.leaves) if (!put((current as Json)[leaf])) return -1;
  for (const step of node.steps) {
    if ((step.kind === EACH) !== array) continue;
    if (array) {
      if (!put(current.length)) return -1;
      for (const item of current) {
        if (!put(item)) return -1;
        at = walk(step.next, item, values, at, recording);
        if (at < 0) return -1;
      }
      continue;
    }
    const value = (current as Json)[step.key];
    if (!put(value)) return -1;
    if (step.kind === FIELD) at = walk(step.next, value, values, at, recording);
    for (const [allowed, branch] of step.branches)
      if (at >= 0 && allowed.includes(value)) at = walk(branch, current, values, at, recording);
    if (at < 0) return -1;
  }
  return at;
}

// The same walk as code: each read gets a site of its own, cached for the one shape it meets
// (about 3x faster on a tool list than `walk`, whose reads share one site that meets every shape).
// Cloudflare Workers or a CSP without 'unsafe-eval' forbid it.
function generated(fingerprint: Fingerprint): readonly [Walk, Walk] | null {
  if (fingerprint.generated !== undefined) return fingerprint.generated;
  const allowed: unknown[] = [];
  let count = 0;
  // `inside`: the value is known to be an object and not an array (a filter's branch).
  const code = (recording: boolean, node: Fingerprint, value: string, inside = false): string => {
    const put = (read: string) =>
      recording ? `values[at++] = ${read};` : `if (values[at++] !== ${read}) return -1;`;
    let object = node.leaves.map((leaf) => put(`${value}[${JSON.stringify(leaf)}]`)).join('');
    let array = '';
    for (const step of node.steps) {
      const next = `v${++count}`;
      if (step.kind === EACH) {
        const index = `i${count}`;
        array += `${put(`${value}.length`)} for (let ${index} = 0; ${index} < ${value}.length; ${index}++) { const ${next} = ${value}[${index}]; ${put(next)} ${code(recording, step.next, next)} }`;
        continue;
      }
      object += `{ const ${next} = ${value}[${JSON.stringify(step.key)}]; ${put(next)}`;
      if (step.kind === FIELD) object += code(recording, step.next, next);
      // Allowed values compared inline: a call of `includes` per filter was a tenth of a next turn.
      for (const [values, branch] of step.branches) {
        const test = values.map((item) =>
          Number.isNaN(item)
            ? `${next} !== ${next}`
            : `${next} === ${typeof item === 'string' ? JSON.stringify(item) : `allowed[${allowed.push(item) - 1}]`}`,
        );
        object += `if (${test.join(' || ') || 'false'}) { ${code(recording, branch, value, true)} }`;
      }
      object += '}';
    }
    if (inside) return object;
    return `if (typeof ${value} === 'object' && ${value} !== null) { if (Array.isArray(${value})) { ${array} } else { ${object} } }`;
  };
  const walk = (recording: boolean) =>
    `function (values, v0, at) { ${code(recording, fingerprint, 'v0')} return at; }`;
  try {
    const make = new Function('allowed', `return [${walk(true)}, ${walk(false)}];`);
    fingerprint.generated = make(allowed) as [Walk, Walk];
  } catch {
    fingerprint.generated = null;
  }
  return fingerprint.generated;
}

/** The values `fingerprint` reads of `object`, in order. @internal */
export function recordFingerprint(object: unknown, fingerprint: Fingerprint): unknown[] {
  // Bounded: V8 makes a very large preallocated array a slow dictionary.
  const values: unknown[] = new Array(Math.min(fingerprint.size, 16384));
  const walks = fingerprint.generated ?? generated(fingerprint);
  values.length =
    walks === null ? walk(fingerprint, object, values, 0, true) : walks[0](values, object, 0);
  fingerprint.size = values.length;
  return values;
}

/**
 * {@link matchesFingerprint} as one function for a loop over many objects (a history), the record
 * being `recorded[from..to)`.
 * @internal
 */
export function fingerprintMatcher(
  fingerprint: Fingerprint,
): (recorded: readonly unknown[], object: unknown, from?: number, to?: number) => boolean {
  const compare = (fingerprint.generated ?? generated(fingerprint))?.[1];
  if (compare === undefined)
    return (recorded, object, from = 0, to = recorded.length) =>
      walk(fingerprint, object, recorded as unknown[], from, false) === to;
  return (recorded, object, from = 0, to = recorded.length) =>
    compare(recorded as unknown[], object, from) === to;
}

/** True when `fingerprint` reads exactly the recorded values of `object`. @internal */
export function matchesFingerprint(
  recorded: readonly unknown[],
  object: unknown,
  fingerprint: Fingerprint,
): boolean {
  // Not through `fingerprintMatcher`: its call of the walk would meet every fingerprint's walk
  // and no longer be inlined in the history's loop.
  const walks = fingerprint.generated ?? generated(fingerprint);
  const at =
    walks === null
      ? walk(fingerprint, object, recorded as unknown[], 0, false)
      : walks[1](recorded as unknown[], object, 0);
  return at === recorded.length;
}

interface Entry {
  key: readonly unknown[];
  recorded: unknown[] | undefined;
  value: unknown;
}

/**
 * The value stored for `object` while `key` (value by value) and its fingerprint are unchanged,
 * else `compute(previous)`, stored. An object edited where the fingerprint does not read is not
 * seen: treat a sent request as a value. The fingerprint is recorded from the second sight on:
 * most objects are seen once.
 *
 * @example
 * ```ts
 * const projected = remember(cache, message, [map], fingerprint, () => projectMessage(message));
 * ```
 */
export function remember<TObject extends object, TValue>(
  cache: WeakMap<object, unknown>,
  object: TObject,
  key: readonly unknown[],
  fingerprint: Fingerprint,
  compute: (previous: TValue | undefined) => TValue,
): TValue {
  const entry = cache.get(object) as Entry | undefined;
  if (
    entry?.recorded !== undefined &&
    sameValues(entry.key, key) &&
    matchesFingerprint(entry.recorded, object, fingerprint)
  ) {
    return entry.value as TValue;
  }
  const value = compute(entry?.value as TValue | undefined);
  const recorded = entry === undefined ? undefined : recordFingerprint(object, fingerprint);
  cache.set(object, { key, recorded, value });
  return value;
}

/** True when both lists hold the same values (`===`), in order. @internal */
export function sameValues(left: readonly unknown[], right: readonly unknown[]): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}

const ARRAY = Symbol('array');
const OBJECT = Symbol('object');
const END = Symbol('end');

/**
 * The content of a JSON value as a flat list, to recognise it arriving as new objects (fresh
 * JSON). Each array and object is marked where it starts, else `{x: 'k', y: {}}` and
 * `{x: {k: 'y'}}` would read the same. Objects that are not plain are recorded as themselves.
 * @internal
 */
export function recordContent(value: unknown): unknown[] {
  const flat: unknown[] = [];
  const walk = (current: unknown): void => {
    if (typeof current !== 'object' || current === null) flat.push(current);
    else if (Array.isArray(current)) {
      flat.push(ARRAY, current.length);
      for (const item of current) walk(item);
    } else if (!isPlain(current)) {
      // A class instance (a Date, a Map) has content `for...in` does not show: by identity.
      flat.push(current);
    } else {
      flat.push(OBJECT);
      for (const key in current) {
        flat.push(key);
        walk((current as Record<string, unknown>)[key]);
      }
      flat.push(END);
    }
  };
  walk(value);
  return flat;
}

function isPlain(object: object): boolean {
  const prototype = Object.getPrototypeOf(object);
  return prototype === Object.prototype || prototype === null;
}

/**
 * True when `value` has exactly the recorded content ({@link recordContent}). With `plain`, an
 * object that is not plain never matches a plain one, as in {@link sameContent}; without, only
 * objects with no enumerable keys are tested (testing every object cost 8-24% of a fresh tool
 * list's compare), so a class instance whose own keys read as a recorded object matches it.
 * @internal
 */
export function matchesContent(
  recorded: readonly unknown[],
  value: unknown,
  plain = false,
): boolean {
  return matchesFrom(recorded, 0, value, plain) === recorded.length;
}

// Where `value`'s content ends in `content` from `at`, or -1. Positions are passed, not shared
// state, so that they stay in registers (about 8%).
function matchesFrom(
  content: readonly unknown[],
  at: number,
  value: unknown,
  plain: boolean,
): number {
  if (typeof value !== 'object' || value === null) return content[at] === value ? at + 1 : -1;
  let next = at + 1;
  if (Array.isArray(value)) {
    if (content[at] !== ARRAY || content[next++] !== value.length) return -1;
    for (let index = 0; index < value.length && next >= 0; index++) {
      const item: unknown = value[index];
      if (typeof item === 'object' && item !== null) next = matchesFrom(content, next, item, plain);
      else next = content[next] === item ? next + 1 : -1;
    }
    return next;
  }
  if (content[at] !== OBJECT) return content[at] === value ? next : -1;
  if (plain && !isPlain(value)) return -1;
  for (const key in value) {
    if (content[next++] !== key) return -1;
    const item = (value as Json)[key];
    if (typeof item === 'object' && item !== null) next = matchesFrom(content, next, item, plain);
    else next = content[next] === item ? next + 1 : -1;
    if (next < 0) return -1;
  }
  // A Date, a Map or a Set reads as `{}` by its keys.
  if (next === at + 1 && !plain && !isPlain(value)) return -1;
  return content[next] === END ? next + 1 : -1;
}

/**
 * True when two JSON values have the same content (keys in the same order), read side by side.
 * Objects that are not plain are the same only as themselves.
 * @internal
 */
export function sameContent(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || left === null || typeof right !== 'object' || right === null)
    return false;
  if (Array.isArray(left)) {
    if (!Array.isArray(right) || left.length !== right.length) return false;
    for (let index = 0; index < left.length; index++)
      if (!sameContent(left[index], right[index])) return false;
    return true;
  }
  if (Array.isArray(right) || !isPlain(left) || !isPlain(right)) return false;
  const keys = Object.keys(left);
  const others = Object.keys(right);
  if (keys.length !== others.length) return false;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    if (others[index] !== key || !sameContent((left as Json)[key], (right as Json)[key]))
      return false;
  }
  return true;
}
