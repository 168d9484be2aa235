import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { type LimitedBody, readLimitedBody } from '../../gateway/read-limited-body.js';
import { NULL_BODY_STATUSES, type UpstreamResponse } from '../../gateway/upstream-response.js';

/** Options of {@link createNodeUpstreamFetch}. */
export interface NodeUpstreamFetchOptions {
  /**
   * Open connections kept per upstream host; requests beyond it wait for one to be free.
   * @defaultValue 256
   */
  maxSockets?: number;
}

/** A fetch to the upstream over Node's HTTP client, with connections kept alive. */
export interface NodeUpstreamFetch {
  /**
   * The runtime's `fetch(url, init)` contract as far as the gateway's `fetch` option reads it:
   * status, headers and a `body` stream, plus `readWhole`, which reads a whole answer without
   * building the stream.
   */
  fetch(url: string, init: RequestInit): Promise<UpstreamResponse>;
  /** Closes the idle kept-alive connections. */
  close(): void;
}

/**
 * The gateway's upstream fetch on Node's own HTTP client (`node:http` / `node:https` with
 * keep-alive agents) instead of the runtime's `fetch`: on Node 20 about half of a proxied
 * request's CPU went to undici's fetch (a `Request` and body stream built per call, headers
 * validated twice), and this client does the same job for much less. Only the command uses it;
 * the Web-standard handler takes it through its `fetch` option. It keeps fetch's contract where
 * the gateway relies on it: the `signal` aborts the request (and the body), a failure to connect
 * rejects with a `TypeError` whose `cause` is the socket error, a body the upstream compressed
 * anyway is decoded, and the answer's body is a `ReadableStream` read with back pressure.
 *
 * @example
 * ```ts
 * const upstreamFetch = createNodeUpstreamFetch();
 * const gateway = createGateway({ upstream: 'https://api.openai.com', fetch: upstreamFetch.fetch });
 * ```
 */
export function createNodeUpstreamFetch(options: NodeUpstreamFetchOptions = {}): NodeUpstreamFetch {
  const maxSockets = options.maxSockets ?? 256;
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets }),
    https: new https.Agent({ keepAlive: true, maxSockets }),
  };
  const send = (url: string, init: RequestInit): Promise<UpstreamResponse> =>
    new Promise<UpstreamResponse>((resolve, reject) => {
      const target = new URL(url);
      const secure = target.protocol === 'https:';
      if (!secure && target.protocol !== 'http:') {
        reject(new TypeError(`fetch failed: ${target.protocol} is not http: or https:`));
        return;
      }
      const headers = headerRecord(init.headers);
      const body = init.body;
      let bytes: Uint8Array | undefined;
      if (typeof body === 'string') bytes = Buffer.from(body);
      else if (body instanceof Uint8Array) bytes = body;
      else if (body instanceof ArrayBuffer) bytes = new Uint8Array(body);
      if (bytes !== undefined) headers['content-length'] = String(bytes.byteLength);
      const signal = init.signal ?? undefined;
      if (signal?.aborted === true) {
        reject(signal.reason);
        return;
      }
      const request = (secure ? https : http).request(target, {
        method: init.method ?? 'GET',
        headers,
        agent: secure ? agents.https : agents.http,
      });
      let settled = false;
      const onAbort = (): void => {
        request.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
        if (!settled) {
          settled = true;
          reject(signal?.reason);
        }
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      request.once('error', (error) => {
        signal?.removeEventListener('abort', onAbort);
        if (settled) return;
        settled = true;
        reject(new TypeError('fetch failed', { cause: error }));
      });
      request.once('response', (incoming) => {
        settled = true;
        const responseHeaders = new Headers();
        const raw = incoming.rawHeaders;
        for (let index = 0; index < raw.length; index += 2) {
          responseHeaders.append(raw[index] as string, raw[index + 1] as string);
        }
        const status = incoming.statusCode ?? 502;
        const empty = NULL_BODY_STATUSES.has(status) || init.method === 'HEAD';
        const done = (): void => signal?.removeEventListener('abort', onAbort);
        let source: Readable = incoming;
        const encoding = responseHeaders.get('content-encoding')?.trim().toLowerCase();
        // The gateway asks for no encoding; an upstream that compresses anyway is decoded, as
        // fetch would, since the header is not passed back.
        const decode =
          encoding === 'gzip' || encoding === 'x-gzip'
            ? zlib.createGunzip()
            : encoding === 'deflate'
              ? zlib.createInflate()
              : encoding === 'br'
                ? zlib.createBrotliDecompress()
                : undefined;
        if (decode !== undefined && !empty) {
          incoming.on('error', (error) => decode.destroy(error));
          incoming.on('aborted', () => decode.destroy(new Error('terminated')));
          source = incoming.pipe(decode);
        }
        if (empty) {
          incoming.resume();
          incoming.once('end', done);
        }
        // The stream is built when `body` is read; an answer read whole never builds it (and has
        // no body left after).
        let stream: ReadableStream<Uint8Array> | null | undefined;
        const body = (): ReadableStream<Uint8Array> | null => {
          if (stream === undefined) stream = empty ? null : streamOf(source, incoming, done);
          return stream;
        };
        resolve({
          status,
          statusText: incoming.statusMessage ?? '',
          ok: status >= 200 && status <= 299,
          headers: responseHeaders,
          get body() {
            return body();
          },
          readWhole(maxBytes) {
            if (stream !== undefined || empty) return readLimitedBody(body(), maxBytes);
            stream = null;
            return readWhole(source, incoming, done, maxBytes);
          },
        });
      });
      if (bytes !== undefined) {
        request.end(bytes);
      } else if (body instanceof ReadableStream) {
        void writeStream(body as ReadableStream<Uint8Array>, request);
      } else {
        request.end();
      }
    });
  return {
    fetch: send,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

function headerRecord(init: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (init === undefined) return out;
  const headers = init instanceof Headers ? init : new Headers(init);
  headers.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

// The answer's bytes as a Web stream, one chunk per socket read, pausing the socket while the
// reader is behind; a connection cut before the end errors the stream (as fetch's "terminated").
function streamOf(
  source: Readable,
  incoming: http.IncomingMessage,
  done: () => void,
): ReadableStream<Uint8Array> {
  let finished = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      source.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) source.pause();
      });
      source.once('end', () => {
        finished = true;
        done();
        controller.close();
      });
      const fail = (error: Error): void => {
        if (finished) return;
        finished = true;
        done();
        controller.error(new TypeError('terminated', { cause: error }));
      };
      source.once('error', fail);
      incoming.once('aborted', () => fail(new Error('The upstream closed the connection.')));
      incoming.once('close', () => {
        if (!incoming.complete) fail(new Error('The upstream closed the connection.'));
      });
    },
    pull() {
      source.resume();
    },
    cancel() {
      finished = true;
      done();
      incoming.destroy();
      if (source !== incoming) source.destroy();
    },
  });
}

// The answer's bytes in one piece, with the stream's failures: over `maxBytes` the connection is
// dropped (the rest is never read), and a connection cut before the end rejects as fetch's
// "terminated".
function readWhole(
  source: Readable,
  incoming: http.IncomingMessage,
  done: () => void,
  maxBytes: number,
): Promise<LimitedBody> {
  return new Promise<LimitedBody>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let finished = false;
    source.on('data', (chunk: Buffer) => {
      if (finished) return;
      total += chunk.byteLength;
      if (total > maxBytes) {
        finished = true;
        done();
        incoming.destroy();
        if (source !== incoming) source.destroy();
        resolve({ tooLarge: true });
        return;
      }
      chunks.push(chunk);
    });
    source.once('end', () => {
      if (finished) return;
      finished = true;
      done();
      const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
      resolve({ tooLarge: false, bytes });
    });
    const fail = (error: Error): void => {
      if (finished) return;
      finished = true;
      done();
      reject(new TypeError('terminated', { cause: error }));
    };
    source.once('error', fail);
    incoming.once('aborted', () => fail(new Error('The upstream closed the connection.')));
    incoming.once('close', () => {
      if (!incoming.complete) fail(new Error('The upstream closed the connection.'));
    });
  });
}

async function writeStream(
  body: ReadableStream<Uint8Array>,
  request: http.ClientRequest,
): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!request.write(value)) {
        await new Promise<void>((resolve) => {
          const settle = (): void => {
            request.off('drain', settle);
            request.off('close', settle);
            resolve();
          };
          request.on('drain', settle);
          request.on('close', settle);
        });
      }
      if (request.destroyed) {
        await reader.cancel().catch(() => undefined);
        return;
      }
    }
    request.end();
  } catch (error) {
    request.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}
