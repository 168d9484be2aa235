import type OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServedFetchHandler } from '../../src/cli/gateway/serve-fetch-handler.js';
import type { GatewayLogEntry } from '../../src/gateway/index.js';
import { type ConformanceFixture, DOTTED_FIXTURE, LONG_FIXTURE } from '../conformance/fixtures.js';
import { openaiResponsesModule } from '../provider-server/openai-responses-module.js';
import {
  type ProviderServer,
  startProviderServer,
} from '../provider-server/start-provider-server.js';
import { bigFixture } from './support/gateway-fixtures.js';
import { responsesSubject } from './support/gateway-subjects.js';
import { openaiClient as client, serveGateway } from './support/serve-gateway.js';

// Issue 11: a stored response replayed as a stream (GET /v1/responses/{id}?stream=true) comes
// back with the caller's names, recovered from the replay's own first event: one replica creates,
// another that never saw the request replays.
describe('gateway: a stored Responses object replayed as a stream, with the openai SDK', () => {
  let provider: ProviderServer;
  let writer: ServedFetchHandler;
  let reader: ServedFetchHandler;
  const log: GatewayLogEntry[] = [];
  beforeAll(async () => {
    provider = await startProviderServer({ modules: [openaiResponsesModule] });
    writer = await serveGateway({ upstream: provider.url });
    reader = await serveGateway({ upstream: provider.url, log: (entry) => log.push(entry) });
  });
  afterAll(async () => {
    await writer.close();
    await reader.close();
    await provider.close();
  });

  /** The names in a replay: of output items as they arrive, and of the final response's items and tools. */
  async function replay(url: string, id: string) {
    const events = await client(url).responses.retrieve(id, { stream: true });
    const added: string[] = [];
    const done: string[] = [];
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of events) {
      if (event.type === 'response.output_item.added' && event.item.type === 'function_call')
        added.push(event.item.name);
      if (event.type === 'response.output_item.done' && event.item.type === 'function_call')
        done.push(event.item.name);
      if (event.type === 'response.completed') completed = event.response;
    }
    const output = (completed?.output ?? []).flatMap((item) =>
      item.type === 'function_call' ? [item.name] : [],
    );
    const tools = (completed?.tools ?? []).map((tool) => (tool as { name: string }).name);
    return { added, done, output, tools };
  }

  const fixtures: ConformanceFixture[] = [LONG_FIXTURE, DOTTED_FIXTURE, bigFixture()];
  for (const fixture of fixtures) {
    it(`should resolve every name of the replay (${fixture.label})`, async () => {
      const last = fixture.tools.length - 1;
      provider.script = (_request, tools) => [
        { name: tools[0]?.name ?? '', arguments: { query: 'x' }, id: 'call_1' },
        { name: tools[last]?.name ?? '', arguments: {}, id: 'call_2' },
      ];
      const created = await client(writer.url).responses.create(
        responsesSubject.build(fixture) as never,
      );
      const expected = [fixture.tools[0]?.name, fixture.tools[last]?.name];

      // Straight from the provider, the replay holds wire names only.
      const direct = await replay(provider.url, created.id);
      expect(direct.added).toHaveLength(2);
      expect(direct.added).not.toEqual(expected);

      const through = await replay(reader.url, created.id);
      expect(through).toEqual({
        added: expected,
        done: expected,
        output: expected,
        tools: fixture.tools.map((tool) => tool.name),
      });
    });
  }

  it('should log the replay with the tools it resolved, once it ended', () => {
    const replays = log.filter((entry) => entry.api === 'openai-responses-get');
    expect(replays).toHaveLength(3);
    for (const entry of replays) {
      expect(entry).toMatchObject({ status: 200, stream: true, outcome: 'complete' });
      expect(entry.renamed).toBeGreaterThan(0);
    }
  });
});
