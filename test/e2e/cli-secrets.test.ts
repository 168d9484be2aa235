import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, fixture, type Run, toolwire } from '../support/run-toolwire.js';

const SECRET = 'sk-LEAKME';
let folder: string;
let config: string;

beforeAll(async () => {
  expect(existsSync(bin), 'npm test builds dist/ first; run npm run build').toBe(true);
  folder = await mkdtemp(join(tmpdir(), 'toolwire-secrets-'));
  config = join(folder, 'mcp.json');
  // biome-ignore-start lint/suspicious/noTemplateCurlyInString: the config's own ${VAR} syntax.
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        // Starts, and echoes its arguments (with the key) on stderr.
        echoes: {
          command: process.execPath,
          args: [fixture('echoes-arguments.mjs'), '--api-key=${SECRET_TOKEN}'],
          env: { TOKEN: '${SECRET_TOKEN}' },
        },
        // Fails, quoting the key in its stderr, so it lands in the failure reason.
        rejects: {
          command: process.execPath,
          args: [fixture('echoes-arguments.mjs'), '--api-key=${SECRET_TOKEN}', '--exit'],
        },
        // Cannot connect; the URL with the key is in the error.
        remote: { url: 'http://127.0.0.1:1/mcp?key=${SECRET_TOKEN}' },
      },
    }),
  );
  // biome-ignore-end lint/suspicious/noTemplateCurlyInString: the config's own ${VAR} syntax.
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function expectNoSecret(run: Run, what: string): void {
  expect(run.stdout, `${what} stdout`).not.toContain(SECRET);
  expect(run.stderr, `${what} stderr`).not.toContain(SECRET);
}

const env = { SECRET_TOKEN: SECRET };
// Each run starts three servers, one of which is refused at a closed port: allow for a busy machine.
const SLOW = 60_000;

describe('expanded secrets never leave the CLI (issue 8 item 1)', () => {
  it(
    'lint shows templates in sources, reasons, stderr and progress lines, never the value',
    async () => {
      const text = await toolwire(['lint', config, '--envelopes', 'openai', '--timeout', '5000'], {
        env,
      });
      expect(text.code).toBe(3);
      expectNoSecret(text, 'lint');
      expect(text.stderr).toMatch(/failed {2}rejects: /);
      expect(text.stdout).toContain('--api-key=');
      const json = await toolwire(
        ['lint', config, '--json', '--envelopes', 'openai', '--timeout', '5000'],
        { env },
      );
      expectNoSecret(json, 'lint --json');
      const report = JSON.parse(json.stdout);
      const echoes = report.servers.find(
        (server: { server: string }) => server.server === 'echoes',
      );
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the template as written.
      expect(echoes.source).toContain('--api-key=${SECRET_TOKEN}');
      const rejects = report.servers.find(
        (server: { server: string }) => server.server === 'rejects',
      );
      expect(rejects.state).toBe('failed');
      expect(rejects.stderr.join('\n')).toContain('--api-key=');
    },
    SLOW,
  );

  it(
    'names and names --json never show the value',
    async () => {
      for (const args of [
        ['names', config],
        ['names', config, '--json'],
      ]) {
        const run = await toolwire([...args, '--timeout', '5000'], { env });
        expect(run.code).toBe(3);
        expectNoSecret(run, args.join(' '));
      }
    },
    SLOW,
  );

  it(
    'capture (stdout and file) and diff never show the value',
    async () => {
      const printed = await toolwire(['capture', config, '--timeout', '5000'], { env });
      expectNoSecret(printed, 'capture');
      const output = join(folder, 'capture.json');
      const capture = await toolwire(['capture', config, '-o', output, '--timeout', '5000'], {
        env,
      });
      expect(capture.code).toBe(3);
      expectNoSecret(capture, 'capture -o');
      const saved = await readFile(output, 'utf8');
      expect(saved).not.toContain(SECRET);
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the template as written.
      expect(JSON.parse(saved).servers[0].source).toContain('${SECRET_TOKEN}');
      const diff = await toolwire(['diff', output, output], { env });
      expectNoSecret(diff, 'diff');
    },
    SLOW,
  );
});
