// Proves that each invariant test of the wire map can fail: applies one deliberate bug per
// invariant to a scratch copy of the project, runs that invariant's test, and expects it to fail.
// Run with `npm run test:mutations` (not part of `npm test`: it takes a minute or two).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const MAP = 'src/core/create-tool-wire-map.ts';
const HASH = 'src/core/name-hash.ts';
const RESOLVER = 'src/core/projection/create-name-resolver.ts';

/** [invariant, file, text to replace, replacement, test file, test name pattern] */
const MUTATIONS = [
  [
    '1 fit',
    MAP,
    'let budget = compiled.maxLength - joiner.length - hash.length;',
    'let budget = compiled.maxLength - joiner.length - hash.length + 5;',
    MAP.replace('.ts', '.test.ts'),
    '1. fit',
  ],
  [
    '2 identity',
    MAP,
    'fitsCompiledEnvelope(name, context.compiled) &&',
    'fitsCompiledEnvelope(name, context.compiled) && name.length < 20 &&',
    MAP.replace('.ts', '.test.ts'),
    '2. identity',
  ],
  [
    '3 bijection',
    MAP,
    'return fromWire.get(wire) ?? (toWire.get(wire) === wire ? wire : undefined);',
    'return fromWire.get(wire) ?? wire;',
    MAP.replace('.ts', '.test.ts'),
    '3. bijection',
  ],
  [
    '4 order independence',
    MAP,
    '} else if (owner !== info.substitute &&',
    '} else if (false && owner !== info.substitute &&',
    MAP.replace('.ts', '.test.ts'),
    '4. order independence',
  ],
  [
    '5 stability',
    MAP,
    'const wire = claim(info, isTaken, serverParts, context);',
    'const wire = aliasOf(info, rest.length, context);',
    MAP.replace('.ts', '.test.ts'),
    '5. stability',
  ],
  [
    '6 no shadowing',
    MAP,
    'return owner === undefined || owner === info.server;',
    'return owner === owner;',
    MAP.replace('.ts', '.test.ts'),
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
    MAP,
    "if (!fits && joiner !== '' && mayFit) {",
    "if (false && !fits && joiner !== '' && mayFit) {",
    MAP.replace('.ts', '.test.ts'),
    '8a. readability',
  ],
  [
    '8b readability: aliases',
    MAP,
    'return trimJoiner(server.slice(0, room)) + joiner + tool;',
    'return shorten(server + joiner + tool, budget, joiner);',
    MAP.replace('.ts', '.test.ts'),
    '8b. readability',
  ],
  [
    '8c readability: corpus',
    MAP,
    'return trimJoiner(server.slice(0, room)) + joiner + tool;',
    'return shorten(server + joiner + tool, budget, joiner);',
    'test/wire-map-corpus.test.ts',
    'whole',
  ],
  [
    '8d readability: identities',
    MAP,
    'identity !== undefined && !hasPlainShape(identity, separator) ? identity : undefined;',
    'identity !== undefined && false ? identity : undefined;',
    MAP.replace('.ts', '.test.ts'),
    '8d. readability',
  ],
  [
    '8e readability: single _',
    MAP,
    'separator === joiner && compiled.allowed[other.charCodeAt(0)] === 1 ? other : joiner;',
    'false ? other : joiner;',
    MAP.replace('.ts', '.test.ts'),
    '8e. readability',
  ],
  [
    '8f readability: preset corpus',
    MAP,
    'identity !== undefined && !hasPlainShape(identity, separator) ? identity : undefined;',
    'identity !== undefined && false ? identity : undefined;',
    'test/wire-map-corpus.test.ts',
    'under preset',
  ],
  [
    'identity in the cache key',
    MAP,
    'if (sameNames(cached.names, list) && sameIdentities(cached.identities, identities)) {',
    'if (sameNames(cached.names, list)) {',
    MAP.replace('.ts', '.test.ts'),
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
    MAP,
    'const hash = nameHash(attempt === 0 ? canonical',
    'const hash = nameHash(attempt === 0 ? encodeURIComponent(canonical)',
    MAP.replace('.ts', '.test.ts'),
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
