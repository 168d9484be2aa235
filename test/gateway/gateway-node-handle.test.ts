import OpenAI from 'openai';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createNodeUpstreamFetch } from '../../src/cli/gateway/create-node-upstream-fetch.js';
import {
  type ServedFetchHandler,
  serveFetchHandler,
} from '../../src/cli/gateway/serve-fetch-handler.js';
import { createGateway, type GatewayOptions } from '../../src/gateway/index.js';
import { LONG_FIXTURE } from '../conformance/fixtures.js';
import { chatSubject } from './support/gateway-subjects.js';
import { stubsClosedBy } from './support/start-stub-upstream.js';

// The gateway as `toolwire gateway` serves it: its plain-parts handler (no Request or Response)
// behind the Node bridge, Node's HTTP client upstream.
const upstreamFetch = createNodeUpstreamFetch();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => upstreamFetch.close());

async function serve(options: GatewayOptions): Promise<ServedFetchHandler> {
  const gateway = createGateway({ fetch: upstreamFetch.fetch, ...options });
  const served = await serveFetchHandler({ handle: gateway.handle });
  cleanups.push(() => served.close());
  return served;
}

const stub = stubsClosedBy(cleanups);

const openaiClient = (url: string) =>
  new OpenAI({ apiKey: 'sk-secret', baseURL: `${url}/v1`, maxRetries: 0 });

// A chat answer calling the first tool the upstream was offered, by its wire name.
const callFirstTool = (text: string) => {
  const wire = (JSON.parse(text) as { tools: { function: { name: string } }[] }).tools[0]?.function
    .name;
  const call = { id: 'c1', type: 'function', function: { name: wire, arguments: '{}' } };
  return JSON.stringify({
    id: 'x',
    object: 'chat.completion',
    created: 1,
    model: 'm',
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: { role: 'assistant', content: null, tool_calls: [call] },
      },
    ],
  });
};

describe('gateway served through handle (the command)', () => {
  it("should answer with the caller's names, the whole body sent with its length", async () => {
    const upstream = await stub((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(callFirstTool(request.text));
    });
    const served = await serve({ upstream: upstream.url });
    const body = chatSubject.build(LONG_FIXTURE) as { tools: { function: { name: string } }[] };
    const response = await fetch(`${served.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-secret' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    const answer = JSON.parse(text) as {
      choices: { message: { tool_calls: { function: { name: string } }[] } }[];
    };
    expect(answer.choices[0]?.message.tool_calls[0]?.function.name).toBe(
      body.tools[0]?.function.name,
    );
    expect(upstream.requests[0]?.headers.authorization).toBe('Bearer sk-secret');
  });

  it('should pass a body on an unknown path through', async () => {
    const upstream = await stub((request, response) => {
      response.writeHead(201, { 'content-type': 'text/plain' });
      response.end(`got ${request.text.length}`);
    });
    const served = await serve({ upstream: upstream.url });
    const response = await fetch(`${served.url}/v1/files`, {
      method: 'POST',
      body: 'y'.repeat(3000),
    });
    expect(response.status).toBe(201);
    expect(await response.text()).toBe('got 3000');
  });

  it('should stream an event-stream answer through, resolved', async () => {
    const upstream = await stub((request, response) => {
      const wire = (JSON.parse(request.text) as { tools: { function: { name: string } }[] })
        .tools[0]?.function.name;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = {
        id: 'x',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'm',
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [
                { index: 0, id: 'c1', type: 'function', function: { name: wire, arguments: '{}' } },
              ],
            },
            finish_reason: null,
          },
        ],
      };
      response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      response.end('data: [DONE]\n\n');
    });
    const served = await serve({ upstream: upstream.url });
    const body = chatSubject.build(LONG_FIXTURE) as { tools: { function: { name: string } }[] };
    const stream = await openaiClient(served.url).chat.completions.create({
      ...(body as unknown as OpenAI.Chat.ChatCompletionCreateParamsStreaming),
      stream: true,
    });
    const names: string[] = [];
    for await (const chunk of stream) {
      for (const call of chunk.choices[0]?.delta.tool_calls ?? []) {
        if (call.function?.name !== undefined) names.push(call.function.name);
      }
    }
    expect(names).toEqual([body.tools[0]?.function.name]);
  });
});
