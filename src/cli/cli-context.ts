/** What a command reads and writes, so that tests can run commands in-process. @internal */
export interface CliContext {
  /** Writes to standard output. */
  stdout: (text: string) => void;
  /** Writes to standard error. */
  stderr: (text: string) => void;
  /** Standard output is a terminal (colour is allowed). */
  stdoutIsTTY: boolean;
  /**
   * The width to fit text output to: `COLUMNS` when set, else the terminal's width; `undefined`
   * when output goes to a file or a pipe (then nothing is truncated).
   */
  columns: number | undefined;
  /** The environment. */
  env: Readonly<Record<string, string | undefined>>;
  /** The working folder. */
  cwd: string;
  /** Reads all of standard input. */
  readStdin: () => Promise<string>;
  /** The words after `--`: a stdio server's command line. */
  serverCommand: string[] | undefined;
  /** Sets the exit code (the highest set wins). */
  exit: (code: number) => void;
}

/**
 * Exit codes a CI can use.
 * - 0: done, nothing to report
 * - 1: findings: `lint --strict` found renamed or left-out tools; `diff` found differences
 * - 2: usage or input error (bad option, unreadable file, not a config or catalog)
 * - 3: at least one server failed to start or list its tools (the report still covers the rest)
 */
export const EXIT = { ok: 0, findings: 1, usage: 2, serverFailed: 3 } as const;
