/**
 * A JSON Schema object (any draft): keywords mapped to values. Kept open on purpose: MCP servers
 * send every draft and many vendor keywords, and toolwire must carry what it does not understand.
 */
export interface JsonSchemaObject {
  [keyword: string]: unknown;
}

/**
 * A JSON Schema: an object, or a boolean schema (`true` accepts everything, `false` nothing).
 *
 * @example
 * ```ts
 * const schema: JsonSchema = { type: 'object', properties: { path: { type: 'string' } } };
 * ```
 */
export type JsonSchema = JsonSchemaObject | boolean;
