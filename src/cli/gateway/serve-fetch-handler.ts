import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { Gateway } from '../../gateway/create-gateway.js';
import type { GatewayAnswer } from '../../gateway/gateway-answer.js';
import type { GatewayRequest } from '../../gateway/gateway-request.js';

/** Options of {@link serveFetchHandler}: a Web-standard `fetch` handler, or a gateway's `handle`. */
export interface ServeFetchHandlerOptions {
  /** The Web-standard handler to serve. */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * A handler of plain parts ({@link Gateway.handle}), served instead of `fetch`: it gets the
   * request's own stream as its body and answers without a `Response`, which spares Node 20 the
   * Web objects and stream adapters that cost more CPU than the gateway's own work on a small
   * request.
   */
  handle?: (request: GatewayRequest) => Promise<GatewayAnswer>;
  /** @defaultValue `'127.0.0.1'` */
  host?: string;
  /** `0` picks a free port. @defaultValue `0` */
  port?: number;
}

/** A running server. */
export interface ServedFetchHandler {
  /** `http://host:port`. */
  url: string;
  port: number;
  /** Stops accepting, ends open connections, resolves when closed. */
  close(): Promise<void>;
}

/**
 * Serves a Web-standard fetch handler on Node's HTTP server: bodies stream both ways without
 * buffering, each response chunk is written as soon as the handler yields it (with back
 * pressure), and a caller that disconnects aborts the request's signal and cancels the response
 * body, so the handler's upstream request is cancelled too.
 *
 * @example
 * ```ts
 * const served = await serveFetchHandler({ handle: gateway.handle, port: 8787 });
 * ```
 */
export async function serveFetchHandler(
  options: ServeFetchHandlerOptions,
): Promise<ServedFetchHandler> {
  const host = options.host ?? '127.0.0.1';
  const fetchHandler = options.fetch;
  const handle =
    options.handle ?? (fetchHandler === undefined ? undefined : fetchAsHandle(fetchHandler));
  if (handle === undefined) throw new TypeError('serveFetchHandler: pass fetch or handle.');
  const base = `http://${host.includes(':') ? `[${host}]` : host}`;
  const server = http.createServer({ noDelay: true }, (incoming, outgoing) => {
    void bridge(handle, base, incoming, outgoing);
  });
  // Model answers can stream for minutes; the gateway bounds the upstream wait itself.
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// A Web handler behind the same bridge: the request built as a Request (its body the incoming
// stream as a Web stream), the Response taken apart.
function fetchAsHandle(
  handler: (request: Request) => Promise<Response>,
): (request: GatewayRequest) => Promise<GatewayAnswer> {
  return async (request) => {
    const init: RequestInit & { duplex?: 'half' } = {
      method: request.method,
      headers: request.headers,
      signal: request.signal,
    };
    if (request.body !== null) {
      init.body = Readable.toWeb(
        request.body as http.IncomingMessage,
      ) as ReadableStream<Uint8Array>;
      init.duplex = 'half';
    }
    const response = await handler(new Request(request.url, init));
    return {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      body: response.body,
    };
  };
}

async function bridge(
  handler: (request: GatewayRequest) => Promise<GatewayAnswer>,
  base: string,
  incoming: http.IncomingMessage,
  outgoing: http.ServerResponse,
): Promise<void> {
  const controller = new AbortController();
  let finished = false;
  outgoing.on('close', () => {
    if (!finished) controller.abort(new Error('The client closed the connection.'));
  });
  const headers = new Headers();
  for (let index = 0; index < incoming.rawHeaders.length; index += 2) {
    headers.append(incoming.rawHeaders[index] as string, incoming.rawHeaders[index + 1] as string);
  }
  const method = incoming.method ?? 'GET';
  let answer: GatewayAnswer;
  try {
    answer = await handler({
      method,
      url: new URL(incoming.url ?? '/', base).href,
      headers,
      body: method === 'GET' || method === 'HEAD' ? null : incoming,
      signal: controller.signal,
    });
  } catch (error) {
    outgoing.writeHead(500, { 'content-type': 'text/plain' });
    outgoing.end(`Gateway: ${error instanceof Error ? error.message : String(error)}\n`);
    finished = true;
    return;
  }
  const head: Record<string, string | string[]> = {};
  answer.headers.forEach((value, key) => {
    if (key !== 'set-cookie') head[key] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) head['set-cookie'] = cookies;
  const body = answer.body;
  if (body === null || body instanceof Uint8Array) {
    // A body held whole leaves with its head in one write, its length known.
    if (body !== null) head['content-length'] = String(body.byteLength);
    outgoing.writeHead(answer.status, answer.statusText, head);
    finished = true;
    outgoing.end(body ?? undefined);
    return;
  }
  outgoing.writeHead(answer.status, answer.statusText, head);
  const reader = body.getReader();
  outgoing.on('close', () => {
    if (!finished)
      void reader.cancel(new Error('The client closed the connection.')).catch(() => {});
  });
  // Writes of one turn of the event loop go out as one socket write: a body that is complete
  // after its first chunk leaves with its head and chunked terminator in a single writev, where
  // three writes cost three trips through the loopback stack (a quarter of a proxied request's
  // CPU in bench/gateway-bench.js's throughput row). A stream's next chunk waits for no more
  // than the microtasks already queued.
  let corked = false;
  const uncork = (): void => {
    corked = false;
    outgoing.uncork();
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!corked) {
        corked = true;
        outgoing.cork();
        process.nextTick(uncork);
      }
      if (!outgoing.write(value)) {
        await new Promise<void>((resolve) => {
          const settle = (): void => {
            outgoing.off('drain', settle);
            outgoing.off('close', settle);
            resolve();
          };
          outgoing.on('drain', settle);
          outgoing.on('close', settle);
        });
      }
      if (outgoing.destroyed) return;
    }
    finished = true;
    outgoing.end();
  } catch {
    // The body failed after the head was sent: all that is left is to end the connection.
    outgoing.destroy();
  }
}
