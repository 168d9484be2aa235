import {
  type HubTurnOptions,
  type HubTurnResult,
  nextHistory,
} from '../../core/tool-hub/hub-tools-options.js';
import { joinToolResultText, readToolResult } from '../../core/tool-hub/read-tool-result.js';
import { type HubToolCall, runHubToolCalls } from '../../core/tool-hub/run-hub-tool-calls.js';

/** A Chat Completions tool message, the answer to one tool call. */
export interface ChatToolMessage {
  role: 'tool';
  tool_call_id: string;
  content: string;
}

/** Options of {@link runChatToolCalls}. */
export interface RunChatToolCallsOptions<THistory = unknown> extends HubTurnOptions<THistory> {
  /**
   * The model's answer with canonical names (from `wrapOpenAI` or `resolveResponse`): the
   * completion, its assistant message, or the `tool_calls` array.
   */
  response: unknown;
}

/** What {@link runChatToolCalls} returns. */
export interface RunChatToolCallsResult<THistory = unknown> extends HubTurnResult<THistory> {
  /** One tool message per tool call, in the calls' order, ready to append to `messages`. */
  messages: ChatToolMessage[];
}

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
export async function runChatToolCalls<THistory = unknown>(
  options: RunChatToolCallsOptions<THistory>,
): Promise<RunChatToolCallsResult<THistory>> {
  const calls = chatToolCalls(options.response);
  const outcomes = await runHubToolCalls({ ...options, calls });
  const messages = outcomes.map(
    (outcome): ChatToolMessage => ({
      role: 'tool',
      tool_call_id: outcome.call.id,
      content: joinToolResultText(
        readToolResult(outcome, {
          ...options,
          provider: 'OpenAI Chat',
          accepts: () => false,
          errorFlag: false,
        }).pieces,
      ),
    }),
  );
  return {
    messages,
    history: nextHistory(options.history, chatAnswer(options.response), messages),
    done: outcomes.length === 0,
    outcomes,
  };
}

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The model's message, when the response holds it (a completion or the message itself). */
function chatAnswer(response: unknown): unknown[] {
  const message =
    isRecord(response) && Array.isArray(response.choices)
      ? (response.choices[0] as { message?: unknown } | undefined)?.message
      : response;
  return isRecord(message) ? [message] : [];
}
