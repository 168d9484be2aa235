import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { ToolwireError } from '../core/toolwire-error.js';
import { CLIENT_PROFILES, type ClientProfile, resolveClientProfile } from './client-profile.js';
import type { McpProxy } from './create-mcp-proxy.js';

/** Options of {@link serveProxyHttp}. */
export interface ServeProxyHttpOptions {
  /** The proxy every session shares. */
  proxy: McpProxy;
  /** The address to bind. Anything but loopback needs `token`. @defaultValue `'127.0.0.1'` */
  host?: string;
  /** The port; `0` picks a free one. @defaultValue `0` */
  port?: number;
  /** A bearer token every request must carry (`Authorization: Bearer <token>`). */
  token?: string;
  /** Origins allowed besides the bound names (`https://app.example.com`). */
  allowedOrigins?: readonly string[];
  /** Host names allowed besides loopback and the bound address (a reverse proxy's name). */
  allowedHosts?: readonly string[];
  /** The largest request body, in bytes. @defaultValue 4 MiB */
  maxBodyBytes?: number;
  /** The most client sessions open at once. @defaultValue 1000 */
  maxSessions?: number;
  /**
   * How long a session may go without a request before it is closed, in ms (`0`: never). A
   * session with a request still open is not idle; its GET stream does not count.
   * @defaultValue 30 minutes
   */
  idleTimeout?: number;
  /** The clock idle time is read from, in ms. @defaultValue `Date.now` */
  now?: () => number;
}

/** A running HTTP proxy. */
export interface ProxyHttpServer {
  /** The base URL, such as `http://127.0.0.1:41234`; sessions are served under `/mcp`. */
  readonly url: string;
  /** The port bound. */
  readonly port: number;
  /** How many client sessions are open. */
  sessions(): number;
  /**
   * Closes the sessions idle past `idleTimeout` now (it also runs on its own, every
   * `idleTimeout / 4`, at most every minute) and resolves with how many it closed.
   */
  closeIdleSessions(): Promise<number>;
  /** Closes every session and the listener (not the proxy). */
  close(): Promise<void>;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const IDLE_TIMEOUT = 30 * 60_000;

interface SessionEntry {
  transport: StreamableHTTPServerTransport;
  profile: ClientProfile;
  /** When its last request began or ended. */
  lastSeen: number;
  /** Requests of this session still open (not its GET stream). */
  open: number;
}

/**
 * Serves a proxy over streamable HTTP (protocol 2025-11-25 and 2025-06-18): many client sessions
 * over the one hub, `/mcp` with the proxy's profile and `/mcp/<profile>` with another
 * (`/mcp/claude-code`), and `GET /healthz`. Secure by default: binds 127.0.0.1, refuses any other
 * address without a bearer token (compared in constant time; 401 without it), checks `Host`
 * against the bound names and `Origin` against an allow-list (DNS rebinding; 403), and limits
 * bodies (413). Sessions are bounded in number (`maxSessions`) and in idle time (`idleTimeout`:
 * a session with no request for 30 minutes is closed, its SDK transport with it).
 *
 * @example
 * ```ts
 * const proxy = createMcpProxy({ servers });
 * await proxy.start();
 * const http = await serveProxyHttp({ proxy, port: 8765 });
 * // claude mcp add --transport http tools http://127.0.0.1:8765/mcp/claude-code
 * ```
 */
export async function serveProxyHttp(options: ServeProxyHttpOptions): Promise<ProxyHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const loopback = LOOPBACK.has(host);
  const token = options.token;
  if (!loopback && (token === undefined || token.length < 16)) {
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message: `Host "${host}" is not loopback: serving it needs a bearer token of at least 16 characters (--token or TOOLWIRE_PROXY_TOKEN).`,
    });
  }
  const tokenDigest = token === undefined ? undefined : digest(token);
  const hostNames = new Set([...LOOPBACK, host.toLowerCase(), ...(options.allowedHosts ?? [])]);
  const origins = new Set((options.allowedOrigins ?? []).map((origin) => origin.toLowerCase()));
  const maxBody = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const maxSessions = options.maxSessions ?? 1000;
  const idleTimeout = options.idleTimeout ?? IDLE_TIMEOUT;
  if (!(Number.isSafeInteger(idleTimeout) && idleTimeout >= 0)) {
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message: `idleTimeout ${idleTimeout} is not a whole number of milliseconds (0 to keep idle sessions open).`,
    });
  }
  const now = options.now ?? Date.now;
  const transports = new Map<string, SessionEntry>();

  // A request is counted open until its response ends, so a long call keeps its session. The
  // standalone GET stream is not activity: SDK clients hold one open for the whole session.
  const track = (entry: SessionEntry, request: IncomingMessage, response: ServerResponse): void => {
    if (request.method === 'GET') return;
    entry.open++;
    entry.lastSeen = now();
    response.once('close', () => {
      entry.open--;
      entry.lastSeen = now();
    });
  };

  const closeIdleSessions = async (): Promise<number> => {
    if (idleTimeout === 0) return 0;
    const cutoff = now() - idleTimeout;
    const idle = [...transports].filter(
      ([, entry]) => entry.open === 0 && entry.lastSeen <= cutoff,
    );
    for (const [id] of idle) transports.delete(id);
    // Closing the SDK transport ends the proxy's session for it too (its server's onclose).
    await Promise.all(idle.map(([, entry]) => entry.transport.close().catch(() => {})));
    return idle.length;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const hostHeader = hostnameOf(request.headers.host);
    if (hostHeader === undefined || !hostNames.has(hostHeader)) {
      return reject(response, 403, 'Host not allowed.');
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !originAllowed(origin, hostNames, origins)) {
      return reject(response, 403, 'Origin not allowed.');
    }
    if (tokenDigest !== undefined && !bearerMatches(request.headers.authorization, tokenDigest)) {
      response.setHeader('WWW-Authenticate', 'Bearer');
      return reject(response, 401, 'A bearer token is required.');
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/healthz') {
      if (request.method !== 'GET') return reject(response, 405, 'Use GET.');
      const health = options.proxy.health();
      response.writeHead(health.status === 'ok' ? 200 : 503, {
        'content-type': 'application/json',
      });
      response.end(JSON.stringify(health));
      return;
    }
    const profile = profileOf(url.pathname, options.proxy.profile);
    if (profile === undefined)
      return reject(response, 404, 'Not found; use /mcp or /mcp/<client>.');
    const sessionId = request.headers['mcp-session-id'];
    let body: unknown;
    if (request.method === 'POST') {
      const read = await readBody(request, maxBody);
      if (read === 'too-large')
        return reject(response, 413, `Bodies are limited to ${maxBody} bytes.`);
      try {
        body = JSON.parse(read);
      } catch {
        return reject(response, 400, 'The body is not JSON.', -32700);
      }
    }
    if (typeof sessionId === 'string') {
      const entry = transports.get(sessionId);
      if (entry === undefined) return reject(response, 404, 'Session not found.', -32001);
      if (entry.profile !== profile)
        return reject(response, 400, 'Session belongs to another path.');
      track(entry, request, response);
      await entry.transport.handleRequest(request, response, body);
      return;
    }
    if (request.method !== 'POST' || !isInitializeRequest(body)) {
      return reject(response, 400, 'Bad Request: no valid session ID provided.');
    }
    if (transports.size >= maxSessions) {
      return reject(
        response,
        503,
        `At most ${maxSessions} sessions are open; close one first (idle sessions close after ${idleTimeout} ms).`,
      );
    }
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        const entry: SessionEntry = { transport, profile, lastSeen: now(), open: 0 };
        transports.set(id, entry);
        track(entry, request, response);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) transports.delete(transport.sessionId);
    };
    await options.proxy.connect(transport, profile);
    await transport.handleRequest(request, response, body);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        reject(response, 500, error instanceof Error ? error.message : String(error), -32603);
      } else {
        response.end();
      }
    });
  });
  server.requestTimeout = 0; // SSE streams stay open; bodies are bounded by size instead
  server.headersTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const sweep =
    idleTimeout === 0
      ? undefined
      : setInterval(
          () => void closeIdleSessions(),
          Math.max(1000, Math.min(60_000, Math.floor(idleTimeout / 4))),
        );
  sweep?.unref();
  const port = (server.address() as AddressInfo).port;
  const shown = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}`,
    port,
    sessions: () => transports.size,
    closeIdleSessions,
    close: async () => {
      if (sweep !== undefined) clearInterval(sweep);
      await Promise.all(
        [...transports.values()].map(({ transport }) => transport.close().catch(() => {})),
      );
      transports.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function profileOf(pathname: string, fallback: ClientProfile): ClientProfile | undefined {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/mcp') return fallback;
  const match = /^\/mcp\/([a-z0-9-]+)$/.exec(path);
  if (match === null || !Object.hasOwn(CLIENT_PROFILES, match[1] as string)) return undefined;
  return resolveClientProfile(match[1] as string);
}

function hostnameOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  try {
    return new URL(`http://${header}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function originAllowed(
  origin: string,
  hostNames: ReadonlySet<string>,
  origins: ReadonlySet<string>,
): boolean {
  if (origins.has(origin.toLowerCase())) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && hostNames.has(url.hostname);
  } catch {
    return false;
  }
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

// Digests of equal length compared in constant time: neither the token nor its length leaks.
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = header === undefined ? null : /^Bearer[ \t]+(.+)$/i.exec(header.trim());
  return timingSafeEqual(digest(match?.[1] ?? ''), expected) && match !== null;
}

async function readBody(request: IncomingMessage, limit: number): Promise<string | 'too-large'> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) return 'too-large';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function reject(response: ServerResponse, status: number, message: string, code = -32000): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
