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
  SERVER_KEYS,
  unreached,
  useClientHome,
} from './support/hostile-servers.js';
import { startMessagesStub } from './support/messages-stub.js';
import { CLAUDE_CODE, runClaudeCode } from './support/run-claude-code.js';

const PREFIX = 'mcp__toolwire__';
const PROMPT = 'Call every MCP tool once, then say done.';

// Issue 10, done when: Claude Code with the proxy as its only MCP server, fronting servers with
// hostile tool names and schemas; and the same servers configured directly, for what it loses.
describe('Claude Code through toolwire proxy', () => {
  const client = useClientHome(CLAUDE_CODE, 'claude');

  it('should pass every listed tool to the model unchanged, each call reaching its server', async () => {
    const { bin, home, record, servers } = client();
    const listed = await listThroughProxy(servers, 'claude-code');
    expect(listed).toHaveLength(hostileTools().length);
    const config = join(home, 'proxy.json');
    writeFileSync(
      config,
      JSON.stringify({ mcpServers: { toolwire: proxyServer(servers, 'claude-code') } }),
    );
    rmSync(record, { force: true });
    const proxied = (name: string) => name.startsWith(PREFIX);
    const stub = await startMessagesStub((tools) => tools.filter(proxied));
    try {
      const run = await runClaudeCode({
        bin,
        baseUrl: stub.url,
        home,
        config,
        prompt: PROMPT,
        allow: ['mcp__toolwire'],
      });
      expectEveryToolReached({
        client: 'Claude Code',
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
    const config = join(home, 'direct.json');
    writeFileSync(config, JSON.stringify({ mcpServers: hostileServers(record) }));
    rmSync(record, { force: true });
    const mcp = (name: string) => name.startsWith('mcp__');
    const stub = await startMessagesStub((tools) => tools.filter(mcp));
    try {
      // Claude Code's permission rule names the server as it sanitises it.
      const allow = Object.values(SERVER_KEYS).map(
        (key) => `mcp__${key.replace(/[^A-Za-z0-9_-]/g, '_')}`,
      );
      await runClaudeCode({ bin, baseUrl: stub.url, home, config, prompt: PROMPT, allow });
      const reaching = firstOffered(stub.seen, mcp);
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
