import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const packageJson = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  license: string;
  repository?: { type: string; url: string };
};

/** The files `npm publish` would ship, from `npm pack --dry-run` (after the build). */
function packedFiles(): Set<string> {
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [report] = JSON.parse(output) as [{ files: { path: string }[] }];
  return new Set(report.files.map((file) => file.path));
}

describe('the published package', () => {
  const files = packedFiles();

  it('should ship a LICENSE that matches the license field, and name its repository', () => {
    expect(files.has('LICENSE')).toBe(true);
    expect(packageJson.license).toBe('MIT');
    expect(readFileSync(resolve(root, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
    expect(packageJson.repository?.url).toMatch(/^git\+https:\/\/.+\.git$/);
  });

  it('should ship every file that a shipped source map points to', () => {
    const maps = [...files].filter((path) => path.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const map of maps) {
      const { sources } = JSON.parse(readFileSync(resolve(root, map), 'utf8')) as {
        sources: string[];
      };
      for (const source of sources) {
        const path = posix.normalize(posix.join(dirname(map), source));
        if (!files.has(path)) missing.push(`${map} -> ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('should ship no tests, working notes or tools of the repository', () => {
    const unwanted = [...files].filter(
      (path) =>
        /\.test(-d)?\.(ts|js|d\.ts)(\.map)?$/.test(path) ||
        /^(NOTES|TODO)/i.test(path) ||
        path.startsWith('test/') ||
        path.startsWith('tools/') ||
        path.startsWith('bench/'),
    );
    expect(unwanted).toEqual([]);
  });

  it('should cite no file outside the repository in the README or in comments', () => {
    const outside = /(?:\.\.\/)+shared\/|\bshared\/(?:research|design\.md|corpus|seeds)/;
    const sources = ['README.md'];
    for (const folder of ['src', 'test', 'bench', 'scripts', 'examples']) {
      for (const entry of readdirSync(resolve(root, folder), {
        recursive: true,
        encoding: 'utf8',
      })) {
        if (/\.(?:ts|js|mjs|md)$/.test(entry)) sources.push(posix.join(folder, entry));
      }
    }
    const citing = sources.filter((path) =>
      outside.test(readFileSync(resolve(root, path), 'utf8')),
    );
    expect(citing).toEqual([]);
  });
});
