import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hostileServers,
  hostileTools,
  listThroughProxy,
  proxyServer,
  recordedCalls,
  SERVER_KEYS,
  unreached,
  writeServersConfig,
} from './support/hostile-servers.js';
import { installClient } from './support/install-client.js';
import { startMessagesStub } from './support/messages-stub.js';

const PREFIX = 'mcp__toolwire__';

function runClaude(bin: string, baseUrl: string, home: string, config: string, allow: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      bin,
      [
        '-p',
        'Call every MCP tool once, then say done.',
        '--mcp-config',
        config,
        '--strict-mcp-config',
        '--allowedTools',
        allow.join(','),
        '--output-format',
        'json',
      ],
      {
        cwd: home,
        timeout: 240_000,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: home,
          ANTHROPIC_BASE_URL: baseUrl,
          ANTHROPIC_API_KEY: 'sk-ant-test',
          MCP_CONNECTION_NONBLOCKING: 'false',
          MCP_CONNECT_TIMEOUT_MS: '90000',
          ENABLE_TOOL_SEARCH: 'false',
          DISABLE_TELEMETRY: '1',
          DISABLE_AUTOUPDATER: '1',
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        },
      },
      (error, stdout, stderr) =>
        resolve({
          code: error === null ? 0 : ((error as { code?: number }).code ?? 1),
          stdout,
          stderr,
        }),
    );
  });
}

// Issue 10, done when: Claude Code with the proxy as its only MCP server, fronting servers with
// hostile tool names and schemas; and the same servers configured directly, for what it loses.
describe('Claude Code through toolwire proxy', () => {
  let bin: string;
  let home: string;
  let record: string;
  let servers: string;
  beforeAll(async () => {
    bin = await installClient('@anthropic-ai/claude-code@2.1.332', 'claude');
    home = mkdtempSync(join(tmpdir(), 'toolwire-proxy-claude-'));
    record = join(home, 'calls.jsonl');
    servers = join(home, 'servers.json');
    writeServersConfig(servers, record);
  });
  afterAll(() => {
    if (home !== undefined) rmSync(home, { recursive: true, force: true });
  });

  it('should pass every listed tool to the model unchanged, each call reaching its server', async () => {
    const listed = await listThroughProxy(servers, 'claude-code');
    expect(listed).toHaveLength(hostileTools().length);
    const config = join(home, 'proxy.json');
    writeFileSync(
      config,
      JSON.stringify({ mcpServers: { toolwire: proxyServer(servers, 'claude-code') } }),
    );
    rmSync(record, { force: true });
    const stub = await startMessagesStub((tools) =>
      tools.filter((name) => name.startsWith(PREFIX)),
    );
    try {
      const run = await runClaude(bin, stub.url, home, config, ['mcp__toolwire']);
      const first = stub.seen.find((request) => request.tools.some((n) => n.startsWith(PREFIX)));
      const reaching = (first?.tools ?? []).filter((name) => name.startsWith(PREFIX));
      console.log(
        `Claude Code + proxy: ${listed.length} listed, ${reaching.length} reach the model`,
      );
      expect([...reaching].sort()).toEqual(listed.map((name) => PREFIX + name).sort());
      const calls = recordedCalls(record);
      expect(unreached(calls)).toEqual([]);
      expect(calls).toHaveLength(listed.length);
      expect(run.code, run.stderr).toBe(0);
    } finally {
      await stub.close();
    }
  });

  it('should lose tools without the proxy (servers configured directly)', async () => {
    const config = join(home, 'direct.json');
    writeFileSync(config, JSON.stringify({ mcpServers: hostileServers(record) }));
    rmSync(record, { force: true });
    const stub = await startMessagesStub((tools) =>
      tools.filter((name) => name.startsWith('mcp__')),
    );
    try {
      // Claude Code's permission rule names the server as it sanitises it.
      const allow = Object.values(SERVER_KEYS).map(
        (key) => `mcp__${key.replace(/[^A-Za-z0-9_-]/g, '_')}`,
      );
      await runClaude(bin, stub.url, home, config, allow);
      const first = stub.seen.find((request) => request.tools.some((n) => n.startsWith('mcp__')));
      const reaching = (first?.tools ?? []).filter((name) => name.startsWith('mcp__'));
      const lost = unreached(recordedCalls(record));
      console.log(
        `Claude Code direct: ${hostileTools().length} offered, ${reaching.length} reach the model; lost: ${JSON.stringify(lost)}`,
      );
      expect(reaching.length).toBeLessThan(hostileTools().length);
      expect(lost.length).toBeGreaterThan(0);
      // A schema without root type costs the whole server (both its tools), found only in debug logs.
      expect(lost).toContain('schema.cases: no_root_type');
    } finally {
      await stub.close();
    }
  });
});
