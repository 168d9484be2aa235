import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { isRecord } from '../core/is-record.js';
import type { ToolwireError } from '../core/toolwire-error.js';
import { forwardedMeta } from './forwarded-meta.js';
import { type JsonMemberSpan, jsonMemberSpans } from './json-member-spans.js';
import { toolCallError } from './tool-call-error.js';

/**
 * The id space of relayed calls. The SDK's client numbers its own requests (integers, and uses
 * those numbers as progress tokens), so string ids with this prefix never meet one of its ids on
 * the same connection, and every answer or progress in this space is the relay's to take.
 */
export const RELAY_ID_PREFIX = 'toolwire-relay-';
const PREFIX_BYTES = Buffer.from(RELAY_ID_PREFIX);
const QUOTE = 0x22;
/** Relay ids count up from 1; past this many digits a number is read the slow way. */
const FAST_DIGITS = 15;
const ONCE = { once: true };
/** At most this many tool names are kept quoted (a server with more tools than that is rare). */
const QUOTED_NAMES = 1024;

/** A server's answer to a relayed `tools/call`, as it sent it. @internal */
export interface RelayedToolResponse {
  /** The response line's bytes exactly as the server wrote them (without the newline). */
  line: Buffer;
  /** Where the value of the top-level `id` is in `line`, to swap in the caller's own id. */
  idStart: number;
  idEnd: number;
  /** The result, parsed (only when asked: a stdio client gets the bytes). */
  result(): Record<string, unknown>;
}

/**
 * What a relayed call reads of its cancellation: every `AbortSignal` is one. A caller that makes
 * many short calls can pass a lighter object of its own, since creating an `AbortSignal` (an
 * `EventTarget`) costs about as much as relaying a small answer.
 */
export interface RelaySignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
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
  signal?: RelaySignal | undefined;
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
  take(line: Buffer): boolean;
  /** The connection closed: every call in flight fails with `SERVER_UNAVAILABLE`. */
  close(): void;
}

/** Options of {@link createToolCallRelay}. @internal */
export interface ToolCallRelayOptions {
  /** Applied to every error a call rejects with (the hub masks secrets in them). */
  maskError?: (error: ToolwireError) => ToolwireError;
}

interface Pending {
  options: RelayCallOptions;
  resolve: (response: RelayedToolResponse) => void;
  reject: (error: unknown) => void;
  /** When the call times out unless progress comes (`Date.now()` time). */
  deadline: number;
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
export function createToolCallRelay(
  write: (line: string) => boolean,
  relayOptions: ToolCallRelayOptions = {},
): ToolCallRelay {
  const maskError = relayOptions.maskError ?? ((error: ToolwireError) => error);
  // Keyed by the number of the call's id (`toolwire-relay-<number>`).
  const pending = new Map<number, Pending>();
  let counter = 0;
  let closed = false;
  // Tool names as JSON strings: a relay calls few tools, many times.
  const quotedNames = new Map<string, string>();
  const quotedName = (name: string): string => {
    let quoted = quotedNames.get(name);
    if (quoted === undefined) {
      quoted = JSON.stringify(name);
      if (quotedNames.size < QUOTED_NAMES) quotedNames.set(name, quoted);
    }
    return quoted;
  };
  // One timer for every call in flight, instead of one set and cleared per call (which costs
  // about as much as the rest of relaying a small answer): it is due no later than the earliest
  // deadline, and a sweep expires what is due and re-arms for the rest. It is left armed when
  // calls end (a sweep of nothing is cheap) and unref'd: the connection keeps the process alive.
  let timer: NodeJS.Timeout | undefined;
  let timerDue = Number.POSITIVE_INFINITY;

  const arm = (deadline: number): void => {
    if (timer !== undefined && timerDue <= deadline) return;
    if (timer !== undefined) clearTimeout(timer);
    timerDue = deadline;
    timer = setTimeout(sweep, Math.max(1, deadline - Date.now()));
    timer.unref();
  };

  const sweep = (): void => {
    timer = undefined;
    timerDue = Number.POSITIVE_INFINITY;
    const now = Date.now();
    let next = Number.POSITIVE_INFINITY;
    for (const [key, entry] of pending) {
      if (entry.deadline <= now) expire(key, false);
      else next = Math.min(next, entry.deadline);
    }
    if (next !== Number.POSITIVE_INFINITY) arm(next);
  };

  const settle = (key: number): Pending | undefined => {
    const entry = pending.get(key);
    if (entry === undefined) return undefined;
    pending.delete(key);
    if (entry.onAbort !== undefined)
      entry.options.signal?.removeEventListener('abort', entry.onAbort);
    return entry;
  };

  const cancel = (key: number, reason: unknown): void => {
    write(
      `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: `${RELAY_ID_PREFIX}${key}`, reason: String(reason) } })}\n`,
    );
  };

  const expire = (key: number, total: boolean): void => {
    const entry = settle(key);
    if (entry === undefined) return;
    const { options } = entry;
    const cause = total
      ? new McpError(ErrorCode.RequestTimeout, 'Maximum total timeout exceeded', {
          maxTotalTimeout: options.totalTimeout,
          totalElapsed: Date.now() - entry.started,
        })
      : new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: options.timeout });
    cancel(key, cause);
    entry.reject(
      maskError(
        toolCallError({
          kind: total ? 'total-timeout' : 'timeout',
          subject: options.subject,
          server: options.server,
          timeout: options.timeout,
          totalTimeout: options.totalTimeout,
          cause,
        }),
      ),
    );
  };

  const answer = (
    key: number,
    line: Buffer,
    members: Map<string, JsonMemberSpan>,
    idSpan: JsonMemberSpan,
  ): void => {
    const entry = settle(key);
    if (entry === undefined) return; // a late answer to a call cancelled or timed out: dropped
    const { options } = entry;
    const failed = (cause: unknown) =>
      entry.reject(
        maskError(
          toolCallError({
            kind: 'failed',
            subject: options.subject,
            server: options.server,
            cause,
          }),
        ),
      );
    const result = members.get('result');
    if (members.has('error') || result === undefined || line[result.start] !== 0x7b) {
      const message = parseLine(line);
      const error = message?.error;
      if (!isRecord(error)) {
        failed(new Error('the server sent a response without an object result or an error'));
        return;
      }
      failed(
        McpError.fromError(
          Number.isSafeInteger(error.code) ? (error.code as number) : ErrorCode.InternalError,
          typeof error.message === 'string' ? error.message : 'Internal error',
          error.data,
        ),
      );
      return;
    }
    entry.resolve({
      line,
      idStart: idSpan.start,
      idEnd: idSpan.end,
      result: () =>
        JSON.parse(line.toString('utf8', result.start, result.end)) as Record<string, unknown>,
    });
  };

  const progress = (key: number, params: Record<string, unknown>): void => {
    const entry = pending.get(key);
    if (entry === undefined) return;
    const { options } = entry;
    if (Date.now() - entry.started >= options.totalTimeout) {
      expire(key, true);
      return;
    }
    // Later than before, so the armed timer (due no later than the old deadline) still serves.
    entry.deadline = Date.now() + options.timeout;
    const { progressToken: _token, ...rest } = params;
    options.onProgress?.(rest);
  };

  return {
    call(options) {
      const { signal, subject, server } = options;
      if (signal?.aborted === true) {
        return Promise.reject(
          maskError(toolCallError({ kind: 'cancelled', subject, server, cause: signal.reason })),
        );
      }
      if (closed) {
        return Promise.reject(
          maskError(toolCallError({ kind: 'closed', restarts: options.restarts, subject, server })),
        );
      }
      counter++;
      const key = counter;
      const id = `${RELAY_ID_PREFIX}${key}`;
      const meta =
        options.onProgress !== undefined
          ? { ...options.meta, progressToken: id }
          : forwardedMeta(options.meta);
      // The text JSON.stringify gives the whole request, with only its variable parts stringified:
      // the members around them cost as much to serialize as a small call's arguments.
      const line = `{"jsonrpc":"2.0","id":"${id}","method":"tools/call","params":{"name":${quotedName(options.remoteName)},"arguments":${JSON.stringify(options.arguments ?? {})}${meta === undefined ? '' : `,"_meta":${JSON.stringify(meta)}`}}}\n`;
      return new Promise<RelayedToolResponse>((resolve, reject) => {
        const now = Date.now();
        const onAbort =
          signal === undefined
            ? undefined
            : () => {
                if (settle(key) === undefined) return;
                cancel(key, signal.reason);
                reject(
                  maskError(
                    toolCallError({ kind: 'cancelled', subject, server, cause: signal.reason }),
                  ),
                );
              };
        pending.set(key, {
          options,
          resolve,
          reject,
          deadline: now + options.timeout,
          started: now,
          onAbort,
        });
        arm(now + options.timeout);
        if (onAbort !== undefined) signal?.addEventListener('abort', onAbort, ONCE);
        if (!write(line)) {
          settle(key);
          reject(
            maskError(
              toolCallError({ kind: 'closed', restarts: options.restarts, subject, server }),
            ),
          );
        }
      });
    },

    take(line) {
      // The answer's bytes are not decoded: a stdio client gets them as they came.
      if (!line.includes(PREFIX_BYTES)) return false;
      const members = jsonMemberSpans(line);
      if (members === undefined) return false;
      const method = members.get('method');
      if (method === undefined) {
        const idSpan = members.get('id');
        if (idSpan === undefined || line[idSpan.start] !== QUOTE) return false;
        const key = idKey(line, idSpan);
        if (key === undefined) return false;
        answer(key, line, members, idSpan);
        return true;
      }
      if (valueAt(line, method) !== 'notifications/progress') return false;
      const params = parseLine(line)?.params;
      if (!isRecord(params)) return false;
      const key =
        typeof params.progressToken === 'string' ? keyOf(params.progressToken) : undefined;
      if (key === undefined) return false;
      progress(key, params);
      return true;
    },

    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      for (const key of [...pending.keys()]) {
        const entry = settle(key);
        if (entry === undefined) continue;
        entry.reject(
          maskError(
            toolCallError({
              kind: 'closed',
              subject: entry.options.subject,
              server: entry.options.server,
              restarts: entry.options.restarts,
              cause: new McpError(ErrorCode.ConnectionClosed, 'Connection closed'),
            }),
          ),
        );
      }
    },
  };
}

/**
 * The key of the relay id whose JSON string is at `span`: read from the bytes in the form the
 * relay writes (`"toolwire-relay-<digits>"`), else decoded. `undefined` when the id is not in the
 * relay's space; `NaN` when it is but names no call the relay made (the answer is dropped).
 */
function idKey(line: Buffer, span: JsonMemberSpan): number | undefined {
  const digits = span.start + 1 + PREFIX_BYTES.length;
  const close = span.end - 1;
  if (
    close > digits &&
    close - digits <= FAST_DIGITS &&
    line[digits] !== 0x30 &&
    line.compare(PREFIX_BYTES, 0, PREFIX_BYTES.length, span.start + 1, digits) === 0
  ) {
    let key = 0;
    for (let at = digits; at < close; at++) {
      const digit = (line[at] as number) - 0x30;
      if (digit < 0 || digit > 9) return slowIdKey(line, span);
      key = key * 10 + digit;
    }
    return key;
  }
  return slowIdKey(line, span);
}

function slowIdKey(line: Buffer, span: JsonMemberSpan): number | undefined {
  const id = valueAt(line, span);
  return typeof id === 'string' ? keyOf(id) : undefined;
}

/** The key of a relay id given as text (see {@link idKey}). */
function keyOf(id: string): number | undefined {
  if (!id.startsWith(RELAY_ID_PREFIX)) return undefined;
  const digits = id.slice(RELAY_ID_PREFIX.length);
  return /^[1-9][0-9]*$/.test(digits) ? Number(digits) : Number.NaN;
}

function valueAt(line: Buffer, span: JsonMemberSpan): unknown {
  try {
    return JSON.parse(line.toString('utf8', span.start, span.end));
  } catch {
    return undefined;
  }
}

function parseLine(line: Buffer): Record<string, unknown> | undefined {
  try {
    const message: unknown = JSON.parse(line.toString('utf8'));
    return isRecord(message) ? message : undefined;
  } catch {
    return undefined;
  }
}
