import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { node22 } from '../support/node22.js';
import { startGeminiStub } from './support/gemini-stub.js';
import {
  hostileServers,
  hostileTools,
  listThroughProxy,
  proxyServer,
  recordedCalls,
  unreached,
  writeServersConfig,
} from './support/hostile-servers.js';
import { installClient } from './support/install-client.js';

const PREFIX = 'mcp_toolwire_';

/** Writes the client's settings (API-key auth, these MCP servers) under the scratch HOME. */
function writeSettings(home: string, mcpServers: Record<string, unknown>): void {
  mkdirSync(join(home, '.gemini'), { recursive: true });
  writeFileSync(
    join(home, '.gemini', 'settings.json'),
    JSON.stringify({
      security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      general: { disableAutoUpdate: true, disableUpdateNag: true },
      mcpServers,
    }),
  );
}

function runGemini(bin: string, baseUrl: string, home: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      node22(),
      [bin, '-p', 'Call every MCP tool once, then say done.', '--approval-mode', 'yolo'],
      {
        cwd: home,
        timeout: 240_000,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: home,
          GEMINI_API_KEY: 'gemini-test-key',
          GOOGLE_GEMINI_BASE_URL: baseUrl,
          GEMINI_CLI_NO_RELAUNCH: 'true',
          NO_COLOR: '1',
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

// Issue 10, done when: Gemini CLI with the proxy as its only MCP server, fronting servers with
// hostile tool names and schemas; and the same servers configured directly, for what it loses.
describe('Gemini CLI through toolwire proxy', () => {
  let bin: string;
  let home: string;
  let record: string;
  let servers: string;
  beforeAll(async () => {
    bin = await installClient('@google/gemini-cli@0.61.0', 'gemini');
    home = mkdtempSync(join(tmpdir(), 'toolwire-proxy-gemini-'));
    record = join(home, 'calls.jsonl');
    servers = join(home, 'servers.json');
    writeServersConfig(servers, record);
  });
  afterAll(() => {
    if (home !== undefined) rmSync(home, { recursive: true, force: true });
  });

  it('should pass every listed tool to the model unchanged, each call reaching its server', async () => {
    const listed = await listThroughProxy(servers, 'gemini-cli');
    expect(listed).toHaveLength(hostileTools().length);
    writeSettings(home, { toolwire: proxyServer(servers, 'gemini-cli') });
    rmSync(record, { force: true });
    const stub = await startGeminiStub((tools) => tools.filter((name) => name.startsWith(PREFIX)));
    try {
      const run = await runGemini(bin, stub.url, home);
      const first = stub.seen.find((request) => request.tools.some((n) => n.startsWith(PREFIX)));
      const reaching = (first?.tools ?? []).filter((name) => name.startsWith(PREFIX));
      console.log(
        `Gemini CLI + proxy: ${listed.length} listed, ${reaching.length} reach the model`,
      );
      expect([...reaching].sort(), run.stderr).toEqual(listed.map((name) => PREFIX + name).sort());
      const calls = recordedCalls(record);
      expect(unreached(calls)).toEqual([]);
      expect(calls).toHaveLength(listed.length);
      expect(run.code, run.stderr).toBe(0);
    } finally {
      await stub.close();
    }
  });

  it('should lose tools without the proxy (servers configured directly)', async () => {
    writeSettings(home, hostileServers(record));
    rmSync(record, { force: true });
    const stub = await startGeminiStub((tools) => tools.filter((name) => name.startsWith('mcp_')));
    try {
      await runGemini(bin, stub.url, home);
      const first = stub.seen.find((request) => request.tools.some((n) => n.startsWith('mcp_')));
      const reaching = (first?.tools ?? []).filter((name) => name.startsWith('mcp_'));
      const lost = unreached(recordedCalls(record));
      console.log(
        `Gemini CLI direct: ${hostileTools().length} offered, ${reaching.length} reach the model; lost: ${JSON.stringify(lost)}`,
      );
      expect(reaching.length).toBeLessThan(hostileTools().length);
      // Past 63 characters names become their first and last 30: the four long names collide
      // (the last registered wins), as do the two 77-character ones; a schema without root type
      // fails its whole server.
      expect(lost.length).toBeGreaterThan(0);
      expect(lost).toContain('schema.cases: no_root_type');
    } finally {
      await stub.close();
    }
  });
});
