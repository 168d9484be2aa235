import { isRecord } from '../../core/is-record.js';

/** A filter step of a {@link WirePath}: on only where each field holds a listed value. */
export type WireFilter = Readonly<Record<string, readonly unknown[]>>;

/**
 * Where something sits in a wire object: field names, `'*'` for every element of an array, and
 * filters (`['messages', '*', { role: ['assistant'] }, 'tool_calls']`).
 */
export type WirePath = readonly (string | WireFilter)[];

/** A wire object (a request, a history item, an event) as the engine and the formats read it. */
export type Json = Record<string, unknown>;

export { isRecord };

/**
 * The object with `key` set to `value` (`undefined` removes it): the object itself when unchanged,
 * else a shallow copy with the same prototype.
 * @internal
 */
export function withProperty<TObject extends object>(
  object: TObject,
  key: string,
  value: unknown,
): TObject {
  const record = object as Json;
  if (record[key] === value && (value !== undefined || !Object.hasOwn(record, key))) return object;
  const prototype = Object.getPrototypeOf(object) as object | null;
  // SDK response classes keep their getters (Gemini's `functionCalls`); plain objects stay plain.
  const copy =
    prototype === Object.prototype
      ? { ...record }
      : Object.assign(Object.create(prototype), record);
  if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy as TObject;
}

/**
 * What an update returns to leave an element out: the nearest `'*'` above drops it.
 * @internal
 */
export const LEFT_OUT: unique symbol = Symbol('toolwire.left-out');

type Update = (found: unknown, trail: readonly unknown[]) => unknown;

/**
 * Calls `visit` on every value at `path`, with the values walked through (`trail[0]` is `value`).
 * @internal
 */
export function visitPath(
  value: unknown,
  path: WirePath,
  visit: (found: unknown, trail: readonly unknown[]) => void,
): void {
  // A visit is an update that changes nothing: nothing is copied, so the walk is the same one.
  const unchanged = (found: unknown, trail: readonly unknown[]) => {
    visit(found, trail);
    return found;
  };
  updateFrom(value, path, 0, unchanged, []);
}

/**
 * `value` with every value at `path` replaced by `update(found, trail)`, copied on write along the
 * changed paths only.
 * @internal
 */
export function updatePath<TValue>(value: TValue, path: WirePath, update: Update): TValue {
  return updateFrom(value, path, 0, update, []) as TValue;
}

function updateFrom(
  current: unknown,
  path: WirePath,
  depth: number,
  update: Update,
  trail: unknown[],
): unknown {
  trail.push(current);
  let next = current;
  const step = path[depth];
  if (step === undefined) next = update(current, trail);
  else if (step === '*') {
    if (Array.isArray(current)) {
      let copy: unknown[] | undefined;
      for (let index = 0; index < current.length; index++) {
        const item = updateFrom(current[index], path, depth + 1, update, trail);
        if (item !== current[index]) copy ??= current.slice(0, index);
        if (copy !== undefined && item !== LEFT_OUT) copy.push(item);
      }
      next = copy ?? current;
    }
  } else if (typeof step === 'string') {
    if (isRecord(current) && current[step] !== undefined) {
      const inner = updateFrom(current[step], path, depth + 1, update, trail);
      next = inner === LEFT_OUT ? LEFT_OUT : withProperty(current, step, inner);
    }
  } else if (matches(current, step)) next = updateFrom(current, path, depth + 1, update, trail);
  trail.pop();
  return next;
}

function matches(value: unknown, filter: WireFilter): boolean {
  if (!isRecord(value)) return false;
  for (const field in filter)
    if (!(filter[field] as unknown[]).includes(value[field])) return false;
  return true;
}
