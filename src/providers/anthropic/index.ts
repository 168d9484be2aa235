/**
 * @module toolwire/anthropic
 * Anthropic Messages API: project whole requests (tools with `cache_control`, `tool_choice`,
 * `tool_use` history, tool references) onto Anthropic's wire and resolve responses and streams
 * back to canonical names.
 */

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
  type AnthropicClientLike,
  type WrapAnthropicOptions,
  wrapAnthropic,
} from './wrap-anthropic.js';
