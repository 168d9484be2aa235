import type { CliContext } from './cli-context.js';

/** One option of a command, as `--name <value>` or a flag. @internal */
export interface OptionSpec {
  /** The long name, without dashes (`envelopes` for `--envelopes`). */
  name: string;
  /** A one-letter alias (`q` for `-q`). */
  short?: string;
  /** A flag (`boolean`) or an option that takes a value (`string`). */
  type: 'boolean' | 'string';
  /** The value's placeholder in help, such as `<ids>`. */
  valueName?: string;
  /** One line for `--help`. */
  description: string;
  /** The value when the option is not given (after `parse`, for `string` options). */
  default?: unknown;
  /** How the default reads in help, when it is not the value itself. */
  defaultText?: string;
  /** `--no-<name>` sets a flag to `false`. */
  negatable?: boolean;
  /** The option may be repeated; `parse` receives each value and the value so far. */
  repeatable?: boolean;
  /** Turns the text into the value; throws a `ToolwireError` (`INVALID_OPTION`) naming the problem. */
  parse?: (value: string, previous: unknown) => unknown;
}

/** One positional argument of a command. @internal */
export interface PositionalSpec {
  /** Its name in help. */
  name: string;
  /** A required positional must be given. */
  required: boolean;
  /** One line for `--help`. */
  description: string;
}

/** A command line, checked against its {@link CommandSpec}. @internal */
export interface ParsedCommand {
  /** The positionals in order (missing optional ones are `undefined`). */
  positionals: (string | undefined)[];
  /** Every option by its long name: the given value, else the default (absent when neither). */
  options: Readonly<Record<string, unknown>>;
}

/**
 * A `toolwire` subcommand as plain data plus one `run` function; the registry
 * (`command-registry.ts`) lists them, `parseCommandLine` checks arguments against them and
 * `formatCommandHelp` prints their help.
 * @internal
 * @example
 * ```ts
 * const hello: CommandSpec = {
 *   name: 'hello',
 *   summary: 'Say hello.',
 *   positionals: [{ name: 'who', required: false, description: 'whom to greet' }],
 *   options: [{ name: 'loud', type: 'boolean', description: 'shout' }],
 *   run: async (parsed, context) => context.stdout(`hello ${parsed.positionals[0] ?? 'world'}\n`),
 * };
 * ```
 */
export interface CommandSpec {
  /** The word after `toolwire`. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Positional arguments, required ones first. */
  positionals: readonly PositionalSpec[];
  /** Options (`--help` is added by the registry). */
  options: readonly OptionSpec[];
  /** Paragraphs printed after the options in `--help`. */
  notes?: readonly string[];
  /** Runs the command; sets the exit code through `context.exit`, throws `ToolwireError`s. */
  run: (parsed: ParsedCommand, context: CliContext) => Promise<void>;
}
