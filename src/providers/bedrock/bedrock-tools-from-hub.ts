import type { HubToolsOptions } from '../hub-bridge/hub-tools-options.js';
import { hubToolDescription, selectHubTools } from '../hub-bridge/select-hub-tools.js';

/** A JSON value, as Bedrock's document type describes it. */
export type BedrockJsonValue =
  | null
  | boolean
  | number
  | string
  | BedrockJsonValue[]
  | { [key: string]: BedrockJsonValue };

/** A `toolSpec` tool, as the hub gives it. */
export interface BedrockHubTool {
  toolSpec: {
    name: string;
    description?: string;
    inputSchema: { json: { [key: string]: BedrockJsonValue } };
  };
}

/** Options of {@link bedrockToolsFromHub}. */
export type BedrockToolsFromHubOptions = HubToolsOptions;

/**
 * The hub's tools as a Bedrock Converse `toolConfig`, under canonical names with the schemas the
 * hub normalised; `wrapBedrock` (or `projectConverseRequest`) fits names and schemas to Bedrock.
 * The result spreads into a `ConverseCommand` input.
 *
 * @example
 * ```ts
 * const output = await bedrock.send(new ConverseCommand({ modelId, messages, ...bedrockToolsFromHub({ hub }) }));
 * ```
 */
export function bedrockToolsFromHub(options: BedrockToolsFromHubOptions): {
  toolConfig: { tools: BedrockHubTool[] };
} {
  return {
    toolConfig: {
      tools: selectHubTools(options.hub, options).map((tool) => {
        // Bedrock rejects an empty description, so a tool without one has none.
        const description = hubToolDescription(tool);
        return {
          toolSpec: {
            name: tool.canonical,
            ...(description === undefined ? {} : { description }),
            inputSchema: { json: tool.inputSchema as { [key: string]: BedrockJsonValue } },
          },
        };
      }),
    },
  };
}
