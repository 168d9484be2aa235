import type { HubTurnInput, HubTurnResult } from './hub-tools-options.js';
import {
  type ReadToolResultOptions,
  type ReadToolResultResult,
  readToolResult,
} from './read-tool-result.js';
import {
  type HubToolCall,
  type HubToolCallOutcome,
  runHubToolCalls,
} from './run-hub-tool-calls.js';

/**
 * One provider's side of a tool turn, as data and small functions: which media its tool results
 * take (`accepts`, `errorFlag`, `keepStructured`), where the calls are in the model's answer, what
 * of the answer goes back into the history, and its tool-result shape.
 */
export interface HubTurnFormat<TResult>
  extends Pick<ReadToolResultOptions, 'provider' | 'accepts' | 'errorFlag' | 'keepStructured'> {
  /** The calls of the model's answer, in order, with canonical names. */
  calls(response: unknown): HubToolCall[];
  /** The model's answer as history items to send back. */
  answer(response: unknown): unknown[];
  /** One call's result in the provider's shape. */
  result(outcome: HubToolCallOutcome, read: ReadToolResultResult): TResult;
  /**
   * The field of the one user message that carries all the results (Anthropic and Bedrock
   * `content`, Gemini `parts`); without it, each result is a history item of its own.
   */
  inMessage?: string;
}

/** What a `run*ToolCalls` bridge returns: the turn, and its results under `TKey`, ready to append. */
export type HubTurnOutput<THistory, TKey extends string, TItem> = HubTurnResult<THistory> & {
  [key in TKey]: TItem[];
};

/** A `run*ToolCalls` bridge. */
export type HubTurnRunner<TKey extends string, TItem> = <THistory = unknown>(
  options: HubTurnInput<THistory>,
) => Promise<HubTurnOutput<THistory, TKey, TItem>>;

/**
 * The `run*ToolCalls` bridge of a provider: it runs the tool calls of a model's answer through
 * the hub, in parallel, and returns the provider-shaped results under `key` (nothing when the
 * answer has no call), the next request's history (`history`, the answer, the results) and
 * whether the loop is over. Every bridge is this call plus its {@link HubTurnFormat}.
 *
 * @example
 * ```ts
 * const runChatToolCalls = createHubTurnRunner('messages', CHAT_TURN);
 * const { messages, history, done } = await runChatToolCalls({ hub, response, history });
 * ```
 */
export function createHubTurnRunner<TKey extends string, TResult, TItem = TResult>(
  key: TKey,
  format: HubTurnFormat<TResult>,
): HubTurnRunner<TKey, TItem> {
  return async (options) => {
    const outcomes = await runHubToolCalls({ ...options, calls: format.calls(options.response) });
    const results = outcomes.map((outcome) =>
      format.result(outcome, readToolResult(outcome, { ...options, ...format })),
    );
    const items = (
      format.inMessage === undefined || results.length === 0
        ? results
        : [{ role: 'user', [format.inMessage]: results }]
    ) as TItem[];
    const answer = format.answer(options.response);
    return {
      [key]: items,
      history: [...(options.history ?? []), ...answer, ...items] as never[],
      done: outcomes.length === 0,
      outcomes,
    } as HubTurnOutput<never, TKey, TItem>;
  };
}
