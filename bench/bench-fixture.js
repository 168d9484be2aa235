// What every benchmark shares: the real catalogs, the eight servers of the ~200-tool request, and
// the median of a set of samples.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const catalogFolder = fileURLToPath(new URL('../test/fixtures/catalogs/', import.meta.url));

/** The real tools/list catalogs of test/fixtures/catalogs, by file name without `.json`. */
export const catalogs = Object.fromEntries(
  readdirSync(catalogFolder)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [
      file.replace(/\.json$/, ''),
      JSON.parse(readFileSync(catalogFolder + file, 'utf8')),
    ]),
);

/** Eight servers: half with short keys, half with registry-style keys of 35-45 characters. */
export const SERVERS = [
  ['github', 'github'],
  ['notion', 'notion'],
  ['memory', 'memory'],
  ['sentry', 'sentry'],
  ['linear-mcp', 'io.github.example-org/linear-mcp-server'],
  ['chrome-devtools', 'io.github.chromedevtools/chrome-devtools-mcp'],
  ['supabase', 'com.supabase/mcp-server-supabase-official'],
  ['azure-devops', 'com.microsoft.azure-devops/azure-devops-mcp'],
];

/** The median of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
