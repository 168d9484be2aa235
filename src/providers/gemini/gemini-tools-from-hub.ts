import type { HubToolsOptions } from '../hub-bridge/hub-tools-options.js';
import { hubToolDescription, selectHubTools } from '../hub-bridge/select-hub-tools.js';

/** A function declaration with a JSON Schema, as the hub gives it. */
export interface GeminiHubFunctionDeclaration {
  name: string;
  description?: string;
  parametersJsonSchema: Record<string, unknown>;
}

/** Options of {@link geminiToolsFromHub}. */
export type GeminiToolsFromHubOptions = HubToolsOptions;

/**
 * The hub's tools as one Gemini tool of function declarations, under canonical names with the
 * hub's JSON Schemas as `parametersJsonSchema`; `wrapGemini` (or `projectGenerateContentRequest`)
 * fits names and schemas to the Gemini API or Vertex AI. The result spreads into `config`.
 *
 * @example
 * ```ts
 * const response = await ai.models.generateContent({
 *   model: 'gemini-2.5-flash',
 *   contents,
 *   config: { ...geminiToolsFromHub({ hub }) },
 * });
 * ```
 */
export function geminiToolsFromHub(options: GeminiToolsFromHubOptions): {
  tools: { functionDeclarations: GeminiHubFunctionDeclaration[] }[];
} {
  const functionDeclarations = selectHubTools(options.hub, options).map((tool) => {
    const description = hubToolDescription(tool);
    return {
      name: tool.canonical,
      ...(description === undefined ? {} : { description }),
      parametersJsonSchema: tool.inputSchema as Record<string, unknown>,
    };
  });
  // A tool with no declarations is rejected, so none is sent when the filter keeps nothing.
  return { tools: functionDeclarations.length === 0 ? [] : [{ functionDeclarations }] };
}
