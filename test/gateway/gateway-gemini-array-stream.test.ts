import { afterEach, describe, expect, it } from 'vitest';
import { createNodeUpstreamFetch } from '../../src/cli/gateway/create-node-upstream-fetch.js';
import { serveFetchHandler } from '../../src/cli/gateway/serve-fetch-handler.js';
import { createGateway } from '../../src/gateway/index.js';
import { LONG_FIXTURE } from '../conformance/fixtures.js';
import { geminiModule } from '../provider-server/gemini-module.js';
import { startProviderServer } from '../provider-server/start-provider-server.js';
import { geminiSubject } from './support/gateway-subjects.js';
import { startStubUpstream } from './support/start-stub-upstream.js';

// Issue 11: Gemini `streamGenerateContent` without `alt=sse` streams one JSON array; the gateway
// passes it on element by element (names resolved, arguments restored), never the whole array at
// the end, and a cut array ends with an error element.
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const PATH = '/v1beta/models/gemini-2.5-flash:streamGenerateContent';

async function gatewayFor(upstream: string): Promise<string> {
  const upstreamFetch = createNodeUpstreamFetch();
  const gateway = createGateway({ upstream, fetch: upstreamFetch.fetch });
  const served = await serveFetchHandler({ fetch: (request) => gateway.fetch(request) });
  cleanups.push(() => upstreamFetch.close());
  cleanups.push(() => served.close());
  return served.url;
}

// The REST body @google/genai sends (tools and toolConfig at the top).
function restBody(): string {
  const body = geminiSubject.build(LONG_FIXTURE);
  const config = body.config as Record<string, unknown>;
  return JSON.stringify({ contents: body.contents, tools: config.tools });
}

const call = (name: string, args: unknown) => ({
  candidates: [{ content: { role: 'model', parts: [{ functionCall: { name, args } }] }, index: 0 }],
});

function functionCallsOf(chunks: unknown): { name: string; args: unknown }[] {
  return (chunks as { candidates?: { content?: { parts?: { functionCall?: unknown }[] } }[] }[])
    .flatMap((chunk) => chunk.candidates ?? [])
    .flatMap((candidate) => candidate.content?.parts ?? [])
    .flatMap((part) =>
      part.functionCall === undefined ? [] : [part.functionCall as { name: string; args: unknown }],
    );
}

describe('gateway: Gemini streamGenerateContent as a JSON array', () => {
  it('should resolve every element of the provider server array with raw fetch', async () => {
    const provider = await startProviderServer({ modules: [geminiModule] });
    cleanups.push(() => provider.close());
    provider.script = (_request, tools) => [
      { name: tools[0]?.name ?? '', arguments: { pageId: 'p1' }, id: 'call_1' },
    ];
    const url = await gatewayFor(provider.url);
    const direct = await fetch(`${provider.url}${PATH}`, { method: 'POST', body: restBody() });
    expect(direct.status, 'the provider accepts the long names').toBe(400);
    const response = await fetch(`${url}${PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': 'gemini-secret' },
      body: restBody(),
    });
    expect(response.status).toBe(200);
    expect(provider.lastRequest().violations).toEqual([]);
    expect(provider.lastRequest().query.alt).toBeUndefined();
    const chunks = JSON.parse(await response.text()) as unknown[];
    expect(chunks).toHaveLength(3);
    expect(functionCallsOf(chunks)).toEqual([
      { name: LONG_FIXTURE.tools[0]?.name, args: { pageId: 'p1' } },
    ]);
    expect(chunks.at(-1)).toMatchObject({ candidates: [{ finishReason: 'STOP' }] });
  });

  it('should pass each element on before the upstream sends the next', async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const upstream = await startStubUpstream((request, response) => {
      const tools = (
        JSON.parse(request.text) as { tools: { functionDeclarations: { name: string }[] }[] }
      ).tools[0]?.functionDeclarations;
      const wire = tools?.[0]?.name ?? '';
      response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      response.write(`[${JSON.stringify(call(wire, { pageId: 'p1' }), null, 2)}`);
      void released.then(() => {
        response.end(
          `\r\n,${JSON.stringify({ candidates: [{ finishReason: 'STOP', index: 0 }] })}\r\n]`,
        );
      });
    });
    cleanups.push(() => upstream.close());
    const url = await gatewayFor(upstream.url);
    const response = await fetch(`${url}${PATH}`, { method: 'POST', body: restBody() });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    // The first element arrives whole while the upstream still holds the rest back.
    while (!text.includes('"args"')) {
      const { done, value } = await reader.read();
      expect(done, 'the stream ended before its first element').toBe(false);
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toContain(JSON.stringify(LONG_FIXTURE.tools[0]?.name));
    expect(upstream.requests).toHaveLength(1);
    release();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const chunks = JSON.parse(text) as unknown[];
    expect(chunks).toHaveLength(2);
    expect(functionCallsOf(chunks)).toEqual([
      { name: LONG_FIXTURE.tools[0]?.name, args: { pageId: 'p1' } },
    ]);
  });

  it('should end an array the upstream cuts with an error element, still valid JSON', async () => {
    const upstream = await startStubUpstream((request, response) => {
      const wire =
        (JSON.parse(request.text) as { tools: { functionDeclarations: { name: string }[] }[] })
          .tools[0]?.functionDeclarations[0]?.name ?? '';
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(
        `[${JSON.stringify(call(wire, {}))}\r\n,{"candidates": [{"content": {"parts": [{"functionCall": {"na`,
      );
      setTimeout(() => response.destroy(), 20);
    });
    cleanups.push(() => upstream.close());
    const url = await gatewayFor(upstream.url);
    const response = await fetch(`${url}${PATH}`, { method: 'POST', body: restBody() });
    const chunks = JSON.parse(await response.text()) as unknown[];
    expect(chunks).toHaveLength(2);
    expect(functionCallsOf(chunks.slice(0, 1))[0]?.name).toBe(LONG_FIXTURE.tools[0]?.name);
    expect(chunks[1]).toMatchObject({ error: { code: 502, status: 'UNAVAILABLE' } });
    expect((chunks[1] as { error: { message: string } }).error.message).toContain('interrupted');
  });
});
