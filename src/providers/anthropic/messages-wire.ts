/**
 * The parts of Anthropic Messages API requests, responses and stream events that carry tool
 * names, as minimal structural types. Checked against `@anthropic-ai/sdk`'s own types in
 * `messages-wire.test-d.ts`.
 */

/** Cache control on a tool or a system block (prompt caching). */
export interface MessagesCacheControl {
  type: 'ephemeral';
  ttl?: '5m' | '1h';
}

/** A client tool in `tools`. */
export interface MessagesTool {
  name: string;
  description?: string;
  input_schema: {
    type: 'object';
    properties?: unknown;
    required?: string[] | null;
    [key: string]: unknown;
  };
  cache_control?: MessagesCacheControl | null;
  type?: 'custom' | null;
}

/** A `tool_use` block (in assistant history or in a response). */
export interface MessagesToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

/** A Messages request, as far as tool names go. */
export interface MessagesRequestLike {
  messages: readonly unknown[];
  tools?: readonly unknown[];
  tool_choice?: unknown;
}

/** A message response, as far as tool calls go. */
export interface MessagesResponseLike {
  content: readonly unknown[];
}

/** A stream event, as far as tool calls go. */
export interface MessagesStreamEventLike {
  type: string;
}
