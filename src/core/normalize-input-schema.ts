import type { JsonSchemaObject } from './json-schema.js';
import { isObjectSchema } from './schema/is-object-schema.js';
import { toJsonPointer } from './schema/json-pointer.js';
import {
  SCHEMA_ARRAY_KEYWORDS,
  SCHEMA_MAP_KEYWORDS,
  SCHEMA_VALUED_KEYWORDS,
} from './schema/schema-keywords.js';
import { MAX_SCHEMA_DEPTH } from './schema/schema-limits.js';
import { ToolwireError } from './toolwire-error.js';

/** What a value is, seen from the schema that holds it. */
const ROLE = { data: 0, schema: 1, schemaArray: 2, schemaMap: 3 } as const;
type Role = (typeof ROLE)[keyof typeof ROLE];

interface Frame {
  readonly source: Record<string, unknown> | unknown[];
  readonly target: Record<string, unknown> | unknown[];
  readonly role: Role;
  readonly keys: readonly string[];
  readonly key: string | number;
  index: number;
}

/**
 * Returns a normalised copy of an MCP tool's `inputSchema`, the form every provider accepts as a
 * starting point:
 * - a missing or `null` schema becomes `{ type: 'object', properties: {} }`;
 * - every object schema without `properties` gains `properties: {}`, at every depth: in
 *   `properties`, `items`, `prefixItems`, `anyOf`/`oneOf`/`allOf`, `not`, `if`/`then`/`else`,
 *   `additionalProperties`, `patternProperties`, `$defs`/`definitions` and the other sub-schema
 *   keywords. An object schema is one whose `type` is `'object'` or an array holding `'object'`,
 *   or one without `type` that uses an object-only keyword (`required`, `additionalProperties`,
 *   `patternProperties`, ...); `properties: {}` never changes what a schema accepts, so this is safe;
 * - values under data keywords (`enum`, `const`, `default`, `examples`, unknown keywords) are
 *   copied as they are, never read as schemas;
 * - booleans, strings and numbers come back as they are (they are values, so already copies).
 *
 * The input is never mutated, and keys such as `__proto__` stay own data properties. The walk is
 * iterative: a schema nested deeper than {@link MAX_SCHEMA_DEPTH} levels, or one that contains
 * itself, is a `ToolwireError` with code `SCHEMA_TOO_DEEP`, never a stack overflow. An object
 * reached twice through different paths (a shared sub-schema) is copied once and shared.
 *
 * @example
 * ```ts
 * normalizeInputSchema(undefined); // { type: 'object', properties: {} }
 * normalizeInputSchema({ type: 'object', properties: { tags: { type: 'array', items: { type: ['object', 'null'] } } } });
 * // { type: 'object', properties: { tags: { type: 'array', items: { type: ['object', 'null'], properties: {} } } } }
 * ```
 */
export function normalizeInputSchema(schema: JsonSchemaObject | null | undefined): JsonSchemaObject;
export function normalizeInputSchema(schema: unknown): unknown;
export function normalizeInputSchema(schema: unknown): unknown {
  if (schema === undefined || schema === null) return { type: 'object', properties: {} };
  if (typeof schema !== 'object') return schema;
  return copySchemaTree(schema as Record<string, unknown>);
}

function copySchemaTree(root: Record<string, unknown> | unknown[]): unknown {
  const rootRole: Role = Array.isArray(root) ? ROLE.data : ROLE.schema;
  const rootCopy: Record<string, unknown> | unknown[] = Array.isArray(root) ? [] : {};
  // A copy is shared only between uses in the same role: the same object can be a schema in one
  // place and plain data (an `enum` member) in another.
  const copies: Map<object, unknown>[] = [new Map(), new Map(), new Map(), new Map()];
  const open = new Set<object>([root]);
  const stack: Frame[] = [createFrame(root, rootCopy, rootRole, '')];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.index >= frame.keys.length) {
      stack.pop();
      open.delete(frame.source);
      if (frame.role === ROLE.schema) addMissingProperties(frame.target as Record<string, unknown>);
      (copies[frame.role] as Map<object, unknown>).set(frame.source, frame.target);
      continue;
    }
    const key = frame.keys[frame.index] as string;
    frame.index++;
    const isArray = Array.isArray(frame.source);
    const value = isArray
      ? (frame.source as unknown[])[Number(key)]
      : (frame.source as Record<string, unknown>)[key];
    const slot = isArray ? Number(key) : key;
    if (typeof value !== 'object' || value === null) {
      assign(frame.target, slot, value);
      continue;
    }
    const role = childRole(frame.role, key, value);
    const known = (copies[role] as Map<object, unknown>).get(value);
    if (known !== undefined) {
      assign(frame.target, slot, known);
      continue;
    }
    if (open.has(value)) {
      throw tooDeep(stack, slot, 'contains itself (a cycle)', 'Break the cycle, or use a `$ref`');
    }
    if (stack.length >= MAX_SCHEMA_DEPTH) {
      throw tooDeep(
        stack,
        slot,
        `nests deeper than ${MAX_SCHEMA_DEPTH} levels`,
        'Flatten the schema, or move shared parts into `$defs`',
      );
    }
    const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
    assign(frame.target, slot, copy);
    open.add(value);
    stack.push(createFrame(value as Record<string, unknown> | unknown[], copy, role, slot));
  }
  return rootCopy;
}

function createFrame(
  source: Record<string, unknown> | unknown[],
  target: Record<string, unknown> | unknown[],
  role: Role,
  key: string | number,
): Frame {
  const keys = Array.isArray(source)
    ? Array.from({ length: source.length }, (_, index) => String(index))
    : Object.keys(source);
  return { source, target, role, keys, key, index: 0 };
}

function childRole(parent: Role, key: string, value: object): Role {
  const isArray = Array.isArray(value);
  switch (parent) {
    case ROLE.schema:
      if (SCHEMA_VALUED_KEYWORDS.has(key)) {
        // Draft 4-2019 tuples: `items: [schema, ...]`.
        if (isArray) return key === 'items' ? ROLE.schemaArray : ROLE.data;
        return ROLE.schema;
      }
      if (SCHEMA_ARRAY_KEYWORDS.has(key)) return isArray ? ROLE.schemaArray : ROLE.data;
      if (SCHEMA_MAP_KEYWORDS.has(key)) return isArray ? ROLE.data : ROLE.schemaMap;
      return ROLE.data;
    case ROLE.schemaArray:
    case ROLE.schemaMap:
      // `dependencies: { a: ['b'] }` holds property names, not a schema.
      return isArray ? ROLE.data : ROLE.schema;
    default:
      return ROLE.data;
  }
}

function addMissingProperties(schema: Record<string, unknown>): void {
  if (!Object.hasOwn(schema, 'properties') && isObjectSchema(schema)) schema.properties = {};
}

function assign(
  target: Record<string, unknown> | unknown[],
  slot: string | number,
  value: unknown,
): void {
  if (slot === '__proto__') {
    // A plain assignment would set the prototype instead of creating the key.
    Object.defineProperty(target, slot, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    (target as Record<string | number, unknown>)[slot] = value;
  }
}

function tooDeep(
  stack: readonly Frame[],
  slot: string | number,
  what: string,
  fix: string,
): ToolwireError {
  const path = [...stack.slice(1).map((frame) => frame.key), slot];
  return new ToolwireError({
    code: 'SCHEMA_TOO_DEEP',
    message: `Schema at "${toJsonPointer(path)}" ${what}. ${fix}; toolwire walks at most ${MAX_SCHEMA_DEPTH} levels.`,
  });
}
