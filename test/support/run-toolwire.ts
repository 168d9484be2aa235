import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project folder. */
export const root: string = fileURLToPath(new URL('../../', import.meta.url));
/** The built toolwire binary. */
export const bin: string = join(root, 'dist/cli/main.js');
/** A fixture server script. */
export const fixture = (name: string): string => join(root, 'test/fixtures/servers', name);
/** The entry point of an MCP server installed as a devDependency. */
export const npmServer = (name: string): string =>
  join(root, 'node_modules/@modelcontextprotocol', name, 'dist/index.js');
/** The start of an ANSI escape sequence. */
export const ANSI = '\u001b[';

/** What a run of the binary printed and how it exited. */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built toolwire binary (or another copy of it, `bin`) and collects its output. */
export function toolwire(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; stdin?: string; bin?: string } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.bin ?? bin, ...args], {
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
