import type { JsonSchemaObject } from '../json-schema.js';
import { OBJECT_ONLY_KEYWORDS } from './schema-keywords.js';

/**
 * True when `schema` describes objects: `type` is `'object'`, or an array holding `'object'`
 * (`['object', 'null']`), or `type` is absent and the schema uses a keyword that only constrains
 * objects (`required`, `additionalProperties`, `patternProperties`, ...). The last rule is safe
 * because adding `properties: {}` never changes what a schema accepts.
 *
 * @internal
 * @example
 * ```ts
 * isObjectSchema({ type: ['object', 'null'] }); // true
 * isObjectSchema({ required: ['path'] }); // true
 * isObjectSchema({ type: 'string' }); // false
 * ```
 */
export function isObjectSchema(schema: JsonSchemaObject): boolean {
  const type = schema.type;
  if (type === 'object') return true;
  if (Array.isArray(type)) return type.includes('object');
  if (type !== undefined) return false;
  for (const key in schema) {
    if (OBJECT_ONLY_KEYWORDS.has(key) && Object.hasOwn(schema, key)) return true;
  }
  return false;
}
