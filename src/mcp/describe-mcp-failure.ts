import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { ToolwireError } from '../core/toolwire-error.js';
import type { StartDiagnostics } from './connect-mcp-server.js';
import type { McpServerStatus } from './mcp-server-status.js';
import type { McpServerConfig } from './parse-mcp-config.js';

/**
 * Why a server did not initialise, in one line that starts with the server and says what to do.
 * @internal
 * @example
 * ```ts
 * describeStartFailure('github', config, 'npx -y server-github', error, 30_000, diagnostics);
 * // 'Server "github" did not initialise ("npx -y server-github"): the process exited with code 1 (stderr: ...); run the command by hand to see why.'
 * ```
 */
export function describeStartFailure(
  key: string,
  config: McpServerConfig,
  display: string,
  error: unknown,
  timeout: number,
  diagnostics: StartDiagnostics,
): string {
  // The server as written: the expanded command line or URL may carry a secret.
  const what = config.type === 'stdio' ? `"${display}"` : display;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') {
    return `Server "${key}" could not start ${what}: command not found; check "command" and PATH.`;
  }
  const { exit, stderr } = diagnostics;
  const how =
    exit === undefined
      ? describeRequestFailure(error, timeout)
      : exit.signal !== null
        ? `the process was killed by ${exit.signal}`
        : `the process exited with code ${exit.code}`;
  const last = stderr.at(-1);
  const detail =
    last !== undefined
      ? ` (stderr: ${last})`
      : diagnostics.lastError !== undefined
        ? ` (last protocol error: ${diagnostics.lastError})`
        : '';
  const advice =
    config.type === 'stdio'
      ? 'run the command by hand to see why'
      : isCertificateFailure(error)
        ? "check the URL; if the server's certificate is from a private CA, trust it with NODE_EXTRA_CA_CERTS"
        : 'check the URL and that the server is up';
  return `Server "${key}" did not initialise (${what}): ${how}${detail}; ${advice}.`;
}

/**
 * What went wrong with one request, as a clause: a timeout, a closed connection, or the error's text.
 * @internal
 * @example
 * ```ts
 * describeRequestFailure(new McpError(ErrorCode.RequestTimeout, 'x'), 1500); // 'no answer within 1500 ms'
 * ```
 */
export function describeRequestFailure(error: unknown, timeout: number): string {
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return `no answer within ${timeout} ms`;
  }
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
    return 'the server closed the connection';
  }
  return errorText(error);
}

/**
 * An error's message without the SDK's `MCP error -32603: ` prefix, followed by its causes' messages.
 * @internal
 * @example
 * ```ts
 * errorText(new Error('MCP error -32603: boom')); // 'boom'
 * errorText(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') })); // 'fetch failed (connect ECONNREFUSED)'
 * ```
 */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  let text = error.message.replace(/^MCP error -?\d+: /, '');
  // fetch says only "fetch failed"; what failed (refused, DNS, TLS) is in its causes.
  let cause = error.cause;
  for (let depth = 0; depth < 3 && cause instanceof Error; depth++) {
    if (cause.message !== '' && !text.includes(cause.message)) text += ` (${cause.message})`;
    cause = cause.cause;
  }
  return text;
}

/** Whether a failure, or one of its causes, is a TLS certificate that was not trusted. */
function isCertificateFailure(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * The `SERVER_UNAVAILABLE` error for a call to a server that is not ready, with its reason.
 * @internal
 * @example
 * ```ts
 * throw unavailableError(status); // 'Server "paged" is restarting: ...'
 * ```
 */
export function unavailableError(status: McpServerStatus): ToolwireError {
  return new ToolwireError({
    code: 'SERVER_UNAVAILABLE',
    message: `Server "${status.server}" is ${status.state}${status.reason === undefined ? '.' : `: ${status.reason}`}`,
  });
}

/**
 * The same error with every secret masked in its message and its cause's message, so that a
 * status or a rejected call never carries an expanded secret. Returns the error itself when
 * nothing needed masking.
 * @internal
 * @example
 * ```ts
 * throw maskError(error, createSecretMask(['sk-LEAKME']));
 * ```
 */
export function maskError(error: ToolwireError, mask: (text: string) => string): ToolwireError {
  const message = mask(error.message);
  const cause = error.cause;
  const causeMessage = cause instanceof Error ? mask(cause.message) : undefined;
  const causeChanged = cause instanceof Error && causeMessage !== cause.message;
  if (message === error.message && !causeChanged) return error;
  let maskedCause: unknown = cause;
  if (causeChanged) {
    const copy = new Error(causeMessage);
    copy.name = cause.name;
    const code = (cause as { code?: unknown }).code;
    if (code !== undefined) Object.assign(copy, { code });
    maskedCause = copy;
  }
  return new ToolwireError({
    code: error.code,
    message,
    ...(maskedCause === undefined ? {} : { cause: maskedCause }),
  });
}
