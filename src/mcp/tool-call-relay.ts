import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { isRecord } from '../core/is-record.js';
import { jsonMemberSpan } from './json-member-span.js';
import { toolCallError } from './tool-call-error.js';

/**
 * The id space of relayed calls. The SDK's client numbers its own requests (integers, and uses
 * those numbers as progress tokens), so string ids with this prefix never meet one of its ids on
 * the same connection, and every answer or progress in this space is the relay's to take.
 */
export const RELAY_ID_PREFIX = 'toolwire-relay-';

/** A server's answer to a relayed `tools/call`, as it sent it. @internal */
export interface RelayedToolResponse {
  /** The response line exactly as the server wrote it (without the newline). */
  line: string;
  /** Where the value of the top-level `id` is in `line`, to swap in the caller's own id. */
  idStart: number;
  idEnd: number;
  /** The parsed response (its `result` is an object). */
  message: { result: Record<string, unknown> };
}

/** One call to relay. @internal */
export interface RelayCallOptions {
  /** The server's own name of the tool. */
  remoteName: string;
  arguments: Record<string, unknown> | undefined;
  /** The caller's `_meta`, sent on (its progress token is replaced by the relay's own). */
  meta?: Record<string, unknown> | undefined;
  timeout: number;
  /** The most the call may take however much progress comes (progress restarts `timeout`). */
  totalTimeout: number;
  signal?: AbortSignal | undefined;
  /** Each progress notification's params, without the token; progress is asked for only with it. */
  onProgress?: ((params: Record<string, unknown>) => void) | undefined;
  /** For errors: see `toolCallError`. */
  subject: string;
  server: string;
  restarts: boolean;
}

/** The line-level relay of one stdio connection. @internal */
export interface ToolCallRelay {
  /** Sends one `tools/call`; settles with the server's response line, or a typed error. */
  call(options: RelayCallOptions): Promise<RelayedToolResponse>;
  /** Offered each line from the server before the SDK client parses it; true when it was the relay's. */
  take(line: string): boolean;
  /** The connection closed: every call in flight fails with `SERVER_UNAVAILABLE`. */
  close(): void;
}

interface Pending {
  options: RelayCallOptions;
  resolve: (response: RelayedToolResponse) => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
  started: number;
  onAbort: (() => void) | undefined;
}

/**
 * A relay for `tools/call` over one stdio connection, beside the SDK client that shares the
 * process: a call is written as one line with an id of the relay's own space, and the answer's
 * line is handed back unparsed apart from one `JSON.parse` (so that its result can pass on byte
 * for byte). Timeouts, progress (which restarts the timeout within the total), cancellation
 * (`notifications/cancelled` to the server) and the server going away behave as the SDK's
 * `callTool` does, with the same typed errors (see `toolCallError`).
 * @internal
 * @example
 * ```ts
 * const relay = createToolCallRelay((line) => child.stdin.write(line));
 * lineBuffer.take = relay.take;
 * const response = await relay.call({ remoteName: 'echo', arguments: { text: 'hi' }, timeout: 60_000, totalTimeout: 600_000, subject, server: 'bench', restarts: true });
 * ```
 */
export function createToolCallRelay(write: (line: string) => boolean): ToolCallRelay {
  const pending = new Map<string, Pending>();
  let counter = 0;
  let closed = false;

  const settle = (id: string): Pending | undefined => {
    const entry = pending.get(id);
    if (entry === undefined) return undefined;
    pending.delete(id);
    clearTimeout(entry.timer);
    if (entry.onAbort !== undefined)
      entry.options.signal?.removeEventListener('abort', entry.onAbort);
    return entry;
  };

  const cancel = (id: string, reason: unknown): void => {
    write(
      `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: String(reason) } })}\n`,
    );
  };

  const expire = (id: string, total: boolean): void => {
    const entry = settle(id);
    if (entry === undefined) return;
    const { options } = entry;
    const cause = total
      ? new McpError(ErrorCode.RequestTimeout, 'Maximum total timeout exceeded', {
          maxTotalTimeout: options.totalTimeout,
          totalElapsed: Date.now() - entry.started,
        })
      : new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: options.timeout });
    cancel(id, cause);
    entry.reject(
      toolCallError({
        kind: total ? 'total-timeout' : 'timeout',
        subject: options.subject,
        server: options.server,
        timeout: options.timeout,
        totalTimeout: options.totalTimeout,
        cause,
      }),
    );
  };

  const answer = (id: string, message: Record<string, unknown>, line: string): void => {
    const entry = settle(id);
    if (entry === undefined) return; // a late answer to a call cancelled or timed out: dropped
    const { options } = entry;
    const failed = (cause: unknown) =>
      entry.reject(
        toolCallError({ kind: 'failed', subject: options.subject, server: options.server, cause }),
      );
    const error = message.error;
    if (isRecord(error)) {
      failed(
        McpError.fromError(
          Number.isSafeInteger(error.code) ? (error.code as number) : ErrorCode.InternalError,
          typeof error.message === 'string' ? error.message : 'Internal error',
          error.data,
        ),
      );
      return;
    }
    const span = isRecord(message.result) ? jsonMemberSpan(line, 'id') : undefined;
    if (span === undefined) {
      failed(new Error('the server sent a response without an object result or an error'));
      return;
    }
    entry.resolve({
      line,
      idStart: span.start,
      idEnd: span.end,
      message: message as RelayedToolResponse['message'],
    });
  };

  const progress = (id: string, params: Record<string, unknown>): void => {
    const entry = pending.get(id);
    if (entry === undefined) return;
    const { options } = entry;
    if (Date.now() - entry.started >= options.totalTimeout) {
      expire(id, true);
      return;
    }
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => expire(id, false), options.timeout);
    const { progressToken: _token, ...rest } = params;
    options.onProgress?.(rest);
  };

  return {
    call(options) {
      const about = { subject: options.subject, server: options.server };
      if (options.signal?.aborted === true) {
        return Promise.reject(
          toolCallError({ kind: 'cancelled', ...about, cause: options.signal.reason }),
        );
      }
      if (closed) {
        return Promise.reject(
          toolCallError({ kind: 'closed', restarts: options.restarts, ...about }),
        );
      }
      counter++;
      const id = `${RELAY_ID_PREFIX}${counter}`;
      let meta = options.meta;
      if (options.onProgress !== undefined) meta = { ...meta, progressToken: id };
      else if (meta?.progressToken !== undefined) {
        const { progressToken: _token, ...rest } = meta;
        meta = rest;
      }
      const params = {
        name: options.remoteName,
        arguments: options.arguments ?? {},
        ...(meta === undefined ? {} : { _meta: meta }),
      };
      const line = `${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params })}\n`;
      return new Promise<RelayedToolResponse>((resolve, reject) => {
        const signal = options.signal;
        const onAbort =
          signal === undefined
            ? undefined
            : () => {
                if (settle(id) === undefined) return;
                cancel(id, signal.reason);
                reject(toolCallError({ kind: 'cancelled', ...about, cause: signal.reason }));
              };
        pending.set(id, {
          options,
          resolve,
          reject,
          timer: setTimeout(() => expire(id, false), options.timeout),
          started: Date.now(),
          onAbort,
        });
        if (onAbort !== undefined) signal?.addEventListener('abort', onAbort, { once: true });
        if (!write(line)) {
          settle(id);
          reject(toolCallError({ kind: 'closed', restarts: options.restarts, ...about }));
        }
      });
    },

    take(line) {
      if (!line.includes(RELAY_ID_PREFIX)) return false;
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        return false;
      }
      if (!isRecord(message)) return false;
      if (message.method === undefined) {
        const id = message.id;
        if (typeof id !== 'string' || !id.startsWith(RELAY_ID_PREFIX)) return false;
        answer(id, message, line);
        return true;
      }
      if (message.method === 'notifications/progress' && isRecord(message.params)) {
        const token = message.params.progressToken;
        if (typeof token !== 'string' || !token.startsWith(RELAY_ID_PREFIX)) return false;
        progress(token, message.params);
        return true;
      }
      return false;
    },

    close() {
      closed = true;
      for (const id of [...pending.keys()]) {
        const entry = settle(id);
        if (entry === undefined) continue;
        entry.reject(
          toolCallError({
            kind: 'closed',
            subject: entry.options.subject,
            server: entry.options.server,
            restarts: entry.options.restarts,
            cause: new McpError(ErrorCode.ConnectionClosed, 'Connection closed'),
          }),
        );
      }
    },
  };
}
