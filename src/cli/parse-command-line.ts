import { parseArgs } from 'node:util';
import { ToolwireError } from '../core/toolwire-error.js';
import type { CommandSpec, OptionSpec, ParsedCommand } from './command-spec.js';

/** Options of {@link parseCommandLine}. @internal */
export interface ParseCommandLineOptions {
  /** The command whose arguments these are. */
  command: CommandSpec;
  /** The words after the command name (and before a `--`). */
  args: readonly string[];
}

/**
 * Checks a command's arguments against its spec with `node:util` `parseArgs` and returns the
 * positionals and option values (defaults filled in). Every mistake is one `ToolwireError`
 * (`INVALID_OPTION`) whose message names the option: unknown options, a missing or a surplus
 * value, a value the option's `parse` refuses, too few or too many positionals.
 * @internal
 * @example
 * ```ts
 * parseCommandLine({ command: namesCommand, args: ['tools.json', '--envelope', 'openai'] });
 * // { positionals: ['tools.json'], options: { envelope: 'openai', timeout: 30000, ... } }
 * ```
 */
export function parseCommandLine(options: ParseCommandLineOptions): ParsedCommand {
  const { command } = options;
  const byName = new Map<string, OptionSpec>(command.options.map((spec) => [spec.name, spec]));
  const config: Record<string, { type: 'boolean' | 'string'; short?: string }> = {};
  for (const spec of command.options) {
    config[spec.name] =
      spec.short === undefined ? { type: spec.type } : { type: spec.type, short: spec.short };
  }
  // Not strict: the tokens are checked below, so that each mistake gets a one-line message of ours
  // (parseArgs' own strict messages run over several lines and suggest `--`, which here starts a
  // server command).
  const { tokens } = parseArgs({
    args: [...options.args],
    options: config,
    allowPositionals: true,
    allowNegative: true,
    strict: false,
    tokens: true,
  });
  const subject = `toolwire ${command.name}`;
  const values: Record<string, unknown> = {};
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') {
      positionals.push(token.value);
      continue;
    }
    if (token.kind !== 'option') continue;
    const spec = byName.get(token.name);
    const negated = token.rawName === `--no-${token.name}`;
    if (spec === undefined || (negated && spec.negatable !== true)) {
      throw usageError(`${subject}: ${token.rawName} is not an option`);
    }
    if (spec.type === 'boolean') {
      if (token.value !== undefined) {
        throw usageError(`${subject}: ${token.rawName} takes no value (given "${token.value}")`);
      }
      values[spec.name] = !negated;
      continue;
    }
    const value = token.value;
    // A value that looks like an option is most likely a forgotten value: `--url --json`.
    if (
      value === undefined ||
      (token.inlineValue !== true && value.startsWith('-') && value !== '-')
    ) {
      throw usageError(
        `${subject}: ${token.rawName} needs a value${spec.valueName === undefined ? '' : ` ${spec.valueName}`} (write ${token.rawName}=VALUE for one that starts with -)`,
      );
    }
    const previous = Object.hasOwn(values, spec.name) ? values[spec.name] : undefined;
    try {
      values[spec.name] = spec.parse === undefined ? value : spec.parse(value, previous);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // The value is not repeated: a malformed --header may hold a token.
      throw usageError(`${subject}: ${token.rawName}: ${reason}`);
    }
  }
  const required = command.positionals.filter((positional) => positional.required);
  if (positionals.length < required.length) {
    const missing = required.slice(positionals.length).map((positional) => `<${positional.name}>`);
    throw usageError(`${subject}: missing ${missing.join(' and ')}`);
  }
  if (positionals.length > command.positionals.length) {
    const extra = positionals.slice(command.positionals.length);
    throw usageError(
      `${subject}: unexpected argument${extra.length === 1 ? '' : 's'} ${extra.map((word) => `"${word}"`).join(' ')} (it takes ${command.positionals.length === 0 ? 'none' : command.positionals.map((positional) => (positional.required ? `<${positional.name}>` : `[${positional.name}]`)).join(' ')})`,
    );
  }
  for (const spec of command.options) {
    if (!Object.hasOwn(values, spec.name) && spec.default !== undefined) {
      values[spec.name] = spec.default;
    }
  }
  return {
    positionals: command.positionals.map((_, index) => positionals[index]),
    options: values,
  };
}

function usageError(message: string): ToolwireError {
  return new ToolwireError({
    code: 'INVALID_OPTION',
    message: message.endsWith('.') ? message : `${message}.`,
  });
}
