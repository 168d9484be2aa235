import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { node22 } from '../support/node22.js';
import { startGeminiStub } from './support/gemini-stub.js';
import {
  expectEveryToolReached,
  firstOffered,
  hostileServers,
  hostileTools,
  listThroughProxy,
  proxyServer,
  recordedCalls,
  unreached,
  useClientHome,
} from './support/hostile-servers.js';
import { type ClientRun, runClient } from './support/run-client.js';

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

function runGemini(bin: string, baseUrl: string, home: string): Promise<ClientRun> {
  return runClient({
    command: node22(),
    args: [bin, '-p', 'Call every MCP tool once, then say done.', '--approval-mode', 'yolo'],
    home,
    env: {
      GEMINI_API_KEY: 'gemini-test-key',
      GOOGLE_GEMINI_BASE_URL: baseUrl,
      GEMINI_CLI_NO_RELAUNCH: 'true',
      NO_COLOR: '1',
    },
  });
}

// Issue 10, done when: Gemini CLI with the proxy as its only MCP server, fronting servers with
// hostile tool names and schemas; and the same servers configured directly, for what it loses.
describe('Gemini CLI through toolwire proxy', () => {
  const client = useClientHome('@google/gemini-cli@0.61.0', 'gemini');

  it('should pass every listed tool to the model unchanged, each call reaching its server', async () => {
    const { bin, home, record, servers } = client();
    const listed = await listThroughProxy(servers, 'gemini-cli');
    expect(listed).toHaveLength(hostileTools().length);
    writeSettings(home, { toolwire: proxyServer(servers, 'gemini-cli') });
    rmSync(record, { force: true });
    const proxied = (name: string) => name.startsWith(PREFIX);
    const stub = await startGeminiStub((tools) => tools.filter(proxied));
    try {
      const run = await runGemini(bin, stub.url, home);
      expectEveryToolReached({
        client: 'Gemini CLI',
        listed,
        reaching: firstOffered(stub.seen, proxied),
        expected: listed.map((name) => PREFIX + name),
        record,
        run,
      });
    } finally {
      await stub.close();
    }
  });

  it('should lose tools without the proxy (servers configured directly)', async () => {
    const { bin, home, record } = client();
    writeSettings(home, hostileServers(record));
    rmSync(record, { force: true });
    const mcp = (name: string) => name.startsWith('mcp_');
    const stub = await startGeminiStub((tools) => tools.filter(mcp));
    try {
      await runGemini(bin, stub.url, home);
      const reaching = firstOffered(stub.seen, mcp);
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
