import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A `tools/list` catalog from test/fixtures/catalogs (real `tools/list` results of public MCP servers). */
export interface Catalog {
  file: string;
  server: string;
  tools: Array<{ name: string; description?: string; inputSchema?: unknown }>;
}

const folder = fileURLToPath(new URL('../fixtures/catalogs/', import.meta.url));

/** Every real catalog, sorted by file name. */
export function loadCatalogs(): Catalog[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...JSON.parse(readFileSync(folder + file, 'utf8')) }));
}
