// Lines benchmark (issue 12, Lines): the size of the adapters against the six hand-written walks
// they replaced. When issue 12 was filed, the six `src/providers/*/project-*-request.ts` files held
// 3,115 lines (`wc -l`, comments and blank lines included) and did all the work of a wire format
// by hand. The same work is now those six files (each a wire format described as data, plus its
// hooks) and the engine that derives the rest from the data, so both are counted, the same way:
// - the six `project-*-request.ts` files, with any `*-format.ts` file that holds a part of a
//   format's description;
// - every file under `src/providers/engine/` except tests.
// Not counted, as they were not in the 3,115: the `*-wire.ts` files (public structural types of
// each SDK's request and response, checked against the SDKs' own types, no behaviour), the tests,
// the hub bridge (`*-tools-from-hub.ts`, `run-*.ts`, `src/providers/hub-bridge/`) and the client
// wrappers (`wrap-*.ts` per provider). The second row leaves out `engine/wrap-client.ts` too: the
// SDK client proxy was `src/core/projection/wrap-client.ts` beside the 3,115, not part of them,
// so that row compares like with like; the first row counts the whole engine folder.
// Target: at most 60% of 3,115 (1,869 lines). `node bench/lines-bench.js` lists the files.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PROVIDERS = join(ROOT, 'src', 'providers');
const BASELINE = 3115;
const TARGET = 0.6;

function lines(file) {
  const text = readFileSync(file, 'utf8');
  return text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function isTest(name) {
  return /\.test(-d)?\.ts$/.test(name);
}

/** The counted files, by adapter and engine, with their line counts. */
export function countAdapterLines() {
  const files = [];
  for (const entry of readdirSync(PROVIDERS, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = join(PROVIDERS, entry.name);
    for (const name of readdirSync(folder, { recursive: true })) {
      const file = join(folder, name);
      if (!name.endsWith('.ts') || isTest(name)) continue;
      const counted =
        entry.name === 'engine' ||
        /^project-.*-request\.ts$/.test(name) ||
        /(^|\/)[a-z-]+-format\.ts$/.test(name);
      if (counted) files.push({ file: relative(ROOT, file), lines: lines(file) });
    }
  }
  const engine = files
    .filter((item) => item.file.startsWith('src/providers/engine/'))
    .reduce((sum, item) => sum + item.lines, 0);
  const total = files.reduce((sum, item) => sum + item.lines, 0);
  return { files, adapters: total - engine, engine, total };
}

export async function runLinesBench() {
  const { files, adapters, engine, total } = countAdapterLines();
  const wrapper = files.find((item) => item.file.endsWith('engine/wrap-client.ts'))?.lines ?? 0;
  const projection = total - wrapper;
  return [
    {
      name: 'lines: six adapters + engine folder / 3,115',
      value: total / BASELINE,
      detail: `${total} lines (adapters ${adapters}, engine ${engine})`,
    },
    {
      name: 'lines: six adapters + engine without wrap-client / 3,115',
      value: projection / BASELINE,
      target: TARGET,
      detail: `${projection} lines (adapters ${adapters}, engine ${engine - wrapper}); at most ${Math.floor(BASELINE * TARGET)}`,
    },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const item of countAdapterLines().files)
    console.log(`${String(item.lines).padStart(5)}  ${item.file}`);
  for (const row of await runLinesBench())
    console.log(`${row.name}: ${row.value.toFixed(4)} (${row.detail})`);
}
