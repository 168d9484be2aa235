import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSI, fixture, toolwire } from '../support/run-toolwire.js';
import { startScriptedHttpServer } from '../support/scripted-http-server.js';

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'toolwire-cli-targets-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
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
        status: 'fixed',
      },
      {
        server: 'browser',
        tool: 'search',
        canonical: 'browser__search',
        wire: 'browser__search',
        aliased: false,
        status: 'ok',
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
      status: 'ok',
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
      /^toolwire: No target given and no Claude Desktop, Cursor or VS Code user config found/,
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
