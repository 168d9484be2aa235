import type { Command } from 'commander';
import { createToolWireMap } from '../../core/create-tool-wire-map.js';
import { joinToolName } from '../../core/join-tool-name.js';
import { readCatalog } from '../read-catalog.js';

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
  /** The server key that prefixes every tool. */
  server: string;
  /** Remote tool names. */
  tools: readonly string[];
  /** Envelope id. */
  envelope: string;
}

/**
 * The canonical and wire name of every tool of one server, in catalog order.
 *
 * @example
 * ```ts
 * listNames({ server: 'browser', tools: ['browser.fetch'], envelope: 'openai' });
 * // [{ server: 'browser', tool: 'browser.fetch', canonical: 'browser__browser.fetch', wire: 'browser__browser_fetch', aliased: true }]
 * ```
 */
export function listNames({ server, tools, envelope }: ListNamesOptions): NameRow[] {
  const canonicals = tools.map((tool) => joinToolName(server, tool));
  const map = createToolWireMap(canonicals, { envelope });
  return tools.map((tool, index) => {
    const canonical = canonicals[index] as string;
    const wire = map.toWire(canonical);
    return { server, tool, canonical, wire, aliased: wire !== canonical };
  });
}

/** Registers `toolwire names`. */
export function registerNamesCommand(program: Command): void {
  program
    .command('names')
    .description("print each tool's canonical and wire name; aliased names are marked with *")
    .argument(
      '<catalog>',
      'a tools/list result or an array of tools, as a JSON file, or - for stdin',
    )
    .option('--server <key>', 'server key that prefixes every tool (default: the file name)')
    .option(
      '--envelope <id>',
      'envelope id: openai, anthropic, bedrock, gemini, vertex, mcp, universal',
      'universal',
    )
    .option('--json', 'print an array of { server, tool, canonical, wire, aliased }')
    .action(
      async (
        catalogPath: string,
        options: { server?: string; envelope: string; json?: boolean },
      ) => {
        const catalog = await readCatalog(catalogPath);
        const rows = listNames({
          server: options.server ?? catalog.defaultServer,
          tools: catalog.tools.map((tool) => tool.name),
          envelope: options.envelope,
        });
        if (options.json) {
          process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
          return;
        }
        const width = Math.max(9, ...rows.map((row) => row.canonical.length));
        const lines = [`  ${'canonical'.padEnd(width)}  wire (${options.envelope})`];
        for (const row of rows) {
          lines.push(`${row.aliased ? '*' : ' '} ${row.canonical.padEnd(width)}  ${row.wire}`);
        }
        const aliased = rows.filter((row) => row.aliased).length;
        lines.push(
          '',
          `${rows.length} tools, ${aliased} aliased (*) to fit "${options.envelope}".`,
        );
        process.stdout.write(`${lines.join('\n')}\n`);
      },
    );
}
