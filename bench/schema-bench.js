// Schema projection benchmark: every tool schema of the bundled corpus projected for each target,
// as a ratio of JSON.stringify of the same schemas, cold (schemas never seen) and warm (the same
// schema objects again, as a host sends the same tools on every turn).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { projectInputSchema } from '../dist/index.js';
import { median } from './bench-fixture.js';

const catalogFolder = fileURLToPath(new URL('../test/fixtures/catalogs/', import.meta.url));
const schemas = readdirSync(catalogFolder)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .flatMap((file) => JSON.parse(readFileSync(catalogFolder + file, 'utf8')).tools)
  .map((tool) => tool.inputSchema ?? { type: 'object', properties: {} });

const CASES = [
  ['openai', { target: 'openai' }],
  ['openai strict', { target: 'openai', strict: true }],
  ['anthropic', { target: 'anthropic' }],
  ['gemini', { target: 'gemini' }],
  ['gemini json', { target: 'gemini', geminiField: 'parametersJsonSchema' }],
  ['vertex', { target: 'vertex' }],
  ['bedrock', { target: 'bedrock' }],
  ['mcp', { target: 'mcp' }],
];

// Issue 12: cold projection of the whole corpus against JSON.stringify of the same schemas.
const COLD_TARGETS = {
  openai: 0.3,
  anthropic: 0.3,
  bedrock: 0.3,
  'openai strict': 1.0,
  gemini: 1.0,
  vertex: 1.0,
};

/** Milliseconds per call of `run`, repeated until at least `minimumMs` have passed, median of 7. */
function timeRepeated(run, minimumMs = 40) {
  const samples = [];
  for (let sample = 0; sample < 7; sample++) {
    let calls = 0;
    const start = performance.now();
    let elapsed = 0;
    do {
      run();
      calls++;
      elapsed = performance.now() - start;
    } while (elapsed < minimumMs);
    samples.push(elapsed / calls);
  }
  return median(samples);
}

function projectAll(list, options) {
  let count = 0;
  for (const schema of list) {
    try {
      projectInputSchema(schema, options);
      count++;
    } catch {
      // a quarantined tool costs its (cached) error
    }
  }
  return count;
}

/** Rows `{ name, ratio, target?, detail }` for bench/run.js. */
export async function runSchemaBench() {
  const stringifyMs = timeRepeated(() => {
    for (const schema of schemas) JSON.stringify(schema);
  });
  // Let the JIT see every path once, on copies nobody measures.
  for (const [, options] of CASES) projectAll(structuredClone(schemas), options);
  const cold = new Map();
  for (const [label, options] of CASES) {
    // Cold: fresh copies every time, cloned before the clock starts, so nothing is cached. The
    // copy (2.6 MB) is collected into the old generation before the clock starts, where the
    // stringified schemas live: left young, the first scavenge inside the timed pass copied all
    // of it, a cost of the bench's own setup that stringify never paid (35-118 ms under load).
    const samples = [];
    for (let sample = 0; sample < 7; sample++) {
      const fresh = structuredClone(schemas);
      globalThis.gc?.();
      const start = performance.now();
      projectAll(fresh, options);
      samples.push(performance.now() - start);
    }
    cold.set(label, median(samples));
  }
  // Fill the cache, and let the collector clear the cold runs' garbage before warm timings.
  for (const [, options] of CASES) projectAll(schemas, options);
  timeRepeated(() => {
    for (const [, options] of CASES) projectAll(schemas, options);
  }, 60);
  const rows = [];
  for (const [label, options] of CASES) {
    const coldMs = cold.get(label);
    const warmMs = timeRepeated(() => projectAll(schemas, options));
    rows.push({
      name: `schema ${label} cold`,
      ratio: coldMs / stringifyMs,
      ...(COLD_TARGETS[label] === undefined ? {} : { target: COLD_TARGETS[label] }),
      detail: `${schemas.length} schemas: ${coldMs.toFixed(2)} ms vs JSON.stringify ${stringifyMs.toFixed(3)} ms`,
    });
    rows.push({
      name: `schema ${label} warm`,
      ratio: warmMs / stringifyMs,
      target: 0.05,
      detail: `${((warmMs * 1000) / schemas.length).toFixed(3)} us per schema`,
    });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await runSchemaBench();
  const width = Math.max(...rows.map((row) => row.name.length));
  let missed = 0;
  for (const row of rows) {
    const ok = row.target === undefined ? '' : row.ratio <= row.target ? 'yes' : 'NO';
    if (ok === 'NO') missed++;
    console.log(
      `${row.name.padEnd(width)}  ${row.ratio.toFixed(4).padStart(8)}  ${(row.target === undefined ? '' : `<= ${row.target}`).padStart(8)}  ${ok.padEnd(3)}  ${row.detail}`,
    );
  }
  console.log(missed === 0 ? 'All schema targets met.' : `${missed} schema target(s) missed.`);
}
