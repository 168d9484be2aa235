import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where real clients are installed: outside the repository, kept between runs. */
export const CLIENT_CACHE: string =
  process.env.TOOLWIRE_CLIENT_CACHE ?? join(homedir(), '.cache', 'toolwire-clients');

/**
 * Installs one npm package (a client such as `@anthropic-ai/claude-code@2.1.332`) into its own
 * folder of the cache, once, and returns the path of its binary.
 */
export async function installClient(spec: string, binary: string): Promise<string> {
  const folder = join(CLIENT_CACHE, spec.replace(/[^A-Za-z0-9._-]/g, '_'));
  const bin = join(folder, 'node_modules', '.bin', binary);
  if (existsSync(bin)) return bin;
  await mkdir(folder, { recursive: true });
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefix', folder, spec], {
    timeout: 600_000,
  });
  return bin;
}
