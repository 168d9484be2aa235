import type OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServedFetchHandler } from '../../src/cli/gateway/serve-fetch-handler.js';
import { buildResponsesRequest } from '../conformance/fixture-requests.js';
import { type ConformanceFixture, DOTTED_FIXTURE, LONG_FIXTURE } from '../conformance/fixtures.js';
import { openaiResponsesModule } from '../provider-server/openai-responses-module.js';
import {
  type ProviderServer,
  startProviderServer,
} from '../provider-server/start-provider-server.js';
import { bigFixture } from './support/gateway-fixtures.js';
import { openaiClient, serveGateway } from './support/serve-gateway.js';

// Issue 11: "the caller sees only its own names". A Responses API answer echoes the request's
// `tools` and `tool_choice` as the upstream got them (wire names, alias notes, projected
// schemas), in the plain answer and in the `response` of the stream's lifecycle events.
describe('gateway: the tools a Responses answer echoes, with the openai SDK', () => {
  let provider: ProviderServer;
  let served: ServedFetchHandler;
  beforeAll(async () => {
    provider = await startProviderServer({ modules: [openaiResponsesModule] });
    served = await serveGateway({ upstream: provider.url });
  });
  afterAll(async () => {
    await served.close();
    await provider.close();
  });

  const client = () => openaiClient(served.url);

  it("should give back the caller's own namespaces and their members, plain and streamed", async () => {
    const server =
      'a-very-long-server-key-for-the-hostile-tool-catalog-in-production-xxxxxxxxxxxxxx';
    const tools = [
      { type: 'function', name: 'plain.tool', parameters: { type: 'object', properties: {} } },
      {
        type: 'namespace',
        name: server,
        description: 'The hostile catalog.',
        tools: [
          {
            type: 'function',
            name: 'get.user',
            description: 'Gets a user.',
            parameters: { type: 'object', properties: { id: { type: 'string' } } },
          },
          {
            type: 'function',
            name: 'x'.repeat(80),
            parameters: { type: 'object', properties: {} },
          },
        ],
      },
      { type: 'namespace', name: 'short', tools: [{ type: 'function', name: 'get.user' }] },
    ];
    provider.script = (_request, wire) => [
      {
        name: wire[1]?.name ?? '',
        arguments: {},
        id: 'call_1',
        namespace: wire[1]?.namespace ?? '',
      },
    ];
    const request = { model: 'gpt-5', input: 'Find the user.', tools } as never;
    const created = (await client().responses.create(request)) as OpenAI.Responses.Response;
    const sent = (provider.lastRequest().body as { tools: { name: string }[] }).tools;
    // The upstream got wire names, for the namespace and its members.
    expect(sent[1]?.name).not.toBe(server);
    expect(created.tools).toEqual(tools);
    expect(created.output[0]).toMatchObject({ namespace: server, name: 'get.user' });

    const events = await client().responses.create({
      ...(request as object),
      stream: true,
    } as never);
    let completed = 0;
    for await (const event of events as unknown as AsyncIterable<OpenAI.Responses.ResponseStreamEvent>) {
      if (event.type === 'response.completed') {
        completed++;
        expect(event.response.tools).toEqual(tools);
      }
    }
    expect(completed).toBe(1);
  });

  const fixtures: ConformanceFixture[] = [LONG_FIXTURE, DOTTED_FIXTURE, bigFixture()];
  for (const fixture of fixtures) {
    it(`should give back the caller's own tools and choice, plain and streamed (${fixture.label})`, async () => {
      provider.script = (_request, tools) => [
        { name: tools[0]?.name ?? '', arguments: {}, id: 'call_1' },
      ];
      const request = buildResponsesRequest(fixture);
      const expectEcho = (response: OpenAI.Responses.Response, where: string) => {
        expect(response.tools, where).toEqual(request.tools);
        if (request.tool_choice !== undefined) {
          expect(response.tool_choice, where).toEqual(request.tool_choice);
        }
      };
      const created = await client().responses.create(request);
      // The provider got wire names: the echo differs from the request before resolution.
      expect(
        (provider.lastRequest().body as { tools: { name: string }[] }).tools.map(
          (tool) => tool.name,
        ),
      ).not.toEqual(request.tools?.map((tool) => (tool as { name: string }).name));
      expectEcho(created, 'plain');

      const events = await client().responses.create({ ...request, stream: true });
      const seen: string[] = [];
      for await (const event of events) {
        if (
          event.type === 'response.created' ||
          event.type === 'response.in_progress' ||
          event.type === 'response.completed'
        ) {
          seen.push(event.type);
          expectEcho(event.response, event.type);
        }
      }
      expect(seen).toEqual(['response.created', 'response.in_progress', 'response.completed']);
    });
  }
});
