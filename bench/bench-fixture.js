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

/**
 * Reads every value of a JSON-like tree once and counts the leaves: the least any code that must
 * look at every value (to check a schema fits, or that fresh JSON has the content it had) can do.
 * With `plainOnly`, each object's prototype is also tested, as telling a plain object from a Date,
 * a Map or a class instance needs. Bench rows time it as the floor under targets that need it.
 */
export function readEveryValue(value, plainOnly = false) {
  if (typeof value !== 'object' || value === null) return 1;
  let leaves = 0;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++)
      leaves += readEveryValue(value[index], plainOnly);
    return leaves;
  }
  if (plainOnly && Object.getPrototypeOf(value) !== Object.prototype) return leaves;
  for (const key in value) leaves += readEveryValue(value[key], plainOnly);
  return leaves;
}
