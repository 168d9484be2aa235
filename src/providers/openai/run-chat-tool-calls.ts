import { isRecord } from '../../core/is-record.js';
import {
  createHubTurnRunner,
  type HubTurnOutput,
  type HubTurnRunner,
} from '../hub-bridge/create-hub-turn-runner.js';
import type { HubTurnInput } from '../hub-bridge/hub-tools-options.js';
import { joinToolResultText } from '../hub-bridge/read-tool-result.js';
import type { HubToolCall } from '../hub-bridge/run-hub-tool-calls.js';

/** A Chat Completions tool message, the answer to one tool call. */
export interface ChatToolMessage {
  role: 'tool';
  tool_call_id: string;
  content: string;
}

/**
 * Options of {@link runChatToolCalls}; `response`: the completion, its assistant message, or the
 * `tool_calls` array.
 */
export type RunChatToolCallsOptions<THistory = unknown> = HubTurnInput<THistory>;

/**
 * What {@link runChatToolCalls} returns; `messages`: one tool message per tool call, in the calls'
 * order, ready to append to `messages`.
 */
export type RunChatToolCallsResult<THistory = unknown> = HubTurnOutput<
  THistory,
  'messages',
  ChatToolMessage
>;

/**
 * Runs every tool call of a Chat Completions answer through the hub, in parallel, and returns the
 * tool messages, and the next request's history when given the history so far. Chat tool messages take text only: images and audio become a
 * placeholder with their MIME type and size, an error result starts with `Tool error:`, and a
 * call that cannot run (unknown tool, server down, timeout, bad arguments) is answered with an
 * error text that gives the reason; every call gets its message, so the next request is valid.
 *
 * @example
 * ```ts
 * for (let done = false; !done; ) {
 *   const response = await openai.chat.completions.create({ model, messages, ...chatToolsFromHub({ hub }) });
 *   ({ history: messages, done } = await runChatToolCalls({ hub, response, history: messages }));
 * }
 * ```
 */
export const runChatToolCalls: HubTurnRunner<'messages', ChatToolMessage> = createHubTurnRunner<
  'messages',
  ChatToolMessage
>('messages', {
  provider: 'OpenAI Chat',
  accepts: () => false,
  errorFlag: false,
  calls: chatToolCalls,
  answer: chatAnswer,
  result: (outcome, { pieces }) => ({
    role: 'tool',
    tool_call_id: outcome.call.id,
    content: joinToolResultText(pieces),
  }),
});

function chatToolCalls(response: unknown): HubToolCall[] {
  const message =
    isRecord(response) && Array.isArray(response.choices)
      ? (response.choices[0] as { message?: unknown } | undefined)?.message
      : response;
  const list = Array.isArray(message)
    ? message
    : isRecord(message) && Array.isArray(message.tool_calls)
      ? message.tool_calls
      : [];
  return list.filter(isRecord).map((call) => {
    const id = typeof call.id === 'string' ? call.id : '';
    if (isRecord(call.function) && typeof call.function.name === 'string') {
      return { id, name: call.function.name, arguments: call.function.arguments };
    }
    const custom = isRecord(call.custom) ? call.custom : {};
    const name = typeof custom.name === 'string' ? custom.name : '';
    return {
      id,
      name,
      arguments: {},
      unsupported: `Tool "${name}" is a custom (free-form) tool, which no MCP server offers; call a function tool.`,
    };
  });
}

/** The model's message, when the response holds it (a completion or the message itself). */
function chatAnswer(response: unknown): unknown[] {
  const message =
    isRecord(response) && Array.isArray(response.choices)
      ? (response.choices[0] as { message?: unknown } | undefined)?.message
      : response;
  return isRecord(message) ? [message] : [];
}
