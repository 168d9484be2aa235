import {
  type HubTurnOptions,
  type HubTurnResult,
  nextHistory,
} from '../../core/tool-hub/hub-tools-options.js';
import { readToolResult } from '../../core/tool-hub/read-tool-result.js';
import { type HubToolCall, runHubToolCalls } from '../../core/tool-hub/run-hub-tool-calls.js';

/** The image types Anthropic takes in `tool_result` blocks. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** One block of a `tool_result`'s content. */
export type MessagesToolResultContent =
  | { type: 'text'; text: string }
  | {
      type: 'image';
      source: {
        type: 'base64';
        media_type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
        data: string;
      };
    }
  | {
      type: 'document';
      source: { type: 'base64'; media_type: 'application/pdf'; data: string };
    };

/** A `tool_result` block, the answer to one `tool_use`. */
export interface MessagesToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: MessagesToolResultContent[];
  is_error?: boolean;
}

/** The user message that carries the tool results of one turn. */
export interface MessagesToolResultMessage {
  role: 'user';
  content: MessagesToolResultBlock[];
}

/** Options of {@link runMessagesToolCalls}. */
export interface RunMessagesToolCallsOptions<THistory = unknown> extends HubTurnOptions<THistory> {
  /**
   * The model's answer with canonical names (from `wrapAnthropic` or `resolveResponse`): the
   * message, or its content blocks.
   */
  response: unknown;
}

/** What {@link runMessagesToolCalls} returns. */
export interface RunMessagesToolCallsResult<THistory = unknown> extends HubTurnResult<THistory> {
  /**
   * The user message with one `tool_result` per `tool_use`, in order, ready to append; empty
   * when the answer has no `tool_use`.
   */
  messages: MessagesToolResultMessage[];
}

/**
 * Runs every `tool_use` of a Messages API answer through the hub, in parallel, and returns the
 * user message of `tool_result` blocks to append. Images (JPEG, PNG, GIF, WebP) become image
 * blocks and PDFs document blocks; other media become a placeholder with the MIME type and size;
 * an error result, or a call that cannot run (unknown tool, server down, timeout), has
 * `is_error: true` and says why.
 *
 * @example
 * ```ts
 * for (let done = false; !done; ) {
 *   const response = await claude.messages.create({ model, max_tokens, messages, ...messagesToolsFromHub({ hub }) });
 *   ({ history: messages, done } = await runMessagesToolCalls({ hub, response, history: messages }));
 * }
 * ```
 */
export async function runMessagesToolCalls<THistory = unknown>(
  options: RunMessagesToolCallsOptions<THistory>,
): Promise<RunMessagesToolCallsResult<THistory>> {
  const outcomes = await runHubToolCalls({ ...options, calls: toolUses(options.response) });
  const blocks = outcomes.map((outcome): MessagesToolResultBlock => {
    const { pieces, isError } = readToolResult(outcome, {
      ...options,
      provider: 'Anthropic',
      accepts: (media) =>
        (media.kind === 'image' && IMAGE_TYPES.has(media.mimeType)) ||
        (media.kind === 'file' && media.mimeType === 'application/pdf'),
      errorFlag: true,
    });
    return {
      type: 'tool_result',
      tool_use_id: outcome.call.id,
      content: pieces.map((piece): MessagesToolResultContent => {
        if (piece.type === 'text') return { type: 'text', text: piece.text };
        return piece.kind === 'image'
          ? {
              type: 'image',
              source: {
                type: 'base64',
                media_type: piece.mimeType as 'image/png',
                data: piece.data,
              },
            }
          : {
              type: 'document',
              source: { type: 'base64', media_type: 'application/pdf', data: piece.data },
            };
      }),
      ...(isError ? { is_error: true } : {}),
    };
  });
  const messages: MessagesToolResultMessage[] =
    blocks.length === 0 ? [] : [{ role: 'user', content: blocks }];
  return {
    messages,
    history: nextHistory(options.history, messagesAnswer(options.response), messages),
    done: outcomes.length === 0,
    outcomes,
  };
}

function toolUses(response: unknown): HubToolCall[] {
  const blocks = Array.isArray(response)
    ? response
    : isRecord(response) && Array.isArray(response.content)
      ? response.content
      : [];
  return blocks
    .filter(isRecord)
    .filter((block) => block.type === 'tool_use')
    .map((block) => ({
      id: typeof block.id === 'string' ? block.id : '',
      name: typeof block.name === 'string' ? block.name : '',
      arguments: block.input,
    }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The model's turn as a message to send back: its role and content, nothing else. */
function messagesAnswer(response: unknown): unknown[] {
  if (Array.isArray(response)) return [{ role: 'assistant', content: response }];
  return isRecord(response) && Array.isArray(response.content)
    ? [{ role: 'assistant', content: response.content }]
    : [];
}
