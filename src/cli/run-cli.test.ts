import { describe, expect, it } from 'vitest';
import { EXIT } from './cli-context.js';
import { runCli } from './run-cli.js';

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli({
    args,
    version: '9.8.7',
    context: {
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
      stdoutIsTTY: false,
      env: {},
      readStdin: async () => JSON.stringify([{ name: 'search' }]),
    },
  });
  return { code, stdout, stderr };
}

describe('runCli', () => {
  it('prints a usage error as one line with a --help hint, not the whole help', async () => {
    for (const [args, hint] of [
      [['lint', '--nope'], 'toolwire lint --help'],
      [['names', '--envelope'], 'toolwire names --help'],
      [['diff', 'a.json'], 'toolwire diff --help'],
      [['capture', '-o'], 'toolwire capture --help'],
      [['frobnicate'], 'toolwire --help'],
    ] as const) {
      const result = await run([...args]);
      expect(result.code, args.join(' ')).toBe(EXIT.usage);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')).toHaveLength(2);
      expect(result.stderr).toMatch(new RegExp(`See ${hint.replaceAll('-', '\\-')}\\.\\n$`));
      expect(result.stderr).not.toContain('Options:');
    }
  });

  it('prints help per command and overall, and the version', async () => {
    const overall = await run(['--help']);
    expect(overall.code).toBe(EXIT.ok);
    for (const name of ['lint', 'names', 'diff', 'capture']) {
      expect(overall.stdout).toMatch(new RegExp(`^ {2}${name} +\\S`, 'm'));
    }
    const lint = await run(['lint', '--help']);
    expect(lint.code).toBe(EXIT.ok);
    expect(lint.stdout).toMatch(/^Usage: toolwire lint \[target\] \[options\]\n/);
    expect(lint.stdout).toMatch(/--envelopes <ids> +comma-separated envelopes/);
    expect(lint.stdout).toMatch(/--\[no-\]color/);
    expect(lint.stdout).toContain('Exit codes: 0 done');
    expect((await run(['help', 'diff'])).stdout).toMatch(
      /^Usage: toolwire diff <before> <after> \[options\]/,
    );
    expect((await run(['capture', '-h'])).stdout).toMatch(/-o, --output <file>/);
    expect(await run(['--version'])).toEqual({ code: EXIT.ok, stdout: '9.8.7\n', stderr: '' });
    const bare = await run([]);
    expect(bare.code).toBe(EXIT.usage);
    expect(bare.stderr).toContain('Commands:');
  });

  it('runs a command with its parsed options', async () => {
    const result = await run(['names', '-', '--server', 'docs', '--json', '--envelope', 'openai']);
    expect(result.code).toBe(EXIT.ok);
    expect(JSON.parse(result.stdout)).toEqual([
      {
        server: 'docs',
        tool: 'search',
        canonical: 'docs__search',
        wire: 'docs__search',
        aliased: false,
        status: 'ok',
      },
    ]);
  });
});
