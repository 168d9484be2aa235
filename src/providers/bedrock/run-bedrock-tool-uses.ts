import { isRecord } from '../../core/is-record.js';
import {
  createHubTurnRunner,
  type HubTurnOutput,
  type HubTurnRunner,
} from '../hub-bridge/create-hub-turn-runner.js';
import type { HubTurnInput } from '../hub-bridge/hub-tools-options.js';
import { decodeBase64 } from '../hub-bridge/read-tool-result.js';
import type { HubToolCall } from '../hub-bridge/run-hub-tool-calls.js';
import type { BedrockJsonValue } from './bedrock-tools-from-hub.js';

/** Image formats Bedrock takes in tool results, by MIME type. */
const IMAGE_FORMATS: Record<string, 'png' | 'jpeg' | 'gif' | 'webp'> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** One block of a `toolResult`'s content. */
export type BedrockToolResultContent =
  | { text: string }
  | { json: { [key: string]: BedrockJsonValue } }
  | { image: { format: 'png' | 'jpeg' | 'gif' | 'webp'; source: { bytes: Uint8Array } } }
  | { document: { format: 'pdf'; name: string; source: { bytes: Uint8Array } } };

/** A `toolResult` block, the answer to one `toolUse`. */
export interface BedrockToolResultBlock {
  toolResult: {
    toolUseId: string;
    content: BedrockToolResultContent[];
    status: 'success' | 'error';
  };
}

/** The user message that carries the tool results of one turn. */
export interface BedrockToolResultMessage {
  role: 'user';
  content: BedrockToolResultBlock[];
}

/**
 * Options of {@link runBedrockToolUses}; `response`: the Converse output, its message, or its
 * content blocks.
 */
export type RunBedrockToolUsesOptions<THistory = unknown> = HubTurnInput<THistory>;

/**
 * What {@link runBedrockToolUses} returns; `messages`: the user message with one `toolResult` per
 * `toolUse`, in order, ready to append; empty when the answer has no `toolUse`.
 */
export type RunBedrockToolUsesResult<THistory = unknown> = HubTurnOutput<
  THistory,
  'messages',
  BedrockToolResultMessage
>;

/**
 * Runs every `toolUse` of a Bedrock Converse answer through the hub, in parallel, and returns the
 * user message of `toolResult` blocks to append. Text stays text, `structuredContent` without
 * text becomes a `json` block, PNG/JPEG/GIF/WebP images become image blocks (bytes) and PDFs
 * document blocks; other media become a placeholder with the MIME type and size. An error result,
 * or a call that cannot run (with the reason), has `status: 'error'`.
 *
 * @example
 * ```ts
 * for (let done = false; !done; ) {
 *   const { output } = await bedrock.send(new ConverseCommand({ modelId, messages, ...bedrockToolsFromHub({ hub }) }));
 *   ({ history: messages, done } = await runBedrockToolUses({ hub, response: output, history: messages }));
 * }
 * ```
 */
export const runBedrockToolUses: HubTurnRunner<'messages', BedrockToolResultMessage> =
  createHubTurnRunner<'messages', BedrockToolResultBlock, BedrockToolResultMessage>('messages', {
    provider: 'Bedrock',
    accepts: (media) =>
      (IMAGE_FORMATS[media.mimeType] !== undefined || media.mimeType === 'application/pdf') &&
      decodeBase64(media.data) !== undefined,
    errorFlag: true,
    keepStructured: true,
    calls: toolUses,
    answer: bedrockAnswer,
    inMessage: 'content',
    result(outcome, { pieces, isError, structured }) {
      const content = pieces.map((piece, index): BedrockToolResultContent => {
        if (piece.type === 'text') return { text: piece.text };
        const bytes = decodeBase64(piece.data) as Uint8Array;
        const format = IMAGE_FORMATS[piece.mimeType];
        return format !== undefined
          ? { image: { format, source: { bytes } } }
          : { document: { format: 'pdf', name: `result ${index + 1}`, source: { bytes } } };
      });
      if (structured !== undefined)
        content.push({ json: structured as { [key: string]: BedrockJsonValue } });
      return {
        toolResult: {
          toolUseId: outcome.call.id,
          content,
          status: isError ? 'error' : 'success',
        },
      };
    },
  });

function toolUses(response: unknown): HubToolCall[] {
  let blocks: unknown[] = [];
  if (Array.isArray(response)) blocks = response;
  else if (isRecord(response)) {
    const output = isRecord(response.output) ? response.output : response;
    const message = isRecord(output.message) ? output.message : output;
    if (Array.isArray(message.content)) blocks = message.content;
  }
  return blocks.filter(isRecord).flatMap((block) => {
    const use = block.toolUse;
    if (!isRecord(use)) return [];
    return [
      {
        id: typeof use.toolUseId === 'string' ? use.toolUseId : '',
        name: typeof use.name === 'string' ? use.name : '',
        arguments: use.input,
      },
    ];
  });
}

/** The model's message: the Converse output's, the message itself, or blocks made into one. */
function bedrockAnswer(response: unknown): unknown[] {
  if (Array.isArray(response)) return [{ role: 'assistant', content: response }];
  if (!isRecord(response)) return [];
  const output = isRecord(response.output) ? response.output : response;
  const message = isRecord(output.message) ? output.message : output;
  return Array.isArray(message.content) ? [message] : [];
}
