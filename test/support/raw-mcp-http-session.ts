import { type Agent, request } from 'node:http';

/** One JSON-RPC message as it came over the wire. */
export type WireMessage = {
  jsonrpc: '2.0';
  id?: string | number;
  method?: string;
  params?: unknown;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
};

/** A streamable HTTP MCP session spoken by hand: each call's own answer, as sent. */
export interface RawMcpHttpSession {
  readonly sessionId: string;
  /** Sends `tools/call` with this id and resolves with every message of its answer stream. */
  call(id: number, name: string, args: Record<string, unknown>): Promise<WireMessage[]>;
  /** Ends the session (`DELETE`). */
  close(): Promise<void>;
}

interface Answer {
  status: number;
  sessionId: string | undefined;
  messages: WireMessage[];
}

// A load generator, not a second client library: the protocol's HTTP rules as the spec states
// them (initialize, the session header, the protocol-version header, JSON or SSE answers), over
// keep-alive sockets, so that 10,000 calls cost the test little beside the proxy they measure.
function post(
  url: URL,
  agent: Agent,
  body: unknown,
  headers: Record<string, string> = {},
  method = 'POST',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method,
        agent,
        headers: {
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const type = String(response.headers['content-type'] ?? '');
          let messages: WireMessage[] = [];
          try {
            if (type.startsWith('text/event-stream')) {
              messages = text
                .split(/\r?\n/)
                .filter((line) => line.startsWith('data:'))
                .map((line) => JSON.parse(line.slice(5).trim()) as WireMessage);
            } else if (type.startsWith('application/json') && text.length > 0) {
              const parsed = JSON.parse(text) as WireMessage | WireMessage[];
              messages = Array.isArray(parsed) ? parsed : [parsed];
            }
          } catch (error) {
            reject(error);
            return;
          }
          const session = response.headers['mcp-session-id'];
          resolve({
            status: response.statusCode ?? 0,
            sessionId: typeof session === 'string' ? session : undefined,
            messages,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/**
 * Opens one MCP session over streamable HTTP with plain `node:http` requests.
 *
 * @example
 * ```ts
 * const session = await openRawMcpHttpSession(new URL('http://127.0.0.1:8765/mcp'), new Agent({ keepAlive: true }));
 * const [answer] = await session.call(1, 'echo', { text: 'hi' });
 * ```
 */
export async function openRawMcpHttpSession(url: URL, agent: Agent): Promise<RawMcpHttpSession> {
  const init = await post(url, agent, {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'raw-load', version: '1' },
    },
  });
  const sessionId = init.sessionId;
  const version = init.messages[0]?.result?.protocolVersion;
  if (init.status !== 200 || sessionId === undefined || typeof version !== 'string') {
    throw new Error(`initialize answered ${init.status}: ${JSON.stringify(init.messages)}`);
  }
  const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': version };
  const initialized = await post(
    url,
    agent,
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    headers,
  );
  if (initialized.status !== 202) throw new Error(`initialized answered ${initialized.status}`);
  return {
    sessionId,
    call: async (id, name, args) => {
      const answer = await post(
        url,
        agent,
        { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } },
        headers,
      );
      if (answer.status !== 200) throw new Error(`tools/call ${name} answered ${answer.status}`);
      return answer.messages;
    },
    close: async () => {
      await post(url, agent, undefined, headers, 'DELETE');
    },
  };
}
