// Proves that each invariant test of the wire map can fail: applies one deliberate bug per
// invariant to a scratch copy of the project, runs that invariant's test, and expects it to fail.
// Run with `npm run test:mutations` (not part of `npm test`: it takes a minute or two).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const MAP_TEST = 'src/core/create-tool-wire-map.test.ts';
const BUILD = 'src/core/build-tool-wire-map.ts';
const ALIAS = 'src/core/alias-tool-name.ts';
const CONTEXT = 'src/core/wire-map-context.ts';
const CACHE = 'src/core/tool-wire-map-cache.ts';
const CREATE = 'src/core/create-tool-wire-map.ts';
const HASH = 'src/core/name-hash.ts';
const RESOLVER = 'src/core/projection/create-name-resolver.ts';

/** [invariant, file, text to replace, replacement, test file, test name pattern] */
const MUTATIONS = [
  [
    '1 fit',
    ALIAS,
    'let budget = compiled.maxLength - joiner.length - hash.length;',
    'let budget = compiled.maxLength - joiner.length - hash.length + 5;',
    MAP_TEST,
    '1. fit',
  ],
  [
    '2 identity',
    BUILD,
    'fitsCompiledEnvelope(name, context.compiled) &&',
    'fitsCompiledEnvelope(name, context.compiled) && name.length < 20 &&',
    MAP_TEST,
    '2. identity',
  ],
  [
    '3 bijection',
    BUILD,
    'return fromWire.get(wire) ?? (toWire.get(wire) === wire ? wire : undefined);',
    'return fromWire.get(wire) ?? wire;',
    MAP_TEST,
    '3. bijection',
  ],
  [
    '4 order independence',
    BUILD,
    '} else if (owner !== info.substitute &&',
    '} else if (false && owner !== info.substitute &&',
    MAP_TEST,
    '4. order independence',
  ],
  [
    '4b order independence: identities',
    CREATE,
    'if (identities !== undefined) list.push(name);',
    'if (identities !== undefined) { list.push(name); identities.delete(name); }',
    MAP_TEST,
    '4b. order independence',
  ],
  [
    '5 stability',
    BUILD,
    'const wire = claim(info, isTaken, serverParts, context);',
    'const wire = aliasOf(info, rest.length, context);',
    MAP_TEST,
    '5. stability',
  ],
  [
    '6 no shadowing',
    BUILD,
    'return owner === undefined || owner === info.server;',
    'return owner === owner;',
    MAP_TEST,
    '6. no shadowing',
  ],
  [
    '7 determinism',
    HASH,
    'const t0 = x0 * 0x1b3;',
    'const t0 = x0 * 0x1b5;',
    'test/wire-map-corpus.test.ts',
    'golden',
  ],
  [
    '8a readability: substitution',
    BUILD,
    "if (!fits && joiner !== '' && mayFit) {",
    "if (false && !fits && joiner !== '' && mayFit) {",
    MAP_TEST,
    '8a. readability',
  ],
  [
    '8b readability: aliases',
    ALIAS,
    'return trimJoiner(server.slice(0, room)) + joiner + tool;',
    'return shorten(server + joiner + tool, budget, joiner);',
    MAP_TEST,
    '8b. readability',
  ],
  [
    '8c readability: corpus',
    ALIAS,
    'return trimJoiner(server.slice(0, room)) + joiner + tool;',
    'return shorten(server + joiner + tool, budget, joiner);',
    'test/wire-map-corpus.test.ts',
    'whole',
  ],
  [
    '8d readability: identities',
    BUILD,
    'identity !== undefined && !hasPlainShape(identity, separator) ? identity : undefined;',
    'identity !== undefined && false ? identity : undefined;',
    MAP_TEST,
    '8d. readability',
  ],
  [
    '8e readability: single _',
    CONTEXT,
    'separator === joiner && compiled.allowed[other.charCodeAt(0)] === 1 ? other : joiner;',
    'false ? other : joiner;',
    MAP_TEST,
    '8e. readability',
  ],
  [
    '8f readability: preset corpus',
    BUILD,
    'identity !== undefined && !hasPlainShape(identity, separator) ? identity : undefined;',
    'identity !== undefined && false ? identity : undefined;',
    'test/wire-map-corpus.test.ts',
    'under preset',
  ],
  [
    'identity in the cache key',
    CACHE,
    'if (sameNames(cached.names, names) && sameIdentities(cached.identities, identities)) {',
    'if (sameNames(cached.names, names)) {',
    MAP_TEST,
    'cache by identity',
  ],
  [
    'lenient: exact across rules',
    RESOLVER,
    '} else if (match !== first) {',
    '} else if (method === rule && match !== first) {',
    RESOLVER.replace('.ts', '.test.ts'),
    'never returns a tool',
  ],
  [
    '9 any string',
    ALIAS,
    'const hash = nameHash(attempt === 0 ? canonical',
    'const hash = nameHash(attempt === 0 ? encodeURIComponent(canonical)',
    MAP_TEST,
    '9. any string',
  ],
];

const scratch = mkdtempSync(join(tmpdir(), 'toolwire-mutants-'));
let failures = 0;
try {
  for (const entry of ['src', 'test', 'package.json', 'tsconfig.json', 'vitest.config.ts']) {
    cpSync(join(root, entry), join(scratch, entry), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'));
  const passes = (testFile, pattern) => {
    try {
      const output = execFileSync(
        'npx',
        ['vitest', 'run', testFile, '-t', pattern, '--reporter=dot'],
        {
          cwd: scratch,
          stdio: 'pipe',
          encoding: 'utf8',
        },
      );
      // A pattern that matches nothing would pass vacuously.
      return / [1-9]\d* passed/.test(
        output.replaceAll(String.fromCharCode(27), '').replace(/\[[0-9;]*m/g, ''),
      );
    } catch {
      return false;
    }
  };
  // Without a bug, each selected test must run and pass; otherwise a failure proves nothing.
  for (const [invariant, , , , testFile, pattern] of MUTATIONS) {
    if (!passes(testFile, pattern)) {
      console.log(
        `${invariant.padEnd(32)} BASELINE FAILS or selects no test: ${testFile} -t "${pattern}"`,
      );
      failures++;
    }
  }
  for (const [invariant, file, from, to, testFile, pattern] of MUTATIONS) {
    const path = join(scratch, file);
    const original = readFileSync(path, 'utf8');
    if (!original.includes(from)) {
      console.log(`${invariant.padEnd(32)} MUTATION NOT APPLIED: "${from}" not found in ${file}`);
      failures++;
      continue;
    }
    writeFileSync(path, original.replace(from, to));
    const caught = !passes(testFile, pattern);
    writeFileSync(path, original);
    if (!caught) failures++;
    console.log(
      `${invariant.padEnd(32)} ${caught ? 'caught: the test fails on the bug' : 'MISSED: the test passes on the bug'}`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(
  failures === 0
    ? 'Every invariant test fails when its invariant is broken.'
    : `${failures} problem(s).`,
);
process.exitCode = failures === 0 ? 0 : 1;
