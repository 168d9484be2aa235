import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FetchLike, limitFetch } from './limit-fetch.js';
import { createNodeHttpFetch } from './node-http-fetch.js';

/** What the test server answers, decided by the request (path and headers), so both fetches see one. */
interface Scripted {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const scripted = new Map<string, Scripted>();
const received: {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}[] = [];
let server: Server;
let base: string;

function handle(request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const url = request.url ?? '';
    received.push({
      method: request.method ?? '',
      url,
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    if (url === '/redirect') {
      response.writeHead(307, { location: '/json' }).end();
      return;
    }
    if (url === '/stream') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('event: message\ndata: {"a":1}\n\n');
      setTimeout(() => response.end('data: {"b":2}\n\n'), 10);
      return;
    }
    if (url === '/hang') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: {}\n\n');
      return;
    }
    const answer = scripted.get(url) ?? {
      status: 200,
      headers: { 'content-type': 'application/json', 'mcp-session-id': 'session-1' },
      body: Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}'),
    };
    response.writeHead(answer.status, answer.headers).end(answer.body);
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function nodeFetch(maxMessageBytes = 1024 * 1024, oversized: Error[] = []): FetchLike {
  const onOversize = (error: Error): void => void oversized.push(error);
  return createNodeHttpFetch({
    maxMessageBytes,
    onOversize,
    fallback: limitFetch(globalThis.fetch, maxMessageBytes, onOversize),
  });
}

async function seen(response: Response): Promise<unknown> {
  const headers = Object.fromEntries(
    [...response.headers].filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
    ),
  );
  return {
    status: response.status,
    ok: response.ok,
    statusText: response.statusText,
    headers,
    body: response.body === null ? null : await response.text(),
  };
}

const post = (body: string): RequestInit => ({
  method: 'POST',
  headers: new Headers({
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  }),
  body,
});

describe('createNodeHttpFetch', () => {
  it('answers exactly as fetch does: status, headers, decoded body (property)', async () => {
    const encodings = {
      identity: (body: Buffer) => body,
      gzip: gzipSync,
      deflate: deflateSync,
      br: brotliCompressSync,
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(200, 201, 202, 204, 400, 404, 405, 500),
        fc.constantFrom(...(Object.keys(encodings) as (keyof typeof encodings)[])),
        fc.string({ maxLength: 200 }),
        fc.constantFrom('application/json', 'text/plain; charset=utf-8'),
        async (status, encoding, text, type) => {
          const path = `/case-${status}-${encoding}`;
          const body = status === 204 ? Buffer.alloc(0) : encodings[encoding](Buffer.from(text));
          scripted.set(path, {
            status,
            headers: {
              'content-type': type,
              'x-extra': 'one',
              ...(encoding === 'identity' || status === 204
                ? {}
                : { 'content-encoding': encoding }),
            },
            body,
          });
          const expected = await seen(await fetch(`${base}${path}`, post('{"id":1}')));
          const actual = await seen(await nodeFetch()(`${base}${path}`, post('{"id":1}')));
          expect(actual).toEqual(expected);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('sends the method, headers and body it is given, as fetch does', async () => {
    received.length = 0;
    await nodeFetch()(`${base}/json`, {
      ...post('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'),
      headers: [
        ['Authorization', 'Bearer token'],
        ['content-type', 'application/json'],
      ],
    });
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.body).toBe('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
    expect(request?.headers).toMatchObject({
      authorization: 'Bearer token',
      'content-type': 'application/json',
      'content-length': '46',
      'accept-encoding': 'gzip, deflate, br',
    });
  });

  it('streams an event stream as it comes', async () => {
    const response = await nodeFetch()(`${base}/stream`);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe('event: message\ndata: {"a":1}\n\ndata: {"b":2}\n\n');
  });

  it('bounds a JSON body, a compressed one by what it decodes to, and each stream event', async () => {
    const oversized: Error[] = [];
    const limited = nodeFetch(1000, oversized);
    scripted.set('/big', {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(5000, 'a'),
    });
    scripted.set('/bomb', {
      status: 200,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(Buffer.alloc(100_000, 'a')),
    });
    scripted.set('/big-event', {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      body: Buffer.from(`data: ${'a'.repeat(2000)}\n\n`),
    });
    for (const path of ['/big', '/bomb']) {
      const failure = await limited(`${base}${path}`).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TypeError);
      expect(((failure as Error).cause as Error).message).toContain('maxMessageBytes');
    }
    const stream = await limited(`${base}/big-event`);
    await expect(stream.text()).rejects.toThrow(/maxMessageBytes/);
    expect(oversized).toHaveLength(3);
    // Small events of a long stream are each within the bound.
    expect(await (await nodeFetch(40)(`${base}/stream`)).text()).toContain('{"b":2}');
  });

  it('leaves a redirect to the SDK under redirect: manual, refuses it under error, and follows it as fetch does', async () => {
    const manual = await nodeFetch()(`${base}/redirect`, { ...post('{}'), redirect: 'manual' });
    expect(manual.status).toBe(307);
    expect(manual.headers.get('location')).toBe('/json');
    await expect(
      nodeFetch()(`${base}/redirect`, { ...post('{}'), redirect: 'error' }),
    ).rejects.toBeInstanceOf(TypeError);
    received.length = 0;
    const followed = await nodeFetch()(`${base}/redirect`, post('{"x":1}'));
    expect(followed.status).toBe(200);
    expect(received.map((request) => [request.method, request.url, request.body])).toEqual([
      ['POST', '/redirect', '{"x":1}'],
      ['POST', '/redirect', '{"x":1}'],
      ['POST', '/json', '{"x":1}'],
    ]);
  });

  it('rejects with the signal reason when aborted before or while waiting, and ends a stream it was reading', async () => {
    const early = new AbortController();
    early.abort(new Error('stopped early'));
    await expect(nodeFetch()(`${base}/json`, { signal: early.signal })).rejects.toThrow(
      'stopped early',
    );
    const late = new AbortController();
    const response = await nodeFetch()(`${base}/hang`, { signal: late.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: {}\n\n');
    late.abort(new Error('stopped late'));
    await expect(reader.read()).rejects.toBeDefined();
  });

  it('fails as fetch does when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const failure = await nodeFetch()(`http://127.0.0.1:${port}/mcp`).catch((error) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure.message).toBe('fetch failed');
    expect((failure.cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });
});
