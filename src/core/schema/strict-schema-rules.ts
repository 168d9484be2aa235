import type { JsonSchemaObject } from '../json-schema.js';
import { toJsonPointer } from './json-pointer.js';
import type { Path, StrictFailure, TreeContext } from './schema-tree-context.js';

// OpenAI Structured Outputs limits (OpenAI's Structured Outputs guide, supported schemas).
/** @internal */
export const STRICT_MAX_PROPERTIES = 5000;
/** @internal */
export const STRICT_MAX_NESTING = 10;
/** @internal */
export const STRICT_MAX_ENUM_VALUES = 1000;
/** @internal */
export const STRICT_MAX_CHARACTERS = 120_000;

/** What OpenAI strict cannot express without changing what the schema accepts. @internal */
export const STRICT_STRUCTURAL: ReadonlySet<string> = new Set([
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'dependentSchemas',
  'dependentRequired',
  'dependencies',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
]);

/**
 * Under strict, throws the error that makes the caller project again without strict.
 * @internal
 */
export function strictFail(context: TreeContext, path: Path, reason: string): void {
  if (!context.strict) return;
  const strictPath = toJsonPointer(path);
  const failure: StrictFailure = {
    strictPath,
    message: `Schema at "${strictPath}" cannot be made OpenAI-strict: ${reason}.`,
  };
  throw failure;
}

/**
 * How many objects deep a path is, as strict's nesting limit counts: its `properties` segments
 * (a property named `properties` counts too, as it always has). @internal
 */
export function strictNesting(path: Path): number {
  let count = 0;
  for (let index = 0; index < path.length; index++) if (path[index] === 'properties') count++;
  return count;
}

/** Whether a projected schema already accepts `null`. @internal */
export function acceptsNull(schema: JsonSchemaObject): boolean {
  if (schema.type === 'null') return true;
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    return !Array.isArray(schema.enum) || schema.enum.includes(null);
  }
  if (Array.isArray(schema.anyOf))
    return schema.anyOf.some((branch) => acceptsNull(branch as JsonSchemaObject));
  return false;
}

/**
 * The schema that also accepts `null`, in the type-array or `anyOf` form. @internal
 *
 * Copied by a spread, then written: a key written in the spread's object literal itself is stored
 * by an inline cache that misses on every new shape of schema (most properties a tool declares).
 */
export function makeNullable(schema: JsonSchemaObject): JsonSchemaObject {
  if (Array.isArray(schema.anyOf)) {
    const copy: JsonSchemaObject = { ...schema };
    copy.anyOf = [...schema.anyOf, { type: 'null' }];
    return copy;
  }
  const type = schema.type;
  if (typeof type === 'string' && schema.const === undefined) {
    const copy: JsonSchemaObject = { ...schema };
    copy.type = [type, 'null'];
    if (Array.isArray(schema.enum)) copy.enum = [...schema.enum, null];
    return copy;
  }
  if (Array.isArray(type) && schema.const === undefined) {
    const copy: JsonSchemaObject = { ...schema };
    copy.type = [...type, 'null'];
    if (Array.isArray(schema.enum)) copy.enum = [...schema.enum, null];
    return copy;
  }
  const description = schema.description;
  const wrapper: JsonSchemaObject = { anyOf: [schema, { type: 'null' }] };
  if (description !== undefined) wrapper.description = description;
  return wrapper;
}
