import type { CommandSpec } from './command-spec.js';
import { captureCommand } from './commands/capture.js';
import { diffCommand } from './commands/diff.js';
import { gatewayCommand } from './commands/gateway.js';
import { lintCommand } from './commands/lint.js';
import { namesCommand } from './commands/names.js';
import { proxyCommand } from './commands/proxy.js';

/**
 * Every `toolwire` subcommand, in the order `toolwire --help` lists them.
 *
 * To add a command:
 * 1. Write `src/cli/commands/<name>.ts` exporting `<name>Command: CommandSpec`: its `name`, a
 *    one-line `summary`, its `positionals` and `options` as plain data (spread `TARGET_OPTIONS`
 *    from `target-options.ts` when it reads a config, catalog, `--url` or `-- command`), optional
 *    help `notes`, and `run(parsed, context)`. `parsed.positionals` and `parsed.options` are already
 *    checked (defaults filled in, each option's `parse` applied); `run` writes through
 *    `context.stdout`/`context.stderr`, sets the exit code with `context.exit(EXIT.*)` and throws
 *    `ToolwireError`s for anything else (printed as one line).
 * 2. Add it to this list. `--help` for it, `toolwire --help`, usage errors and exit codes come
 *    from the registry; nothing else needs registering.
 * 3. Test it in-process with `runCli({ args, context })` and end to end through `dist/cli/main.js`.
 * Words after `--` never reach the parser: they are `context.serverCommand` (a stdio server).
 * @internal
 * @example
 * ```ts
 * COMMANDS.find((command) => command.name === 'lint');
 * ```
 */
export const COMMANDS: readonly CommandSpec[] = [
  lintCommand,
  namesCommand,
  diffCommand,
  captureCommand,
  gatewayCommand,
  proxyCommand,
];
