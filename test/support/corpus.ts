import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One tool of a bundled real catalog. */
export interface CorpusTool {
  readonly server: string;
  readonly name: string;
  readonly inputSchema?: unknown;
}

const directory = fileURLToPath(new URL('../fixtures/catalogs/', import.meta.url));

/** Every tool of every catalog in test/fixtures/catalogs, named `<catalog>/<tool>`. */
export function loadCorpusTools(): CorpusTool[] {
  const tools: CorpusTool[] = [];
  for (const file of readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const catalog = JSON.parse(readFileSync(directory + file, 'utf8')) as {
      tools: { name: string; inputSchema?: unknown }[];
    };
    const server = file.replace(/\.json$/, '');
    for (const tool of catalog.tools)
      tools.push({ server, name: `${server}/${tool.name}`, inputSchema: tool.inputSchema });
  }
  return tools;
}
