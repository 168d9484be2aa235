import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, fixture, type Run, toolwire } from '../support/run-toolwire.js';

// The names the hostile server lists (test/fixtures/servers/hostile-names.mjs).
const HOSTILE_TOOL_NAMES = [
  'pwn\u001b[2J\u001b]0;TITLE\u001b\\',
  'ok\rFAKE\b\b',
  'bidi\u202eexe.txt',
  'c1\u009b31m\u009d0;T\u009c',
  'iso\u2066late\u2069',
];

// The first character a terminal would act on (C0 but the line feed that ends lines, DEL, C1,
// bidi controls, line and paragraph separators), written out by code point.
function firstActive(text: string): string | undefined {
  for (const character of text) {
    const code = character.codePointAt(0) as number;
    if (
      (code <= 0x1f && code !== 0x0a) ||
      (code >= 0x7f && code <= 0x9f) ||
      code === 0x061c ||
      code === 0x200e ||
      code === 0x200f ||
      (code >= 0x2028 && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069)
    ) {
      return `U+${code.toString(16).padStart(4, '0')}`;
    }
  }
  return undefined;
}

function expectSafe(run: Run, what: string): void {
  expect(firstActive(run.stdout), `${what} stdout`).toBeUndefined();
  expect(firstActive(run.stderr), `${what} stderr`).toBeUndefined();
}

let folder: string;
let config: string;

beforeAll(async () => {
  expect(existsSync(bin), 'npm test builds dist/ first; run npm run build').toBe(true);
  folder = await mkdtemp(join(tmpdir(), 'toolwire-hostile-'));
  config = join(folder, 'hostile.json');
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        hostile: { command: process.execPath, args: [fixture('hostile-names.mjs')] },
        'hostile-fails': {
          command: process.execPath,
          args: [fixture('hostile-names.mjs'), '--fail'],
        },
      },
    }),
  );
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('terminal output from a hostile server (issue 8 item 2)', () => {
  it('lint escapes tool names, serverInfo, JSON Pointers, stderr and reasons, and progress lines', async () => {
    const run = await toolwire(['lint', config, '--envelopes', 'openai,gemini']);
    expect(run.code).toBe(3);
    expectSafe(run, 'lint');
    expect(run.stdout).toContain('pwn\\x1b[2J\\x1b]0;TITLE\\x1b\\\\');
    expect(run.stdout).toContain('hostile  ready · evil\\x1b]0;OWNED\\x07 1.0\\u202e');
    expect(run.stdout).toContain('/properties/key\\x1b[31m\\u202e/format');
    expect(run.stdout).toContain('fatal: \\x1b[31mred\\x1b[0m \\u202eexit');
    expect(run.stderr).toMatch(/failed {2}hostile-fails: .*\\x1b\[31mred/);
  });

  it('lint --json and names --json stay exact JSON (and safe to print)', async () => {
    const lint = await toolwire(['lint', config, '--json', '--envelopes', 'openai']);
    expectSafe(lint, 'lint --json');
    const report = JSON.parse(lint.stdout);
    const hostile = report.servers.find(
      (server: { server: string }) => server.server === 'hostile',
    );
    expect(hostile.tools.map((tool: { tool: string }) => tool.tool)).toEqual([
      ...HOSTILE_TOOL_NAMES,
      'schema_keys',
    ]);
    expect(hostile.serverInfo).toEqual({ name: 'evil\u001b]0;OWNED\u0007', version: '1.0\u202e' });
    const names = await toolwire(['names', config, '--json', '--envelope', 'openai']);
    expectSafe(names, 'names --json');
    expect(JSON.parse(names.stdout).map((row: { tool: string }) => row.tool)).toEqual([
      ...HOSTILE_TOOL_NAMES,
      'schema_keys',
    ]);
  });

  it('names, capture and diff print escapes, and two different names never look alike', async () => {
    const names = await toolwire(['names', config, '--envelope', 'openai']);
    expectSafe(names, 'names');
    expect(names.stdout).toContain('hostile__ok\\x0dFAKE\\x08\\x08');
    expect(names.stdout).toContain('hostile__c1\\x9b31m\\x9d0;T\\x9c');
    expect(names.stdout).toContain('hostile__iso\\u2066late\\u2069');
    const output = join(folder, 'capture.json');
    const capture = await toolwire(['capture', config, '-o', output]);
    expectSafe(capture, 'capture');
    const saved = JSON.parse(await readFile(output, 'utf8'));
    expect(saved.servers[0].tools[0].name).toBe(HOSTILE_TOOL_NAMES[0]);
    const before = join(folder, 'before.json');
    await writeFile(
      before,
      JSON.stringify({ tools: [{ name: 'pwn\\x1b', description: 'literal' }] }),
    );
    const after = join(folder, 'after.json');
    await writeFile(
      after,
      JSON.stringify({ tools: [{ name: 'pwn\u001b', description: 'escape' }] }),
    );
    const diff = await toolwire([
      'diff',
      before,
      after,
      '--server',
      's',
      '--envelopes',
      'anthropic',
    ]);
    expectSafe(diff, 'diff');
    expect(diff.stdout).toContain('(s__pwn\\x1b)');
    expect(diff.stdout).toContain('(s__pwn\\\\x1b)');
  });

  it('error messages are escaped too', async () => {
    const run = await toolwire(['lint', 'nope\u001b]0;T\u0007.json']);
    expect(run.code).toBe(2);
    expectSafe(run, 'error');
    expect(run.stderr).toContain('nope\\x1b]0;T\\x07.json');
    const usage = await toolwire(['lint', '--x\u001b[2J']);
    expectSafe(usage, 'usage');
  });
});
