import { isRecord } from '../../core/is-record.js';
import {
  createHubTurnRunner,
  type HubTurnOutput,
  type HubTurnRunner,
} from '../hub-bridge/create-hub-turn-runner.js';
import type { HubTurnInput } from '../hub-bridge/hub-tools-options.js';
import { joinToolResultText } from '../hub-bridge/read-tool-result.js';
import type { HubToolCall } from '../hub-bridge/run-hub-tool-calls.js';

/** One part of a `function_call_output` content array. */
export type ResponsesToolOutputPart =
  | { type: 'input_text'; text: string }
  | { type: 'input_image'; image_url: string; detail: 'auto' }
  | { type: 'input_file'; file_data: string; filename: string };

/** A `function_call_output` input item, the answer to one function call. */
export interface ResponsesFunctionCallOutput {
  type: 'function_call_output';
  call_id: string;
  output: string | ResponsesToolOutputPart[];
}

/** Options of {@link runResponsesToolCalls}; `response`: the response, or its `output` items. */
export type RunResponsesToolCallsOptions<THistory = unknown> = HubTurnInput<THistory>;

/**
 * What {@link runResponsesToolCalls} returns; `items`: one `function_call_output` item per
 * function call, in order, ready to append to `input`.
 */
export type RunResponsesToolCallsResult<THistory = unknown> = HubTurnOutput<
  THistory,
  'items',
  ResponsesFunctionCallOutput
>;

/**
 * Runs every `function_call` of a Responses API answer through the hub, in parallel, and returns
 * the `function_call_output` items to append to the next `input`. A result with images or PDF
 * files becomes a content array (`input_text`, `input_image` and `input_file` with data URLs);
 * audio becomes a placeholder with its MIME type and size; an error result starts with
 * `Tool error:`; a call that cannot run is answered with an error text giving the reason.
 *
 * @example
 * ```ts
 * for (let done = false; !done; ) {
 *   const response = await openai.responses.create({ model, input, ...responsesToolsFromHub({ hub }) });
 *   ({ history: input, done } = await runResponsesToolCalls({ hub, response, history: input }));
 * }
 * ```
 */
export const runResponsesToolCalls: HubTurnRunner<'items', ResponsesFunctionCallOutput> =
  createHubTurnRunner<'items', ResponsesFunctionCallOutput>('items', {
    provider: 'OpenAI Responses',
    accepts: (media) =>
      media.kind === 'image' || (media.kind === 'file' && media.mimeType === 'application/pdf'),
    errorFlag: false,
    calls: responsesCalls,
    answer: responsesAnswer,
    result(outcome, { pieces }) {
      const output = pieces.every((piece) => piece.type === 'text')
        ? joinToolResultText(pieces)
        : pieces.map((piece, index): ResponsesToolOutputPart => {
            if (piece.type === 'text') return { type: 'input_text', text: piece.text };
            const url = `data:${piece.mimeType};base64,${piece.data}`;
            return piece.kind === 'image'
              ? { type: 'input_image', image_url: url, detail: 'auto' }
              : { type: 'input_file', file_data: url, filename: fileName(piece.uri, index) };
          });
      return { type: 'function_call_output', call_id: outcome.call.id, output };
    },
  });

function responsesCalls(response: unknown): HubToolCall[] {
  const items = Array.isArray(response)
    ? response
    : isRecord(response) && Array.isArray(response.output)
      ? response.output
      : [];
  return items
    .filter(isRecord)
    .filter((item) => item.type === 'function_call')
    .map((item) => ({
      id: typeof item.call_id === 'string' ? item.call_id : '',
      name: typeof item.name === 'string' ? item.name : '',
      arguments: item.arguments,
    }));
}

function fileName(uri: string | undefined, index: number): string {
  const last = uri?.split(/[/?#]/).filter(Boolean).at(-1);
  return last !== undefined && last.length > 0 ? last : `result-${index + 1}.pdf`;
}

/** The model's output items (every one goes back: reasoning, messages, calls). */
function responsesAnswer(response: unknown): unknown[] {
  if (Array.isArray(response)) return response;
  return isRecord(response) && Array.isArray(response.output) ? response.output : [];
}
