/**
 * @module toolwire/openai
 * OpenAI Chat Completions and Responses API: project whole requests (tools, `tool_choice`,
 * history, `namespace` tools) onto OpenAI's wire and resolve responses and streams back to
 * canonical names. Works for any OpenAI-compatible API (Azure OpenAI, DeepSeek, Groq, Mistral).
 */

export type {
  ChatCompletionChunkLike,
  ChatCompletionLike,
  ChatCustomTool,
  ChatFunctionTool,
  ChatRequestLike,
  ChatToolCall,
} from './chat-wire.js';
export { type ProjectedChatRequest, projectChatRequest } from './project-chat-request.js';
export {
  type ProjectedResponsesRequest,
  projectResponsesRequest,
  type ResponsesProjectionOptions,
} from './project-responses-request.js';
export type {
  ResponsesFunctionCall,
  ResponsesFunctionTool,
  ResponsesNamespaceTool,
  ResponsesRequestLike,
  ResponsesResponseLike,
  ResponsesStreamEventLike,
} from './responses-wire.js';
export { type OpenAIClientLike, type WrapOpenAIOptions, wrapOpenAI } from './wrap-openai.js';
