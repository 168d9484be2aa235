import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpProxy, type McpProxy } from './create-mcp-proxy.js';
import { serveProxyHttp } from './serve-proxy-http.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scripted = join(root, 'test/fixtures/servers/scripted-server.mjs');
const text = (result: unknown): string =>
  ((result as { content?: Array<{ text?: string }> }).content?.[0]?.text ?? '') as string;

describe('serveProxyHttp idle sessions', () => {
  let proxy: McpProxy;

  beforeAll(async () => {
    proxy = createMcpProxy({
      servers: { plain: { type: 'stdio', command: process.execPath, args: [scripted], env: {} } },
    });
    await proxy.start();
  }, 60_000);

  afterAll(async () => {
    await proxy?.close();
  });

  it('closes a session idle past the timeout, with its SDK transport, and keeps busy ones', async () => {
    // An injected clock: idle time is what the test says it is, not what the machine took.
    let clock = 0;
    let reads = 0;
    const http = await serveProxyHttp({
      proxy,
      idleTimeout: 60_000,
      now: () => {
        reads++;
        return clock;
      },
    });
    try {
      const connect = async (name: string) => {
        const client = new Client({ name, version: '1' });
        await client.connect(new StreamableHTTPClientTransport(new URL(`${http.url}/mcp`)));
        return client;
      };
      const idle = await connect('idle');
      const busy = await connect('busy');
      const touched = await connect('touched');
      expect(http.sessions()).toBe(3);
      expect(proxy.sessions()).toBe(3);

      // Before the timeout nothing closes.
      clock = 59_000;
      expect(await http.closeIdleSessions()).toBe(0);
      expect(text(await touched.callTool({ name: 'plain__echo', arguments: { text: 't' } }))).toBe(
        't',
      );

      // A call still running keeps its session, however long it runs.
      const cancel = new AbortController();
      const before = reads;
      const sleeping = busy
        .callTool({ name: 'plain__sleep', arguments: { ms: 600_000 } }, undefined, {
          signal: cancel.signal,
          timeout: 600_000,
        })
        .catch((error: unknown) => error);
      // The proxy read the clock: the call's request has arrived and is counted open.
      await expect.poll(() => reads > before, { timeout: 20_000 }).toBe(true);

      // Idle 100 s: closed. Touched 41 s ago: kept. Busy: its call is still open.
      clock = 100_000;
      expect(await http.closeIdleSessions()).toBe(1);
      expect(http.sessions()).toBe(2);
      // The proxy's own session for it ended too (the SDK server saw its transport close).
      await expect.poll(() => proxy.sessions(), { timeout: 10_000 }).toBe(2);
      await expect(
        idle.callTool({ name: 'plain__echo', arguments: { text: 'late' } }),
      ).rejects.toThrow(/404|[Ss]ession not found/);

      cancel.abort();
      await sleeping;
      expect(text(await busy.callTool({ name: 'plain__echo', arguments: { text: 'b' } }))).toBe(
        'b',
      );
      // Touched was last seen at 59 s, busy at 100 s: at 130 s only touched is past the timeout.
      clock = 130_000;
      expect(await http.closeIdleSessions()).toBe(1);
      expect(text(await busy.callTool({ name: 'plain__echo', arguments: { text: 'c' } }))).toBe(
        'c',
      );
      await expect(
        touched.callTool({ name: 'plain__echo', arguments: { text: 'late' } }),
      ).rejects.toThrow(/404|[Ss]ession not found/);
      expect(http.sessions()).toBe(1);
      await Promise.all([idle, busy, touched].map((client) => client.close().catch(() => {})));
    } finally {
      await http.close();
    }
  }, 60_000);

  it('never closes idle sessions with idleTimeout 0, and refuses a bad timeout', async () => {
    let clock = 0;
    const http = await serveProxyHttp({ proxy, idleTimeout: 0, now: () => clock });
    try {
      const client = new Client({ name: 'forever', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${http.url}/mcp`)));
      clock = 10 * 24 * 3_600_000;
      expect(await http.closeIdleSessions()).toBe(0);
      expect(text(await client.callTool({ name: 'plain__echo', arguments: { text: 'x' } }))).toBe(
        'x',
      );
      await client.close();
    } finally {
      await http.close();
    }
    await expect(serveProxyHttp({ proxy, idleTimeout: -1 })).rejects.toThrow(/idleTimeout/);
  }, 60_000);
});
