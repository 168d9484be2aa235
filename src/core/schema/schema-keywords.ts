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

/** Keywords that say nothing to a model: the projection removes them without a warning. */
export const SILENT_KEYWORDS: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  'id',
  '$comment',
  '$anchor',
  '$dynamicAnchor',
  '$vocabulary',
  '$defs',
  'definitions',
  'x-mcp-header',
]);

/** Keywords the projection handles structurally, never copied as they are. */
export const STRUCTURAL_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'anyOf',
  'oneOf',
  'allOf',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'prefixItems',
  'additionalItems',
  '$ref',
  'nullable',
  'description',
]);

/** Sub-schema keywords a pass-through target keeps (projected, so refs inside are inlined). */
export const KEPT_SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set(
  [...SCHEMA_VALUED_KEYWORDS].filter((key) => !STRUCTURAL_KEYWORDS.has(key)),
);

/**
 * Maps of sub-schemas a pass-through target keeps, each member projected (`dependencies`, half
 * schemas and half property lists, is not one of them).
 */
export const KEPT_SUBSCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set(
  [...SCHEMA_MAP_KEYWORDS].filter(
    (key) => !STRUCTURAL_KEYWORDS.has(key) && !SILENT_KEYWORDS.has(key) && key !== 'dependencies',
  ),
);

/** Keywords whose value JSON Schema 2020-12 makes a number (`multipleOf` a positive one). */
export const NUMBER_VALUED_KEYWORDS: ReadonlySet<string> = new Set([
  'minimum',
  'maximum',
  'multipleOf',
]);

/** Keywords whose value is a count: a non-negative integer. */
export const COUNT_VALUED_KEYWORDS: ReadonlySet<string> = new Set([
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minContains',
  'maxContains',
]);

/** Keywords whose value is a string. */
export const STRING_VALUED_KEYWORDS: ReadonlySet<string> = new Set([
  'pattern',
  'format',
  'title',
  '$comment',
  'contentEncoding',
  'contentMediaType',
]);

/** Keywords whose value is a boolean. */
export const BOOLEAN_VALUED_KEYWORDS: ReadonlySet<string> = new Set([
  'uniqueItems',
  'deprecated',
  'readOnly',
  'writeOnly',
]);
