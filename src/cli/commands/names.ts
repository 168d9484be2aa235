import type { Command } from 'commander';
import { createToolWireMap } from '../../core/create-tool-wire-map.js';
import { resolveNamingPreset } from '../../core/naming-preset.js';
import { type CliContext, EXIT } from '../cli-context.js';
import { createStyle } from '../create-style.js';
import { loadTarget } from '../load-target.js';
import {
  addTargetOptions,
  type CommonTargetFlags,
  parseEnvelope,
  targetOptions,
} from '../target-options.js';

interface NamesFlags extends CommonTargetFlags {
  envelope: string;
}

/** One row of `toolwire names --json`. */
export interface NameRow {
  server: string;
  tool: string;
  canonical: string;
  wire: string;
  aliased: boolean;
}

/**
 * `toolwire names [target]`: the canonical -> wire table for any target and envelope.
 * @internal
 */
export function registerNamesCommand(program: Command, context: CliContext): void {
  addTargetOptions(
    program
      .command('names')
      .argument(
        '[target]',
        'catalog JSON, config file, or - for stdin; default: the usual config files',
      )
      .description("Print each tool's canonical name and the wire name it is sent under.")
      .option('--envelope <id>', 'the provider envelope', parseEnvelope, 'universal'),
  ).action(async (target: string | undefined, flags: NamesFlags) => {
    const loaded = await loadTarget(targetOptions(target, flags, context));
    const preset = resolveNamingPreset(flags.preset);
    const tools = loaded.catalogs.flatMap((catalog) =>
      catalog.tools.map((tool) => ({
        server: catalog.server,
        tool: tool.name,
        canonical: preset.formatName(catalog.server, tool.name),
      })),
    );
    const map = createToolWireMap(
      tools.map((tool) => tool.canonical),
      { envelope: flags.envelope, separator: preset.separator },
    );
    const rows: NameRow[] = tools.map((tool) => {
      const wire = map.toWire(tool.canonical);
      return { ...tool, wire, aliased: wire !== tool.canonical };
    });
    if (flags.json === true) {
      context.stdout(`${JSON.stringify(rows, null, 2)}\n`);
    } else {
      const style = createStyle({
        stream: { isTTY: context.stdoutIsTTY },
        env: context.env,
        color: flags.color,
      });
      const width = Math.max(9, ...rows.map((row) => row.canonical.length));
      const lines = [style.dim(`${'canonical'.padEnd(width)}  wire (${map.envelope.id})`)];
      for (const row of rows) {
        lines.push(
          `${row.canonical.padEnd(width)}  ${row.aliased ? style.yellow(`${row.wire}  (aliased)`) : row.wire}`,
        );
      }
      for (const failure of loaded.failures) {
        lines.push(style.red(`${failure.server}: ${failure.state}: ${failure.reason}`));
      }
      context.stdout(`${lines.join('\n')}\n`);
    }
    if (loaded.failures.some((failure) => failure.state === 'failed'))
      context.exit(EXIT.serverFailed);
  });
}
