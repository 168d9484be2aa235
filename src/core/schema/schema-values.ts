import type { Source } from './schema-tree-context.js';

/** Whether a value is a plain JSON object. @internal */
export function isRecord(value: unknown): value is Source {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether two JSON values would be written as the same text: the same keys in the same order and
 * equal leaves, read side by side and stopped at the first difference (writing both as text cost
 * as much as projecting a new tool's schema, where most compared values differ). Values JSON text cannot hold
 * (`undefined`, `NaN`) count as different, so the answer errs toward "changed". @internal
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return typeof a !== 'number' || Number.isFinite(a);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) {
      const value = a[index];
      if (value === undefined || !sameJson(value, b[index])) return false;
    }
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  const otherKeys = Object.keys(b);
  if (keys.length !== otherKeys.length) return false;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    if (key !== otherKeys[index]) return false;
    const value = (a as Record<string, unknown>)[key];
    if (value === undefined || !sameJson(value, (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** JSON text of a value, cut to 300 characters for messages. @internal */
export function compactJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/** Sets a key as an own data property, even `__proto__`. @internal */
export function setKey(target: Source, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}

/** The JSON Schema type of a JSON value (`integer` for whole numbers). @internal */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const SIMPLE_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

/** One frozen list per type name: most nodes name one type, and the walk only reads the list. */
const SINGLE_TYPES: ReadonlyMap<string, readonly string[]> = new Map(
  [...SIMPLE_TYPES].map((type) => [type, Object.freeze([type])]),
);

/**
 * The known JSON Schema types named by `type`; anything else is not a type any provider takes.
 * The list is read-only (a single type's list is shared).
 */
export function readTypes(type: unknown): readonly string[] | undefined {
  if (typeof type === 'string') return SINGLE_TYPES.get(type);
  if (Array.isArray(type)) {
    const types = [...new Set(type.filter((entry): entry is string => SIMPLE_TYPES.has(entry)))];
    return types.length > 0 ? types : undefined;
  }
  return undefined;
}

/** Whether a node has any of these keywords as its own keys. @internal */
export function hasAny(node: Source, keys: readonly string[] | undefined): boolean {
  if (keys === undefined) return false;
  for (const key of keys) if (Object.hasOwn(node, key)) return true;
  return false;
}

/**
 * Whether a node says something of its own beside its alternatives (a type, declared properties,
 * items, an enum or a const): a node without any is replaced by its lone alternative. The walk
 * and the fitting check both ask this, so that they tell such nodes apart alike. @internal
 */
export function hasOwnShape(node: Source): boolean {
  return (
    node.type !== undefined ||
    (isRecord(node.properties) && Object.keys(node.properties).length > 0) ||
    node.items !== undefined ||
    node.enum !== undefined ||
    node.const !== undefined
  );
}

/** A copy of a node without these keys. @internal */
export function withoutKeys(node: Source, keys: readonly string[]): Source {
  const copy: Source = {};
  for (const key of Object.keys(node)) if (!keys.includes(key)) setKey(copy, key, node[key]);
  return copy;
}

/** Whether two arrays hold the same values, by identity. @internal */
export function sameArray(built: readonly unknown[], original: unknown): boolean {
  if (!Array.isArray(original) || original.length !== built.length) return false;
  for (let index = 0; index < built.length; index++) {
    if (built[index] !== original[index]) return false;
  }
  return true;
}

/**
 * Whether a built object holds exactly the keys and values (by identity) of an original one, so
 * the original can be sent in its place and the copy dropped. @internal
 */
export function sameEntries(built: Source, original: unknown): original is Source {
  if (!isRecord(original)) return false;
  let count = 0;
  for (const key in built) {
    if (!Object.hasOwn(original, key) || original[key] !== built[key]) return false;
    count++;
  }
  for (const key in original) if (Object.hasOwn(original, key)) count--;
  return count === 0;
}
