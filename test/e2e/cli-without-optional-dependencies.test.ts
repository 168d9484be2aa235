import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, root, toolwire } from '../support/run-toolwire.js';

interface PackageJson {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  devDependencies?: Record<string, string>;
}

let installed: string;

beforeAll(async () => {
  expect(existsSync(bin), 'npm test builds dist/ first; run npm run build').toBe(true);
  // The package as a library user gets it, minus every dependency: dist and package.json in a
  // folder with no node_modules above it. Catalog targets need no dependency at all.
  installed = await mkdtemp(join(tmpdir(), 'toolwire-bare-'));
  await cp(join(root, 'dist'), join(installed, 'dist'), { recursive: true });
  await cp(join(root, 'package.json'), join(installed, 'package.json'));
});

afterAll(async () => {
  await rm(installed, { recursive: true, force: true });
});

const catalog = JSON.stringify({
  tools: [
    {
      name: 'search.nodes',
      description: 'Search for nodes in the knowledge graph based on a query.',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
    },
  ],
});

describe('the CLI without its optional dependencies', () => {
  it('neither commander nor gpt-tokenizer is a dependency; gpt-tokenizer is an optional peer', async () => {
    const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as PackageJson;
    expect(Object.keys(manifest.dependencies ?? {})).not.toContain('commander');
    expect(Object.keys(manifest.dependencies ?? {})).not.toContain('gpt-tokenizer');
    expect(manifest.peerDependencies?.['gpt-tokenizer']).toBeDefined();
    expect(manifest.peerDependenciesMeta?.['gpt-tokenizer']?.optional).toBe(true);
    expect(manifest.devDependencies?.['gpt-tokenizer']).toBeDefined();
  });

  it('lint reports a labelled estimate and says how to get exact counts', async () => {
    const bare = join(installed, 'dist/cli/main.js');
    const text = await toolwire(['lint', '-', '--server', 'memory', '-q'], {
      stdin: catalog,
      bin: bare,
    });
    expect(text.stderr).toBe('');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('npm install gpt-tokenizer for exact o200k_base counts');
    expect(text.stdout).toMatch(/memory {2}ready · 1 tools · ~\d+ tokens/);
    expect(text.stdout).toMatch(/1 tools, ~\d+ tokens \(estimate; npm install gpt-tokenizer/);
    const json = await toolwire(['lint', '-', '--server', 'memory', '--json'], {
      stdin: catalog,
      bin: bare,
    });
    const report = JSON.parse(json.stdout);
    expect(report.tokensExact).toBe(false);
    expect(report.summary.tokens).toBeGreaterThan(10);
    const exact = JSON.parse(
      (await toolwire(['lint', '-', '--server', 'memory', '--json'], { stdin: catalog })).stdout,
    );
    expect(exact.tokensExact).toBe(true);
  });

  it('names, diff and --help run too', async () => {
    const bare = join(installed, 'dist/cli/main.js');
    const names = await toolwire(['names', '-', '--server', 'memory', '--envelope', 'openai'], {
      stdin: catalog,
      bin: bare,
    });
    expect(names.code).toBe(0);
    expect(names.stdout).toContain('memory__search_nodes');
    const file = join(installed, 'memory.json');
    await writeFile(file, catalog);
    const diff = await toolwire(['diff', file, file], { bin: bare });
    expect(diff.code).toBe(0);
    expect(diff.stdout).toContain('openai: 0 added, 0 removed');
    const help = await toolwire(['--help'], { bin: bare });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Commands:');
    const version = await toolwire(['--version'], { bin: bare });
    const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
    expect(version.stdout).toBe(`${manifest.version}\n`);
  });
});
