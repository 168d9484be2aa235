import { ToolwireError } from '../core/toolwire-error.js';
import { errorText } from './describe-mcp-failure.js';

/** Options of {@link toolCallError}. @internal */
export interface ToolCallErrorOptions {
  /** What went wrong: the caller cancelled, a timeout or the total ran out, the server went away, or it answered with an error. */
  kind: 'cancelled' | 'timeout' | 'total-timeout' | 'closed' | 'failed';
  /** `Tool "<canonical>" (server "<key>", remote name "<name>")`. */
  subject: string;
  server: string;
  timeout?: number;
  totalTimeout?: number;
  /** Whether the hub restarts a server that crashed. */
  restarts?: boolean;
  cause?: unknown;
}

/**
 * The typed error of a failed `tools/call`, worded once for the SDK's path and the line relay:
 * `TOOL_CALL_CANCELLED`, `TOOL_CALL_TIMEOUT`, `SERVER_UNAVAILABLE` or `TOOL_CALL_FAILED`.
 * @internal
 * @example
 * ```ts
 * throw toolCallError({ kind: 'timeout', subject, server: 'github', timeout: 60_000, cause });
 * ```
 */
export function toolCallError(options: ToolCallErrorOptions): ToolwireError {
  const { subject, cause } = options;
  switch (options.kind) {
    case 'cancelled':
      return new ToolwireError({
        code: 'TOOL_CALL_CANCELLED',
        message: `${subject}: the call was cancelled by the caller.`,
        cause,
      });
    case 'timeout':
      return new ToolwireError({
        code: 'TOOL_CALL_TIMEOUT',
        message: `${subject}: no answer within ${options.timeout} ms; the server was sent a cancellation. Raise the timeout if the tool is slow.`,
        cause,
      });
    case 'total-timeout':
      return new ToolwireError({
        code: 'TOOL_CALL_TIMEOUT',
        message: `${subject}: no answer within the total of ${options.totalTimeout} ms, although progress kept coming; the server was sent a cancellation. Raise totalTimeout if the tool is slow.`,
        cause,
      });
    case 'closed':
      return new ToolwireError({
        code: 'SERVER_UNAVAILABLE',
        message:
          options.restarts === false
            ? `${subject}: the server closed the connection during the call; restarts are off (restart: false), so call hub.restart("${options.server}") and try again.`
            : `${subject}: the server closed the connection during the call; it is being restarted, try again.`,
        cause,
      });
    case 'failed':
      return new ToolwireError({
        code: 'TOOL_CALL_FAILED',
        message: `${subject}: the server answered with an error: ${errorText(cause)}.`,
        cause,
      });
  }
}
