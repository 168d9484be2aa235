import type { Writable } from 'node:stream';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type CallToolResult,
  ErrorCode,
  type JSONRPCMessage,
  McpError,
  type RequestId,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { isRecord } from '../core/is-record.js';
import { JsonLineBuffer } from '../mcp/json-line-buffer.js';
import type { RelayedToolResponse, RelaySignal } from '../mcp/tool-call-relay.js';

/** The params of a plain `tools/call`: what the fast path answers itself. */
export interface PlainToolCallParams {
  name: string;
  arguments?: Record<string, unknown>;
  _meta?: { progressToken?: string | number; [key: string]: unknown };
}

/**
 * What answers a call: a result to send, or a server's response line relayed as it was sent
 * (over stdio its bytes go on with only the id swapped back).
 */
export type ToolCallAnswer = { result: CallToolResult } | { relayed: RelayedToolResponse };

/** Options of {@link interceptToolCalls}. */
export interface InterceptToolCallsOptions {
  /** The transport, after `server.connect(transport)` installed the SDK's handler on it. */
  transport: Transport;
  /** The SDK server on it: requests to the client during a call go through its protocol. */
  server: Server;
  /**
   * Answers one call; what it throws is sent as the JSON-RPC error the SDK would send. `signal`
   * is the call's cancellation as the relay reads it, lighter than `extra.signal` (an
   * `AbortSignal`, made when first read).
   */
  call: (
    params: PlainToolCallParams,
    extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
    signal: RelaySignal,
  ) => Promise<ToolCallAnswer>;
}

const RELATED_TASK = 'io.modelcontextprotocol/related-task';
const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
/** The SDK's stdio transports read at most this much by default. */
const MAX_LINE_BYTES = 10 * 1024 * 1024;
const TOOLS_CALL = Buffer.from('"tools/call"');
const NEWLINE = Buffer.from('\n');
const NEWLINE_BYTE = 0x0a;
/** Up to this size an answer is copied into one buffer (the size of a Linux pipe's buffer). */
const ONE_WRITE_BYTES = 64 * 1024;

/**
 * Answers plain `tools/call` requests straight from the transport, before the SDK server's
 * request machinery: the proxy forwards a result it does not change, so checking it against the
 * SDK's `CallToolResult` schema on the way in and again on the way out only costs time (a
 * client checks what it gets). Everything else, and any call whose params are not the plain
 * shape (tasks, a bad name or arguments), goes to the SDK server as before, so odd requests get
 * exactly the SDK's answers. Cancellation (`notifications/cancelled`), progress and requests to
 * the client during the call behave as in the SDK: nothing is sent for a cancelled call, and
 * messages of the call are related to its request (the HTTP transport sends them on its stream).
 *
 * Over stdio it reads one level lower: each line from the client is seen before the SDK parses
 * it, and a plain `tools/call` (the JSON-RPC request shape the SDK's schema takes, see
 * {@link plainToolCall}) is answered from the line alone; a relayed answer is written as the
 * server's own line with the id swapped back. Every other line goes to the SDK as before.
 *
 * @example
 * ```ts
 * await server.connect(transport);
 * interceptToolCalls({ transport, server, call: (params, extra) => forward(params, extra) });
 * ```
 */
export function interceptToolCalls(options: InterceptToolCallsOptions): void {
  const { transport, server, call } = options;
  const sdk = transport.onmessage;
  const running = new Map<RequestId, InterceptedCall>();

  const answer = async (
    id: RequestId,
    params: PlainToolCallParams,
    info: { authInfo?: unknown; requestInfo?: unknown } | undefined,
  ): Promise<void> => {
    const intercepted = new InterceptedCall(server, id, transport.sessionId, params._meta, info);
    running.set(id, intercepted);
    let response: JSONRPCMessage | undefined;
    let relayed: RelayedToolResponse | undefined;
    try {
      const answered = await call(
        params,
        intercepted as unknown as RequestHandlerExtra<ServerRequest, ServerNotification>,
        intercepted,
      );
      if (!('relayed' in answered)) response = { jsonrpc: '2.0', id, result: answered.result };
      else if (writeLine === undefined) {
        response = { jsonrpc: '2.0', id, result: answered.relayed.result() };
      } else relayed = answered.relayed;
    } catch (error) {
      // As the SDK's protocol answers a handler that throws.
      const failure = error as { code?: unknown; message?: unknown; data?: unknown };
      response = {
        jsonrpc: '2.0',
        id,
        error: {
          code: Number.isSafeInteger(failure?.code)
            ? (failure.code as number)
            : ErrorCode.InternalError,
          message: typeof failure?.message === 'string' ? failure.message : 'Internal error',
          ...(failure?.data === undefined ? {} : { data: failure.data }),
        },
      };
    } finally {
      running.delete(id);
    }
    if (intercepted.aborted) return;
    if (relayed !== undefined && writeLine !== undefined) {
      writeLine(relayed, id);
      return;
    }
    try {
      await transport.send(response as JSONRPCMessage, { relatedRequestId: id });
    } catch (error) {
      transport.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  };

  const writeLine = readLines(transport, (line) => {
    // Only a line that names the method is parsed here; the rest go to the SDK untouched.
    if (!line.includes(TOOLS_CALL)) return false;
    let message: unknown;
    try {
      message = JSON.parse(line.toString('utf8'));
    } catch {
      return false;
    }
    const plain = plainToolCall(message);
    if (plain === undefined || running.has(plain.id)) return false;
    void answer(plain.id, plain.params, undefined);
    return true;
  });

  transport.onmessage = (message, info) => {
    const candidate = message as { method?: unknown; id?: unknown; params?: unknown };
    if (candidate.method === 'tools/call') {
      const id = candidate.id;
      const params = plainParams(candidate.params);
      if (
        params !== undefined &&
        (typeof id === 'string' || typeof id === 'number') &&
        !running.has(id)
      ) {
        void answer(id, params, info as { authInfo?: unknown; requestInfo?: unknown } | undefined);
        return;
      }
    } else if (candidate.method === 'notifications/cancelled' && running.size > 0) {
      const cancel = candidate.params as { requestId?: unknown; reason?: unknown } | undefined;
      running.get(cancel?.requestId as RequestId)?.abort(cancel?.reason);
    }
    sdk?.(message, info);
  };
}

/** The params when they have the plain shape the SDK's schema accepts, else `undefined`. */
export function plainParams(params: unknown): PlainToolCallParams | undefined {
  if (!isRecord(params) || typeof params.name !== 'string') return undefined;
  for (const key in params) {
    if (key !== 'name' && key !== 'arguments' && key !== '_meta') return undefined;
  }
  if (params.arguments !== undefined && !isRecord(params.arguments)) return undefined;
  const meta = params._meta;
  if (meta !== undefined) {
    if (!isRecord(meta) || meta[RELATED_TASK] !== undefined) return undefined;
    const token = meta.progressToken;
    if (token !== undefined && typeof token !== 'string' && !Number.isSafeInteger(token))
      return undefined;
  }
  return params as unknown as PlainToolCallParams;
}

/**
 * A whole JSON-RPC message, when it is a `tools/call` request the SDK's schemas take
 * (`JSONRPCRequestSchema`, strict, then `CallToolRequestSchema`) with plain params (see
 * {@link plainParams}); else `undefined`, and the SDK reads it as before.
 */
export function plainToolCall(
  message: unknown,
): { id: string | number; params: PlainToolCallParams } | undefined {
  if (!isRecord(message) || message.jsonrpc !== '2.0' || message.method !== 'tools/call')
    return undefined;
  for (const key in message) if (!REQUEST_KEYS.has(key)) return undefined;
  const id = message.id;
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return undefined;
  const params = plainParams(message.params);
  return params === undefined ? undefined : { id: id as string | number, params };
}

/**
 * Puts a line reader in front of the SDK's stdio server transport that offers each line to
 * `take` first, and returns how to write a relayed answer to the client under the client's own
 * id; `undefined` for other transports (or an SDK whose transport lacks the internals), which
 * keep the message path.
 */
function readLines(
  transport: Transport,
  take: (line: Buffer) => boolean,
): ((relayed: RelayedToolResponse, id: RequestId) => void) | undefined {
  if (!(transport instanceof StdioServerTransport)) return undefined;
  const internals = transport as unknown as {
    _readBuffer?: { _buffer?: Buffer; _maxBufferSize?: number };
    _stdout?: Writable;
  };
  const previous = internals._readBuffer;
  const stdout = internals._stdout;
  if (previous === undefined || stdout === undefined) return undefined;
  // Oversize lines throw from append, which the transport reports and closes on, as before.
  const buffer = new JsonLineBuffer(previous._maxBufferSize ?? MAX_LINE_BYTES, () => {});
  buffer.take = take;
  if (previous._buffer !== undefined) buffer.append(previous._buffer);
  internals._readBuffer = buffer as never;
  // The transport's own send writes to the same stream, so answers of both paths stay whole.
  return ({ line, idStart, idEnd }, id) => {
    if (!stdout.writable) return;
    const idText = typeof id === 'number' ? String(id) : JSON.stringify(id);
    const idBytes = Buffer.byteLength(idText);
    const size = line.length - (idEnd - idStart) + idBytes + 1;
    if (size <= ONE_WRITE_BYTES) {
      // One buffer, one write: for a small answer, copying is cheaper than a gathered write.
      const out = Buffer.allocUnsafe(size);
      line.copy(out, 0, 0, idStart);
      out.write(idText, idStart, 'utf8');
      line.copy(out, idStart + idBytes, idEnd);
      out[size - 1] = NEWLINE_BYTE;
      stdout.write(out);
      return;
    }
    // A large answer goes out corked, as one gathered write of its slices (no copy).
    stdout.cork();
    stdout.write(line.subarray(0, idStart));
    stdout.write(Buffer.from(idText));
    stdout.write(line.subarray(idEnd));
    stdout.write(NEWLINE);
    stdout.uncork();
  };
}

/**
 * One call the fast path answers: the `extra` its handler gets, and its cancellation, which the
 * relay listens to as a {@link RelaySignal}. The `AbortSignal` of `extra.signal` is made only when
 * something reads it (the relay does not): creating one costs about as much as relaying a small
 * answer. One object per call with its methods shared, hence a class; they are called as methods
 * (`extra.sendNotification(...)`), as the SDK's own `extra` is used.
 */
class InterceptedCall implements RelaySignal {
  aborted = false;
  reason: unknown = undefined;
  readonly requestId: RequestId;
  readonly sessionId: string | undefined;
  readonly _meta: PlainToolCallParams['_meta'];
  readonly authInfo: unknown;
  readonly requestInfo: unknown;
  readonly #server: Server;
  #controller: AbortController | undefined;
  #listeners: Array<() => void> | undefined;

  constructor(
    server: Server,
    id: RequestId,
    sessionId: string | undefined,
    meta: PlainToolCallParams['_meta'],
    info: { authInfo?: unknown; requestInfo?: unknown } | undefined,
  ) {
    this.#server = server;
    this.requestId = id;
    this.sessionId = sessionId;
    this._meta = meta;
    this.authInfo = info?.authInfo;
    this.requestInfo = info?.requestInfo;
  }

  /** The call's `AbortSignal`, made on first read (aborted already when the call is). */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.aborted) this.#controller.abort(this.reason);
    }
    return this.#controller.signal;
  }

  async sendNotification(notification: ServerNotification): Promise<void> {
    if (this.aborted) return;
    await this.#server.notification(notification, { relatedRequestId: this.requestId });
  }

  async sendRequest(request: ServerRequest, schema: unknown, options?: object): Promise<unknown> {
    if (this.aborted) throw new McpError(ErrorCode.ConnectionClosed, 'Request was cancelled');
    return this.#server.request(request, schema as never, {
      ...options,
      relatedRequestId: this.requestId,
    });
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.#controller?.abort(reason);
    const listeners = this.#listeners;
    this.#listeners = undefined;
    for (const listener of listeners ?? []) listener();
  }

  addEventListener(_type: 'abort', listener: () => void): void {
    if (this.aborted) return;
    this.#listeners ??= [];
    this.#listeners.push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const index = this.#listeners?.indexOf(listener) ?? -1;
    if (index !== -1) this.#listeners?.splice(index, 1);
  }
}
