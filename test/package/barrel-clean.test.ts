import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const packageJson = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { default: string }>;
};

/** Every module a built entry reaches through relative imports, and every other specifier it names. */
function walk(entry: string): { files: string[]; external: string[] } {
  const files: string[] = [];
  const external = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.includes(file)) continue;
    files.push(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(
      /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g,
    )) {
      const specifier = (match[1] ?? match[2] ?? match[3]) as string;
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier));
      else external.add(specifier);
    }
  }
  return { files, external: [...external].sort() };
}

describe('built entries', () => {
  it('should keep the root entry free of node: modules and of every dependency', () => {
    const { files, external } = walk(resolve(root, 'dist/index.js'));
    expect(files.length).toBeGreaterThan(5);
    expect(external).toEqual([]);
  });

  it('should keep every adapter entry free of node: modules, SDKs and the MCP layer', () => {
    const adapters = Object.entries(packageJson.exports)
      .filter(([subpath]) => !['.', './mcp', './proxy', './package.json'].includes(subpath))
      .map(([, target]) => resolve(root, typeof target === 'string' ? target : target.default))
      .filter((file) => existsSync(file));
    for (const file of adapters) {
      const { files, external } = walk(file);
      expect(external, file).toEqual([]);
      expect(
        files.some((reached) => reached.includes('/dist/mcp/') || reached.includes('/dist/cli/')),
        file,
      ).toBe(false);
    }
  });

  it('should keep the gateway entry Web-standard: no node: modules, no dependency, no Node layer', () => {
    const target = packageJson.exports['./gateway'] as { default: string };
    const { files, external } = walk(resolve(root, target.default));
    expect(files.some((file) => file.includes('/dist/providers/'))).toBe(true);
    expect(external.filter((specifier) => specifier.startsWith('node:'))).toEqual([]);
    expect(external).toEqual([]);
    expect(
      files.filter((file) => /\/dist\/(?:mcp|cli|proxy)\//.test(file)),
      'the gateway reaches a Node-only layer',
    ).toEqual([]);
  });

  it('should find the imports it checks (the walker itself works)', () => {
    const { external } = walk(resolve(root, 'dist/cli/main.js'));
    expect(external).toContain('gpt-tokenizer/encoding/o200k_base');
  });
});
