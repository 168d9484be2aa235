import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the stub received. */
export interface StubRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A hand-written upstream on 127.0.0.1 for the faults a provider server does not make. */
export interface StubUpstream {
  url: string;
  requests: StubRequest[];
  /** Resolves when a request's connection closes before the stub answered it. */
  abandoned: Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts an HTTP server whose `respond` decides what each request gets, including nothing (slow
 * upstream) or a stream cut with `response.destroy()`.
 */
export async function startStubUpstream(
  respond: (request: StubRequest, response: http.ServerResponse) => void,
): Promise<StubUpstream> {
  const requests: StubRequest[] = [];
  let markAbandoned: () => void = () => {};
  const abandoned = new Promise<void>((resolve) => {
    markAbandoned = resolve;
  });
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: StubRequest = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        headers: incoming.headers,
        text: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      outgoing.on('close', () => {
        if (!outgoing.writableFinished) markAbandoned();
      });
      respond(request, outgoing);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    abandoned,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * `startStubUpstream`, with each upstream's `close` added to `cleanups` (for an `afterEach` that
 * runs them), so a test never leaves a stub listening.
 */
export function stubsClosedBy(cleanups: (() => Promise<void>)[]): typeof startStubUpstream {
  return async (respond) => {
    const upstream = await startStubUpstream(respond);
    cleanups.push(() => upstream.close());
    return upstream;
  };
}
