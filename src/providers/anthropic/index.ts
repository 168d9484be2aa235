/**
 * @module toolwire/anthropic
 * Anthropic Messages API: project whole requests (tools with `cache_control`, `tool_choice`,
 * `tool_use` history, tool references) onto Anthropic's wire and resolve responses and streams
 * back to canonical names.
 */

// The bridge from an MCP hub (toolwire/mcp) to this provider, and the hub view it needs.
export type * from '../hub-bridge/hub-bridge-types.js';
export {
  type MessagesToolsFromHubOptions,
  messagesToolsFromHub,
} from './messages-tools-from-hub.js';
export type {
  MessagesCacheControl,
  MessagesRequestLike,
  MessagesResponseLike,
  MessagesStreamEventLike,
  MessagesTool,
  MessagesToolUseBlock,
} from './messages-wire.js';
export {
  ANTHROPIC_TOOL_SEARCH,
  type ProjectedMessagesRequest,
  projectMessagesRequest,
} from './project-messages-request.js';
export {
  type MessagesToolResultBlock,
  type MessagesToolResultContent,
  type MessagesToolResultMessage,
  type RunMessagesToolCallsOptions,
  type RunMessagesToolCallsResult,
  runMessagesToolCalls,
} from './run-messages-tool-calls.js';
export {
  type AnthropicClientLike,
  type WrapAnthropicOptions,
  wrapAnthropic,
} from './wrap-anthropic.js';
