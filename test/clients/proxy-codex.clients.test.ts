import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
import { startResponsesStub } from './support/responses-stub.js';
import { type ClientRun, runClient } from './support/run-client.js';

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

function runCodex(bin: string, home: string): Promise<ClientRun> {
  return runClient({
    command: bin,
    args: [
      'exec',
      '--skip-git-repo-check',
      '--dangerously-bypass-approvals-and-sandbox',
      'Call every MCP tool once, then say done.',
    ],
    home,
    env: { CODEX_HOME: home, STUB_API_KEY: 'k' },
  });
}

// Issue 10, done when: Codex CLI with the proxy as its only MCP server, fronting servers with
// hostile tool names and schemas; and the same servers configured directly, for what it loses.
describe('Codex CLI through toolwire proxy', () => {
  const client = useClientHome('@openai/codex@0.171.0', 'codex');

  it('should pass every listed tool to the model unchanged, each call reaching its server', async () => {
    const { bin, home, record, servers } = client();
    const listed = await listThroughProxy(servers, 'codex');
    expect(listed).toHaveLength(hostileTools().length);
    rmSync(record, { force: true });
    const proxied = (tool: { namespace?: string }) => tool.namespace === NAMESPACE;
    const stub = await startResponsesStub((tools) => tools.filter(proxied));
    try {
      writeCodexConfig(home, stub.url, { toolwire: proxyServer(servers, 'codex') });
      const run = await runCodex(bin, home);
      expectEveryToolReached({
        client: 'Codex CLI',
        listed,
        reaching: firstOffered(stub.seen, proxied).map((tool) => tool.name),
        expected: listed,
        record,
        run,
      });
    } finally {
      await stub.close();
    }
  });

  it('should rename or lose tools without the proxy (servers configured directly)', async () => {
    const { bin, home, record } = client();
    rmSync(record, { force: true });
    const mcp = (tool: { namespace?: string }) => tool.namespace?.startsWith('mcp__') === true;
    const stub = await startResponsesStub((tools) => tools.filter(mcp));
    try {
      writeCodexConfig(home, stub.url, hostileServers(record));
      await runCodex(bin, home);
      const reaching = firstOffered(stub.seen, mcp);
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
