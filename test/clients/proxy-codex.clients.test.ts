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
  unreached,
  writeServersConfig,
} from './support/hostile-servers.js';
import { installClient } from './support/install-client.js';
import { startResponsesStub } from './support/responses-stub.js';

const NAMESPACE = 'mcp__toolwire';

/**
 * Writes `$CODEX_HOME/config.toml`: a model provider on the stub (Responses API) and these MCP
 * servers, each `required` (else the first request leaves before their tools are listed).
 */
function writeCodexConfig(
  home: string,
  baseUrl: string,
  servers: Record<string, { command: string; args: string[] }>,
): void {
  const sections = Object.entries(servers).map(
    ([key, server]) =>
      `[mcp_servers.${JSON.stringify(key)}]\ncommand = ${JSON.stringify(server.command)}\nargs = ${JSON.stringify(server.args)}\nrequired = true\n`,
  );
  writeFileSync(
    join(home, 'config.toml'),
    [
      'model = "gpt-test"',
      'model_provider = "stub"',
      '[model_providers.stub]',
      'name = "stub"',
      `base_url = ${JSON.stringify(baseUrl)}`,
      'wire_api = "responses"',
      'env_key = "STUB_API_KEY"',
      ...sections,
    ].join('\n'),
  );
}

function runCodex(bin: string, home: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      bin,
      [
        'exec',
        '--skip-git-repo-check',
        '--dangerously-bypass-approvals-and-sandbox',
        'Call every MCP tool once, then say done.',
      ],
      {
        cwd: home,
        timeout: 240_000,
        env: { PATH: process.env.PATH ?? '', HOME: home, CODEX_HOME: home, STUB_API_KEY: 'k' },
      },
      (error, stdout, stderr) =>
        resolve({
          code: error === null ? 0 : ((error as { code?: number }).code ?? 1),
          stdout,
          stderr,
        }),
    );
    // `codex exec` reads more of the prompt from standard input until it ends.
    child.stdin?.end();
  });
}

// Issue 10, done when: Codex CLI with the proxy as its only MCP server, fronting servers with
// hostile tool names and schemas; and the same servers configured directly, for what it loses.
describe('Codex CLI through toolwire proxy', () => {
  let bin: string;
  let home: string;
  let record: string;
  let servers: string;
  beforeAll(async () => {
    bin = await installClient('@openai/codex@0.171.0', 'codex');
    home = mkdtempSync(join(tmpdir(), 'toolwire-proxy-codex-'));
    record = join(home, 'calls.jsonl');
    servers = join(home, 'servers.json');
    writeServersConfig(servers, record);
  });
  afterAll(() => {
    if (home !== undefined) rmSync(home, { recursive: true, force: true });
  });

  it('should pass every listed tool to the model unchanged, each call reaching its server', async () => {
    const listed = await listThroughProxy(servers, 'codex');
    expect(listed).toHaveLength(hostileTools().length);
    rmSync(record, { force: true });
    const stub = await startResponsesStub((tools) =>
      tools.filter((tool) => tool.namespace === NAMESPACE),
    );
    try {
      writeCodexConfig(home, stub.url, { toolwire: proxyServer(servers, 'codex') });
      const run = await runCodex(bin, home);
      const first = stub.seen.find((request) =>
        request.tools.some((tool) => tool.namespace === NAMESPACE),
      );
      const reaching = (first?.tools ?? [])
        .filter((tool) => tool.namespace === NAMESPACE)
        .map((tool) => tool.name);
      console.log(`Codex CLI + proxy: ${listed.length} listed, ${reaching.length} reach the model`);
      expect([...reaching].sort(), run.stderr).toEqual([...listed].sort());
      const calls = recordedCalls(record);
      expect(unreached(calls)).toEqual([]);
      expect(calls).toHaveLength(listed.length);
      expect(run.code, run.stderr).toBe(0);
    } finally {
      await stub.close();
    }
  });

  it('should rename or lose tools without the proxy (servers configured directly)', async () => {
    rmSync(record, { force: true });
    const stub = await startResponsesStub((tools) =>
      tools.filter((tool) => tool.namespace?.startsWith('mcp__') === true),
    );
    try {
      writeCodexConfig(home, stub.url, hostileServers(record));
      await runCodex(bin, home);
      const first = stub.seen.find((request) =>
        request.tools.some((tool) => tool.namespace?.startsWith('mcp__') === true),
      );
      const reaching = (first?.tools ?? []).filter(
        (tool) => tool.namespace?.startsWith('mcp__') === true,
      );
      const lost = unreached(recordedCalls(record));
      const renamed = reaching.filter(
        (tool) => !hostileTools().some((hostile) => hostile.name === tool.name),
      );
      console.log(
        `Codex CLI direct: ${hostileTools().length} offered, ${reaching.length} reach the model, ${renamed.length} of them renamed by the client; lost: ${JSON.stringify(lost)}; renamed: ${JSON.stringify(renamed.map((tool) => `${tool.namespace}/${tool.name}`))}`,
      );
      // Codex keeps every tool but renames those outside [A-Za-z0-9_] or past its length budget.
      expect(lost.length + renamed.length).toBeGreaterThan(0);
    } finally {
      await stub.close();
    }
  });
});
