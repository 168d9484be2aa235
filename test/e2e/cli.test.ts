import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedHttpServer } from '../support/scripted-http-server.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'dist/cli/main.js');
const fixture = (name: string): string => join(root, 'test/fixtures/servers', name);
const npmServer = (name: string): string =>
  join(root, 'node_modules/@modelcontextprotocol', name, 'dist/index.js');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built toolwire binary and collects its output. */
function toolwire(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; stdin?: string } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: options.cwd ?? root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

const ANSI = '\u001b[';

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

describe('targets, options and exit codes', () => {
  it('names reads a catalog from stdin and keeps the JSON shape of issue 2', async () => {
    const run = await toolwire(
      ['names', '-', '--server', 'browser', '--envelope', 'openai', '--json'],
      {
        stdin: JSON.stringify({ tools: [{ name: 'browser.fetch' }, { name: 'search' }] }),
      },
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([
      {
        server: 'browser',
        tool: 'browser.fetch',
        canonical: 'browser__browser.fetch',
        wire: 'browser__browser_fetch',
        aliased: true,
      },
      {
        server: 'browser',
        tool: 'search',
        canonical: 'browser__search',
        wire: 'browser__search',
        aliased: false,
      },
    ]);
  });

  it('names with a preset gives the host names', async () => {
    const run = await toolwire(
      ['names', '-', '--server', 'github', '--preset', 'claude-code', '--json'],
      {
        stdin: JSON.stringify([{ name: 'create_issue' }]),
      },
    );
    expect(JSON.parse(run.stdout)[0]).toMatchObject({
      canonical: 'mcp__github__create_issue',
      aliased: false,
    });
  });

  it('names and capture --url reach a streamable HTTP server on 127.0.0.1', async () => {
    const http = await startScriptedHttpServer({ token: 'secret' });
    try {
      const refused = await toolwire(['names', '--url', http.url, '-q']);
      expect(refused.code).toBe(3);
      expect(refused.stdout).toMatch(/^127-0-0-1: failed: Server "127-0-0-1" did not initialise/m);
      const names = await toolwire([
        'names',
        '--url',
        http.url,
        '--header',
        'Authorization: Bearer secret',
        '--server',
        'remote',
        '--json',
        '-q',
      ]);
      expect(names.code).toBe(0);
      expect(JSON.parse(names.stdout).map((row: { canonical: string }) => row.canonical)).toEqual([
        'remote__echo',
        'remote__crash',
        'remote__add_tool',
        'remote__sleep',
        'remote__pid',
      ]);
      const capture = await toolwire([
        'capture',
        '--url',
        http.url,
        '--header',
        'Authorization: Bearer secret',
        '-q',
      ]);
      expect(JSON.parse(capture.stdout)).toMatchObject({
        server: '127-0-0-1',
        source: `streamable-http:${http.url}`,
        serverInfo: { name: 'scripted-server' },
      });
    } finally {
      await http.close();
    }
  });

  it('lint -- command starts one stdio server', async () => {
    const run = await toolwire([
      'lint',
      '--envelopes',
      'openai',
      '--',
      process.execPath,
      fixture('scripted-server.mjs'),
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('scripted-server  ready · scripted-server 1.0.0 · 5 tools');
  });

  it('lint --strict passes a catalog whose names all fit, and fails one that needs aliases', async () => {
    const clean = await toolwire(['lint', '-', '--server', 'notes', '--strict', '-q'], {
      stdin: JSON.stringify({
        tools: [{ name: 'get_note', inputSchema: { type: 'object', properties: {} } }],
      }),
    });
    expect(clean.code).toBe(0);
    const dirty = await toolwire([
      'lint',
      'test/fixtures/catalogs/filesystem.json',
      '--strict',
      '-q',
    ]);
    expect(dirty.code).toBe(1);
    expect(dirty.stdout).toContain('@modelcontextprotocol/server-filesystem  ready');
    const schema = await toolwire(
      ['lint', '-', '--server', 'x', '--strict', '-q', '--envelopes', 'openai'],
      {
        stdin: JSON.stringify({
          tools: [
            {
              name: 'tags',
              inputSchema: { type: 'object', properties: { list: { $ref: '#/$defs/list' } } },
            },
          ],
        }),
      },
    );
    expect(schema.code).toBe(1);
    expect(schema.stdout).toContain(
      'schema rejected by openai: Tool "x__tags": Schema at "/properties/list" refers to "#/$defs/list", which is not inside the schema.',
    );
  });

  it('colours with --color, never with NO_COLOR', async () => {
    const stdin = JSON.stringify([{ name: 'a.b' }]);
    const coloured = await toolwire(['names', '-', '--server', 's', '--color'], { stdin });
    expect(coloured.stdout).toContain(ANSI);
    const plain = await toolwire(['names', '-', '--server', 's', '--color'], {
      stdin,
      env: { NO_COLOR: '1' },
    });
    expect(plain.stdout).not.toContain(ANSI);
  });

  it('reads the usual config locations when no target is given', async () => {
    const home = join(folder, 'home');
    await mkdir(join(home, '.cursor'), { recursive: true });
    await writeFile(
      join(home, '.cursor', 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          scripted: { command: process.execPath, args: [fixture('scripted-server.mjs')] },
        },
      }),
    );
    const run = await toolwire(['names', '--json', '-q'], {
      cwd: home,
      env: { HOME: home, XDG_CONFIG_HOME: join(home, '.config') },
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).map((row: { canonical: string }) => row.canonical)).toContain(
      'scripted__echo',
    );
    const none = await toolwire(['lint'], {
      cwd: folder,
      env: { HOME: folder, XDG_CONFIG_HOME: folder },
    });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(
      /^toolwire: No target given and no Claude Desktop, Cursor, VS Code or Claude Code config found/,
    );
  });

  it('exits 2 with a message that names the subject on bad input', async () => {
    const missing = await toolwire(['lint', 'nope.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /^toolwire: File .*nope\.json cannot be read \(ENOENT\); check the path\. \[INVALID_CONFIG\]\n$/,
    );
    const envelope = await toolwire(['names', 'x.json', '--envelope', 'cohere']);
    expect(envelope.code).toBe(2);
    expect(envelope.stderr).toMatch(/"cohere" is not an envelope/);
    const notJson = await toolwire(['lint', '-'], { stdin: 'not json' });
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/^toolwire: Standard input is not valid JSON/);
  });
});
