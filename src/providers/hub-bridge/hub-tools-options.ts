import type { ToolResultLimits } from './read-tool-result.js';
import type { HubCallSettings, HubToolCallOutcome } from './run-hub-tool-calls.js';
import type { HubToolFilter } from './select-hub-tools.js';
import type { ToolHubLike } from './tool-hub.js';

/** Options of every `*ToolsFromHub` bridge: the hub and which of its tools to offer. */
export interface HubToolsOptions extends HubToolFilter {
  /** The hub (`McpHub` from `toolwire/mcp`, or anything with `tools()`). */
  hub: Pick<ToolHubLike, 'tools'>;
}

/** Options of every `run*ToolCalls` bridge besides the model's response. */
export interface HubRunOptions extends HubCallSettings, ToolResultLimits {
  /** The hub that runs the calls (`McpHub` from `toolwire/mcp` fits). */
  hub: ToolHubLike;
}

/** Options of every `run*ToolCalls` bridge: the hub, the settings and the conversation so far. */
export interface HubTurnOptions<THistory> extends HubRunOptions {
  /**
   * The conversation so far (messages, input items or contents). When given, the result's
   * `history` is a new array: this history, the model's answer and the tool results, ready to send.
   */
  history?: readonly THistory[];
}

/** Options of every `run*ToolCalls` bridge: the turn's options and the model's answer. */
export interface HubTurnInput<THistory> extends HubTurnOptions<THistory> {
  /**
   * The model's answer with canonical names (from the provider's wrapper or `resolveResponse`):
   * the whole answer, or the part of it that holds the calls (each bridge says which).
   */
  response: unknown;
}

/** What every `run*ToolCalls` bridge returns besides the provider-shaped results. */
export interface HubTurnResult<THistory> {
  /** `history`, then the model's answer, then the tool results: the next request's history. */
  history: THistory[];
  /** True when the model asked for no tool: the loop is over. */
  done: boolean;
  /** How each call ended. */
  outcomes: HubToolCallOutcome[];
}
