import http from 'node:http';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNodeUpstreamFetch } from '../../src/cli/gateway/create-node-upstream-fetch.js';
import {
  type ServedFetchHandler,
  serveFetchHandler,
} from '../../src/cli/gateway/serve-fetch-handler.js';
import { createGateway, type GatewayOptions } from '../../src/gateway/index.js';
import { LONG_FIXTURE } from '../conformance/fixtures.js';
import { anthropicModule } from '../provider-server/anthropic-module.js';
import { startProviderServer } from '../provider-server/start-provider-server.js';
import { freePort } from '../support/free-port.js';
import { anthropicSubject, chatSubject } from './support/gateway-subjects.js';
import { stubsClosedBy } from './support/start-stub-upstream.js';

const cleanups: (() => Promise<void>)[] = [];
const closers: (() => void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// Every fault, with the runtime's fetch (the Web handler's default), with the Node client the
// command uses, which must keep fetch's contract (aborts, connection errors, cut streams), and as
// the command serves the gateway: that client, and `gateway.handle` instead of Request/Response.
const upstreamFetches: { name: string; fetch: GatewayOptions['fetch']; handle: boolean }[] = [
  { name: 'runtime fetch', fetch: undefined, handle: false },
  { name: 'node upstream fetch', fetch: undefined, handle: false },
  { name: 'the command: node upstream fetch and gateway.handle', fetch: undefined, handle: true },
];
let current: (typeof upstreamFetches)[number] | undefined;

async function serve(options: GatewayOptions): Promise<ServedFetchHandler> {
  const fetch = current?.fetch;
  const gateway = createGateway(fetch === undefined ? options : { fetch, ...options });
  const served = await serveFetchHandler(
    current?.handle === true
      ? { handle: gateway.handle }
      : { fetch: (request) => gateway.fetch(request) },
  );
  cleanups.push(() => served.close());
  return served;
}

const stub = stubsClosedBy(cleanups);

const anthropicClient = (baseURL: string) =>
  new Anthropic({ apiKey: 'sk-ant-secret', baseURL, maxRetries: 0 });
const openaiClient = (baseUrl: string) =>
  new OpenAI({ apiKey: 'sk-secret', baseURL: `${baseUrl}/v1`, maxRetries: 0 });

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

describe.each(upstreamFetches)('gateway faults ($name)', (upstreamFetch) => {
  beforeAll(() => {
    if (upstreamFetch.name !== 'runtime fetch') {
      const client = createNodeUpstreamFetch();
      upstreamFetch.fetch = client.fetch;
      closers.push(() => client.close());
    }
    current = upstreamFetch;
  });
  afterAll(() => {
    for (const close of closers.splice(0)) close();
    current = undefined;
  });

  it('should answer 502 with a clear body in the caller shape when the upstream is down', async () => {
    const port = await freePort();
    const served = await serve({ upstream: `http://127.0.0.1:${port}` });
    const error = await anthropicClient(served.url)
      .messages.create(anthropicSubject.build(LONG_FIXTURE) as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    const apiError = error as InstanceType<typeof Anthropic.APIError>;
    expect(apiError.status).toBe(502);
    expect(apiError.error).toMatchObject({ type: 'error', error: { type: 'api_error' } });
    expect(apiError.message).toContain(`Upstream http://127.0.0.1:${port}: no answer`);
    expect(apiError.message).toContain('ECONNREFUSED');
  });

  it('should cancel the upstream request when the caller cancels a slow request', async () => {
    const upstream = await stub(() => {
      // Never answers: the model is "thinking".
    });
    const served = await serve({ upstream: upstream.url });
    const controller = new AbortController();
    const pending = openaiClient(served.url)
      .chat.completions.create(chatSubject.build(LONG_FIXTURE) as never, {
        signal: controller.signal,
      })
      .catch((caught: unknown) => caught);
    while (upstream.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    expect(await pending).toBeInstanceOf(OpenAI.APIUserAbortError);
    // The upstream sees its request dropped: the cancel went all the way through.
    await upstream.abandoned;
  });

  it('should end an Anthropic stream the upstream cuts mid-arguments with an error event', async () => {
    const upstream = await stub((request, response) => {
      const tool = (JSON.parse(request.text) as { tools: { name: string }[] }).tools[0]?.name;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const message = { id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [] };
      response.write(sse('message_start', { type: 'message_start', message }));
      response.write(
        sse('content_block_start', {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'tool_use', id: 'toolu_1', name: tool, input: {} },
        }),
      );
      response.write(
        sse('content_block_delta', {
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'input_json_delta', partial_json: '{"pageId": "4' },
        }),
      );
      setTimeout(() => response.destroy(), 20);
    });
    const served = await serve({ upstream: upstream.url });
    const names: string[] = [];
    const stream = anthropicClient(served.url).messages.stream(
      anthropicSubject.build(LONG_FIXTURE) as never,
    );
    stream.on('streamEvent', (event) => {
      if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
        names.push(event.content_block.name);
      }
    });
    const error = await stream.finalMessage().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as Error).message).toContain('Upstream stream interrupted');
    // The call that did start was already resolved to the caller's name.
    expect(names).toEqual([LONG_FIXTURE.tools[0]?.name]);
  });

  it('should end a Chat Completions stream the upstream cuts mid-arguments with an error', async () => {
    const upstream = await stub((request, response) => {
      const tool = (JSON.parse(request.text) as { tools: { function: { name: string } }[] })
        .tools[0]?.function.name;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: unknown) => ({
        id: 'c1',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'm',
        choices: [{ index: 0, delta, finish_reason: null }],
      });
      response.write(
        `data: ${JSON.stringify(chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: tool, arguments: '{"page' } }] }))}\n\n`,
      );
      // Ends cleanly at the TCP level, but before [DONE]: still a cut answer.
      setTimeout(() => response.end(), 20);
    });
    const served = await serve({ upstream: upstream.url });
    const stream = await openaiClient(served.url).chat.completions.create({
      ...(chatSubject.build(
        LONG_FIXTURE,
      ) as unknown as OpenAI.Chat.ChatCompletionCreateParamsStreaming),
      stream: true,
    });
    const names: string[] = [];
    const error = await (async () => {
      for await (const chunk of stream) {
        for (const call of chunk.choices[0]?.delta.tool_calls ?? []) {
          if (call.function?.name !== undefined) names.push(call.function.name);
        }
      }
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as Error).message).toContain('Upstream stream interrupted');
    expect(names).toEqual([LONG_FIXTURE.tools[0]?.name]);
  });

  it('should answer 500 when the upstream cuts a JSON answer it must resolve', async () => {
    const upstream = await stub((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"id":"x","choices":[');
      setTimeout(() => response.destroy(), 20);
    });
    const served = await serve({ upstream: upstream.url });
    const response = await fetch(`${served.url}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify(chatSubject.build(LONG_FIXTURE)),
    });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('terminated');
  });

  it('should refuse a body over the limit with 413, on rewritten and passed-through paths', async () => {
    const upstream = await stub((_request, response) => response.end('{}'));
    const served = await serve({ upstream: upstream.url, maxBodyBytes: 500 });
    const error = await anthropicClient(served.url)
      .messages.create(anthropicSubject.build(LONG_FIXTURE) as never)
      .catch((caught: unknown) => caught);
    expect((error as { status?: number }).status).toBe(413);
    expect((error as { error?: unknown }).error).toMatchObject({
      error: { type: 'request_too_large' },
    });
    for (const path of ['/v1/messages', '/v1/files']) {
      // Chunked (no content-length): the limit holds while reading, not only from the header.
      const response = await fetch(`${served.url}${path}`, {
        method: 'POST',
        body: new ReadableStream({
          start(controller) {
            for (let index = 0; index < 10; index++) {
              controller.enqueue(new TextEncoder().encode('x'.repeat(100)));
            }
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
      expect(response.status, path).toBe(413);
    }
    expect(upstream.requests).toEqual([]);
  });

  it('should answer malformed JSON with 400 in each caller API shape', async () => {
    const upstream = await stub((_request, response) => response.end('{}'));
    const served = await serve({ upstream: upstream.url });
    const post = (path: string) =>
      fetch(`${served.url}${path}`, { method: 'POST', body: '{"model": "x", ' }).then(
        async (response) => ({ status: response.status, body: await response.json() }),
      );
    expect(await post('/v1/chat/completions')).toMatchObject({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          message: expect.stringMatching(/^Request body: not JSON/),
        },
      },
    });
    expect(await post('/v1/messages')).toMatchObject({
      status: 400,
      body: { type: 'error', error: { type: 'invalid_request_error' } },
    });
    expect(await post('/v1beta/models/gemini-2.5-flash:generateContent')).toMatchObject({
      status: 400,
      body: { error: { code: 400, status: 'INVALID_ARGUMENT' } },
    });
    // A body that is JSON but not a request of the API: the adapter's INVALID_REQUEST, as a 400.
    const wrong = await fetch(`${served.url}/v1/messages`, {
      method: 'POST',
      body: '{"messages": 3}',
    });
    expect(wrong.status).toBe(400);
    expect(upstream.requests).toEqual([]);
  });

  it('should pass an unknown path through untouched, with hop-by-hop and gateway headers dropped', async () => {
    const answer = '{"object":"list","data":[{"id":"gpt-test","object":"model"}]}';
    const upstream = await stub((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_1' });
      response.end(answer);
    });
    const served = await serve({ upstream: upstream.url });
    // node:http, because fetch refuses to send hop-by-hop headers at all.
    const response = await new Promise<{ status: number; text: string; id: unknown }>(
      (resolve, reject) => {
        http
          .get(
            `${served.url}/v1/models?limit=2`,
            {
              headers: {
                authorization: 'Bearer sk-secret',
                'x-toolwire-envelope': 'bedrock',
                connection: 'keep-alive, x-hop',
                'x-hop': 'dropped',
                'keep-alive': 'timeout=5',
                'x-custom': 'kept',
              },
            },
            (incoming) => {
              let text = '';
              incoming.on('data', (chunk: Buffer) => {
                text += chunk.toString();
              });
              incoming.on('end', () =>
                resolve({
                  status: incoming.statusCode ?? 0,
                  text,
                  id: incoming.headers['x-request-id'],
                }),
              );
            },
          )
          .on('error', reject);
      },
    );
    expect(response).toEqual({ status: 200, text: answer, id: 'req_1' });
    const [seen] = upstream.requests;
    expect(seen?.url).toBe('/v1/models?limit=2');
    expect(seen?.headers.authorization).toBe('Bearer sk-secret');
    expect(seen?.headers['x-custom']).toBe('kept');
    expect(seen?.headers['x-toolwire-envelope']).toBeUndefined();
    expect(seen?.headers['keep-alive']).toBeUndefined();
    expect(seen?.headers['x-hop']).toBeUndefined();
  });

  it('should require its own token when given one, and never forward it', async () => {
    const upstream = await stub((_request, response) => response.end('{"data":[]}'));
    const served = await serve({ upstream: upstream.url, token: 'gateway-token' });
    const denied = await fetch(`${served.url}/v1/messages`, { method: 'POST', body: '{}' });
    expect(denied.status).toBe(401);
    expect(await denied.json()).toMatchObject({ error: { type: 'authentication_error' } });
    const wrong = await fetch(`${served.url}/v1/models`, {
      headers: { 'x-toolwire-token': 'nope' },
    });
    expect(wrong.status).toBe(401);
    const allowed = await fetch(`${served.url}/v1/models`, {
      headers: { 'x-toolwire-token': 'gateway-token', authorization: 'Bearer sk-upstream' },
    });
    expect(allowed.status).toBe(200);
    expect(upstream.requests[0]?.headers.authorization).toBe('Bearer sk-upstream');
    expect(upstream.requests[0]?.headers['x-toolwire-token']).toBeUndefined();
  });

  it('should fit names to the envelope a request picks by header (Anthropic API, Bedrock names)', async () => {
    const provider = await startProviderServer({ modules: [anthropicModule] });
    cleanups.push(() => provider.close());
    const served = await serve({ upstream: provider.url });
    const client = new Anthropic({
      apiKey: 'sk-ant-secret',
      baseURL: served.url,
      maxRetries: 0,
      defaultHeaders: { 'x-toolwire-envelope': 'bedrock' },
    });
    provider.script = (_request, tools) => [{ name: tools[0]?.name ?? '', arguments: {}, id: 'c' }];
    const message = await client.messages.create(anthropicSubject.build(LONG_FIXTURE) as never);
    const sent = provider.lastRequest();
    expect(sent.headers['x-toolwire-envelope']).toBeUndefined();
    const names = (sent.body as { tools: { name: string }[] }).tools.map((tool) => tool.name);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(64);
    expect(message.content[0]).toMatchObject({ name: LONG_FIXTURE.tools[0]?.name });
    const bad = await fetch(`${served.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-toolwire-envelope': 'nope' },
      body: '{"messages": []}',
    });
    expect(bad.status).toBe(400);
  });

  it("should hand back an upstream error with the caller's names in its message", async () => {
    const upstream = await stub((request, response) => {
      const tool = (JSON.parse(request.text) as { tools: { function: { name: string } }[] })
        .tools[0]?.function.name;
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: {
            message: `Invalid schema for function '${tool}': context=('properties',).`,
            type: 'invalid_request_error',
            param: 'tools[0].function.parameters',
            code: 'invalid_function_parameters',
          },
        }),
      );
    });
    const served = await serve({ upstream: upstream.url });
    const error = await openaiClient(served.url)
      .chat.completions.create(chatSubject.build(LONG_FIXTURE) as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const canonical = LONG_FIXTURE.tools[0]?.name as string;
    expect((error as Error).message).toContain(`function '${canonical}'`);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).code).toBe(
      'invalid_function_parameters',
    );
  });
});
