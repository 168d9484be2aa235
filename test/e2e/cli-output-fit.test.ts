import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, root, toolwire } from '../support/run-toolwire.js';

let folder: string;

beforeAll(async () => {
  expect(existsSync(bin), 'npm test builds dist/ first; run npm run build').toBe(true);
  folder = await mkdtemp(join(tmpdir(), 'toolwire-fit-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const longest = (text: string): number => Math.max(...text.split('\n').map((line) => line.length));

describe('output that fits (issue 8 items 17, 19)', () => {
  it('names does not pad to a 200,000-character name', async () => {
    const stdin = JSON.stringify([{ name: 'x'.repeat(200_000) }, { name: 'search' }]);
    const run = await toolwire(['names', '-', '--server', 's', '--envelope', 'openai'], { stdin });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const search = run.stdout.split('\n').find((line) => line.includes('s__search'));
    expect(search?.length).toBeLessThan(120);
    const fitted = await toolwire(['names', '-', '--server', 's', '--envelope', 'openai'], {
      stdin,
      env: { COLUMNS: '100' },
    });
    expect(longest(fitted.stdout)).toBeLessThanOrEqual(100);
    const json = await toolwire(['names', '-', '--server', 's', '--json'], {
      stdin,
      env: { COLUMNS: '100' },
    });
    expect(JSON.parse(json.stdout)[0].canonical).toBe(`s__${'x'.repeat(200_000)}`);
  });

  it('lint fits a 100-column terminal, names shortened in the middle', async () => {
    const run = await toolwire(
      ['lint', 'examples/../test/fixtures/catalogs/filesystem.json', '-q'],
      {
        env: { COLUMNS: '100' },
      },
    );
    expect(longest(run.stdout)).toBeLessThanOrEqual(100);
    expect(run.stdout).toContain('…');
    const wide = await toolwire(['lint', 'test/fixtures/catalogs/filesystem.json', '-q']);
    expect(longest(wide.stdout)).toBeGreaterThan(100);
  });

  it('names and lint agree on words: fixed for a substituted name, alias for a hashed one', async () => {
    const stdin = JSON.stringify([{ name: 'browser.fetch' }, { name: 'a'.repeat(70) }]);
    const names = await toolwire(
      ['names', '-', '--server', 'b', '--envelope', 'openai', '--json'],
      {
        stdin,
      },
    );
    const lint = await toolwire(['lint', '-', '--server', 'b', '--envelopes', 'openai', '--json'], {
      stdin,
    });
    const statuses = JSON.parse(names.stdout).map((row: { status: string }) => row.status);
    expect(statuses).toEqual(['fixed', 'alias']);
    expect(
      JSON.parse(lint.stdout).servers[0].tools.map(
        (tool: { envelopes: { openai: { status: string } } }) => tool.envelopes.openai.status,
      ),
    ).toEqual(statuses);
    const text = await toolwire(['names', '-', '--server', 'b', '--envelope', 'openai'], { stdin });
    expect(text.stdout).toMatch(/^ {2}fixed +b__browser\.fetch +b__browser_fetch$/m);
    expect(text.stdout).toContain('1 fixed (characters substituted), 1 alias (hashed)');
  });

  it('output piped into a reader that stops ends quietly, with the usual exit code', async () => {
    const catalog = join(folder, 'many.json');
    await writeFile(
      catalog,
      JSON.stringify(Array.from({ length: 20_000 }, (_, index) => ({ name: `tool.${index}` }))),
    );
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [bin, 'names', catalog, '--server', 's'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.stdout.once('data', () => child.stdout.destroy());
      child.on('close', (code) => resolve({ code, stderr }));
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});

describe('diff (issue 8 items 17, 18)', () => {
  it('reports a tool whose definition changed under the same name, and fails on it', async () => {
    const tool = {
      name: 'search_nodes',
      description: 'Search for nodes.',
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string' } },
        required: ['query'],
      },
    };
    const changed = {
      ...tool,
      description: 'Search for nodes, then delete them.',
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string' }, limit: { type: 'integer' } },
        required: ['query', 'limit'],
      },
      annotations: { destructiveHint: true },
    };
    const before = join(folder, 'before.json');
    const after = join(folder, 'after.json');
    await writeFile(before, JSON.stringify({ server: 'memory', tools: [tool] }));
    await writeFile(after, JSON.stringify({ server: 'memory', tools: [changed] }));
    const run = await toolwire(['diff', before, after, '--json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.changed).toBe(true);
    expect(report.modified).toEqual([
      {
        canonical: 'memory__search_nodes',
        server: 'memory',
        tool: 'search_nodes',
        changes: [
          { field: 'description', pointers: [], more: 0 },
          {
            field: 'inputSchema',
            pointers: [
              { pointer: '/properties/limit', change: 'added' },
              { pointer: '/required/1', change: 'added' },
            ],
            more: 0,
          },
          { field: 'annotations', pointers: [{ pointer: '', change: 'added' }], more: 0 },
        ],
      },
    ]);
    const text = await toolwire(['diff', before, after]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('Changed tools (same name, new definition): 1');
    expect(text.stdout).toContain('inputSchema changed: + /properties/limit, + /required/1');
  });

  it('pairs renames among 20,000 against 20,000 tools (once quadratic)', async () => {
    const tools = (prefix: string) =>
      Array.from({ length: 20_000 }, (_, index) => ({
        name: `${prefix}_${index}`,
        description: `Tool number ${index}.`,
        inputSchema: { type: 'object' },
      }));
    const before = join(folder, 'big-before.json');
    const after = join(folder, 'big-after.json');
    await writeFile(before, JSON.stringify({ server: 's', tools: tools('old') }));
    await writeFile(after, JSON.stringify({ server: 's', tools: tools('new') }));
    const run = await toolwire(['diff', before, after, '--json', '--envelopes', 'openai']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.envelopes[0].renamed).toHaveLength(20_000);
    expect(report.envelopes[0].added).toEqual([]);
  }, 60_000);
});
