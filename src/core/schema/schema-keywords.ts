/**
 * Where JSON Schema keeps sub-schemas, by keyword. Everything else (`enum`, `const`, `default`,
 * `examples`, vendor keywords) holds data, which is copied but never read as a schema.
 *
 * @internal
 */

/** Keywords whose value is one schema. `items` is here too; an array under it is a tuple (draft 4-2019). */
export const SCHEMA_VALUED_KEYWORDS: ReadonlySet<string> = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
]);

/** Keywords whose value is an array of schemas. */
export const SCHEMA_ARRAY_KEYWORDS: ReadonlySet<string> = new Set([
  'allOf',
  'anyOf',
  'oneOf',
  'prefixItems',
]);

/**
 * Keywords whose value maps names to schemas. In `dependencies` a value may also be an array of
 * property names (draft 4-7), which is data.
 */
export const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
]);

/**
 * Keywords that only constrain objects. A schema without `type` that uses one of them is treated
 * as an object schema by {@link isObjectSchema}.
 */
export const OBJECT_ONLY_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'dependentRequired',
  'dependentSchemas',
  'unevaluatedProperties',
]);
