import { isRecord } from '../../core/is-record.js';
import {
  createHubTurnRunner,
  type HubTurnOutput,
  type HubTurnRunner,
} from '../hub-bridge/create-hub-turn-runner.js';
import type { HubTurnInput } from '../hub-bridge/hub-tools-options.js';
import { joinToolResultText } from '../hub-bridge/read-tool-result.js';
import type { HubToolCall } from '../hub-bridge/run-hub-tool-calls.js';

/** Media Gemini takes in function response parts. */
const PART_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'application/pdf']);

/** A `functionResponse` part, the answer to one function call. */
export interface GeminiFunctionResponsePart {
  functionResponse: {
    id?: string;
    name: string;
    /** `{ output }` for a result, `{ error }` for an error (Gemini's documented keys). */
    response: { output: string } | { error: string };
    parts?: { inlineData: { mimeType: string; data: string } }[];
  };
}

/** The content that carries the function responses of one turn. */
export interface GeminiFunctionResponseContent {
  role: 'user';
  parts: GeminiFunctionResponsePart[];
}

/**
 * Options of {@link runGeminiFunctionCalls}; `response`: the response, its content, or its
 * function calls.
 */
export type RunGeminiFunctionCallsOptions<THistory = unknown> = HubTurnInput<THistory>;

/**
 * What {@link runGeminiFunctionCalls} returns; `contents`: the content with one `functionResponse`
 * part per function call, in order, ready to append to `contents`; empty when the answer has no
 * function call.
 */
export type RunGeminiFunctionCallsResult<THistory = unknown> = HubTurnOutput<
  THistory,
  'contents',
  GeminiFunctionResponseContent
>;

/**
 * Runs every function call of a Gemini answer through the hub, in parallel, and returns the
 * content of `functionResponse` parts to append. Text goes in `response.output`, an error result
 * (or a call that cannot run, with the reason) in `response.error`; PNG, JPEG and WebP images and
 * PDFs go in the function response's `parts`, other media become a placeholder with the MIME type
 * and size.
 *
 * @example
 * ```ts
 * for (let done = false; !done; ) {
 *   const response = await ai.models.generateContent({ model, contents, config: geminiToolsFromHub({ hub }) });
 *   ({ history: contents, done } = await runGeminiFunctionCalls({ hub, response, history: contents }));
 * }
 * ```
 */
export const runGeminiFunctionCalls: HubTurnRunner<'contents', GeminiFunctionResponseContent> =
  createHubTurnRunner<'contents', GeminiFunctionResponsePart, GeminiFunctionResponseContent>(
    'contents',
    {
      provider: 'Gemini',
      accepts: (media) => PART_TYPES.has(media.mimeType),
      // The `error` key is Gemini's error flag.
      errorFlag: true,
      calls: functionCalls,
      answer: geminiAnswer,
      inMessage: 'parts',
      result(outcome, { pieces, isError }) {
        const text = joinToolResultText(pieces);
        const media = pieces.flatMap((piece) =>
          piece.type === 'media'
            ? [{ inlineData: { mimeType: piece.mimeType, data: piece.data } }]
            : [],
        );
        return {
          functionResponse: {
            ...(outcome.call.id === '' ? {} : { id: outcome.call.id }),
            name: outcome.call.name,
            response: isError ? { error: text } : { output: text },
            ...(media.length === 0 ? {} : { parts: media }),
          },
        };
      },
    },
  );

function functionCalls(response: unknown): HubToolCall[] {
  let parts: unknown[] = [];
  if (Array.isArray(response)) parts = response;
  else if (isRecord(response)) {
    const content = Array.isArray(response.candidates)
      ? (response.candidates[0] as { content?: unknown } | undefined)?.content
      : response;
    if (isRecord(content) && Array.isArray(content.parts)) parts = content.parts;
  }
  return parts.filter(isRecord).flatMap((part) => {
    // A part, or a bare function call (`response.functionCalls`).
    const call = isRecord(part.functionCall) ? part.functionCall : part;
    if (typeof call.name !== 'string') return [];
    return [
      {
        id: typeof call.id === 'string' ? call.id : '',
        name: call.name,
        arguments: call.args,
      },
    ];
  });
}

/** The model's content: the first candidate's, the content itself, or parts made into one. */
function geminiAnswer(response: unknown): unknown[] {
  if (Array.isArray(response)) {
    const parts = response.map((item) =>
      isRecord(item) && !isRecord(item.functionCall) && typeof item.name === 'string'
        ? { functionCall: item }
        : item,
    );
    return [{ role: 'model', parts }];
  }
  if (!isRecord(response)) return [];
  const content = Array.isArray(response.candidates)
    ? (response.candidates[0] as { content?: unknown } | undefined)?.content
    : response;
  return isRecord(content) ? [content] : [];
}
