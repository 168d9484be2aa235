import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import {
  brotliDecompressSync,
  createBrotliDecompress,
  createGunzip,
  createInflate,
  gunzipSync,
  inflateSync,
} from 'node:zlib';
import { NULL_BODY_STATUSES } from '../gateway/upstream-response.js';
import { countEventStream, type FetchLike } from './limit-fetch.js';

/** Options of {@link createNodeHttpFetch}. @internal */
export interface NodeHttpFetchOptions {
  /** The largest message a server may send, in bytes: a whole JSON body, or one stream event. */
  maxMessageBytes: number;
  /** Told when a body broke `maxMessageBytes`, before the request fails. */
  onOversize: (error: Error) => void;
  /**
   * Where what this fetch does not do itself goes: a body that is not text, a scheme other than
   * http and https, and a redirect to be followed (replayed from the start, so that the fetch
   * standard's rules for following apply). It must bound messages itself (`limitFetch`).
   */
  fallback: FetchLike;
}

/** Bodies the fetch standard never gives a body. */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Shared like fetch's own connection pool, so that every server on one origin reuses sockets. */
let agents: { http: HttpAgent; https: HttpsAgent } | undefined;

/**
 * A `fetch` for the MCP SDK's streamable HTTP transport over `node:http`, for the requests that
 * transport makes (text bodies, JSON or event-stream answers). Per request it costs about half of
 * what Node's built-in fetch costs (its request, response and stream objects), which is most of
 * what listing a server's tools costs once the answer is parsed: the hub makes four requests per
 * server to list it. It behaves as fetch does where the transport can tell: keep-alive sockets
 * pooled per origin, `accept-encoding` gzip, deflate and br decoded, `signal` aborting with its
 * reason, network failures rejected as `TypeError('fetch failed', { cause })`, `redirect: 'manual'`
 * and `'error'` honoured; a redirect to follow is handed to `fallback`. A body is bounded while it
 * is read: a JSON body (decoded) at `maxMessageBytes`, an event stream per event.
 * @internal
 * @example
 * ```ts
 * const fetch = createNodeHttpFetch({ maxMessageBytes, onOversize, fallback: limitFetch(globalThis.fetch, maxMessageBytes, onOversize) });
 * new StreamableHTTPClientTransport(url, { fetch });
 * ```
 */
export function createNodeHttpFetch(options: NodeHttpFetchOptions): FetchLike {
  return (url, init) => {
    const target = typeof url === 'string' ? new URL(url) : url;
    const body = init?.body;
    if (
      (target.protocol !== 'http:' && target.protocol !== 'https:') ||
      (body !== undefined && body !== null && typeof body !== 'string')
    ) {
      return options.fallback(url, init);
    }
    let sent: Promise<Response | 'follow'>;
    try {
      sent = send(target, init ?? {}, body ?? undefined, options);
    } catch (error) {
      // A header fetch would refuse, refused the way fetch does: a rejection, never a throw.
      return Promise.reject(
        error instanceof TypeError ? error : new TypeError('fetch failed', { cause: error }),
      );
    }
    return sent.then((response) =>
      response === 'follow' ? options.fallback(url, init) : response,
    );
  };
}

function send(
  url: URL,
  init: RequestInit,
  body: string | undefined,
  options: NodeHttpFetchOptions,
): Promise<Response | 'follow'> {
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const headers = plainHeaders(init.headers);
  // What fetch adds when the caller did not say.
  headers['accept-encoding'] ??= 'gzip, deflate, br';
  headers.accept ??= '*/*';
  headers['user-agent'] ??= 'node';
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const method = (init.method ?? 'GET').toUpperCase();
  agents ??= {
    http: new HttpAgent({ keepAlive: true }),
    https: new HttpsAgent({ keepAlive: true }),
  };
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    const request = (secure ? httpsRequest : httpRequest)(
      url,
      { method, headers, agent: secure ? agents?.https : agents?.http },
      (message) => {
        const status = message.statusCode ?? 0;
        if (REDIRECT_STATUSES.has(status) && message.headers.location !== undefined) {
          if (init.redirect === 'error') {
            discard(message);
            fail(new TypeError('fetch failed', { cause: new Error('unexpected redirect') }));
            return;
          }
          if (init.redirect !== 'manual') {
            // The server did not act on a request it redirects; fetch sends it again and follows.
            discard(message);
            settled = true;
            resolve('follow');
            return;
          }
        }
        const respond = (content: ConstructorParameters<typeof Response>[0]): void => {
          if (settled) return;
          try {
            const response = new Response(content, {
              status,
              statusText: message.statusMessage ?? '',
              headers: responseHeaders(message),
            });
            settled = true;
            resolve(response);
          } catch (error) {
            fail(new TypeError('fetch failed', { cause: error }));
          }
        };
        if (method === 'HEAD' || NULL_BODY_STATUSES.has(status)) {
          discard(message);
          respond(null);
          return;
        }
        const encoding =
          (message.headers['content-encoding'] ?? '').trim().toLowerCase() || 'identity';
        if (!['identity', 'gzip', 'x-gzip', 'deflate', 'br'].includes(encoding)) {
          discard(message);
          message.destroy();
          fail(new TypeError('fetch failed', { cause: new Error(`content-encoding ${encoding}`) }));
          return;
        }
        if ((message.headers['content-type'] ?? '').includes('text/event-stream')) {
          respond(streamBody(message, encoding, signal, options));
          return;
        }
        readWhole(message, encoding, options.maxMessageBytes).then(
          (content) => respond(content),
          (error: unknown) => {
            if (error instanceof Error && oversized.has(error)) options.onOversize(error);
            fail(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error }));
          },
        );
      },
    );
    const onAbort = (): void => {
      request.destroy();
      fail(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.once('close', () => signal?.removeEventListener('abort', onAbort));
    request.once('error', (error) => fail(new TypeError('fetch failed', { cause: error })));
    request.end(body);
  });
}

/** Reads a body nobody will use to its end (so that its socket is reused), ignoring its errors. */
function discard(message: IncomingMessage): void {
  message.on('error', () => undefined);
  message.resume();
}

/** The errors that mean a body broke `maxMessageBytes` (told to `onOversize`). */
const oversized = new WeakSet<object>();

function oversize(maxMessageBytes: number): Error {
  const error = new Error(
    `the server sent a message of more than ${maxMessageBytes} bytes (the maxMessageBytes limit)`,
  );
  oversized.add(error);
  return error;
}

/** The whole body, decoded, failing as soon as it passes `maxMessageBytes`. */
function readWhole(
  message: IncomingMessage,
  encoding: string,
  maxMessageBytes: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    message.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxMessageBytes) {
        message.destroy();
        reject(oversize(maxMessageBytes));
        return;
      }
      chunks.push(chunk);
    });
    message.once('error', reject);
    message.once('close', () => {
      if (!message.complete) reject(new Error('the response was cut off'));
    });
    message.once('end', () => {
      const raw = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
      if (encoding === 'identity') return resolve(raw);
      // A compressed body is bounded by what it decodes to.
      const bound = { maxOutputLength: maxMessageBytes };
      try {
        resolve(
          encoding === 'br'
            ? brotliDecompressSync(raw, bound)
            : encoding === 'deflate'
              ? inflateSync(raw, bound)
              : gunzipSync(raw, bound),
        );
      } catch (error) {
        reject(
          (error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE'
            ? oversize(maxMessageBytes)
            : error,
        );
      }
    });
  });
}

/** An event stream as a web stream, decoded, each event bounded by `maxMessageBytes`. */
function streamBody(
  message: IncomingMessage,
  encoding: string,
  signal: AbortSignal | undefined,
  options: NodeHttpFetchOptions,
): ReadableStream<Uint8Array> {
  const decoded =
    encoding === 'identity'
      ? message
      : message.pipe(
          encoding === 'br'
            ? createBrotliDecompress()
            : encoding === 'deflate'
              ? createInflate()
              : createGunzip(),
        );
  if (decoded !== message) {
    message.once('error', (error) => decoded.destroy(error));
    // A stream cancelled by its reader ends the response under it too.
    decoded.once('close', () => {
      if (!message.complete) message.destroy();
    });
  }
  if (signal !== undefined) {
    const onAbort = (): void => {
      message.destroy(signal.reason);
      if (decoded !== message) decoded.destroy(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    message.once('close', () => signal.removeEventListener('abort', onAbort));
  }
  return (Readable.toWeb(decoded) as ReadableStream<Uint8Array>).pipeThrough(
    countEventStream(options.maxMessageBytes, options.onOversize),
  );
}

function plainHeaders(headers: RequestInit['headers']): Record<string, string> {
  const plain: Record<string, string> = {};
  if (headers === undefined) return plain;
  // Headers checks names and values as fetch does, and joins repeated ones.
  for (const [name, value] of headers instanceof Headers ? headers : new Headers(headers)) {
    plain[name] = value;
  }
  return plain;
}

function responseHeaders(message: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = message.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    headers.append(raw[index] as string, raw[index + 1] as string);
  }
  return headers;
}
