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
      /^\* io\.github\.example-org\/linear-mcp-server__linear_create_project_with_issues +io_github_example-org_linear_create_project_with_issues_[a-z2-7]{8}$/m,
    );
    expect(stdout).toMatch(/19 tools, 19 aliased/);
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
    expect(JSON.parse(stdout)).toEqual([
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
