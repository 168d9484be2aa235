import { describe, expect, it } from 'vitest';
import { createGateway } from './create-gateway.js';
import type { UpstreamResponse } from './upstream-response.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const chatRequest = JSON.stringify({
  model: 'gpt-5',
  messages: [{ role: 'user', content: 'Read it.' }],
  tools: [{ type: 'function', function: { name: 'files.read', parameters: { type: 'object' } } }],
});

// An upstream that calls the first tool it was offered, by the wire name it was sent.
function callingUpstream(
  answer: (json: string) => UpstreamResponse = (json) =>
    new Response(json, { headers: { 'content-type': 'application/json', 'x-upstream': 'yes' } }),
) {
  const sent: string[] = [];
  const fetch = async (_url: string, init: RequestInit): Promise<UpstreamResponse> => {
    const body = decoder.decode(init.body as Uint8Array);
    sent.push(body);
    const wire = (JSON.parse(body) as { tools: { function: { name: string } }[] }).tools[0]
      ?.function.name;
    const call = { id: 'c1', type: 'function', function: { name: wire, arguments: '{}' } };
    const message = { role: 'assistant', content: null, tool_calls: [call] };
    return answer(JSON.stringify({ id: 'x', choices: [{ index: 0, message }] }));
  };
  return { fetch, sent };
}

// Node's request stream as the bridge passes it: an async iterable of chunks.
async function* chunked(text: string): AsyncIterable<Uint8Array> {
  const bytes = encoder.encode(text);
  for (let start = 0; start < bytes.length; start += 50) yield bytes.subarray(start, start + 50);
}

const calledName = (text: string) =>
  (JSON.parse(text) as { choices: { message: { tool_calls: { function: { name: string } }[] } }[] })
    .choices[0]?.message.tool_calls[0]?.function.name;

describe('createGateway', () => {
  it('should give through handle, from a chunked body, the answer fetch gives from a Request', async () => {
    const upstream = callingUpstream();
    const gateway = createGateway({ upstream: 'http://upstream.invalid', fetch: upstream.fetch });
    const url = 'http://gateway.invalid/v1/chat/completions';
    const headers = { 'content-type': 'application/json', authorization: 'Bearer sk-test' };
    const viaFetch = await gateway.fetch(
      new Request(url, { method: 'POST', headers, body: chatRequest }),
    );
    const viaHandle = await gateway.handle({
      method: 'POST',
      url,
      headers: new Headers(headers),
      body: chunked(chatRequest),
      signal: new AbortController().signal,
    });
    expect(upstream.sent[1]).toBe(upstream.sent[0]);
    expect(upstream.sent[0]).not.toContain('"files.read"');
    expect(viaHandle.body).toBeInstanceOf(Uint8Array);
    const text = decoder.decode(viaHandle.body as Uint8Array);
    expect(text).toBe(await viaFetch.text());
    expect(calledName(text)).toBe('files.read');
    // The upstream's own status and headers, not only the same as fetch's (fetch wraps handle).
    expect(viaHandle.status).toBe(200);
    expect(viaHandle.headers.get('x-upstream')).toBe('yes');
    expect([...viaHandle.headers]).toEqual([...viaFetch.headers]);
  });

  it('should answer an error through handle as bytes in the caller API shape', async () => {
    const gateway = createGateway({ upstream: 'http://upstream.invalid' });
    const answer = await gateway.handle({
      method: 'POST',
      url: 'http://gateway.invalid/v1/messages',
      headers: new Headers(),
      body: chunked('{not json'),
      signal: new AbortController().signal,
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(decoder.decode(answer.body as Uint8Array))).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error' },
    });
  });

  it("should read an upstream answer it resolves through the client's readWhole, never its body", async () => {
    const upstream = callingUpstream((json) => ({
      status: 200,
      statusText: 'OK',
      ok: true,
      headers: new Headers({ 'content-type': 'application/json' }),
      get body(): ReadableStream<Uint8Array> {
        throw new Error('the body stream was built');
      },
      readWhole: async () => ({ tooLarge: false, bytes: encoder.encode(json) }),
    }));
    const gateway = createGateway({ upstream: 'http://upstream.invalid', fetch: upstream.fetch });
    const response = await gateway.fetch(
      new Request('http://gateway.invalid/v1/chat/completions', {
        method: 'POST',
        body: chatRequest,
      }),
    );
    expect(response.status).toBe(200);
    expect(calledName(await response.text())).toBe('files.read');
  });

  it('should pass an upstream answer that has no body (204) on without one', async () => {
    const gateway = createGateway({
      upstream: 'http://upstream.invalid',
      fetch: async () => new Response(null, { status: 204 }),
    });
    const response = await gateway.fetch(
      new Request('http://gateway.invalid/v1/chat/completions', {
        method: 'POST',
        body: chatRequest,
      }),
    );
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });
});
