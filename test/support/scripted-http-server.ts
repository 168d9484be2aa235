import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createScriptedServer } from '../fixtures/servers/scripted-server.mjs';

/**
 * The scripted fixture server over streamable HTTP on 127.0.0.1, one server per session; over
 * HTTPS when given a key and certificate (PEM).
 */
export async function startScriptedHttpServer(
  options: { token?: string; tls?: { key: string; cert: string } } = {},
): Promise<{
  url: string;
  /** The tools/call params each session's server received, latest last. */
  calls: () => Array<{ name: string; arguments?: unknown; _meta?: Record<string, unknown> }>;
  close: () => Promise<void>;
}> {
  const servers: ReturnType<typeof createScriptedServer>[] = [];
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const listener: Parameters<typeof createServer>[1] = (request, response) => {
    if (
      options.token !== undefined &&
      request.headers.authorization !== `Bearer ${options.token}`
    ) {
      response.writeHead(401).end('unauthorized');
      return;
    }
    const id = request.headers['mcp-session-id'];
    const known = typeof id === 'string' ? sessions.get(id) : undefined;
    if (known !== undefined) {
      void known.handleRequest(request, response);
      return;
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (session) => {
        sessions.set(session, transport);
      },
    });
    const scripted = createScriptedServer();
    servers.push(scripted);
    void scripted.server.connect(transport).then(() => transport.handleRequest(request, response));
  };
  const http =
    options.tls === undefined ? createServer(listener) : createTlsServer(options.tls, listener);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `${options.tls === undefined ? 'http' : 'https'}://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    calls: () => servers.flatMap((server) => server.calls),
    close: async () => {
      for (const transport of sessions.values()) await transport.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
