/**
 * @module toolwire/bedrock
 * Projects Amazon Bedrock Converse and ConverseStream requests onto Bedrock's name and schema
 * rules, and resolves the tool calls that come back, plain and streamed, to canonical names.
 */

export type { ProjectionOptions as BedrockProjectionOptions } from '../../core/projection/create-request-projection.js';
// The bridge from an MCP hub (toolwire/mcp) to this provider, and the hub view it needs.
export type * from '../hub-bridge/hub-bridge-types.js';
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
