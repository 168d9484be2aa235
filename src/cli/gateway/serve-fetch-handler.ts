import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

/** Options of {@link serveFetchHandler}. */
export interface ServeFetchHandlerOptions {
  /** The Web-standard handler to serve. */
  fetch: (request: Request) => Promise<Response>;
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
 * const served = await serveFetchHandler({ fetch: gateway.fetch, port: 8787 });
 * ```
 */
export async function serveFetchHandler(
  options: ServeFetchHandlerOptions,
): Promise<ServedFetchHandler> {
  const host = options.host ?? '127.0.0.1';
  const server = http.createServer({ noDelay: true }, (incoming, outgoing) => {
    void bridge(options.fetch, host, incoming, outgoing);
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

async function bridge(
  handler: (request: Request) => Promise<Response>,
  host: string,
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
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: controller.signal };
  if (method !== 'GET' && method !== 'HEAD') {
    init.body = Readable.toWeb(incoming) as unknown as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  let response: Response;
  try {
    const url = new URL(incoming.url ?? '/', `http://${host.includes(':') ? `[${host}]` : host}`);
    response = await handler(new Request(url, init));
  } catch (error) {
    outgoing.writeHead(500, { 'content-type': 'text/plain' });
    outgoing.end(`Gateway: ${error instanceof Error ? error.message : String(error)}\n`);
    finished = true;
    return;
  }
  const head: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') head[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) head['set-cookie'] = cookies;
  outgoing.writeHead(response.status, response.statusText, head);
  if (response.body === null) {
    finished = true;
    outgoing.end();
    return;
  }
  const reader = response.body.getReader();
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
