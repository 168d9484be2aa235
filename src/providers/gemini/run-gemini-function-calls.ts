import {
  type HubTurnOptions,
  type HubTurnResult,
  nextHistory,
} from '../../core/tool-hub/hub-tools-options.js';
import { joinToolResultText, readToolResult } from '../../core/tool-hub/read-tool-result.js';
import { type HubToolCall, runHubToolCalls } from '../../core/tool-hub/run-hub-tool-calls.js';

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

/** Options of {@link runGeminiFunctionCalls}. */
export interface RunGeminiFunctionCallsOptions<THistory = unknown>
  extends HubTurnOptions<THistory> {
  /**
   * The model's answer with canonical names (from `wrapGemini` or `resolveResponse`): the
   * response, its content, or its function calls.
   */
  response: unknown;
}

/** What {@link runGeminiFunctionCalls} returns. */
export interface RunGeminiFunctionCallsResult<THistory = unknown> extends HubTurnResult<THistory> {
  /**
   * The content with one `functionResponse` part per function call, in order, ready to append
   * to `contents`; empty when the answer has no function call.
   */
  contents: GeminiFunctionResponseContent[];
}

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
export async function runGeminiFunctionCalls<THistory = unknown>(
  options: RunGeminiFunctionCallsOptions<THistory>,
): Promise<RunGeminiFunctionCallsResult<THistory>> {
  const outcomes = await runHubToolCalls({ ...options, calls: functionCalls(options.response) });
  const parts = outcomes.map((outcome): GeminiFunctionResponsePart => {
    const { pieces, isError } = readToolResult(outcome, {
      ...options,
      provider: 'Gemini',
      accepts: (media) => PART_TYPES.has(media.mimeType),
      // The `error` key is Gemini's error flag.
      errorFlag: true,
    });
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
  });
  const contents: GeminiFunctionResponseContent[] =
    parts.length === 0 ? [] : [{ role: 'user', parts }];
  return {
    contents,
    history: nextHistory(options.history, geminiAnswer(options.response), contents),
    done: outcomes.length === 0,
    outcomes,
  };
}

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
