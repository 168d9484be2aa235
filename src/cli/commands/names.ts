import { createToolWireMap } from '../../core/create-tool-wire-map.js';
import { type NamingPresetInput, resolveNamingPreset } from '../../core/naming-preset.js';
import { EXIT } from '../cli-context.js';
import type { CommandSpec } from '../command-spec.js';
import type { Style } from '../create-style.js';
import { createStyle } from '../create-style.js';
import { displayWidth, padToWidth } from '../display-width.js';
import { escapeTerminalStrings } from '../escape-terminal-strings.js';
import { formatTerminalJson } from '../format-terminal-json.js';
import { loadTarget } from '../load-target.js';
import { type NameFitStatus, nameFitStatus } from '../name-fit-status.js';
import {
  type CommonTargetFlags,
  PROJECT_OPTION,
  parseEnvelope,
  TARGET_NOTES,
  TARGET_OPTIONS,
  targetOptions,
} from '../target-options.js';
import { truncateMiddle } from '../truncate-middle.js';

/** One row of `toolwire names --json`. */
export interface NameRow {
  server: string;
  tool: string;
  canonical: string;
  wire: string;
  /** Sent under another name than the canonical one (`status` is `fixed` or `alias`). */
  aliased: boolean;
  /** `ok`, `fixed` (characters substituted) or `alias` (hashed), the words of `lint` too. */
  status: NameFitStatus;
}

/** Options of {@link listNames}. */
export interface ListNamesOptions {
  /** The servers and their remote tool names, in catalog order. */
  servers: readonly { server: string; tools: readonly string[] }[];
  /** Envelope id. */
  envelope: string;
  /** Naming preset. @defaultValue `'toolwire'` */
  preset?: NamingPresetInput;
}

/**
 * The canonical and wire name of every tool, in catalog order, from one wire map over all servers
 * (as one request carries them).
 *
 * @example
 * ```ts
 * listNames({ servers: [{ server: 'browser', tools: ['browser.fetch'] }], envelope: 'openai' });
 * // [{ server: 'browser', tool: 'browser.fetch', canonical: 'browser__browser.fetch', wire: 'browser__browser_fetch', aliased: true, status: 'fixed' }]
 * ```
 */
export function listNames(options: ListNamesOptions): NameRow[] {
  const preset = resolveNamingPreset(options.preset);
  const tools = options.servers.flatMap(({ server, tools: names }) =>
    names.map((tool) => ({ server, tool, canonical: preset.formatName(server, tool) })),
  );
  // Identities, not bare names: a preset's name (`mcp__<server>__<tool>`) is not split again.
  const map = createToolWireMap(
    tools.map((tool) => ({
      canonical: tool.canonical,
      server: tool.server,
      remoteName: tool.tool,
    })),
    { envelope: options.envelope, separator: preset.separator },
  );
  return tools.map((tool) => {
    const wire = map.toWire(tool.canonical);
    return {
      ...tool,
      wire,
      aliased: wire !== tool.canonical,
      status: nameFitStatus({ canonical: tool.canonical, wire }),
    };
  });
}

interface NamesFlags extends CommonTargetFlags {
  envelope: string;
}

/**
 * `toolwire names [target]`: the canonical -> wire table for any target and envelope.
 * @internal
 * @example
 * ```ts
 * await runCli({ args: ['names', 'catalog.json', '--envelope', 'openai', '--json'] });
 * ```
 */
export const namesCommand: CommandSpec = {
  name: 'names',
  summary: "Print each tool's canonical and wire name, and whether it is ok, fixed or an alias.",
  positionals: [
    {
      name: 'target',
      required: false,
      description:
        'catalog JSON (a tools/list result or an array of tools), config file, or - for stdin; default: the config files in your home (--project adds those of the working folder)',
    },
  ],
  options: [
    ...TARGET_OPTIONS,
    PROJECT_OPTION,
    {
      name: 'envelope',
      type: 'string',
      valueName: '<id>',
      description: 'envelope id: openai, anthropic, bedrock, gemini, vertex, mcp, universal',
      parse: parseEnvelope,
      default: 'universal',
    },
  ],
  notes: TARGET_NOTES,
  run: async (parsed, context) => {
    const flags = parsed.options as unknown as NamesFlags;
    const loaded = await loadTarget(targetOptions(parsed.positionals[0], flags, context));
    const rows = listNames({
      servers: loaded.catalogs.map((catalog) => ({
        server: catalog.server,
        tools: catalog.tools.map((tool) => tool.name),
      })),
      envelope: flags.envelope,
      preset: flags.preset,
    });
    if (flags.json === true) {
      context.stdout(formatTerminalJson(rows));
    } else {
      const style = createStyle({
        stream: { isTTY: context.stdoutIsTTY },
        env: context.env,
        color: flags.color,
      });
      const lines = formatNamesTable({
        rows: escapeTerminalStrings(rows),
        envelope: flags.envelope,
        columns: context.columns,
        style,
      });
      for (const failure of escapeTerminalStrings(loaded.failures)) {
        lines.push(style.red(`${failure.server}: ${failure.state}: ${failure.reason}`));
      }
      context.stdout(`${lines.join('\n')}\n`);
    }
    if (loaded.failures.some((failure) => failure.state === 'failed')) {
      context.exit(EXIT.serverFailed);
    }
  },
};

// A canonical column wider than this is not padded further: long names run into the wire column
// instead of every row being padded to the longest name.
const WIDEST_PADDED = 48;

function formatNamesTable(options: {
  rows: readonly NameRow[];
  envelope: string;
  columns: number | undefined;
  style: Style;
}): string[] {
  const { rows, style, columns } = options;
  let longest = 'canonical'.length;
  const counts = { ok: 0, fixed: 0, alias: 0 };
  for (const row of rows) {
    longest = Math.max(longest, displayWidth(row.canonical));
    counts[row.status] += 1;
  }
  let canonicalWidth = Math.min(longest, WIDEST_PADDED);
  // "status  canonical  wire": 2 + 5 + 2 + canonical + 2 + wire.
  let wireWidth = Number.POSITIVE_INFINITY;
  if (columns !== undefined) {
    const room = Math.max(2, columns - 11);
    canonicalWidth = Math.min(canonicalWidth, Math.max(1, Math.floor(room / 2)));
    wireWidth = Math.max(1, room - canonicalWidth);
  }
  const shorten = (text: string, width: number): string =>
    columns === undefined ? text : truncateMiddle(text, width);
  const lines = [
    style.dim(
      `  ${'fit'.padEnd(5)}  ${padToWidth(shorten('canonical', canonicalWidth), canonicalWidth)}  ${shorten(`wire (${options.envelope})`, wireWidth)}`,
    ),
  ];
  for (const row of rows) {
    const canonical = shorten(row.canonical, canonicalWidth);
    const line = `  ${row.status.padEnd(5)}  ${padToWidth(canonical, canonicalWidth)}  ${shorten(row.wire, wireWidth)}`;
    lines.push(
      row.status === 'ok'
        ? line
        : row.status === 'fixed'
          ? style.yellow(line)
          : style.magenta(line),
    );
  }
  lines.push(
    '',
    `${rows.length} tools under "${options.envelope}": ${counts.ok} ok, ${counts.fixed} fixed (characters substituted), ${counts.alias} alias (hashed).`,
  );
  return lines;
}
