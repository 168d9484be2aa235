import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolRequestParamsSchema } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createMcpProxy, type McpProxy } from './create-mcp-proxy.js';
import { plainParams } from './intercept-tool-calls.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scripted = join(root, 'test/fixtures/servers/scripted-server.mjs');
const everything = join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const runs = Number(process.env.PROPERTY_RUNS ?? 200);
// Results as sent: no SDK schema between the wire and the comparison.
const asSent = z.object({}).passthrough();

type Outcome = { result: unknown } | { error: { code: unknown; message: string } };

async function outcome(client: Client, params: Record<string, unknown>): Promise<Outcome> {
  try {
    return { result: await client.request({ method: 'tools/call', params }, asSent) };
  } catch (error) {
    const failure = error as { code?: unknown; message: string };
    return { error: { code: failure.code, message: failure.message } };
  }
}

describe('plainParams', () => {
  it('takes only params the SDK schema accepts, unchanged', () => {
    const key = fc.constantFrom('name', 'arguments', '_meta', 'task', 'extra');
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.constant(null),
      fc.array(fc.jsonValue(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 }),
      fc.record(
        { progressToken: fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean()) },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 4 }), (params) => {
        const plain = plainParams(params);
        if (plain === undefined) return;
        expect(plain).toBe(params);
        expect(CallToolRequestParamsSchema.safeParse(params).success).toBe(true);
      }),
      { numRuns: runs },
    );
  });

  it('sends the usual shapes the fast way, and odd ones to the SDK', () => {
    expect(plainParams({ name: 'a' })).toBeDefined();
    expect(
      plainParams({ name: 'a', arguments: { x: 1 }, _meta: { progressToken: 7 } }),
    ).toBeDefined();
    expect(plainParams({ name: 'a', arguments: [] })).toBeUndefined();
    expect(plainParams({ name: 1 })).toBeUndefined();
    expect(plainParams({ name: 'a', task: { ttl: 1 } })).toBeUndefined();
    expect(plainParams({ name: 'a', _meta: { progressToken: 1.5 } })).toBeUndefined();
    expect(
      plainParams({
        name: 'a',
        _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't' } },
      }),
    ).toBeUndefined();
  });
});

describe('tools/call through the proxy', () => {
  let proxy: McpProxy;
  let proxied: Client;
  let direct: Client;

  beforeAll(async () => {
    proxy = createMcpProxy({
      servers: {
        everything: { type: 'stdio', command: process.execPath, args: [everything], env: {} },
        plain: { type: 'stdio', command: process.execPath, args: [scripted], env: {} },
      },
      prefix: 'none',
      filters: { plain: { include: ['sleep'] } },
    });
    await proxy.start();
    // The everything server adds tools once it knows the client's capabilities, and says so
    // (tools/list_changed): compare calls once that list is in, not while it is refreshed.
    await vi.waitFor(
      () => {
        if (!proxy.tools().tools.some((tool) => tool.name === 'trigger-sampling-request'))
          throw new Error('the everything server has not listed its conditional tools yet');
      },
      { timeout: 20_000, interval: 50 },
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await proxy.connect(serverSide);
    proxied = new Client({ name: 'proxied', version: '1' });
    await proxied.connect(clientSide);
    direct = new Client({ name: 'direct', version: '1' });
    await direct.connect(
      new StdioClientTransport({ command: process.execPath, args: [everything], stderr: 'ignore' }),
    );
  }, 60_000);

  afterAll(async () => {
    await proxied?.close();
    await direct?.close();
    await proxy?.close();
  });

  it('passes results and errors through as the server sent them, the fast way and the SDK way alike', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ['echo', { message: 'héllo ✓ "quoted"' }],
      ['get-sum', { a: 1.5, b: 2 }],
      ['get-tiny-image', {}],
      ['get-annotated-message', { messageType: 'error', includeImage: true }],
      ['get-resource-links', { count: 2 }],
      ['get-resource-reference', { resourceType: 'Blob', resourceId: 2 }],
      ['get-structured-content', { location: 'Chicago' }],
      // Wrong arguments: the server's own error, passed on.
      ['get-sum', { a: 'one' }],
      ['get-structured-content', { location: 'Atlantis' }],
    ];
    for (const [name, args] of calls) {
      const sent = await outcome(direct, { name, arguments: args });
      const fast = await outcome(proxied, { name, arguments: args });
      // An extra key the SDK's schema strips: the call takes the SDK server's path instead.
      const slow = await outcome(proxied, { name, arguments: args, extra: true });
      expect(fast, name).toEqual(sent);
      expect(slow, name).toEqual(fast);
      expect(JSON.stringify(fast), name).toBe(JSON.stringify(sent));
    }
  });

  it('answers an unknown tool and a malformed call as the SDK path does', async () => {
    const fast = await outcome(proxied, { name: 'nope', arguments: {} });
    const slow = await outcome(proxied, { name: 'nope', arguments: {}, extra: true });
    expect(fast).toEqual(slow);
    expect(fast).toMatchObject({ result: { isError: true } });
    // Not the plain shape: the SDK rejects it, with its own error.
    const bad = await outcome(proxied, { name: 'echo', arguments: ['not', 'an', 'object'] });
    expect(bad).toMatchObject({ error: { message: expect.stringMatching(/invalid/i) } });
  });

  it('forwards progress, and cancels the upstream call without answering', async () => {
    const progress: number[] = [];
    const result = await proxied.callTool(
      { name: 'trigger-long-running-operation', arguments: { duration: 0.3, steps: 3 } },
      undefined,
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(JSON.stringify(result.content)).toContain('completed');
    // The last step's progress comes right before the result; the SDK client defers progress by
    // a microtask and drops one that lands after its response in the same read (directly too),
    // so only the earlier steps are certain to be seen.
    expect(progress.slice(0, 2)).toEqual([1, 2]);

    const strays: Error[] = [];
    proxied.onerror = (error) => strays.push(error);
    const controller = new AbortController();
    const sleeping = proxied.callTool({ name: 'sleep', arguments: {} }, undefined, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort('enough'), 50);
    await expect(sleeping).rejects.toThrow(/enough|abort/i);
    // The upstream's sleep ends on its cancellation (it answers "cancelled"): that answer is not
    // sent on, and the session goes on answering.
    expect(await outcome(proxied, { name: 'echo', arguments: { message: 'after' } })).toMatchObject(
      { result: { content: [{ text: 'Echo: after' }] } },
    );
    expect(strays).toEqual([]);
  });

  it('keeps calls of one session apart when they overlap', async () => {
    const texts = Array.from({ length: 40 }, (_, index) => `call ${index}`);
    const results = await Promise.all(
      texts.map((message) => proxied.callTool({ name: 'echo', arguments: { message } })),
    );
    expect(results.map((result) => (result.content as Array<{ text: string }>)[0]?.text)).toEqual(
      texts.map((message) => `Echo: ${message}`),
    );
  });
});
