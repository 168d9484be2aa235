import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A model stub listening on 127.0.0.1. */
export interface ServedStub {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a model API stub on 127.0.0.1: each request's body is read whole and parsed as JSON
 * (`{}` when empty or not JSON: clients also send probes) and handed to `answer` with its path.
 */
export async function serveModelStub(
  answer: (path: string, body: Record<string, unknown>, outgoing: http.ServerResponse) => void,
): Promise<ServedStub> {
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
      } catch {
        body = {};
      }
      answer(incoming.url ?? '', body, outgoing);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
