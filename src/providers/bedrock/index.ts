/**
 * @module toolwire/bedrock
 * Projects Amazon Bedrock Converse and ConverseStream requests onto Bedrock's name and schema
 * rules, and resolves the tool calls that come back, plain and streamed, to canonical names.
 */

// The bridge from an MCP hub (toolwire/mcp) to this provider, and the hub view it needs.
export type {
  HubRunOptions,
  HubToolsOptions,
  HubTurnOptions,
  HubTurnResult,
} from '../../core/tool-hub/hub-tools-options.js';
export type { ToolResultLimits } from '../../core/tool-hub/read-tool-result.js';
export type {
  HubCallSettings,
  HubToolCall,
  HubToolCallOutcome,
  HubToolCallProgress,
} from '../../core/tool-hub/run-hub-tool-calls.js';
export type { HubToolFilter } from '../../core/tool-hub/select-hub-tools.js';
export type {
  ToolCallProgress,
  ToolCallResult,
  ToolHubCallOptions,
  ToolHubLike,
  ToolHubTool,
} from '../../core/tool-hub/tool-hub.js';
export {
  type BedrockHubTool,
  type BedrockJsonValue,
  type BedrockToolsFromHubOptions,
  bedrockToolsFromHub,
} from './bedrock-tools-from-hub.js';
export type {
  BedrockContentBlock,
  BedrockConverseRequest,
  BedrockConverseResponse,
  BedrockConverseStreamEvent,
  BedrockMessage,
  BedrockTool,
  BedrockToolChoice,
  BedrockToolConfiguration,
  BedrockToolReference,
  BedrockToolSpecification,
  BedrockToolUseBlock,
} from './bedrock-wire.js';
export {
  type BedrockProjectionOptions,
  type ProjectedConverseRequest,
  projectConverseRequest,
} from './project-converse-request.js';
export {
  type BedrockToolResultBlock,
  type BedrockToolResultContent,
  type BedrockToolResultMessage,
  type RunBedrockToolUsesOptions,
  type RunBedrockToolUsesResult,
  runBedrockToolUses,
} from './run-bedrock-tool-uses.js';
export { type BedrockClientLike, type WrapBedrockOptions, wrapBedrock } from './wrap-bedrock.js';
