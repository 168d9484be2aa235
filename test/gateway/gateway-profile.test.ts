import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ServedFetchHandler,
  serveFetchHandler,
} from '../../src/cli/gateway/serve-fetch-handler.js';
import { createGateway } from '../../src/gateway/index.js';
import { projectInputSchema } from '../../src/index.js';
import { type StubUpstream, startStubUpstream } from './support/start-stub-upstream.js';

// What Gemini rejects (litellm #14330, #12031): const, type arrays, additionalProperties, $schema.
const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
  properties: { kind: { const: 'issue' }, label: { type: ['string', 'null'] } },
};

// Issue 11, item 3: an OpenAI-compatible router in front of Gemini. The caller speaks Chat
// Completions; the upstream profile says what sits behind it.
describe('gateway upstream profile', () => {
  let upstream: StubUpstream;
  let served: ServedFetchHandler;
  beforeAll(async () => {
    upstream = await startStubUpstream((request, response) => {
      const tool = (JSON.parse(request.text) as { tools: { function: { name: string } }[] })
        .tools[0]?.function.name;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          created: 1,
          model: 'gemini-2.5-flash',
          choices: [
            {
              index: 0,
              finish_reason: 'tool_calls',
              message: {
                role: 'assistant',
                content: null,
                tool_calls: [
                  {
                    id: 'call_1',
                    type: 'function',
                    function: { name: tool, arguments: '{"kind":"issue","label":null}' },
                  },
                ],
              },
            },
          ],
        }),
      );
    });
    const gateway = createGateway({ upstream: { baseUrl: upstream.url, envelope: 'gemini' } });
    served = await serveFetchHandler({ fetch: (request) => gateway.fetch(request) });
  });
  afterAll(async () => {
    await served.close();
    await upstream.close();
  });

  const send = (headers: Record<string, string> = {}) =>
    new OpenAI({
      apiKey: 'sk-test',
      baseURL: `${served.url}/v1`,
      maxRetries: 0,
      defaultHeaders: headers,
    }).chat.completions.create({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'File it.' }],
      tools: [
        { type: 'function', function: { name: '1tracker__issues.create', parameters: SCHEMA } },
      ],
    });

  const sentTool = () =>
    (
      JSON.parse(upstream.requests.at(-1)?.text ?? '{}') as {
        tools: { function: { name: string; parameters: unknown } }[];
      }
    ).tools[0]?.function;

  it("should send Gemini's names and schemas when the profile's envelope is gemini, and resolve the call", async () => {
    const completion = await send();
    const sent = sentTool();
    expect(sent?.parameters).toEqual(projectInputSchema(SCHEMA, { target: 'gemini' }).schema);
    expect(sent?.parameters).not.toHaveProperty('additionalProperties');
    // Gemini wants a leading letter or underscore.
    expect(sent?.name).toMatch(/^[A-Za-z_]/);
    const call = completion.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && call.function.name).toBe('1tracker__issues.create');
  });

  it('should take another schema target, or another envelope, from request headers', async () => {
    await send({ 'x-toolwire-schema-target': 'openai' });
    expect(sentTool()?.parameters).toEqual(projectInputSchema(SCHEMA, { target: 'openai' }).schema);
    await send({ 'x-toolwire-envelope': 'anthropic' });
    expect(sentTool()?.parameters).toEqual(
      projectInputSchema(SCHEMA, { target: 'anthropic' }).schema,
    );
    for (const request of upstream.requests) {
      expect(Object.keys(request.headers).filter((key) => key.startsWith('x-toolwire'))).toEqual(
        [],
      );
    }
  });
});
