import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import type {
  ProviderModule,
  ProviderResponse,
  RecordedRequest,
  ScriptedToolCall,
} from './provider-module.js';

/**
 * Chooses the tool calls the server answers with, given the request and the tools it offers
 * (by wire name). The default calls the first offered tool with `{}`.
 */
export type ToolCallScript = (
  request: RecordedRequest,
  tools: { name: string; namespace?: string }[],
) => ScriptedToolCall[];

/** Options of {@link startProviderServer}. */
export interface StartProviderServerOptions {
  /** The provider modules to serve. */
  modules: ProviderModule[];
  /** The tool calls to answer with; can be replaced later with `server.script = ...`. */
  script?: ToolCallScript;
}

/** A running local provider server. */
export interface ProviderServer {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  port: number;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** The current tool-call script. */
  script: ToolCallScript;
  /** The last request received (throws when there is none). */
  lastRequest(): RecordedRequest;
  /** Stops the server and closes every connection. */
  close(): Promise<void>;
}

/** Calls the first offered tool with empty arguments. */
export const callFirstTool: ToolCallScript = (_request, tools) => {
  const [first] = tools;
  return first === undefined
    ? []
    : [{ name: first.name, arguments: {}, id: 'call_1', ...namespaceOf(first) }];
};

/**
 * A script that calls the offered tool whose wire name `pick` chooses, with the given arguments.
 */
export function callTool(
  pick: (tools: { name: string; namespace?: string }[]) => { name: string; namespace?: string },
  args: Record<string, unknown> = {},
): ToolCallScript {
  return (_request, tools) => {
    const tool = pick(tools);
    return [{ name: tool.name, arguments: args, id: 'call_1', ...namespaceOf(tool) }];
  };
}

/**
 * Starts a local HTTP server on 127.0.0.1 (random port) that plays one or more LLM providers:
 * it records each request, checks it against the provider's documented rules and answers with
 * the provider's own error shape when one breaks, else with a tool call by wire name, plain or
 * streamed. It speaks HTTP/1.1 and cleartext HTTP/2 (prior knowledge) on the same port, because
 * the Bedrock client talks HTTP/2: @aws-sdk/client-bedrock-runtime uses its HTTP/2 handler by
 * default, even for an `http://` endpoint (h2c, starting with the "PRI * HTTP/2.0" preface), and a
 * plain `http.createServer` answers it with `ERR_HTTP2_ERROR: Protocol error`.
 *
 * @example
 * ```ts
 * const server = await startProviderServer({ modules: [openaiChatModule] });
 * const client = new OpenAI({ apiKey: 'test', baseURL: `${server.url}/v1` });
 * ```
 */
export async function startProviderServer(
  options: StartProviderServerOptions,
): Promise<ProviderServer> {
  const requests: RecordedRequest[] = [];
  const state: { script: ToolCallScript } = { script: options.script ?? callFirstTool };
  const handler = (
    incoming: http.IncomingMessage | http2.Http2ServerRequest,
    outgoing: http.ServerResponse | http2.Http2ServerResponse,
  ): void => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const response = handle(options.modules, state.script, requests, incoming, text);
      write(outgoing, response);
    });
  };
  const h1 = http.createServer(handler);
  const h2 = http2.createServer(handler);
  const sockets = new Set<net.Socket>();
  const sessions = new Set<http2.ServerHttp2Session>();
  h2.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  const listener = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // Peek with read()/unshift() in paused mode: a 'data' listener would switch the socket to
    // flowing mode, and the HTTP/2 session then loses the bytes it needs (h2c fails with code 2).
    const onReadable = (): void => {
      const first = socket.read(3) as Buffer | null;
      if (first === null) return;
      socket.off('readable', onReadable);
      socket.unshift(first);
      // HTTP/2 prior knowledge starts with the connection preface "PRI * HTTP/2.0".
      const target = first.toString('latin1') === 'PRI' ? h2 : h1;
      target.emit('connection', socket);
    };
    socket.on('readable', onReadable);
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    requests,
    get script() {
      return state.script;
    },
    set script(next: ToolCallScript) {
      state.script = next;
    },
    lastRequest() {
      const last = requests.at(-1);
      if (last === undefined) throw new Error('The provider server has received no request yet.');
      return last;
    },
    async close() {
      for (const session of sessions) session.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
      h1.close();
      h2.close();
    },
  };
}

function handle(
  modules: ProviderModule[],
  script: ToolCallScript,
  requests: RecordedRequest[],
  incoming: http.IncomingMessage | http2.Http2ServerRequest,
  text: string,
): ProviderResponse {
  const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
  const method = incoming.method ?? 'GET';
  const module = modules.find((candidate) => candidate.matches(method, url.pathname));
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(incoming.headers)) {
    if (typeof value === 'string') headers[key.toLowerCase()] = value;
    else if (Array.isArray(value)) headers[key.toLowerCase()] = value.join(', ');
  }
  let body: unknown;
  try {
    body = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const recorded: RecordedRequest = {
    method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers,
    text,
    body,
    provider: module?.id ?? 'none',
    violations: [],
  };
  requests.push(recorded);
  if (module === undefined) {
    return {
      status: 404,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ error: `No provider module serves ${method} ${url.pathname}` }),
    };
  }
  recorded.violations = module.check(recorded);
  if (recorded.violations.length > 0) return module.reject(recorded.violations, recorded);
  return module.respond({
    request: recorded,
    stream: module.isStream(recorded),
    // A read (such as a stored response read back) offers no tools to call.
    calls: method === 'GET' ? [] : script(recorded, module.toolNames(recorded)),
  });
}

function write(
  outgoing: http.ServerResponse | http2.Http2ServerResponse,
  response: ProviderResponse,
): void {
  const target = outgoing as http.ServerResponse;
  target.writeHead(response.status, response.headers ?? {});
  const parts = Array.isArray(response.body) ? response.body : [response.body];
  for (const part of parts) target.write(part);
  target.end();
}

function namespaceOf(tool: { namespace?: string }): { namespace?: string } {
  return tool.namespace === undefined ? {} : { namespace: tool.namespace };
}
