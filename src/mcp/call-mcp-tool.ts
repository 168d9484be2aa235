import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { ToolwireError } from '../core/toolwire-error.js';
import type { LiveConnection } from './connect-mcp-server.js';
import { errorText } from './describe-mcp-failure.js';
import type { McpHubCallOptions } from './mcp-hub.js';
import type { McpHubTool } from './mcp-hub-tool.js';
import { checkTimeout, LONGEST_TIMEOUT } from './resolve-hub-limits.js';

/** Options of {@link callMcpTool}. @internal */
export interface CallMcpToolOptions {
  connection: LiveConnection;
  tool: McpHubTool;
  call: McpHubCallOptions;
  /** The hub's `callTimeout`, used when the call sets none. */
  defaultTimeout: number;
  /** The hub's `callTotalTimeout`, when it sets one. */
  defaultTotalTimeout: number | undefined;
  /** Whether the hub restarts a server that crashed (its `restart` option is not `false`). */
  restarts?: boolean;
}

/** Without a total set, a call whose progress keeps restarting its timeout ends after this many timeouts. */
const TOTAL_TIMEOUTS = 10;

/**
 * Sends one `tools/call` with the remote name and turns the SDK's failures into typed errors:
 * `TOOL_CALL_TIMEOUT`, `TOOL_CALL_CANCELLED`, `SERVER_UNAVAILABLE` (the connection closed) and
 * `TOOL_CALL_FAILED`. A result with `isError: true` is a result.
 *
 * Progress restarts the timeout, within a total cap (`totalTimeout`, by default ten timeouts). The
 * call gets its own `AbortSignal`, linked to the caller's only while it runs, so that a signal
 * shared by many calls does not keep a listener per finished call.
 * @internal
 * @example
 * ```ts
 * const result = await callMcpTool({ connection, tool, call: { name: 'github__search' }, defaultTimeout: 60_000 });
 * ```
 */
export async function callMcpTool(options: CallMcpToolOptions): Promise<CallToolResult> {
  const { connection, tool, call } = options;
  const subject = `Tool "${call.name}" (server "${tool.server}", remote name "${tool.remoteName}")`;
  const timeout = checkTimeout(call.timeout, options.defaultTimeout, 'timeout', subject);
  const totalTimeout = checkTimeout(
    call.totalTimeout,
    options.defaultTotalTimeout ?? Math.min(LONGEST_TIMEOUT, timeout * TOTAL_TIMEOUTS),
    'totalTimeout',
    subject,
  );
  const controller = new AbortController();
  const callerSignal = call.signal;
  const onAbort = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted === true) controller.abort(callerSignal.reason);
  else callerSignal?.addEventListener('abort', onAbort, { once: true });
  try {
    const result = await connection.client.callTool(
      { name: tool.remoteName, arguments: call.arguments ?? {} },
      undefined,
      {
        timeout,
        maxTotalTimeout: Math.max(timeout, totalTimeout),
        resetTimeoutOnProgress: true,
        signal: controller.signal,
        ...(call.onProgress === undefined
          ? {}
          : {
              onprogress: (progress) =>
                call.onProgress?.({
                  progress: progress.progress,
                  ...(progress.total === undefined ? {} : { total: progress.total }),
                  ...(progress.message === undefined ? {} : { message: progress.message }),
                }),
            }),
      },
    );
    return result as CallToolResult;
  } catch (error) {
    if (callerSignal?.aborted === true) {
      throw new ToolwireError({
        code: 'TOOL_CALL_CANCELLED',
        message: `${subject}: the call was cancelled by the caller.`,
        cause: error,
      });
    }
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      const total = (error.data as { maxTotalTimeout?: unknown } | undefined)?.maxTotalTimeout;
      // The SDK sends a cancellation for a plain timeout only; send one for the total too.
      if (total !== undefined) controller.abort(error);
      throw new ToolwireError({
        code: 'TOOL_CALL_TIMEOUT',
        message:
          total === undefined
            ? `${subject}: no answer within ${timeout} ms; the server was sent a cancellation. Raise the timeout if the tool is slow.`
            : `${subject}: no answer within the total of ${totalTimeout} ms, although progress kept coming; the server was sent a cancellation. Raise totalTimeout if the tool is slow.`,
        cause: error,
      });
    }
    if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
      throw new ToolwireError({
        code: 'SERVER_UNAVAILABLE',
        message:
          options.restarts === false
            ? `${subject}: the server closed the connection during the call; restarts are off (restart: false), so call hub.restart("${tool.server}") and try again.`
            : `${subject}: the server closed the connection during the call; it is being restarted, try again.`,
        cause: error,
      });
    }
    throw new ToolwireError({
      code: 'TOOL_CALL_FAILED',
      message: `${subject}: the server answered with an error: ${errorText(error)}.`,
      cause: error,
    });
  } finally {
    callerSignal?.removeEventListener('abort', onAbort);
  }
}
