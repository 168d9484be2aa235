/**
 * @module toolwire/bedrock
 * Projects Amazon Bedrock Converse and ConverseStream requests onto Bedrock's name and schema
 * rules, and resolves the tool calls that come back, plain and streamed, to canonical names.
 */

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
export { type BedrockClientLike, type WrapBedrockOptions, wrapBedrock } from './wrap-bedrock.js';
