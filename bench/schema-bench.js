// Schema projection benchmark: every tool schema of the bundled corpus projected for each target,
// as a ratio of JSON.stringify of the same schemas, cold (schemas never seen) and warm (the same
// schema objects again, as a host sends the same tools on every turn).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { projectInputSchema } from '../dist/index.js';
import { median, readEveryValue } from './bench-fixture.js';

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

/** Passes over fresh copies of the corpus, per target, before any cold timing. */
const WARMUP_ROUNDS = 6;

// What every cold projection must at least do, as informational rows beside the targets.
const FLOORS = [
  ['read every value once', false],
  ['read every value once, testing each object is plain', true],
];

/** Milliseconds per call of `run`, repeated until at least `minimumMs` have passed, median of 7. */
function timeRepeated(run, minimumMs = 40) {
  const samples = [];
  for (let sample = 0; sample < 7; sample++) samples.push(timeOnce(run, minimumMs));
  return median(samples);
}

/**
 * One pass of `run` over fresh copies of the corpus, seven times, each right after a timing of
 * JSON.stringify of the schemas, so that load on a shared machine hits both sides of each ratio
 * alike: the median ratio, and the median times. The copy (2.6 MB) is collected into the old
 * generation before the clock starts, where the stringified schemas live: left young, the first
 * scavenge inside the timed pass copied all of it, a cost of the bench's own setup that stringify
 * never paid (35-118 ms under load).
 */
function pairedCold(run, list = schemas) {
  const ratios = [];
  const times = [];
  const stringifyTimes = [];
  for (let sample = 0; sample < 7; sample++) {
    const stringifyMs = timeOnce(() => {
      for (const schema of schemas) JSON.stringify(schema);
    }, 10);
    const fresh = structuredClone(list);
    globalThis.gc?.();
    const start = performance.now();
    run(fresh);
    const ms = performance.now() - start;
    ratios.push(ms / stringifyMs);
    times.push(ms);
    stringifyTimes.push(stringifyMs);
  }
  return { ratio: median(ratios), ms: median(times), stringifyMs: median(stringifyTimes) };
}

/** Milliseconds per call of `run`, repeated until at least `minimumMs` have passed. */
function timeOnce(run, minimumMs) {
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    run();
    calls++;
    elapsed = performance.now() - start;
  } while (elapsed < minimumMs);
  return elapsed / calls;
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
  // Let the JIT optimise every path, on copies nobody measures, so that "cold" means schemas never
  // seen, not unoptimised code: after one pass per target, cold samples ran mostly in baseline
  // code, and hot functions were queued for optimisation only by the fourth sample.
  for (let round = 0; round < WARMUP_ROUNDS; round++)
    for (const [, options] of CASES) projectAll(structuredClone(schemas), options);
  const cold = new Map();
  for (const [label, options] of CASES)
    cold.set(
      label,
      pairedCold((fresh) => projectAll(fresh, options)),
    );
  // The floor under the cold rows, timed the same way: what reading every value of the fresh
  // copies costs, with no projection. Any projection must read every value to know a schema fits.
  const floors = FLOORS.map(([label, plainOnly]) => [
    label,
    pairedCold((fresh) => {
      for (const schema of fresh) readEveryValue(schema, plainOnly);
    }),
  ]);
  // What a result costs before any projection: the same number of schemas of one string property
  // each, which fit every target as they are, projected cold. The result's contract (a new root,
  // frozen, cached by the schema object, with its warnings and argument map) is paid per schema.
  const oneProperty = schemas.map(() => ({
    type: 'object',
    properties: { query: { type: 'string' } },
    required: ['query'],
  }));
  const perSchema = pairedCold((fresh) => projectAll(fresh, { target: 'openai' }), oneProperty);
  // Fill the cache, and let the collector clear the cold runs' garbage before warm timings.
  for (const [, options] of CASES) projectAll(schemas, options);
  timeRepeated(() => {
    for (const [, options] of CASES) projectAll(schemas, options);
  }, 60);
  const rows = floors.map(([label, floor]) => ({
    name: `schema floor: ${label}`,
    ratio: floor.ratio,
    detail: `${schemas.length} fresh schemas: ${floor.ms.toFixed(2)} ms vs JSON.stringify ${floor.stringifyMs.toFixed(3)} ms (no projection: the least a cold row can cost)`,
  }));
  rows.push({
    name: 'schema floor: a result per schema that fits as it is (openai)',
    ratio: perSchema.ratio,
    detail: `${schemas.length} fresh one-property schemas: ${perSchema.ms.toFixed(2)} ms vs JSON.stringify of the corpus ${perSchema.stringifyMs.toFixed(3)} ms (what the cold rows pay per schema before reading it)`,
  });
  const plainFloor = floors[1][1];
  for (const [label, options] of CASES) {
    const coldRow = cold.get(label);
    const warmMs = timeRepeated(() => projectAll(schemas, options));
    rows.push({
      name: `schema ${label} cold`,
      ratio: coldRow.ratio,
      ...(COLD_TARGETS[label] === undefined ? {} : { target: COLD_TARGETS[label] }),
      detail: `${schemas.length} schemas: ${coldRow.ms.toFixed(2)} ms vs JSON.stringify ${coldRow.stringifyMs.toFixed(3)} ms; ${(coldRow.ms / plainFloor.ms).toFixed(1)}x the floor`,
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
