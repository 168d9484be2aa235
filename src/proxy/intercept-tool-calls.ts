import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
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

/** The params of a plain `tools/call`: what the fast path answers itself. */
export interface PlainToolCallParams {
  name: string;
  arguments?: Record<string, unknown>;
  _meta?: { progressToken?: string | number; [key: string]: unknown };
}

/** Options of {@link interceptToolCalls}. */
export interface InterceptToolCallsOptions {
  /** The transport, after `server.connect(transport)` installed the SDK's handler on it. */
  transport: Transport;
  /** The SDK server on it: requests to the client during a call go through its protocol. */
  server: Server;
  /** Answers one call; what it throws is sent as the JSON-RPC error the SDK would send. */
  call: (
    params: PlainToolCallParams,
    extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  ) => Promise<CallToolResult>;
}

const RELATED_TASK = 'io.modelcontextprotocol/related-task';

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
 * @example
 * ```ts
 * await server.connect(transport);
 * interceptToolCalls({ transport, server, call: (params, extra) => forward(params, extra) });
 * ```
 */
export function interceptToolCalls(options: InterceptToolCallsOptions): void {
  const { transport, server, call } = options;
  const sdk = transport.onmessage;
  const running = new Map<RequestId, AbortController>();

  const answer = async (
    id: RequestId,
    params: PlainToolCallParams,
    info: { authInfo?: unknown; requestInfo?: unknown } | undefined,
  ): Promise<void> => {
    const controller = new AbortController();
    const signal = controller.signal;
    running.set(id, controller);
    const related = { relatedRequestId: id };
    const extra = {
      signal,
      requestId: id,
      sessionId: transport.sessionId,
      _meta: params._meta,
      authInfo: info?.authInfo,
      requestInfo: info?.requestInfo,
      sendNotification: async (notification: ServerNotification) => {
        if (signal.aborted) return;
        await server.notification(notification, related);
      },
      sendRequest: async (request: ServerRequest, schema: unknown, requestOptions?: object) => {
        if (signal.aborted) throw new McpError(ErrorCode.ConnectionClosed, 'Request was cancelled');
        return server.request(request, schema as never, { ...requestOptions, ...related });
      },
    } as unknown as RequestHandlerExtra<ServerRequest, ServerNotification>;
    let response: JSONRPCMessage;
    try {
      response = { jsonrpc: '2.0', id, result: await call(params, extra) };
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
    if (signal.aborted) return;
    try {
      await transport.send(response, related);
    } catch (error) {
      transport.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  };

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
      const controller = running.get(cancel?.requestId as RequestId);
      controller?.abort(cancel?.reason);
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
    if (token !== undefined && typeof token !== 'string' && !Number.isInteger(token))
      return undefined;
  }
  return params as unknown as PlainToolCallParams;
}
