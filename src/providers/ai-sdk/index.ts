/**
 * @module toolwire/ai-sdk
 * An AI SDK language-model middleware (`wrapLanguageModel`) that projects tool names and schemas
 * onto the provider behind any AI SDK model and resolves the tool calls that come back, in
 * `generateText` and `streamText`, to canonical names.
 */

export type { ProjectionOptions as AiSdkProjectionOptions } from '../../core/projection/create-request-projection.js';
// The bridge from an MCP hub (toolwire/mcp) to this provider, and the hub view it needs.
export type * from '../hub-bridge/hub-bridge-types.js';
export {
  type AiSdkHubInputSchema,
  type AiSdkHubTool,
  type AiSdkHubToolOutput,
  type AiSdkToolsFromHubOptions,
  aiSdkToolsFromHub,
} from './ai-sdk-tools-from-hub.js';
export type {
  AiSdkCallOptions,
  AiSdkContentPart,
  AiSdkGenerateResult,
  AiSdkMessage,
  AiSdkPromptPart,
  AiSdkTool,
} from './ai-sdk-wire.js';
export {
  type ProjectedLanguageModelRequest,
  projectLanguageModelRequest,
} from './project-language-model-request.js';
export {
  type AiSdkModelLike,
  type ToolwireLanguageModelMiddleware,
  type ToolwireMiddlewareOptions,
  toolwireMiddleware,
} from './toolwire-middleware.js';
