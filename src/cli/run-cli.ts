import { ToolwireError } from '../core/toolwire-error.js';
import { type CliContext, EXIT } from './cli-context.js';
import { COMMANDS } from './command-registry.js';
import type { CommandSpec } from './command-spec.js';
import { escapeTerminalText } from './escape-terminal-text.js';
import { formatCommandHelp, formatProgramHelp } from './format-command-help.js';
import { parseCommandLine } from './parse-command-line.js';

/** Options of {@link runCli}. @internal */
export interface RunCliOptions {
  /** The arguments after `node toolwire`. */
  args: string[];
  /** Where output goes and what the environment is; defaults to the process's. */
  context?: Partial<Omit<CliContext, 'serverCommand' | 'exit'>>;
  /** The version printed by `--version`. */
  version?: string;
  /** The commands; defaults to the registry's (`COMMANDS`). */
  commands?: readonly CommandSpec[];
}

/**
 * Runs the toolwire command line and resolves to its exit code (see `EXIT`). Errors are printed to
 * standard error as one line that starts with the subject; a usage error adds where to find help.
 * Nothing is thrown.
 * @internal
 * @example
 * ```ts
 * process.exitCode = await runCli({ args: ['lint', 'examples/mcp.json'] });
 * ```
 */
export async function runCli(options: RunCliOptions): Promise<number> {
  let code: number = EXIT.ok;
  const dash = options.args.indexOf('--');
  const args = dash === -1 ? options.args : options.args.slice(0, dash);
  const serverCommand = dash === -1 ? undefined : options.args.slice(dash + 1);
  const context: CliContext = {
    stdout: options.context?.stdout ?? writeProcessStdout,
    stderr: options.context?.stderr ?? writeProcessStderr,
    stdoutIsTTY: options.context?.stdoutIsTTY ?? process.stdout.isTTY === true,
    columns:
      options.context === undefined || !('columns' in options.context)
        ? terminalColumns(options.context?.env ?? process.env)
        : options.context.columns,
    env: options.context?.env ?? process.env,
    cwd: options.context?.cwd ?? process.cwd(),
    readStdin: options.context?.readStdin ?? readProcessStdin,
    serverCommand:
      serverCommand !== undefined && serverCommand.length > 0 ? serverCommand : undefined,
    exit: (next) => {
      code = Math.max(code, next);
    },
  };
  const commands = options.commands ?? COMMANDS;
  const [first, ...rest] = args;
  const usage = (message: string, hint: string): number => {
    context.stderr(`${escapeTerminalText(message)} See ${hint}.\n`);
    return EXIT.usage;
  };
  if (first === undefined) {
    context.stderr(formatProgramHelp({ commands }));
    return EXIT.usage;
  }
  if (first === '--version' || first === '-V') {
    context.stdout(`${options.version ?? '0.0.0'}\n`);
    return EXIT.ok;
  }
  const asksHelp = (word: string): boolean => word === '--help' || word === '-h';
  if (asksHelp(first) || first === 'help') {
    const named = first === 'help' ? rest[0] : undefined;
    if (named === undefined) {
      context.stdout(formatProgramHelp({ commands }));
      return EXIT.ok;
    }
    const command = commands.find((candidate) => candidate.name === named);
    if (command === undefined) return unknownCommand(named);
    context.stdout(formatCommandHelp({ command }));
    return EXIT.ok;
  }
  const command = commands.find((candidate) => candidate.name === first);
  if (command === undefined) return unknownCommand(first);
  if (rest.some(asksHelp)) {
    context.stdout(formatCommandHelp({ command }));
    return EXIT.ok;
  }
  try {
    let parsed: ReturnType<typeof parseCommandLine>;
    try {
      parsed = parseCommandLine({ command, args: rest });
    } catch (error) {
      if (!ToolwireError.isInstance(error)) throw error;
      return usage(error.message, `toolwire ${command.name} --help`);
    }
    await command.run(parsed, context);
  } catch (error) {
    if (ToolwireError.isInstance(error)) {
      context.stderr(`toolwire: ${escapeTerminalText(error.message)} [${error.code}]\n`);
      return error.code === 'SERVER_UNAVAILABLE' ? EXIT.serverFailed : EXIT.usage;
    }
    context.stderr(
      `toolwire: ${escapeLines(error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`,
    );
    return EXIT.usage;
  }
  return code;

  function unknownCommand(word: string): number {
    return usage(
      `toolwire: "${word}" is not a command; the commands are ${commands.map((command) => command.name).join(', ')}.`,
      'toolwire --help',
    );
  }
}

// A reader that stops early (`toolwire names x.json | head`) closes the pipe: the next write fails
// with EPIPE. Output to that stream then stops quietly and the command ends with its usual exit code.
function pipeWriter(stream: NodeJS.WriteStream): (text: string) => void {
  let closed = false;
  let watched = false;
  return (text) => {
    if (!watched) {
      watched = true;
      stream.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE') throw error;
        closed = true;
      });
    }
    if (!closed) stream.write(text);
  };
}

const writeProcessStdout = pipeWriter(process.stdout);
const writeProcessStderr = pipeWriter(process.stderr);

function terminalColumns(env: Readonly<Record<string, string | undefined>>): number | undefined {
  const fromEnvironment = Number(env.COLUMNS);
  if (Number.isSafeInteger(fromEnvironment) && fromEnvironment > 0) return fromEnvironment;
  return process.stdout.isTTY === true && process.stdout.columns > 0
    ? process.stdout.columns
    : undefined;
}

// A stack trace keeps its lines; each is escaped on its own.
function escapeLines(text: string): string {
  return text.split('\n').map(escapeTerminalText).join('\n');
}

async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
