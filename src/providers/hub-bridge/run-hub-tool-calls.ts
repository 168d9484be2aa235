import type { ToolCallProgress, ToolCallResult, ToolHubLike } from './tool-hub.js';

/** One tool call the model asked for, by canonical name. */
export interface HubToolCall {
  /** The provider's call id (empty when the provider has none). */
  id: string;
  /** The canonical name (resolved by the wrapper or `project*Request`). */
  name: string;
  /** The arguments: an object, or JSON text of one (OpenAI sends text). */
  arguments: unknown;
  /** Why the call cannot go to the hub (a provider tool type MCP has no match for). */
  unsupported?: string;
}

/** Progress of one of the calls, with the call it belongs to. */
export interface HubToolCallProgress extends ToolCallProgress {
  /** The call the progress belongs to. */
  call: HubToolCall;
}

/** Options shared by every `run*ToolCalls` bridge. */
export interface HubCallSettings {
  /** The time each call may take, in ms; the hub's own default when left out. */
  timeout?: number;
  /** Cancels every call still running. */
  signal?: AbortSignal;
  /** Called with each progress notification of any call. */
  onProgress?: (progress: HubToolCallProgress) => void;
  /** The most calls that run at once; the others wait. @defaultValue 8 */
  concurrency?: number;
}

/** Options of {@link runHubToolCalls}. */
export interface RunHubToolCallsOptions extends HubCallSettings {
  /** The hub that runs the calls. */
  hub: ToolHubLike;
  /** The calls, in the model's order. */
  calls: readonly HubToolCall[];
}

/** How one call ended: the server's result, or an error result that says why there is none. */
export interface HubToolCallOutcome {
  /** The call. */
  call: HubToolCall;
  /** The result to show the model (an error result when the call failed). */
  result: ToolCallResult;
  /** True when the tool reported an error or the call failed. */
  isError: boolean;
  /** Why the call failed (unknown tool, server down, timeout, cancelled, bad arguments, a throw). */
  error?: { code: string; message: string };
}

const DEFAULT_CONCURRENCY = 8;

/**
 * Runs the model's tool calls through the hub, at most `concurrency` at a time, and returns one
 * outcome per call, in the calls' order. It never rejects: a call that cannot run (unknown tool,
 * server down or crashed, timeout, cancellation, arguments that are not a JSON object, a throw)
 * becomes an error result whose text gives the reason, so the other results of the turn are kept
 * and the model can read what went wrong.
 *
 * @example
 * ```ts
 * const outcomes = await runHubToolCalls({
 *   hub,
 *   calls: [{ id: 'call_1', name: 'memory__read_graph', arguments: '{}' }],
 *   timeout: 30_000,
 * });
 * outcomes[0]?.result.content; // the server's content blocks
 * ```
 */
export async function runHubToolCalls(
  options: RunHubToolCallsOptions,
): Promise<HubToolCallOutcome[]> {
  const { calls } = options;
  const outcomes: HubToolCallOutcome[] = new Array(calls.length);
  const limit = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < calls.length) {
      const index = next++;
      outcomes[index] = await runOne(options, calls[index] as HubToolCall);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, calls.length) }, worker));
  return outcomes;
}

async function runOne(
  options: RunHubToolCallsOptions,
  call: HubToolCall,
): Promise<HubToolCallOutcome> {
  if (call.unsupported !== undefined) return failed(call, 'UNSUPPORTED_CALL', call.unsupported);
  const args = parseArguments(call);
  if ('error' in args) return failed(call, 'INVALID_ARGUMENTS', args.error);
  if (options.signal?.aborted === true) {
    return failed(
      call,
      'TOOL_CALL_CANCELLED',
      `Tool "${call.name}": the call was cancelled before it started.`,
    );
  }
  const { onProgress } = options;
  try {
    const result = await options.hub.callTool({
      name: call.name,
      arguments: args.value,
      ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(onProgress === undefined
        ? {}
        : { onProgress: (progress: ToolCallProgress) => onProgress({ ...progress, call }) }),
    });
    if (typeof result !== 'object' || result === null) {
      return failed(
        call,
        'INVALID_RESULT',
        `Tool "${call.name}": the server sent no result object.`,
      );
    }
    return { call, result, isError: result.isError === true };
  } catch (error) {
    const code =
      typeof error === 'object' &&
      error !== null &&
      typeof (error as { code?: unknown }).code === 'string'
        ? (error as { code: string }).code
        : 'TOOL_CALL_FAILED';
    const message = error instanceof Error ? error.message : String(error);
    return failed(call, code, message.length > 0 ? message : `Tool "${call.name}" failed.`);
  }
}

function parseArguments(call: HubToolCall): { value: Record<string, unknown> } | { error: string } {
  let value = call.arguments;
  if (typeof value === 'string') {
    if (value.trim().length === 0) return { value: {} };
    try {
      value = JSON.parse(value);
    } catch (error) {
      return {
        error: `Tool "${call.name}": the arguments are not valid JSON (${error instanceof Error ? error.message : String(error)}); call it again with a JSON object.`,
      };
    }
  }
  if (value === undefined || value === null) return { value: {} };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return {
      error: `Tool "${call.name}": the arguments must be a JSON object, not ${Array.isArray(value) ? 'an array' : typeof value}; call it again with an object.`,
    };
  }
  return { value: value as Record<string, unknown> };
}

function failed(call: HubToolCall, code: string, message: string): HubToolCallOutcome {
  return {
    call,
    result: { content: [{ type: 'text', text: `Error (${code}): ${message}` }], isError: true },
    isError: true,
    error: { code, message },
  };
}
