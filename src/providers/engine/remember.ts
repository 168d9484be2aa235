/**
 * Pushes onto `values` every value a projection reads from an object, in a fixed order; a stored
 * result is reused only while the same values (`===`) come out again. (Pushing onto an array
 * costs less than calling a visitor for each value, and a comparison is then one tight loop.)
 */
export type Fingerprint<TObject> = (object: TObject, values: unknown[]) => void;

type Json = Record<string, unknown>;

interface Entry {
  key: readonly unknown[];
  recorded: unknown[];
  value: unknown;
}

/**
 * The one memo of the adapters: the value stored for `object` while `key` (compared value by
 * value) and the object's fingerprint are unchanged, else `compute()`, stored for next time. Hosts
 * resend their tools and history on every turn, and a projection is a function of what its
 * fingerprint visits, so an object edited in place is projected again. Strings changed inside an
 * object the fingerprint does not visit are not seen: treat a sent request as a value.
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
  fingerprint: Fingerprint<TObject>,
  compute: () => TValue,
): TValue {
  const entry = cache.get(object) as Entry | undefined;
  if (
    entry !== undefined &&
    sameValues(entry.key, key) &&
    matchesFingerprint(entry.recorded, object, fingerprint)
  ) {
    return entry.value as TValue;
  }
  const value = compute();
  cache.set(object, { key, recorded: recordFingerprint(object, fingerprint), value });
  return value;
}

/**
 * True when both lists hold the same values (`===`), in order.
 * @internal
 */
export function sameValues(left: readonly unknown[], right: readonly unknown[]): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}

// One comparison runs at a time (projection is synchronous and fingerprints do not nest), so
// one array serves every comparison instead of one made for every object of every request.
const scratch: unknown[] = [];

/**
 * True when `fingerprint` gives exactly the recorded values, in order.
 * @internal
 */
export function matchesFingerprint<TObject>(
  recorded: readonly unknown[],
  object: TObject,
  fingerprint: Fingerprint<TObject>,
): boolean {
  fingerprint(object, scratch);
  const same = sameValues(recorded, scratch);
  // Not kept alive by the memo: the values are the caller's objects.
  scratch.length = 0;
  return same;
}

/**
 * The values `fingerprint` gives, in order.
 * @internal
 */
export function recordFingerprint<TObject>(
  object: TObject,
  fingerprint: Fingerprint<TObject>,
): unknown[] {
  const recorded: unknown[] = [];
  fingerprint(object, recorded);
  return recorded;
}

const ARRAY = Symbol('array');
const OBJECT = Symbol('object');
const END = Symbol('end');

/**
 * The whole content of a JSON value as a flat list (markers, keys and primitive values, in
 * order), to recognise the same content arriving as new objects (fresh JSON on every request).
 * Every array and object is marked where it starts, so that no two contents give the same list
 * (without the mark, `{x: 'k', y: {}}` and `{x: {k: 'y'}}` would). Objects that are not plain
 * are recorded as themselves, and match only themselves.
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

// One comparison runs at a time (it calls nothing outside), so its state lives here instead of
// in closures made for every comparison.
let content: readonly unknown[] = [];
let at = 0;

/**
 * True when `value` has exactly the recorded content (see {@link recordContent}). Reads every
 * value once and stops at the first difference; keys from `JSON.parse` are interned, so most
 * comparisons are of identical strings.
 * @internal
 */
export function matchesContent(recorded: readonly unknown[], value: unknown): boolean {
  content = recorded;
  at = 0;
  const same = matchesValue(value) && at === recorded.length;
  content = [];
  return same;
}

function matchesValue(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return content[at++] === value;
  return Array.isArray(value) ? matchesArray(value) : matchesObject(value as Json);
}

function matchesArray(array: readonly unknown[]): boolean {
  if (content[at++] !== ARRAY || content[at++] !== array.length) return false;
  for (let index = 0; index < array.length; index++) {
    const item = array[index];
    if (typeof item !== 'object' || item === null) {
      if (content[at++] !== item) return false;
    } else if (!(Array.isArray(item) ? matchesArray(item) : matchesObject(item as Json)))
      return false;
  }
  return true;
}

function matchesObject(object: Json): boolean {
  const mark = content[at++];
  if (mark !== OBJECT) return mark === object;
  for (const key in object) {
    if (content[at++] !== key) return false;
    const item = object[key];
    if (typeof item !== 'object' || item === null) {
      if (content[at++] !== item) return false;
    } else if (!(Array.isArray(item) ? matchesArray(item) : matchesObject(item as Json)))
      return false;
  }
  return content[at++] === END;
}

/**
 * True when two JSON values have the same content: the same keys in the same order and the same
 * primitive values, read side by side (nothing recorded beforehand). Objects that are not plain
 * are the same only as themselves.
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
