import { isRecord } from '../../core/is-record.js';
import {
  createHubTurnRunner,
  type HubTurnOutput,
  type HubTurnRunner,
} from '../hub-bridge/create-hub-turn-runner.js';
import type { HubTurnInput } from '../hub-bridge/hub-tools-options.js';
import type { HubToolCall } from '../hub-bridge/run-hub-tool-calls.js';

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

/** Options of {@link runMessagesToolCalls}; `response`: the message, or its content blocks. */
export type RunMessagesToolCallsOptions<THistory = unknown> = HubTurnInput<THistory>;

/**
 * What {@link runMessagesToolCalls} returns; `messages`: the user message with one `tool_result`
 * per `tool_use`, in order, ready to append; empty when the answer has no `tool_use`.
 */
export type RunMessagesToolCallsResult<THistory = unknown> = HubTurnOutput<
  THistory,
  'messages',
  MessagesToolResultMessage
>;

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
export const runMessagesToolCalls: HubTurnRunner<'messages', MessagesToolResultMessage> =
  createHubTurnRunner<'messages', MessagesToolResultBlock, MessagesToolResultMessage>('messages', {
    provider: 'Anthropic',
    accepts: (media) =>
      (media.kind === 'image' && IMAGE_TYPES.has(media.mimeType)) ||
      (media.kind === 'file' && media.mimeType === 'application/pdf'),
    errorFlag: true,
    calls: toolUses,
    answer: messagesAnswer,
    inMessage: 'content',
    result: (outcome, { pieces, isError }) => ({
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
    }),
  });

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

/** The model's turn as a message to send back: its role and content, nothing else. */
function messagesAnswer(response: unknown): unknown[] {
  if (Array.isArray(response)) return [{ role: 'assistant', content: response }];
  return isRecord(response) && Array.isArray(response.content)
    ? [{ role: 'assistant', content: response.content }]
    : [];
}
