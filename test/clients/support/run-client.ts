import { execFile } from 'node:child_process';

/** How a client run ended. */
export interface ClientRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a client once in a scratch HOME with only `PATH` from this process and `env` on top, and
 * resolves with its exit code and output whatever the code (the tests read both).
 */
export function runClient(options: {
  command: string;
  args: string[];
  home: string;
  env: Record<string, string>;
}): Promise<ClientRun> {
  return new Promise((resolve) => {
    const child = execFile(
      options.command,
      options.args,
      {
        cwd: options.home,
        timeout: 240_000,
        env: { PATH: process.env.PATH ?? '', HOME: options.home, ...options.env },
      },
      (error, stdout, stderr) =>
        resolve({
          code: error === null ? 0 : ((error as { code?: number }).code ?? 1),
          stdout,
          stderr,
        }),
    );
    // Some clients (`codex exec`) read more of the prompt from standard input until it ends.
    child.stdin?.end();
  });
}
