import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const catalog = fileURLToPath(new URL('../fixtures/catalogs/linear-mcp.json', import.meta.url));

describe('toolwire names', () => {
  it('should print canonical and wire names, marking aliased ones', async () => {
    const { stdout } = await run(process.execPath, [
      bin,
      'names',
      catalog,
      '--server',
      'io.github.example-org/linear-mcp-server',
      '--envelope',
      'openai',
    ]);
    expect(stdout).toContain('wire (openai)');
    expect(stdout).toMatch(
      /^ {2}alias +io\.github\.example-org\/linear-mcp-server__linear_create_project_with_issues +io_github_example-org_linear_create_project_with_issues_[a-z2-7]{8}$/m,
    );
    expect(stdout).toMatch(
      /19 tools under "openai": 0 ok, 14 fixed \(characters substituted\), 5 alias \(hashed\)\./,
    );
  });

  it('should print JSON rows, from a bare array on standard input', async () => {
    const child = run(process.execPath, [
      bin,
      'names',
      '-',
      '--json',
      '--server',
      'browser',
      '--envelope',
      'openai',
    ]);
    child.child.stdin?.end(JSON.stringify([{ name: 'browser.fetch' }, { name: 'search' }]));
    const { stdout } = await child;
    // The row shape itself is checked in cli-targets.test.ts; here, that a bare array reads alike.
    const rows = JSON.parse(stdout) as { tool: string; wire: string }[];
    expect(rows.map((row) => [row.tool, row.wire])).toEqual([
      ['browser.fetch', 'browser__browser_fetch'],
      ['search', 'browser__search'],
    ]);
  });

  it.each(['claude-code', 'agent-framework'])(
    'should show readable names under --preset %s on the bundled catalogs under long keys',
    async (preset) => {
      const skeleton = (text: string) => text.replace(/[^A-Za-z0-9]/g, '');
      let aliases = 0;
      for (const file of ['everything.json', 'filesystem.json', 'memory.json', 'notion.json']) {
        const server = `io.github.modelcontextprotocol/servers-${file.replace('.json', '')}-mcp-server`;
        const { stdout } = await run(process.execPath, [
          bin,
          'names',
          fileURLToPath(new URL(`../fixtures/catalogs/${file}`, import.meta.url)),
          '--server',
          server,
          '--preset',
          preset,
          '--envelope',
          'openai',
          '--json',
        ]);
        const rows = JSON.parse(stdout) as Array<{ tool: string; canonical: string; wire: string }>;
        for (const row of rows) {
          const substituted = row.canonical.replace(/[^A-Za-z0-9_-]/gu, '_');
          if (row.wire === row.canonical || row.wire === substituted) continue;
          aliases++;
          // An alias: its own server first (never `mcp`, never a bare hash), then the whole tool.
          const head = skeleton(row.wire.replace(/[-_][a-z2-7]{8}$/, ''));
          expect(head.startsWith(skeleton(server.slice(0, 8))), row.wire).toBe(true);
          if (row.tool.length <= 40) expect(head.endsWith(skeleton(row.tool)), row.wire).toBe(true);
        }
      }
      expect(aliases).toBeGreaterThan(20);
    },
  );

  it('should exit 2 with a typed message for a bad server key', async () => {
    const error = await run(process.execPath, [
      bin,
      'names',
      catalog,
      '--server',
      'bad__key',
    ]).catch((failure: { code: number; stderr: string }) => failure);
    expect(error).toMatchObject({ code: 2 });
    expect((error as { stderr: string }).stderr).toContain('INVALID_SERVER_NAME');
  });
});
