import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  CreateMessageRequestSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedHttpServer } from '../../test/support/scripted-http-server.js';
import type { McpServerConfig } from '../mcp/parse-mcp-config.js';
import { createMcpProxy, type McpProxy } from './create-mcp-proxy.js';
import { type ProxyHttpServer, serveProxyHttp } from './serve-proxy-http.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scripted = join(root, 'test/fixtures/servers/scripted-server.mjs');
const everything = join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const node = (script: string, env: Record<string, string> = {}): McpServerConfig => ({
  type: 'stdio',
  command: process.execPath,
  args: [script],
  env,
});

const HOSTILE = [
  'get.user',
  'get_user',
  'files/read',
  'search the web',
  'résumé',
  'x'.repeat(64),
  'y'.repeat(65),
  'z'.repeat(100),
  'w'.repeat(128),
  `${'m'.repeat(38)}1${'n'.repeat(38)}`,
  `${'m'.repeat(38)}2${'n'.repeat(38)}`,
];

const text = (result: unknown): string =>
  ((result as { content?: Array<{ text?: string }> }).content?.[0]?.text ?? '') as string;

async function connectClient(
  proxy: McpProxy,
  client: string,
  capabilities: Record<string, unknown> = {},
): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await proxy.connect(serverSide, client);
  const sdkClient = new Client({ name: 'test', version: '1' }, { capabilities });
  await sdkClient.connect(clientSide);
  return sdkClient;
}

describe('createMcpProxy', () => {
  let proxy: McpProxy;
  const notes: string[] = [];

  beforeAll(async () => {
    proxy = createMcpProxy({
      servers: {
        plain: node(scripted),
        'io.github.example-org.hostile-server': node(scripted, { EXTRA_TOOLS: HOSTILE.join(',') }),
        everything: node(everything),
      },
      client: 'claude-code',
      filters: { plain: { exclude: ['add_*'] } },
      restart: { initialDelay: 50 },
      log: (line) => notes.push(line),
    });
    await proxy.start();
  }, 60_000);

  afterAll(async () => {
    await proxy?.close();
  });

  it('lists every tool of every server under names the client keeps, and calls each on its own server', async () => {
    const client = await connectClient(proxy, 'gemini-cli');
    const { tools } = await client.listTools();
    const hostile = tools.filter((tool) => tool.name.startsWith('io'));
    expect(hostile).toHaveLength(5 + HOSTILE.length);
    const names = new Set<string>();
    for (const tool of tools) {
      // Gemini CLI: mcp_<key>_<tool> within 63, nothing outside [A-Za-z0-9_.:-].
      expect(`mcp_toolwire_${tool.name}`.length).toBeLessThanOrEqual(63);
      expect(tool.name).toMatch(/^[A-Za-z0-9_.:-]+$/);
      expect(tool.inputSchema.type).toBe('object');
      names.add(tool.name);
    }
    expect(names.size).toBe(tools.length);
    // Each hostile tool answers with its remote name (the scripted server echoes it).
    const answers = new Set<string>();
    for (const tool of hostile.filter((t) => !/crash|sleep|add_tool|pid|echo/.test(t.name))) {
      answers.add(text(await client.callTool({ name: tool.name, arguments: {} })));
    }
    expect([...answers].sort()).toEqual([...HOSTILE].sort());
    await client.close();
  });

  it('applies include/exclude globs on remote names', async () => {
    const client = await connectClient(proxy, 'claude-code');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('plain__echo');
    expect(tools.map((tool) => tool.name)).not.toContain('plain__add_tool');
    await client.close();
  });

  it('aggregates prompts and resources, and forwards sampling to the calling client', async () => {
    const client = await connectClient(proxy, 'generic', { sampling: {} });
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toContain('everything__simple-prompt');
    const prompt = await client.getPrompt({ name: 'everything__simple-prompt' });
    expect(prompt.messages.length).toBeGreaterThan(0);
    const { resources } = await client.listResources();
    const first = resources[0];
    expect(first).toBeDefined();
    const read = await client.readResource({ uri: (first as { uri: string }).uri });
    expect(read.contents.length).toBeGreaterThan(0);
    client.setRequestHandler(CreateMessageRequestSchema, async () => ({
      model: 'stub',
      role: 'assistant',
      content: { type: 'text', text: 'sampled by the caller' },
    }));
    const result = await client.callTool({
      name: 'everything__trigger-sampling-request',
      arguments: { prompt: 'hi', maxTokens: 5 },
    });
    expect(JSON.stringify(result.content)).toContain('sampled by the caller');
    await client.close();
  });

  it('tells clients when a server crashes, leaves its tools out, and answers calls to it with a tool error', async () => {
    const client = await connectClient(proxy, 'claude-code');
    const before = await client.listTools();
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed++;
    });
    await client.callTool({ name: 'plain__crash', arguments: {} });
    await expect.poll(() => changed, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect
      .poll(async () => (await client.listTools()).tools.some((t) => t.name === 'plain__echo'), {
        timeout: 10_000,
      })
      .toBe(false);
    const down = await client.callTool({ name: 'plain__echo', arguments: { text: 'x' } });
    expect(down.isError).toBe(true);
    expect(text(down)).toMatch(/plain/);
    // It comes back, and its tools with it.
    await expect
      .poll(async () => (await client.listTools()).tools.length, { timeout: 20_000 })
      .toBe(before.tools.length);
    expect(text(await client.callTool({ name: 'plain__echo', arguments: { text: 'back' } }))).toBe(
      'back',
    );
    await client.close();
  });
});

describe('serveProxyHttp', () => {
  let proxy: McpProxy;
  let http: ProxyHttpServer;

  beforeAll(async () => {
    proxy = createMcpProxy({ servers: { plain: node(scripted) } });
    await proxy.start();
    http = await serveProxyHttp({ proxy });
  }, 60_000);

  afterAll(async () => {
    await http?.close();
    await proxy?.close();
  });

  it('serves a profile per path, with sessions over one hub', async () => {
    const clients = await Promise.all(
      ['claude-code', 'codex'].map(async (id) => {
        const client = new Client({ name: id, version: '1' });
        await client.connect(new StreamableHTTPClientTransport(new URL(`${http.url}/mcp/${id}`)));
        return client;
      }),
    );
    const [claude, codex] = clients as [Client, Client];
    expect((await claude.listTools()).tools.map((tool) => tool.name)).toContain('plain__add_tool');
    expect(text(await codex.callTool({ name: 'plain__echo', arguments: { text: 'hi' } }))).toBe(
      'hi',
    );
    expect(http.sessions()).toBe(2);
    await Promise.all(clients.map((client) => client.close()));
  });

  it('refuses a foreign Host or Origin, unknown paths and oversized bodies', async () => {
    // node:http, not fetch: fetch will not send a Host header of our choosing.
    const post = (headers: Record<string, string>, body = '{}', path = '/mcp') =>
      new Promise<{ status: number }>((resolve, reject) => {
        const request = httpRequest(
          `${http.url}${path}`,
          { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
          (response) => {
            response.resume();
            resolve({ status: response.statusCode ?? 0 });
          },
        );
        request.on('error', (error) =>
          (error as NodeJS.ErrnoException).code === 'EPIPE' ? undefined : reject(error),
        );
        request.end(body);
      });
    expect((await post({ host: 'evil.example.com' })).status).toBe(403);
    expect((await post({ origin: 'http://evil.example.com' })).status).toBe(403);
    expect((await post({}, '{}', '/mcp/nobody')).status).toBe(404);
    expect((await post({}, 'x'.repeat(5 * 1024 * 1024))).status).toBe(413);
    const health = await fetch(`${http.url}/healthz`);
    expect(await health.json()).toMatchObject({ status: 'ok', servers: [{ server: 'plain' }] });
  });

  it('needs a token off loopback, and answers 401 without it', async () => {
    await expect(serveProxyHttp({ proxy, host: '0.0.0.0' })).rejects.toThrow(/token/);
    const guarded = await serveProxyHttp({ proxy, token: 'a-long-enough-secret-token' });
    try {
      const bare = await fetch(`${guarded.url}/healthz`);
      expect(bare.status).toBe(401);
      const wrong = await fetch(`${guarded.url}/healthz`, {
        headers: { authorization: 'Bearer a-long-enough-secret-tokex' },
      });
      expect(wrong.status).toBe(401);
      const right = await fetch(`${guarded.url}/healthz`, {
        headers: { authorization: 'Bearer a-long-enough-secret-token' },
      });
      expect(right.status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe('createMcpProxy in front of a streamable HTTP server', () => {
  it("sends the client's _meta on to the server, with the proxy's own progress token", async () => {
    const upstream = await startScriptedHttpServer();
    const proxy = createMcpProxy({
      servers: {
        remote: { type: 'http', url: upstream.url, transport: 'streamable-http', headers: {} },
      },
      client: 'generic',
      log: () => {},
    });
    try {
      await proxy.start();
      const client = await connectClient(proxy, 'generic');
      const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
      const result = await client.callTool({
        name: 'remote__echo',
        arguments: { text: 'traced' },
        _meta: { traceparent, progressToken: 'client-token' },
      });
      expect(text(result)).toBe('traced');
      const meta = upstream.calls().at(-1)?._meta;
      expect(meta?.traceparent).toBe(traceparent);
      expect(meta?.progressToken).toBeDefined();
      expect(meta?.progressToken).not.toBe('client-token');
      await client.close();
    } finally {
      await proxy.close();
      await upstream.close();
    }
  });
});
