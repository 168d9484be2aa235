import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { ToolwireError } from '../core/toolwire-error.js';
import type { LiveConnection } from './connect-mcp-server.js';
import { errorText } from './describe-mcp-failure.js';
import type { McpHubCallOptions } from './mcp-hub.js';
import type { McpHubTool } from './mcp-hub-tool.js';

/** Options of {@link callMcpTool}. @internal */
export interface CallMcpToolOptions {
  connection: LiveConnection;
  tool: McpHubTool;
  call: McpHubCallOptions;
  /** The hub's `callTimeout`, used when the call sets none. */
  defaultTimeout: number;
}

/**
 * Sends one `tools/call` with the remote name and turns the SDK's failures into typed errors:
 * `TOOL_CALL_TIMEOUT`, `TOOL_CALL_CANCELLED`, `SERVER_UNAVAILABLE` (the connection closed) and
 * `TOOL_CALL_FAILED`. A result with `isError: true` is a result.
 * @internal
 * @example
 * ```ts
 * const result = await callMcpTool({ connection, tool, call: { name: 'github__search' }, defaultTimeout: 60_000 });
 * ```
 */
export async function callMcpTool(options: CallMcpToolOptions): Promise<CallToolResult> {
  const { connection, tool, call } = options;
  const subject = `Tool "${call.name}" (server "${tool.server}", remote name "${tool.remoteName}")`;
  const timeout = call.timeout ?? options.defaultTimeout;
  try {
    const result = await connection.client.callTool(
      { name: tool.remoteName, arguments: call.arguments ?? {} },
      undefined,
      {
        timeout,
        resetTimeoutOnProgress: true,
        ...(call.signal === undefined ? {} : { signal: call.signal }),
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
    if (call.signal?.aborted === true) {
      throw new ToolwireError({
        code: 'TOOL_CALL_CANCELLED',
        message: `${subject}: the call was cancelled by the caller.`,
        cause: error,
      });
    }
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      throw new ToolwireError({
        code: 'TOOL_CALL_TIMEOUT',
        message: `${subject}: no answer within ${timeout} ms; the server was sent a cancellation. Raise the timeout if the tool is slow.`,
        cause: error,
      });
    }
    if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
      throw new ToolwireError({
        code: 'SERVER_UNAVAILABLE',
        message: `${subject}: the server closed the connection during the call; it is being restarted, try again.`,
        cause: error,
      });
    }
    throw new ToolwireError({
      code: 'TOOL_CALL_FAILED',
      message: `${subject}: the server answered with an error: ${errorText(error)}.`,
      cause: error,
    });
  }
}
