import { ENVELOPES } from '../core/envelope.js';
import { NAMING_PRESETS } from '../core/naming-preset.js';
import { ToolwireError } from '../core/toolwire-error.js';
import type { CliContext } from './cli-context.js';
import type { OptionSpec } from './command-spec.js';
import { escapeTerminalText } from './escape-terminal-text.js';
import type { TargetOptions } from './load-target.js';

/** The options every command that reads a target shares, as parsed. @internal */
export interface CommonTargetFlags {
  url?: string;
  header: Record<string, string>;
  server?: string;
  timeout: number;
  preset: string;
  json?: boolean;
  quiet?: boolean;
  project?: boolean;
  color?: boolean;
}

/**
 * `--url`, `--header`, `--server`, `--preset`, `--timeout`, `--json`, `--quiet`, `--[no-]color`:
 * the options of every command that reads a target.
 * @internal
 * @example
 * ```ts
 * const spec: CommandSpec = { name: 'lint', options: [...TARGET_OPTIONS, strict], ... };
 * ```
 */
export const TARGET_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'url',
    type: 'string',
    valueName: '<url>',
    description: 'a streamable HTTP (or SSE) MCP endpoint instead of a file',
  },
  {
    name: 'header',
    type: 'string',
    valueName: '<name:value>',
    description: 'an HTTP header for --url, such as "Authorization: Bearer $TOKEN" (repeatable)',
    repeatable: true,
    parse: parseHeader,
    default: {},
    defaultText: 'none',
  },
  {
    name: 'server',
    type: 'string',
    valueName: '<key>',
    description:
      'server key for a catalog, --url or -- command (default: from the file or command)',
  },
  {
    name: 'preset',
    type: 'string',
    valueName: '<id>',
    description: `naming preset for canonical names: ${Object.keys(NAMING_PRESETS).join(', ')}`,
    parse: parsePreset,
    default: 'toolwire',
  },
  {
    name: 'timeout',
    type: 'string',
    valueName: '<ms>',
    description: 'time for each server to start and list its tools',
    parse: parsePositive,
    default: 30_000,
  },
  { name: 'json', type: 'boolean', description: 'print JSON instead of text' },
  { name: 'quiet', short: 'q', type: 'boolean', description: 'no progress on standard error' },
  {
    name: 'color',
    type: 'boolean',
    negatable: true,
    description:
      'colour even when standard output is not a terminal; --no-color never (NO_COLOR also turns colour off)',
  },
];

/**
 * `--project`: for the commands that read the usual config files when no target is given.
 * @internal
 */
export const PROJECT_OPTION: OptionSpec = {
  name: 'project',
  type: 'boolean',
  description:
    "with no target, also run the working folder's configs (./.mcp.json, ./.vscode/mcp.json, ./.cursor/mcp.json); they can start any command, so only the user's own configs run without it",
};

/** The help notes of every command that reads a target. @internal */
export const TARGET_NOTES: readonly string[] = [
  'A target may also be a single stdio server after --, e.g. toolwire lint -- npx -y @modelcontextprotocol/server-memory',
  'Exit codes: 0 done, 1 findings (lint --strict, diff), 2 usage or input error, 3 a server failed.',
];

/** Turns parsed flags into {@link TargetOptions}. @internal */
export function targetOptions(
  target: string | undefined,
  flags: CommonTargetFlags,
  context: CliContext,
): TargetOptions {
  return {
    target,
    project: flags.project,
    url: flags.url,
    headers: flags.header,
    command: context.serverCommand,
    server: flags.server,
    timeout: flags.timeout,
    // Progress lines quote server keys and failure reasons (which quote server stderr).
    progress:
      flags.quiet === true
        ? undefined
        : (line: string) => context.stderr(`${escapeTerminalText(line)}\n`),
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
      throw invalid(`"${id}" is not an envelope; use ${Object.keys(ENVELOPES).join(', ')}.`);
    }
  }
  if (ids.length === 0) throw invalid('give at least one envelope id.');
  return ids;
}

/** Parses one envelope id. @internal */
export function parseEnvelope(value: string): string {
  return parseEnvelopeList(value)[0] as string;
}

function parseHeader(value: string, previous: unknown): Record<string, string> {
  const at = value.indexOf(':');
  if (at <= 0) throw invalid('write a header as "Name: value".');
  return {
    ...(previous as Record<string, string> | undefined),
    [value.slice(0, at).trim()]: value.slice(at + 1).trim(),
  };
}

function parsePreset(value: string): string {
  if (!Object.hasOwn(NAMING_PRESETS, value)) {
    throw invalid(`"${value}" is not a preset; use ${Object.keys(NAMING_PRESETS).join(', ')}.`);
  }
  return value;
}

function parsePositive(value: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number <= 0) {
    throw invalid(`"${value}" is not a positive whole number of milliseconds.`);
  }
  return number;
}

function invalid(message: string): ToolwireError {
  return new ToolwireError({ code: 'INVALID_OPTION', message });
}
