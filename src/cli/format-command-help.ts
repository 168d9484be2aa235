import type { CommandSpec, OptionSpec } from './command-spec.js';

/** Options of {@link formatCommandHelp}. @internal */
export interface FormatCommandHelpOptions {
  /** The command whose help to print. */
  command: CommandSpec;
}

/**
 * `toolwire <command> --help`: usage line, summary, positionals, options with their defaults, notes.
 * @internal
 * @example
 * ```ts
 * context.stdout(formatCommandHelp({ command: lintCommand }));
 * ```
 */
export function formatCommandHelp(options: FormatCommandHelpOptions): string {
  const { command } = options;
  const usage = [
    `toolwire ${command.name}`,
    ...command.positionals.map((positional) =>
      positional.required ? `<${positional.name}>` : `[${positional.name}]`,
    ),
    '[options]',
  ].join(' ');
  const lines = [`Usage: ${usage}`, '', command.summary];
  if (command.positionals.length > 0) {
    lines.push('', 'Arguments:');
    lines.push(
      ...table(command.positionals.map((positional) => [positional.name, positional.description])),
    );
  }
  lines.push('', 'Options:');
  lines.push(
    ...table([
      ...command.options.map((spec) => [optionLabel(spec), optionDescription(spec)] as const),
      ['-h, --help', 'show this help'],
    ]),
  );
  for (const note of command.notes ?? []) lines.push('', note);
  return `${lines.join('\n')}\n`;
}

/** Options of {@link formatProgramHelp}. @internal */
export interface FormatProgramHelpOptions {
  /** Every command, in the order to list them. */
  commands: readonly CommandSpec[];
}

/**
 * `toolwire --help`: what toolwire does and one line per command.
 * @internal
 * @example
 * ```ts
 * context.stdout(formatProgramHelp({ commands: COMMANDS }));
 * ```
 */
export function formatProgramHelp(options: FormatProgramHelpOptions): string {
  const lines = [
    'Usage: toolwire <command> [arguments] [options]',
    '',
    'Project MCP tools onto every LLM provider: names and schemas that fit, calls mapped back.',
    '',
    'Commands:',
    ...table(options.commands.map((command) => [command.name, command.summary])),
    '',
    'Options:',
    ...table([
      ['-V, --version', 'print the version'],
      ['-h, --help', 'show this help; toolwire <command> --help for a command'],
    ]),
  ];
  return `${lines.join('\n')}\n`;
}

function optionLabel(spec: OptionSpec): string {
  const long = spec.negatable === true ? `--[no-]${spec.name}` : `--${spec.name}`;
  const value = spec.type === 'string' ? ` ${spec.valueName ?? '<value>'}` : '';
  return `${spec.short === undefined ? '    ' : `-${spec.short}, `}${long}${value}`;
}

function optionDescription(spec: OptionSpec): string {
  const shown =
    spec.defaultText ??
    (spec.default === undefined || typeof spec.default === 'boolean'
      ? undefined
      : Array.isArray(spec.default)
        ? spec.default.join(',')
        : String(spec.default));
  return shown === undefined ? spec.description : `${spec.description} (default: ${shown})`;
}

function table(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(0, ...rows.map(([label]) => label.length));
  return rows.map(([label, text]) => `  ${label.padEnd(width)}  ${text}`);
}
