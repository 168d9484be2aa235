// npm run bench: every benchmark of the project, as ratios measured in one run, printed as a table.
import { existsSync } from 'node:fs';
import { runCoreBench } from './core-bench.js';

const suites = [['core', runCoreBench]];
for (const [file, exportName] of [
  ['./schema-bench.js', 'runSchemaBench'],
  ['./adapters-bench.js', 'runAdaptersBench'],
  ['./hub-bench.js', 'runHubBench'],
  ['./gateway-bench.js', 'runGatewayBench'],
  ['./proxy-bench.js', 'runProxyBench'],
  ['./lines-bench.js', 'runLinesBench'],
]) {
  if (existsSync(new URL(file, import.meta.url))) {
    const module = await import(file);
    suites.push([file, module[exportName]]);
  }
}

const rows = [];
for (const [, run] of suites) rows.push(...(await run()));
const width = Math.max(...rows.map((row) => row.name.length));
console.log(
  `${'measure'.padEnd(width)}  ${'value'.padStart(8)}  ${'target'.padStart(8)}  ok   detail`,
);
let failed = 0;
for (const row of rows) {
  const value = row.value ?? row.ratio;
  const ok = row.target === undefined ? '' : value <= row.target ? 'yes' : 'NO';
  if (ok === 'NO') failed++;
  console.log(
    `${row.name.padEnd(width)}  ${value.toFixed(4).padStart(8)}  ${(row.target === undefined ? '' : `<= ${row.target}`).padStart(8)}  ${ok.padEnd(3)}  ${row.detail ?? ''}`,
  );
}
console.log(failed === 0 ? 'All targets met.' : `${failed} target(s) missed.`);
