import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ClientCapabilities, ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { maskError } from './describe-mcp-failure.js';
import { JsonLineBuffer } from './json-line-buffer.js';
import { limitFetch } from './limit-fetch.js';
import { createNodeHttpFetch } from './node-http-fetch.js';
import type { McpServerConfig } from './parse-mcp-config.js';
import { createStderrTail } from './stderr-tail.js';
import { createToolCallRelay, type ToolCallRelay } from './tool-call-relay.js';

/** What a live connection knows about how its process or session ended. @internal */
export interface ConnectionExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One connected (or connecting) client with what the hub needs to supervise it. @internal */
export interface LiveConnection {
  client: Client;
  transport: Transport;
  /** `streamable-http`, `sse` or `stdio`. */
  kind: 'stdio' | 'streamable-http' | 'sse';
  /** The last lines the server wrote to stderr (stdio only). */
  stderrTail: () => string[];
  /** How the process ended, once it has (stdio only). */
  exit: () => ConnectionExit | undefined;
  /** The protocol version agreed at `initialize`. */
  protocolVersion: () => string | undefined;
  /** The last transport or protocol error (such as a line that is not JSON), for diagnosis. */
  lastError: () => string | undefined;
  /** Why the connection itself ended the session (a message over `maxMessageBytes`), if it did. */
  fatalError: () => string | undefined;
  /** Ends the connection; a stdio process is sent `signal` first so that no grace period is waited. */
  close: (options?: { signal?: NodeJS.Signals }) => Promise<void>;
  /**
   * The line-level `tools/call` relay beside the SDK client, on the same process and in an id
   * space of its own (stdio only, when the SDK's transport has the internals it needs).
   */
  relay?: ToolCallRelay;
}

/** What is known about a start that failed, filled in by {@link connectMcpServer}. @internal */
export interface StartDiagnostics {
  stderr: string[];
  exit: ConnectionExit | undefined;
  lastError: string | undefined;
}

/** Options of {@link connectMcpServer}. @internal */
export interface ConnectMcpServerOptions {
  config: McpServerConfig;
  clientInfo: { name: string; version: string };
  /** What the client declares it supports (sampling, elicitation, roots); none by default. */
  capabilities?: ClientCapabilities;
  timeout: number;
  signal?: AbortSignal;
  /** Masks secrets in what the server writes to stderr and in protocol errors, as they are kept. */
  mask?: (text: string) => string;
  /** The largest message the server may send, in bytes. */
  maxMessageBytes: number;
  /** Called (once) when the connection closes for any reason after it was opened. */
  onClose: () => void;
  /** Installs handlers on the client before it connects (notifications must be known early). */
  prepare: (client: Client) => void;
  /** Filled in when the start fails. */
  diagnostics?: StartDiagnostics;
}

const STDERR_LINES = 20;
const STDERR_LINE_LENGTH = 2000;

/**
 * Opens one MCP connection: stdio, streamable HTTP, or SSE (with the fallback from streamable
 * HTTP to SSE on a 4xx, as the SDK documents). Rejects when the server does not initialise in
 * time; nothing is left running when it rejects.
 * @internal
 * @example
 * ```ts
 * const connection = await connectMcpServer({ config, clientInfo, timeout: 30_000, onClose, prepare });
 * ```
 */
export async function connectMcpServer(options: ConnectMcpServerOptions): Promise<LiveConnection> {
  const { config } = options;
  if (config.type === 'stdio') return connectStdio(options, config);
  if (config.transport === 'sse') return connectHttp(options, config.url, config.headers, 'sse');
  try {
    return await connectHttp(options, config.url, config.headers, 'streamable-http');
  } catch (error) {
    const status = error instanceof StreamableHTTPError ? error.code : undefined;
    if (config.transport === 'auto' && status !== undefined && status >= 400 && status < 500) {
      return connectHttp(options, config.url, config.headers, 'sse');
    }
    throw error;
  }
}

async function connectStdio(
  options: ConnectMcpServerOptions,
  config: Extract<McpServerConfig, { type: 'stdio' }>,
): Promise<LiveConnection> {
  const transport = new StdioClientTransport({
    command: config.command,
    args: config.args,
    env: config.env,
    stderr: 'pipe',
    maxBufferSize: options.maxMessageBytes,
    ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
  });
  let fatal: string | undefined;
  // The SDK's ReadBuffer copies its whole buffer on every chunk and names no limit when it fails;
  // this one splits linearly and says which limit a message broke, and lets the relay see each
  // line first.
  const internals = transport as unknown as {
    _readBuffer?: unknown;
    _process?: { stdin?: { writable: boolean; write(text: string): boolean } | null };
  };
  let relay: ToolCallRelay | undefined;
  if (internals._readBuffer !== undefined) {
    const buffer = new JsonLineBuffer(options.maxMessageBytes, (error) => {
      fatal = error.message;
    });
    internals._readBuffer = buffer;
    // The SDK's transport writes to the same stdin, so lines of both stay whole and in order.
    const mask = options.mask;
    relay = createToolCallRelay(
      (line) => {
        const stdin = internals._process?.stdin;
        if (stdin === undefined || stdin === null || !stdin.writable) return false;
        stdin.write(line);
        return true;
      },
      mask === undefined ? {} : { maskError: (error) => maskError(error, mask) },
    );
    buffer.take = relay.take;
  }
  const tail = createStderrTail({
    lines: STDERR_LINES,
    lineLength: STDERR_LINE_LENGTH,
    mask: options.mask ?? ((text: string) => text),
  });
  transport.stderr?.on('data', (chunk: Buffer) => tail.push(chunk));
  let exit: ConnectionExit | undefined;
  // The SDK does not expose the exit code; read it from the child it spawned, when it is there.
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    const child = (transport as unknown as { _process?: NodeJS.EventEmitter })._process;
    child?.once('exit', (code: number | null, signal: NodeJS.Signals | null) => {
      exit = { code, signal };
    });
  };
  const close = async (closeOptions?: { signal?: NodeJS.Signals }): Promise<void> => {
    const pid = transport.pid;
    if (closeOptions?.signal !== undefined && pid !== null) {
      try {
        process.kill(pid, closeOptions.signal);
      } catch {
        // already gone
      }
    }
    await client.close().catch(() => undefined);
  };
  const client = createClient(options);
  const connection: LiveConnection = {
    client,
    transport,
    kind: 'stdio',
    stderrTail: () => tail.lines(),
    exit: () => exit,
    protocolVersion: () => undefined,
    lastError: () => undefined,
    fatalError: () => fatal,
    close,
    ...(relay === undefined ? {} : { relay }),
  };
  try {
    await open(connection, options);
  } finally {
    if (options.diagnostics !== undefined) {
      options.diagnostics.stderr = connection.stderrTail();
      options.diagnostics.exit = exit;
      options.diagnostics.lastError = connection.lastError();
    }
  }
  return connection;
}

async function connectHttp(
  options: ConnectMcpServerOptions,
  url: string,
  headers: Record<string, string>,
  kind: 'streamable-http' | 'sse',
): Promise<LiveConnection> {
  const requestInit = { headers };
  let fatal: string | undefined;
  const onOversize = (error: Error): void => {
    fatal = error.message;
  };
  const limited = limitFetch(globalThis.fetch, options.maxMessageBytes, onOversize);
  // Node's fetch costs about as much per request as the rest of listing a server; the SDK's
  // streamable HTTP transport makes only plain requests, which node:http answers for less. (The
  // SSE transport's EventSource keeps fetch.)
  const fetch =
    kind === 'sse'
      ? limited
      : createNodeHttpFetch({
          maxMessageBytes: options.maxMessageBytes,
          onOversize,
          fallback: limited,
        });
  const transport =
    kind === 'sse'
      ? new SSEClientTransport(new URL(url), { requestInit, fetch })
      : new StreamableHTTPClientTransport(new URL(url), { requestInit, fetch });
  // The SDK waits for the server to accept notifications/initialized before connect() resolves:
  // over HTTP a round trip per server before tools/list can go. The notification is still sent
  // first (the server has answered initialize, as the protocol asks), and a failure to deliver it
  // is reported like any transport error.
  const send = transport.send.bind(transport) as (...args: unknown[]) => Promise<void>;
  transport.send = ((message: { method?: unknown }, ...rest: unknown[]) => {
    if (message.method === 'notifications/initialized') {
      send(message, ...rest).catch((error: unknown) =>
        transport.onerror?.(error instanceof Error ? error : new Error(String(error))),
      );
      return Promise.resolve();
    }
    return send(message, ...rest);
  }) as typeof transport.send;
  const client = createClient(options);
  if (transport instanceof StreamableHTTPClientTransport) {
    skipNeedlessStream(transport, client, options.capabilities ?? {});
  }
  const connection: LiveConnection = {
    client,
    transport,
    kind,
    stderrTail: () => [],
    exit: () => undefined,
    protocolVersion: () => undefined,
    lastError: () => undefined,
    fatalError: () => fatal,
    close: async () => {
      if (transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined) {
        await transport.terminateSession().catch(() => undefined);
      }
      await client.close().catch(() => undefined);
    },
  };
  await open(connection, options);
  return connection;
}

/**
 * After `initialize`, the SDK's streamable HTTP transport opens the optional GET stream (a request
 * per server, answered 405 by servers without one) on which a server sends what it starts itself:
 * requests to the client (sampling, elicitation, roots), which need the client to declare them,
 * and notifications it may send only if it declared them (list changes, resource updates,
 * logging, tasks). When neither side declared any of those, nothing can come on that stream but
 * a ping, so it is not opened. Only that first opening is skipped (a reconnection or resumption
 * goes through), and an SDK without the method is left as it is.
 */
function skipNeedlessStream(
  transport: StreamableHTTPClientTransport,
  client: Client,
  declared: ClientCapabilities,
): void {
  const internals = transport as unknown as {
    _startOrAuthSse?: (options: { resumptionToken?: string }) => Promise<void>;
  };
  const open = internals._startOrAuthSse;
  if (typeof open !== 'function') return;
  let first = true;
  internals._startOrAuthSse = function (this: unknown, streamOptions) {
    const skip =
      first &&
      streamOptions?.resumptionToken === undefined &&
      !serverMayStart(declared, client.getServerCapabilities());
    first = false;
    return skip ? Promise.resolve() : open.call(this, streamOptions);
  };
}

/** Whether a server may send anything outside an answer, given what both sides declared. */
function serverMayStart(
  client: ClientCapabilities,
  server: ServerCapabilities | undefined,
): boolean {
  if (server === undefined) return true;
  if (Object.keys(client).length > 0) return true;
  return (
    server.logging !== undefined ||
    server.experimental !== undefined ||
    (server as { tasks?: unknown }).tasks !== undefined ||
    server.tools?.listChanged === true ||
    server.prompts?.listChanged === true ||
    server.resources?.listChanged === true ||
    server.resources?.subscribe === true
  );
}

function createClient(options: ConnectMcpServerOptions): Client {
  return new Client(options.clientInfo, {
    capabilities: options.capabilities ?? {},
    jsonSchemaValidator: lazyValidator(),
  });
}

/**
 * The SDK client builds an Ajv instance (with its formats) in its constructor, a few ms per
 * server, for validators only its own `listTools()` compiles; the hub lists with a plain request
 * and never asks for one. This provider builds the SDK's own Ajv validator on first use, so that a
 * caller of `hub.client(key).listTools()` still gets the same validation.
 */
function lazyValidator(): jsonSchemaValidator {
  let validator: AjvJsonSchemaValidator | undefined;
  return {
    getValidator: (schema) => {
      validator ??= new AjvJsonSchemaValidator();
      return validator.getValidator(schema);
    },
  };
}

async function open(connection: LiveConnection, options: ConnectMcpServerOptions): Promise<void> {
  const { client, transport } = connection;
  options.prepare(client);
  // The agreed version reaches the transport; keep a copy (stdio transports have no setter).
  let protocolVersion: string | undefined;
  const setProtocolVersion = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (version: string) => {
    protocolVersion = version;
    setProtocolVersion?.(version);
  };
  connection.protocolVersion = () => protocolVersion;
  let lastError: string | undefined;
  client.onerror = (error: Error) => {
    lastError = options.mask === undefined ? error.message : options.mask(error.message);
  };
  connection.lastError = () => lastError;
  let opened = false;
  let closed = false;
  client.onclose = () => {
    connection.relay?.close();
    if (closed) return;
    closed = true;
    if (opened) options.onClose();
  };
  try {
    await client.connect(connection.transport, {
      timeout: options.timeout,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    opened = true;
    if (closed) throw new Error('the server closed the connection right after initializing');
  } catch (error) {
    closed = true;
    await connection.close({ signal: 'SIGKILL' });
    throw error;
  }
}
