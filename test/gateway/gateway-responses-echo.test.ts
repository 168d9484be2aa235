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
