/**
 * The `Schema` fields Gemini's `parameters` and Vertex AI accept, from the protos cited in
 * Google's API reference (the Schema object). Test-side rule data, shared by the rule-enforcing provider
 * server and the schema rule checker; kept apart from src so the tests check the projection
 * against the research, not against itself.
 */
// Gemini API proto `Schema` fields (the OpenAPI 3.0 subset `parameters` takes).
export const GEMINI_SCHEMA_FIELDS: ReadonlySet<string> = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'items',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
]);
// Vertex's `Schema` additionally has these (google/cloud/aiplatform/v1/openapi.proto).
export const VERTEX_SCHEMA_FIELDS: ReadonlySet<string> = new Set([
  ...GEMINI_SCHEMA_FIELDS,
  'additionalProperties',
  'ref',
  'defs',
]);
