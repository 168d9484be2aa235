import type { HubToolsOptions } from '../hub-bridge/hub-tools-options.js';
import { hubToolDescription, selectHubTools } from '../hub-bridge/select-hub-tools.js';
import type { MessagesTool } from './messages-wire.js';

/** Options of {@link messagesToolsFromHub}. */
export type MessagesToolsFromHubOptions = HubToolsOptions;

/**
 * The hub's tools as Anthropic Messages client tools, under canonical names with the schemas the
 * hub normalised; `wrapAnthropic` (or `projectMessagesRequest`) fits names and schemas to
 * Anthropic. The result spreads into a request.
 *
 * @example
 * ```ts
 * const message = await anthropic.messages.create({
 *   model: 'claude-sonnet-5',
 *   max_tokens: 1024,
 *   messages,
 *   ...messagesToolsFromHub({ hub }),
 * });
 * ```
 */
export function messagesToolsFromHub(options: MessagesToolsFromHubOptions): {
  tools: MessagesTool[];
} {
  return {
    tools: selectHubTools(options.hub, options).map((tool) => {
      const description = hubToolDescription(tool);
      return {
        name: tool.canonical,
        ...(description === undefined ? {} : { description }),
        input_schema: { ...tool.inputSchema, type: 'object' },
      };
    }),
  };
}
