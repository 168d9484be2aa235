import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeUpstreamFetch } from '../../src/cli/gateway/create-node-upstream-fetch.js';
import {
  type ServedFetchHandler,
  serveFetchHandler,
} from '../../src/cli/gateway/serve-fetch-handler.js';
import type { GatewayLogEntry } from '../../src/gateway/gateway-log-entry.js';
import { createGateway } from '../../src/gateway/index.js';
import {
  type ConformanceFixture,
  catalogFixture,
  DOTTED_FIXTURE,
  FITTING_FIXTURE,
  LONG_FIXTURE,
  loadCatalogs,
} from '../conformance/fixtures.js';
import {
  type ProviderServer,
  startProviderServer,
} from '../provider-server/start-provider-server.js';
import { bigFixture } from './support/gateway-fixtures.js';
import { GATEWAY_SUBJECTS } from './support/gateway-subjects.js';

// Issue 11, done when: the official SDKs pointed at the gateway, which forwards to the local
// provider server (it enforces each provider's rules), get every tool call back by its canonical
// name, plain and streamed, while the provider sees only names and schemas it accepts.
// Half the APIs reach the provider with the runtime's fetch (the Web handler's default), half
// with the Node client the command uses.
const SUBJECTS = GATEWAY_SUBJECTS.map((subject, index) => ({
  ...subject,
  upstreamFetch: index % 2 === 0 ? 'node upstream fetch' : 'runtime fetch',
}));

describe.each(SUBJECTS)('gateway with the $name SDK ($upstreamFetch)', (subject) => {
  let provider: ProviderServer;
  let served: ServedFetchHandler;
  const nodeFetch = createNodeUpstreamFetch();
  const log: GatewayLogEntry[] = [];
  beforeAll(async () => {
    provider = await startProviderServer({ modules: subject.modules });
    const gateway = createGateway({
      upstream: provider.url,
      log: (entry) => log.push(entry),
      ...(subject.upstreamFetch === 'node upstream fetch' ? { fetch: nodeFetch.fetch } : {}),
    });
    served = await serveFetchHandler({ fetch: (request) => gateway.fetch(request) });
  });
  afterAll(async () => {
    await served.close();
    nodeFetch.close();
    await provider.close();
  });

  /** Makes the provider call the tool at `index` of the request's tool list, by its wire name. */
  const callToolAt = (index: number, args: Record<string, unknown>) => {
    provider.script = (_request, tools) => {
      const tool = tools[index];
      if (tool === undefined) throw new Error(`The request offers no tool at ${index}.`);
      return [{ name: tool.name, arguments: args, id: 'call_1' }];
    };
  };

  const fixtures: ConformanceFixture[] = [LONG_FIXTURE, DOTTED_FIXTURE, bigFixture()];
  for (const fixture of fixtures) {
    it(`should be rejected by the provider without the gateway (${fixture.label})`, async () => {
      callToolAt(0, {});
      const error = await subject.send(provider.url, subject.build(fixture), false).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error, 'the provider accepted the raw request').toBeDefined();
      expect(provider.lastRequest().violations.length).toBeGreaterThan(0);
    });

    for (const stream of [false, true]) {
      it(`should resolve every call through the gateway (${fixture.label}, ${stream ? 'streamed' : 'plain'})`, async () => {
        const indexes =
          fixture.tools.length <= 3 ? fixture.tools.map((_, index) => index) : [0, 99, 199];
        for (const index of indexes) {
          callToolAt(index, { query: 'x' });
          const calls = await subject.send(served.url, subject.build(fixture), stream);
          expect(provider.lastRequest().violations).toEqual([]);
          expect(calls).toEqual([{ name: fixture.tools[index]?.name, arguments: { query: 'x' } }]);
        }
      });
    }
  }

  it('should carry every real catalog under a long server key through and back', async () => {
    for (const catalog of loadCatalogs()) {
      const fixture = catalogFixture(catalog);
      provider.script = (_request, tools) => {
        const last = tools.at(-1);
        return last === undefined ? [] : [{ name: last.name, arguments: {}, id: 'call_1' }];
      };
      const calls = await subject.send(served.url, subject.build(fixture), false);
      expect(provider.lastRequest().violations, catalog.file).toEqual([]);
      expect(
        calls.map((call) => call.name),
        catalog.file,
      ).toEqual([fixture.tools.at(-1)?.name]);
    }
  });

  it('should forward a request whose names and schemas fit byte for byte', async () => {
    callToolAt(0, {});
    const body = subject.build(FITTING_FIXTURE);
    // Odd spacing and key order: only an untouched body arrives exactly like this.
    const text = `{  "model" : ${JSON.stringify(body.model)},\n${JSON.stringify(body).slice(1)}`;
    const path =
      subject.name === 'openai-chat'
        ? '/v1/chat/completions'
        : subject.name === 'openai-responses'
          ? '/v1/responses'
          : subject.name === 'anthropic-messages'
            ? '/v1/messages'
            : '/v1beta/models/gemini-2.5-flash:generateContent';
    const sent = subject.name === 'gemini' ? geminiRestText(body) : text;
    const response = await fetch(`${served.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test-secret' },
      body: sent,
    });
    expect(response.status).toBe(200);
    expect(provider.lastRequest().text).toBe(sent);
    expect(provider.lastRequest().headers.authorization).toBe('Bearer sk-test-secret');
  });

  it('should log one line per request without bodies or secrets', () => {
    expect(log.length).toBeGreaterThan(0);
    const text = JSON.stringify(log);
    expect(text).not.toContain('secret');
    expect(text).not.toContain('Do the thing');
    const rewritten = log.find((entry) => (entry.renamed ?? 0) > 0);
    expect(rewritten).toMatchObject({ api: expect.any(String), status: 200, upstreamStatus: 200 });
    expect(rewritten?.tools).toBeGreaterThan(0);
    expect(typeof rewritten?.latencyMs).toBe('number');
  });
});

// The REST body @google/genai would send for the SDK-shaped request (tools at the top).
function geminiRestText(body: Record<string, unknown>): string {
  const config = body.config as Record<string, unknown>;
  return `{"contents": ${JSON.stringify(body.contents)}, "tools": ${JSON.stringify(config.tools)},  "toolConfig": ${JSON.stringify(config.toolConfig)}}`;
}
