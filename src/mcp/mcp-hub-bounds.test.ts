import { getEventListeners } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ToolwireError } from '../core/toolwire-error.js';
import { createMcpHub } from './mcp-hub.js';
import type { McpServerConfig } from './parse-mcp-config.js';

// Issue 8 items 6-12: a server must never cost the host more than its budget.

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixture = (name: string): string => join(root, 'test/fixtures/servers', name);
const misbehaving = (mode: string, env: Record<string, string> = {}): McpServerConfig => ({
  type: 'stdio',
  command: process.execPath,
  args: [fixture('misbehaving-server.mjs'), mode],
  env,
});
const scripted: McpServerConfig = {
  type: 'stdio',
  command: process.execPath,
  args: [fixture('scripted-server.mjs')],
  env: {},
};

async function errorOf(promise: Promise<unknown>): Promise<ToolwireError> {
  try {
    await promise;
  } catch (error) {
    if (ToolwireError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

async function until(test: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !test(); waited += 20) {
    if (waited > 20_000) throw new Error(`${what} never happened`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const text = (result: { content?: unknown }): string =>
  ((result.content as { text?: string }[] | undefined)?.[0]?.text ?? '') as string;

describe('McpHub bounds', () => {
  it('item 6: keeps a bounded piece of a stderr line that never ends', async () => {
    await using hub = createMcpHub({ servers: { noisy: misbehaving('stderr') } });
    await hub.start();
    await hub.callTool({ name: 'noisy__spam_stderr' });
    await until(() => hub.server('noisy')?.stderr.at(-1) === 'END', 'the END line');
    const lines = hub.server('noisy')?.stderr ?? [];
    const long = lines.at(-2) ?? '';
    expect(long.length).toBeLessThan(5000);
    expect(long).toMatch(/^y+\.\.\. \(\d+ more characters left out\)$/);
  });

  it('item 7: a list_changed flood is coalesced and refresh() settles while it goes on', async () => {
    await using hub = createMcpHub({ servers: { flood: misbehaving('flood') } });
    await hub.start();
    await hub.callTool({ name: 'flood__flood' });
    // Each of these would wait for a refresh loop that never ends while notifications keep coming.
    await Promise.all([hub.refresh('flood'), hub.refresh(), hub.refresh('flood')]);
    await hub.refresh('flood');
    const counts = JSON.parse(text(await hub.callTool({ name: 'flood__stop' }))) as {
      notified: number;
      listed: number;
    };
    expect(counts.notified).toBeGreaterThan(counts.listed * 10);
    await hub.refresh('flood');
    expect(hub.server('flood')?.state).toBe('ready');
    expect(hub.tools().some((tool) => tool.remoteName.startsWith('version_'))).toBe(true);
  });

  it('item 8: a server past a listing limit fails alone, with the limit named', async () => {
    await using hub = createMcpHub({
      servers: {
        endless: misbehaving('endless-pages'),
        slow: misbehaving('slow-pages'),
        big: misbehaving('bad-tools'),
        fine: scripted,
      },
      listLimits: { maxTools: 5_000, maxTime: 1_000 },
    });
    await hub.start();
    expect(hub.server('endless')?.state).toBe('failed');
    expect(hub.server('endless')?.reason).toBe(
      'Server "endless": tools/list went past listLimits.maxTools (5000 tools); the server is left out. Raise the limit (listLimits) if the server is trusted.',
    );
    expect(hub.server('slow')?.reason).toMatch(
      /went past listLimits\.maxTime \(1000 ms for all pages\)/,
    );
    expect(hub.server('fine')?.state).toBe('ready');
    expect(hub.server('big')?.state).toBe('ready');

    await using small = createMcpHub({
      servers: { big: misbehaving('bad-tools') },
      listLimits: { maxBytes: 200 },
    });
    await small.start();
    expect(small.server('big')?.reason).toMatch(/went past listLimits\.maxBytes \(200 bytes/);
    expect(() => createMcpHub({ servers: {}, listLimits: { maxTools: 0 } })).toThrow(
      /listLimits\.maxTools must be a whole number above 0, not 0/,
    );
  });

  it('item 8: a message over maxMessageBytes over HTTP is refused before it is read whole', async () => {
    const http = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        if (request.method !== 'POST') return void response.writeHead(405).end();
        const message = JSON.parse(body) as {
          id?: number;
          method: string;
          params?: { protocolVersion?: string };
        };
        if (message.id === undefined) return void response.writeHead(202).end();
        const result =
          message.method === 'initialize'
            ? {
                protocolVersion: message.params?.protocolVersion,
                capabilities: { tools: {} },
                serverInfo: { name: 'big-description', version: '1.0.0' },
              }
            : {
                tools: [
                  {
                    name: 'huge',
                    description: 'z'.repeat(3_000_000),
                    inputSchema: { type: 'object' },
                  },
                ],
              };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
      await using hub = createMcpHub({
        servers: { remote: { type: 'http', url, transport: 'streamable-http', headers: {} } },
        maxMessageBytes: 1_000_000,
      });
      await hub.start();
      expect(hub.server('remote')?.state).toBe('failed');
      expect(hub.server('remote')?.reason).toMatch(
        /the server sent a message of more than 1000000 bytes \(the maxMessageBytes limit\)/,
      );
    } finally {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });

  it('item 9: a restart that fails backs off up to maxAttempts', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'toolwire-restart-'));
    try {
      await using hub = createMcpHub({
        servers: {
          flaky: misbehaving('crash-then-refuse', { MARKER: join(folder, 'started') }),
        },
        restart: { maxAttempts: 3, initialDelay: 10 },
      });
      await hub.start();
      expect(hub.server('flaky')?.state).toBe('ready');
      await hub.callTool({ name: 'flaky__crash' });
      await until(() => hub.server('flaky')?.state === 'failed', 'giving up');
      const status = hub.server('flaky');
      expect(status?.restarts).toBe(3);
      expect(status?.reason).toMatch(
        /^Server "flaky" did not initialise .*exited with code 1 \(stderr: fatal: refusing to start again\).*; gave up after 3 restarts\.$/,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('item 10: a call with endless progress ends at its total, and bad timeouts are refused', async () => {
    await using hub = createMcpHub({ servers: { slow: misbehaving('progress') } });
    await hub.start();
    let updates = 0;
    const error = await errorOf(
      hub.callTool({
        name: 'slow__progress_forever',
        // Progress comes every 20 ms; the margins hold on a busy machine that stalls a process.
        timeout: 500,
        totalTimeout: 1_500,
        onProgress: () => {
          updates++;
        },
      }),
    );
    expect(error.code).toBe('TOOL_CALL_TIMEOUT');
    expect(error.message).toMatch(
      /no answer within the total of 1500 ms, although progress kept coming/,
    );
    expect(updates).toBeGreaterThan(0);
    // Without a total, ten timeouts.
    const unbounded = await errorOf(
      hub.callTool({ name: 'slow__progress_forever', timeout: 300, onProgress: () => undefined }),
    );
    expect(unbounded.message).toMatch(/the total of 3000 ms/);
    for (const timeout of [Number.POSITIVE_INFINITY, 0, -1, Number.NaN, 2 ** 31]) {
      const refused = await errorOf(hub.callTool({ name: 'slow__echo', timeout }));
      expect(refused.code).toBe('INVALID_OPTION');
      expect(refused.message).toMatch(
        /^Tool "slow__echo" .*: timeout must be a number of milliseconds above 0 and at most 2147483647/,
      );
    }
    expect(() => createMcpHub({ servers: {}, callTimeout: Number.POSITIVE_INFINITY })).toThrow(
      /callTimeout must be a number of milliseconds/,
    );
  });

  it('item 11: a signal shared by many calls keeps no listener once they end', async () => {
    await using hub = createMcpHub({ servers: { echo: scripted } });
    await hub.start();
    const controller = new AbortController();
    for (let index = 0; index < 30; index++) {
      await hub.callTool({
        name: 'echo__echo',
        arguments: { text: 'x' },
        signal: controller.signal,
      });
    }
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    const pending = hub.callTool({ name: 'echo__sleep', signal: controller.signal });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort();
    expect((await errorOf(pending)).code).toBe('TOOL_CALL_CANCELLED');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('item 12: a bad tool is left out with its reason in one line; the rest of its server works', async () => {
    await using hub = createMcpHub({ servers: { mixed: misbehaving('bad-tools') } });
    await hub.start();
    expect(hub.server('mixed')?.state).toBe('ready');
    expect(hub.tools().map((tool) => tool.remoteName)).toEqual([
      'also_good',
      'good',
      'only_dollar_schema',
    ]);
    expect(hub.tool('mixed__only_dollar_schema')?.inputSchema).toMatchObject({ type: 'object' });
    const warnings = hub.server('mixed')?.warnings ?? [];
    expect(warnings.map((warning) => [warning.code, warning.tool])).toEqual([
      ['UNUSABLE_TOOL', 'no_schema'],
      ['UNUSABLE_TOOL', undefined],
      ['UNUSABLE_TOOL', 'string_schema'],
    ]);
    expect(warnings[0]?.message).toBe(
      'Server "mixed": tool "no_schema" has no inputSchema (an object is required); it is left out, the server\'s other tools are kept.',
    );
    for (const warning of warnings) expect(warning.message).not.toContain('\n');
    expect(text(await hub.callTool({ name: 'mixed__good' }))).toBe('good');
  });

  it('item 12: a stdio message over the SDK limit is named as such, not as an exit', async () => {
    await using hub = createMcpHub({
      servers: { huge: misbehaving('oversize', { SIZE: String(11 * 1024 * 1024) }) },
    });
    await hub.start();
    expect(hub.server('huge')?.state).toBe('failed');
    expect(hub.server('huge')?.reason).toBe(
      'Server "huge": the server sent a message of more than 10485760 bytes (the maxMessageBytes limit); the connection was closed.',
    );
  });
});
