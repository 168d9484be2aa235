import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFetchHandler } from '../../src/cli/gateway/serve-fetch-handler.js';
import { createGateway } from '../../src/gateway/index.js';
import { installClient } from './support/install-client.js';
import { answerMessages as answer, type MessagesBody } from './support/messages-stub.js';
import { CLAUDE_CODE, runClaudeCode } from './support/run-claude-code.js';
import { serveModelStub } from './support/serve-model-stub.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
// A registry-style key: Claude Code sends `mcp__<key>__<tool>`, past Bedrock's 64 characters.
const SERVER_KEY = 'io-github-modelcontextprotocol-server-everything-production-eu';
const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const ECHO = 'hello-through-the-gateway';
const PROMPT = `Call the echo tool with the message ${ECHO}, then say done.`;

interface Seen {
  tools: string[];
  violations: string[];
  toolResults: string[];
}

/**
 * A Messages API stub that enforces Bedrock's 64-character names on tools, `tool_choice` and
 * history; asks for the echo tool by its wire name once, then finishes the conversation.
 */
async function startBedrockLikeStub() {
  const seen: Seen[] = [];
  const served = await serveModelStub((_path, parsed, outgoing) => {
    const body = parsed as MessagesBody;
    const tools = (body.tools ?? []).map((tool) => tool.name);
    const record: Seen = { tools, violations: [], toolResults: [] };
    seen.push(record);
    for (const name of tools) if (!NAME.test(name)) record.violations.push(name);
    for (const message of body.messages ?? []) {
      if (!Array.isArray(message.content)) continue;
      for (const block of message.content as Record<string, unknown>[]) {
        if (block.type === 'tool_use' && !NAME.test(String(block.name))) {
          record.violations.push(String(block.name));
        }
        if (block.type === 'tool_result') record.toolResults.push(JSON.stringify(block.content));
      }
    }
    if (record.violations.length > 0) {
      outgoing.writeHead(400, { 'content-type': 'application/json' });
      outgoing.end(
        JSON.stringify({
          type: 'error',
          error: {
            type: 'invalid_request_error',
            message: `tools.0.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$' (${record.violations[0]})`,
          },
        }),
      );
      return;
    }
    const echo = tools.find((name) => name.endsWith('echo') || name.includes('_echo'));
    const call =
      echo !== undefined && record.toolResults.length === 0
        ? { type: 'tool_use', id: 'toolu_1', name: echo, input: { message: ECHO } }
        : undefined;
    const content = call === undefined ? [{ type: 'text', text: 'Done.' }] : [call];
    answer(outgoing, body.stream === true, body.model ?? 'claude-test', content);
  });
  return { ...served, seen };
}

// Issue 11, done when: a real coding agent through the gateway. Claude Code's MCP tool names
// (`mcp__<key>__<tool>`) pass 64 characters; the upstream enforces Bedrock's 64.
describe('Claude Code through toolwire gateway', () => {
  const allow = [`mcp__${SERVER_KEY}`];
  let bin: string;
  let home: string;
  let config: string;
  beforeAll(async () => {
    bin = await installClient(CLAUDE_CODE, 'claude');
    home = mkdtempSync(join(tmpdir(), 'toolwire-claude-'));
    config = join(home, 'mcp.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          [SERVER_KEY]: {
            command: process.execPath,
            args: [
              join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'),
            ],
          },
        },
      }),
    );
  });
  afterAll(() => {
    if (home !== undefined) rmSync(home, { recursive: true, force: true });
  });

  it('should be rejected by the 64-character upstream without the gateway', async () => {
    const stub = await startBedrockLikeStub();
    try {
      await runClaudeCode({ bin, baseUrl: stub.url, home, config, prompt: PROMPT, allow });
      const first = stub.seen.find((request) => request.tools.length > 0);
      expect(first?.tools.some((name) => name.length > 64)).toBe(true);
      expect(first?.violations.length).toBeGreaterThan(0);
    } finally {
      await stub.close();
    }
  });

  it('should finish the conversation through the gateway, the call reaching the MCP server', async () => {
    const stub = await startBedrockLikeStub();
    const gateway = createGateway({ upstream: { baseUrl: stub.url, envelope: 'bedrock' } });
    const served = await serveFetchHandler({ fetch: (request) => gateway.fetch(request) });
    try {
      const run = await runClaudeCode({
        bin,
        baseUrl: served.url,
        home,
        config,
        prompt: PROMPT,
        allow,
      });
      const tooled = stub.seen.filter((request) => request.tools.length > 0);
      expect(tooled.length).toBeGreaterThan(0);
      for (const request of stub.seen) expect(request.violations).toEqual([]);
      // The echo tool (remote name `echo`) answered: its result came back in the next turn.
      expect(
        stub.seen.some((request) => request.toolResults.some((text) => text.includes(ECHO))),
      ).toBe(true);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ is_error: false, result: 'Done.' });
    } finally {
      await served.close();
      await stub.close();
    }
  });
});
