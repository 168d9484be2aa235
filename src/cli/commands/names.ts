import { createToolWireMap } from '../../core/create-tool-wire-map.js';
import { type NamingPresetInput, resolveNamingPreset } from '../../core/naming-preset.js';
import { EXIT } from '../cli-context.js';
import type { CommandSpec } from '../command-spec.js';
import { createStyle } from '../create-style.js';
import { escapeTerminalStrings } from '../escape-terminal-strings.js';
import { formatTerminalJson } from '../format-terminal-json.js';
import { loadTarget } from '../load-target.js';
import {
  type CommonTargetFlags,
  PROJECT_OPTION,
  parseEnvelope,
  TARGET_NOTES,
  TARGET_OPTIONS,
  targetOptions,
} from '../target-options.js';

/** One row of `toolwire names --json`. */
export interface NameRow {
  server: string;
  tool: string;
  canonical: string;
  wire: string;
  aliased: boolean;
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
 * // [{ server: 'browser', tool: 'browser.fetch', canonical: 'browser__browser.fetch', wire: 'browser__browser_fetch', aliased: true }]
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
    return { ...tool, wire, aliased: wire !== tool.canonical };
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
  summary: "Print each tool's canonical and wire name; aliased names are marked with *.",
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
      const shown = escapeTerminalStrings(rows);
      const width = Math.max(9, ...shown.map((row) => row.canonical.length));
      const lines = [style.dim(`  ${'canonical'.padEnd(width)}  wire (${flags.envelope})`)];
      for (const row of shown) {
        const line = `${row.aliased ? '*' : ' '} ${row.canonical.padEnd(width)}  ${row.wire}`;
        lines.push(row.aliased ? style.yellow(line) : line);
      }
      const aliased = rows.filter((row) => row.aliased).length;
      lines.push('', `${rows.length} tools, ${aliased} aliased (*) to fit "${flags.envelope}".`);
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
