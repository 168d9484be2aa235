import { Command, CommanderError } from 'commander';
import { ToolwireError } from '../core/toolwire-error.js';
import { type CliContext, EXIT } from './cli-context.js';
import { registerCaptureCommand } from './commands/capture.js';
import { registerDiffCommand } from './commands/diff.js';
import { registerGatewayCommand } from './commands/gateway.js';
import { registerLintCommand } from './commands/lint.js';
import { registerNamesCommand } from './commands/names.js';

/** Options of {@link runCli}. @internal */
export interface RunCliOptions {
  /** The arguments after `node toolwire`. */
  args: string[];
  /** Where output goes and what the environment is; defaults to the process's. */
  context?: Partial<Omit<CliContext, 'serverCommand' | 'exit'>>;
  /** The version printed by `--version`. */
  version?: string;
}

/**
 * Runs the toolwire command line and resolves to its exit code (see `EXIT`). Errors are printed to
 * standard error as one line that starts with the subject; nothing is thrown.
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
    stdout: options.context?.stdout ?? ((text) => process.stdout.write(text)),
    stderr: options.context?.stderr ?? ((text) => process.stderr.write(text)),
    stdoutIsTTY: options.context?.stdoutIsTTY ?? process.stdout.isTTY === true,
    env: options.context?.env ?? process.env,
    cwd: options.context?.cwd ?? process.cwd(),
    readStdin: options.context?.readStdin ?? readProcessStdin,
    serverCommand:
      serverCommand !== undefined && serverCommand.length > 0 ? serverCommand : undefined,
    exit: (next) => {
      code = Math.max(code, next);
    },
  };
  const program = new Command('toolwire')
    .description(
      'Project MCP tools onto every LLM provider: names and schemas that fit, calls mapped back.',
    )
    .version(options.version ?? '0.1.0')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (text) => context.stdout(text),
      writeErr: (text) => context.stderr(text),
    });
  registerLintCommand(program, context);
  registerNamesCommand(program, context);
  registerDiffCommand(program, context);
  registerCaptureCommand(program, context);
  registerGatewayCommand(program, context);
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (ToolwireError.isInstance(error)) {
      context.stderr(`toolwire: ${error.message} [${error.code}]\n`);
      return error.code === 'SERVER_UNAVAILABLE' ? EXIT.serverFailed : EXIT.usage;
    }
    context.stderr(
      `toolwire: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return EXIT.usage;
  }
  return code;
}

async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
