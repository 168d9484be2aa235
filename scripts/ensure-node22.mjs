#!/usr/bin/env node
// Installs Node 22 into tools/node22 (from its own lockfile) when it is not there yet, and prints
// the binary's path with --print. The tests that need Node 22 (the MCP conformance suite, some real clients)
// run under that binary; the project itself stays on its own engine. Node 22 is kept out of the
// root devDependencies because the `node` package links `node_modules/.bin/node`, which npm puts
// first on every script's PATH: every npm script would silently run on Node 22.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'tools', 'node22');
const binary = resolve(folder, 'node_modules', 'node', 'bin', 'node');

if (!existsSync(binary)) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: folder,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
if (!version.startsWith('v22.')) {
  process.stderr.write(
    `tools/node22: expected Node 22, found ${version}; run npm ci in tools/node22.\n`,
  );
  process.exit(1);
}
if (process.argv.includes('--print')) process.stdout.write(`${binary}\n`);
