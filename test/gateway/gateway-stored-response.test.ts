import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeUpstreamFetch } from '../../src/cli/gateway/create-node-upstream-fetch.js';
import type { ServedFetchHandler } from '../../src/cli/gateway/serve-fetch-handler.js';
import { type GatewayLogEntry, UNRESOLVED_HEADER } from '../../src/gateway/index.js';
import { type ConformanceFixture, DOTTED_FIXTURE, LONG_FIXTURE } from '../conformance/fixtures.js';
import { openaiResponsesModule } from '../provider-server/openai-responses-module.js';
import {
  type ProviderServer,
  startProviderServer,
} from '../provider-server/start-provider-server.js';
import { bigFixture } from './support/gateway-fixtures.js';
import { responsesSubject } from './support/gateway-subjects.js';
import { openaiClient as client, serveGateway } from './support/serve-gateway.js';

// Issue 11: a stored Responses object read back (GET /v1/responses/{id}, and its input items)
// comes back with the caller's names, recovered from the response alone: the gateway keeps no
// state, and a second gateway that never saw the request resolves it the same.
describe('gateway: stored Responses objects read back with the openai SDK', () => {
  let provider: ProviderServer;
  let writer: ServedFetchHandler;
  let reader: ServedFetchHandler;
  const upstreamFetch = createNodeUpstreamFetch();
  const log: GatewayLogEntry[] = [];
  beforeAll(async () => {
    provider = await startProviderServer({ modules: [openaiResponsesModule] });
    // One replica creates, another reads back: nothing is shared between them.
    writer = await serveGateway({ upstream: provider.url, fetch: upstreamFetch.fetch });
    reader = await serveGateway({
      upstream: provider.url,
      fetch: upstreamFetch.fetch,
      log: (entry) => log.push(entry),
    });
  });
  afterAll(async () => {
    await writer.close();
    await reader.close();
    upstreamFetch.close();
    await provider.close();
  });

  const fixtures: ConformanceFixture[] = [LONG_FIXTURE, DOTTED_FIXTURE, bigFixture()];
  for (const fixture of fixtures) {
    it(`should resolve a retrieved response and its input items (${fixture.label})`, async () => {
      const last = fixture.tools.length - 1;
      provider.script = (_request, tools) => [
        { name: tools[0]?.name ?? '', arguments: { query: 'x' }, id: 'call_1' },
        { name: tools[last]?.name ?? '', arguments: {}, id: 'call_2' },
      ];
      const created = await client(writer.url).responses.create(
        responsesSubject.build(fixture) as never,
      );
      const expected = [fixture.tools[0]?.name, fixture.tools[last]?.name];
      const namesOf = (output: OpenAI.Responses.ResponseOutputItem[]) =>
        output.flatMap((item) => (item.type === 'function_call' ? [item.name] : []));
      expect(namesOf(created.output)).toEqual(expected);

      // Read straight from the provider, the stored object holds wire names only.
      const direct = await client(provider.url).responses.retrieve(created.id);
      expect(namesOf(direct.output)).not.toEqual(expected);

      const { data: retrieved, response } = await client(reader.url)
        .responses.retrieve(created.id)
        .withResponse();
      expect(response.headers.get(UNRESOLVED_HEADER)).toBeNull();
      expect(namesOf(retrieved.output)).toEqual(expected);
      expect(
        (retrieved.output as OpenAI.Responses.ResponseFunctionToolCall[]).map((item) =>
          JSON.parse(item.arguments),
        ),
      ).toEqual([{ query: 'x' }, {}]);
      expect(retrieved.tools.map((tool) => (tool as { name: string }).name)).toEqual(
        fixture.tools.map((tool) => tool.name),
      );
      expect(retrieved.tools.map((tool) => (tool as { description?: string }).description)).toEqual(
        fixture.tools.map((tool) => tool.description),
      );
      if (fixture.toolChoice !== undefined) {
        expect(retrieved.tool_choice).toEqual({ type: 'function', name: fixture.toolChoice });
      }

      const items = await client(reader.url).responses.inputItems.list(created.id);
      const history = items.data.flatMap((item) =>
        item.type === 'function_call' ? [item.name] : [],
      );
      expect(history.reverse()).toEqual(fixture.history.map((call) => call.name));
    });
  }

  it('should log the read with the tools it resolved and never a body', () => {
    const read = log.find((entry) => entry.api === 'openai-responses-get');
    expect(read).toMatchObject({ method: 'GET', status: 200, upstreamStatus: 200 });
    expect(read?.renamed).toBeGreaterThan(0);
    expect(read?.unresolved).toBeUndefined();
    expect(JSON.stringify(log)).not.toContain('secret');
  });

  it("should pass the provider's 404 for an unknown id through in OpenAI's shape", async () => {
    const error = await client(reader.url)
      .responses.retrieve('resp_missing')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
  });
});
