import type { HubToolsOptions } from '../hub-bridge/hub-tools-options.js';
import { hubToolDescription, selectHubTools } from '../hub-bridge/select-hub-tools.js';
import type { ChatFunctionTool } from './chat-wire.js';

/** Options of {@link chatToolsFromHub}. */
export interface ChatToolsFromHubOptions extends HubToolsOptions {
  /** Sets `strict` on every function (the wrapper then projects each schema for it). */
  strict?: boolean;
}

/**
 * The hub's tools as Chat Completions function tools, under canonical names with the schemas
 * the hub normalised; `wrapOpenAI` (or `projectChatRequest`) fits names and schemas to OpenAI.
 * The result spreads into a request.
 *
 * @example
 * ```ts
 * const completion = await openai.chat.completions.create({
 *   model: 'gpt-5',
 *   messages,
 *   ...chatToolsFromHub({ hub, servers: ['memory'] }),
 * });
 * ```
 */
export function chatToolsFromHub(options: ChatToolsFromHubOptions): { tools: ChatFunctionTool[] } {
  return {
    tools: selectHubTools(options.hub, options).map((tool) => {
      const description = hubToolDescription(tool);
      return {
        type: 'function',
        function: {
          name: tool.canonical,
          ...(description === undefined ? {} : { description }),
          parameters: tool.inputSchema as Record<string, unknown>,
          ...(options.strict === undefined ? {} : { strict: options.strict }),
        },
      };
    }),
  };
}
