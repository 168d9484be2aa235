/**
 * The providers a tool's input schema can be projected for. `mcp` is pass-through normalisation
 * (for re-exposing tools over MCP); `bedrock` follows the Anthropic rules, the strictest of the
 * models Bedrock Converse serves tools to.
 */
export type SchemaTarget = 'openai' | 'anthropic' | 'gemini' | 'vertex' | 'bedrock' | 'mcp';

/**
 * Every {@link SchemaTarget}, in a fixed order.
 *
 * @example
 * ```ts
 * for (const target of SCHEMA_TARGETS) projectInputSchema(tool.inputSchema, { target });
 * ```
 */
export const SCHEMA_TARGETS: readonly SchemaTarget[] = Object.freeze([
  'openai',
  'anthropic',
  'gemini',
  'vertex',
  'bedrock',
  'mcp',
]);
