import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { LiveConnection } from './connect-mcp-server.js';
import { forwardedMeta } from './forwarded-meta.js';
import type { McpHubCallOptions } from './mcp-hub.js';
import type { McpHubTool } from './mcp-hub-tool.js';
import { checkTimeout, LONGEST_TIMEOUT } from './resolve-hub-limits.js';
import { toolCallError } from './tool-call-error.js';

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
  const subject = callSubject(call.name, tool);
  const { timeout, totalTimeout } = callTimeouts(options, subject);
  const controller = new AbortController();
  const callerSignal = call.signal;
  const onAbort = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted === true) controller.abort(callerSignal.reason);
  else callerSignal?.addEventListener('abort', onAbort, { once: true });
  try {
    const meta = forwardedMeta(call.meta);
    const result = await connection.client.callTool(
      {
        name: tool.remoteName,
        arguments: call.arguments ?? {},
        ...(meta === undefined ? {} : { _meta: meta }),
      },
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
    const about = { subject, server: tool.server, cause: error };
    if (callerSignal?.aborted === true) throw toolCallError({ kind: 'cancelled', ...about });
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      const total = (error.data as { maxTotalTimeout?: unknown } | undefined)?.maxTotalTimeout;
      // The SDK sends a cancellation for a plain timeout only; send one for the total too.
      if (total !== undefined) controller.abort(error);
      throw toolCallError(
        total === undefined
          ? { kind: 'timeout', timeout, ...about }
          : { kind: 'total-timeout', totalTimeout, ...about },
      );
    }
    if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
      throw toolCallError({ kind: 'closed', restarts: options.restarts !== false, ...about });
    }
    throw toolCallError({ kind: 'failed', ...about });
  } finally {
    callerSignal?.removeEventListener('abort', onAbort);
  }
}

/** How a call names its tool in errors. @internal */
export function callSubject(name: string, tool: McpHubTool): string {
  return `Tool "${name}" (server "${tool.server}", remote name "${tool.remoteName}")`;
}

/**
 * A call's timeout and total cap, checked: the call's own, else the hub's, else ten timeouts.
 * @internal
 */
export function callTimeouts(
  options: Pick<CallMcpToolOptions, 'defaultTimeout' | 'defaultTotalTimeout'> & {
    call: Pick<McpHubCallOptions, 'timeout' | 'totalTimeout'>;
  },
  subject: string,
): { timeout: number; totalTimeout: number } {
  const { call } = options;
  const timeout = checkTimeout(call.timeout, options.defaultTimeout, 'timeout', subject);
  const totalTimeout = checkTimeout(
    call.totalTimeout,
    options.defaultTotalTimeout ?? Math.min(LONGEST_TIMEOUT, timeout * TOTAL_TIMEOUTS),
    'totalTimeout',
    subject,
  );
  return { timeout, totalTimeout };
}
