import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSI, bin, fixture, npmServer, toolwire } from '../support/run-toolwire.js';

let folder: string;
let brokenConfig: string;

beforeAll(async () => {
  expect(existsSync(bin), 'npm test builds dist/ first; run npm run build').toBe(true);
  folder = await mkdtemp(join(tmpdir(), 'toolwire-cli-'));
  brokenConfig = join(folder, 'broken.json');
  await writeFile(
    brokenConfig,
    JSON.stringify({
      mcpServers: {
        memory: {
          command: process.execPath,
          args: [npmServer('server-memory')],
          env: { MEMORY_FILE_PATH: join(folder, 'm.jsonl') },
        },
        'exits-at-start': { command: process.execPath, args: [fixture('exits-at-start.mjs')] },
        'needs-a-key': {
          command: process.execPath,
          args: [fixture('exits-at-start.mjs')],
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own ${VAR} syntax.
          env: { KEY: '${TOOLWIRE_TEST_UNSET_KEY}' },
        },
      },
    }),
  );
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('toolwire lint on the bundled config (npm start)', () => {
  it('starts the three real servers and prints the report, progress on stderr, no colour off a TTY', async () => {
    const run = await toolwire(['lint', 'examples/mcp.json']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^toolwire lint config: examples\/mcp\.json/);
    for (const key of [
      'io.github.modelcontextprotocol/server-everything',
      'io-github-modelcontextprotocol-server-filesystem',
      'io.github.modelcontextprotocol/knowledge-graph-memory',
    ]) {
      expect(run.stdout).toContain(`${key}  ready`);
    }
    expect(run.stdout).toMatch(/Summary: 3 servers \(3 ready\), \d+ tools, [\d,]+ tokens\./);
    expect(run.stdout).toMatch(/list_allowed_directories +alias +ok /);
    expect(run.stdout).not.toContain(ANSI);
    expect(run.stderr).toContain('connecting 3 servers...');
  });

  it('--json gives the same report as data, and --strict fails it (names are aliased)', async () => {
    const run = await toolwire(['lint', 'examples/mcp.json', '--json', '--strict', '--quiet']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout);
    expect(report.summary).toMatchObject({ servers: 3, ready: 3, failed: 0 });
    expect(report.summary.renamed.openai).toBeGreaterThan(0);
    const memory = report.servers.find((server: { server: string }) =>
      server.server.endsWith('knowledge-graph-memory'),
    );
    const tool = memory.tools.find((entry: { tool: string }) => entry.tool === 'read_graph');
    expect(tool.canonical).toBe(
      'io.github.modelcontextprotocol/knowledge-graph-memory__read_graph',
    );
    expect(tool.envelopes.openai.wire).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(tool.envelopes.openai.violations.join('; ')).toMatch(
      /characters: ".", "\/" not allowed/,
    );
    expect(memory.tokens).toBeGreaterThan(100);
  });
});

describe('every command on a config with one broken server', () => {
  it('lint reports the broken servers and lints the rest (exit 3)', async () => {
    const run = await toolwire(['lint', brokenConfig]);
    expect(run.code).toBe(3);
    expect(run.stdout).toContain('memory  ready');
    expect(run.stdout).toMatch(
      /exits-at-start {2}FAILED\n {2}Server "exits-at-start" did not initialise .*exited with code 1 \(stderr: fatal: EXAMPLE_API_KEY is not set\)/,
    );
    expect(run.stdout).toMatch(
      /needs-a-key {2}FAILED\n {2}Server "needs-a-key" "env.KEY" uses \$\{TOOLWIRE_TEST_UNSET_KEY\}, but TOOLWIRE_TEST_UNSET_KEY is not set/,
    );
    expect(run.stderr).toMatch(/ {2}failed {2}exits-at-start: /);
  });

  it('names lists the working server (exit 3)', async () => {
    const run = await toolwire(['names', brokenConfig, '--json', '--envelope', 'openai', '-q']);
    expect(run.code).toBe(3);
    const rows = JSON.parse(run.stdout);
    expect(rows.find((row: { tool: string }) => row.tool === 'read_graph')).toEqual({
      server: 'memory',
      tool: 'read_graph',
      canonical: 'memory__read_graph',
      wire: 'memory__read_graph',
      aliased: false,
      status: 'ok',
    });
  });

  it('capture saves the working server, diff compares captures', async () => {
    const output = join(folder, 'capture.json');
    const run = await toolwire(['capture', brokenConfig, '-o', output]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/wrote 9 tools of 1 server\(s\) to /);
    const saved = JSON.parse(await readFile(output, 'utf8'));
    expect(saved.servers[0]).toMatchObject({
      server: 'memory',
      how: 'tools/list live',
      serverInfo: { name: 'memory-server' },
    });
    expect(saved.failures.map((failure: { server: string }) => failure.server)).toEqual([
      'exits-at-start',
      'needs-a-key',
    ]);

    const same = await toolwire(['diff', output, output]);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('openai: 0 added, 0 removed, 0 renamed');

    const changed = structuredClone(saved);
    const tools = changed.servers[0].tools;
    tools.find((tool: { name: string }) => tool.name === 'read_graph').name = 'read_whole_graph';
    changed.servers[0].tools = tools.filter((tool: { name: string }) => tool.name !== 'open_nodes');
    changed.servers[0].tools.push({ name: 'forget.everything', inputSchema: { type: 'object' } });
    const after = join(folder, 'after.json');
    await writeFile(after, JSON.stringify(changed));
    const diff = await toolwire(['diff', output, after, '--json', '--envelopes', 'openai,gemini']);
    expect(diff.code).toBe(1);
    const report = JSON.parse(diff.stdout);
    const openai = report.envelopes[0];
    expect(openai.added).toEqual([
      { canonical: 'memory__forget.everything', wire: 'memory__forget_everything' },
    ]);
    expect(openai.removed).toEqual([
      { canonical: 'memory__open_nodes', wire: 'memory__open_nodes' },
    ]);
    expect(openai.renamed).toEqual([
      {
        why: 'tool',
        before: { canonical: 'memory__read_graph', wire: 'memory__read_graph' },
        after: { canonical: 'memory__read_whole_graph', wire: 'memory__read_whole_graph' },
      },
    ]);
    expect(report.envelopes[1].added[0].wire).toBe('memory__forget.everything');
  });
});
