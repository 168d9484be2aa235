import type { HubToolsOptions } from '../hub-bridge/hub-tools-options.js';
import { hubToolDescription, selectHubTools } from '../hub-bridge/select-hub-tools.js';
import type { ResponsesFunctionTool } from './responses-wire.js';

/** Options of {@link responsesToolsFromHub}. */
export interface ResponsesToolsFromHubOptions extends HubToolsOptions {
  /** `strict` of every function; the Responses API makes functions strict unless told. @defaultValue false */
  strict?: boolean;
}

/**
 * The hub's tools as Responses API function tools, under canonical names with the schemas the
 * hub normalised; `wrapOpenAI` (or `projectResponsesRequest`) fits names and schemas to OpenAI.
 * The result spreads into a request.
 *
 * @example
 * ```ts
 * const response = await openai.responses.create({ model: 'gpt-5', input, ...responsesToolsFromHub({ hub }) });
 * ```
 */
export function responsesToolsFromHub(options: ResponsesToolsFromHubOptions): {
  tools: ResponsesFunctionTool[];
} {
  return {
    tools: selectHubTools(options.hub, options).map((tool) => ({
      type: 'function',
      name: tool.canonical,
      description: hubToolDescription(tool) ?? null,
      parameters: tool.inputSchema as Record<string, unknown>,
      strict: options.strict ?? false,
    })),
  };
}
