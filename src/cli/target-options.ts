import { type Command, InvalidArgumentError, Option } from 'commander';
import { ENVELOPES } from '../core/envelope.js';
import { NAMING_PRESETS } from '../core/naming-preset.js';
import type { CliContext } from './cli-context.js';
import type { TargetOptions } from './load-target.js';

/** The options every command that reads a target shares. @internal */
export interface CommonTargetFlags {
  url?: string;
  header: Record<string, string>;
  server?: string;
  timeout: number;
  preset: string;
  json?: boolean;
  quiet?: boolean;
  color?: boolean;
}

/**
 * Adds `--url`, `--server`, `--timeout`, `--preset`, `--json`, `--quiet`, `--[no-]color`. @internal
 * @example
 * ```ts
 * addTargetOptions(program.command('lint')).action(...);
 * ```
 */
export function addTargetOptions(command: Command): Command {
  return command
    .option('--url <url>', 'a streamable HTTP (or SSE) MCP endpoint instead of a file')
    .addOption(
      new Option(
        '--header <name:value>',
        'an HTTP header for --url, such as "Authorization: Bearer $TOKEN" (repeatable)',
      )
        .argParser(parseHeader)
        .default({}, 'none'),
    )
    .option(
      '--server <key>',
      'server key for a catalog, --url or -- command (default: from the file or command)',
    )
    .addOption(
      new Option('--preset <id>', 'naming preset for canonical names')
        .choices(Object.keys(NAMING_PRESETS))
        .default('toolwire'),
    )
    .option(
      '--timeout <ms>',
      'time for each server to start and list its tools',
      parsePositive,
      30_000,
    )
    .option('--json', 'print JSON instead of text')
    .option('-q, --quiet', 'no progress on standard error')
    .option('--color', 'colour even when standard output is not a terminal')
    .option('--no-color', 'never colour (NO_COLOR also turns colour off)')
    .addHelpText(
      'after',
      '\nA target may also be a single stdio server after --, e.g. toolwire lint -- npx -y @modelcontextprotocol/server-memory\nExit codes: 0 done, 1 findings (lint --strict, diff), 2 usage or input error, 3 a server failed.',
    );
}

/** Turns parsed flags into {@link TargetOptions}. @internal */
export function targetOptions(
  target: string | undefined,
  flags: CommonTargetFlags,
  context: CliContext,
): TargetOptions {
  return {
    target,
    url: flags.url,
    headers: flags.header,
    command: context.serverCommand,
    server: flags.server,
    timeout: flags.timeout,
    progress: flags.quiet === true ? undefined : (line: string) => context.stderr(`${line}\n`),
    env: context.env,
    cwd: context.cwd,
    readStdin: context.readStdin,
  };
}

/** Parses a comma-separated list of envelope ids. @internal */
export function parseEnvelopeList(value: string): string[] {
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
  for (const id of ids) {
    if (!Object.hasOwn(ENVELOPES, id)) {
      throw new InvalidArgumentError(
        `"${id}" is not an envelope; use ${Object.keys(ENVELOPES).join(', ')}.`,
      );
    }
  }
  if (ids.length === 0) throw new InvalidArgumentError('give at least one envelope id.');
  return ids;
}

/** Parses one envelope id. @internal */
export function parseEnvelope(value: string): string {
  return parseEnvelopeList(value)[0] as string;
}

function parseHeader(value: string, previous: Record<string, string>): Record<string, string> {
  const at = value.indexOf(':');
  if (at <= 0) throw new InvalidArgumentError('write a header as "Name: value".');
  return { ...previous, [value.slice(0, at).trim()]: value.slice(at + 1).trim() };
}

function parsePositive(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) {
    throw new InvalidArgumentError('must be a positive whole number of milliseconds.');
  }
  return number;
}
