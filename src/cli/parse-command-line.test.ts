import { describe, expect, it } from 'vitest';
import { ToolwireError } from '../core/toolwire-error.js';
import { captureCommand } from './commands/capture.js';
import { diffCommand } from './commands/diff.js';
import { lintCommand } from './commands/lint.js';
import { namesCommand } from './commands/names.js';
import { parseCommandLine } from './parse-command-line.js';

function failure(run: () => unknown): ToolwireError {
  try {
    run();
  } catch (error) {
    if (ToolwireError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ToolwireError');
}

describe('parseCommandLine', () => {
  it('fills defaults, applies each parser, keeps positionals in place', () => {
    const parsed = parseCommandLine({
      command: lintCommand,
      args: ['-', '--envelopes', 'openai, gemini', '--timeout=500', '-q', '--strict'],
    });
    expect(parsed.positionals).toEqual(['-']);
    expect(parsed.options).toMatchObject({
      envelopes: ['openai', 'gemini'],
      timeout: 500,
      quiet: true,
      strict: true,
      preset: 'toolwire',
      header: {},
    });
    const names = parseCommandLine({ command: namesCommand, args: [] });
    expect(names.positionals).toEqual([undefined]);
    expect(names.options).toMatchObject({ envelope: 'universal', timeout: 30_000 });
  });

  it('collects a repeatable option and lets the last of --color and --no-color win', () => {
    const parsed = parseCommandLine({
      command: namesCommand,
      args: ['--header', 'A: 1', '--header=B:2', '--color', '--no-color'],
    });
    expect(parsed.options.header).toEqual({ A: '1', B: '2' });
    expect(parsed.options.color).toBe(false);
    expect(
      parseCommandLine({ command: namesCommand, args: ['--no-color', '--color'] }).options.color,
    ).toBe(true);
  });

  it('takes short options grouped and with a value', () => {
    const parsed = parseCommandLine({ command: captureCommand, args: ['-qo', 'out.json'] });
    expect(parsed.options).toMatchObject({ quiet: true, output: 'out.json' });
  });

  it('refuses each kind of mistake with one line that names the command and the option', () => {
    const cases: [string[], RegExp][] = [
      [['--nope'], /^toolwire lint: --nope is not an option\.$/],
      [['-x'], /^toolwire lint: -x is not an option\.$/],
      [['--no-json'], /^toolwire lint: --no-json is not an option\.$/],
      [['--json=yes'], /^toolwire lint: --json takes no value/],
      [['--url'], /^toolwire lint: --url needs a value <url>/],
      [['--url', '--json'], /^toolwire lint: --url needs a value <url>/],
      [['--envelopes', 'cohere'], /^toolwire lint: --envelopes: "cohere" is not an envelope; use /],
      [['--timeout', '-5'], /^toolwire lint: --timeout needs a value/],
      [['--timeout=-5'], /^toolwire lint: --timeout: "-5" is not a positive whole number/],
      [['--timeout', 'Infinity'], /is not a positive whole number/],
      [['--preset', 'nope'], /^toolwire lint: --preset: "nope" is not a preset; use toolwire, /],
      [
        ['a.json', 'b.json'],
        /^toolwire lint: unexpected argument "b\.json" \(it takes \[target\]\)\.$/,
      ],
    ];
    for (const [args, message] of cases) {
      const error = failure(() => parseCommandLine({ command: lintCommand, args }));
      expect(error.code, args.join(' ')).toBe('INVALID_OPTION');
      expect(error.message, args.join(' ')).toMatch(message);
      expect(error.message).not.toContain('\n');
    }
    expect(failure(() => parseCommandLine({ command: diffCommand, args: [] })).message).toBe(
      'toolwire diff: missing <before> and <after>.',
    );
  });

  it('never repeats the value of a malformed header (it may hold a token)', () => {
    const error = failure(() =>
      parseCommandLine({ command: namesCommand, args: ['--header', 'Bearer sk-SECRET'] }),
    );
    expect(error.message).toBe('toolwire names: --header: write a header as "Name: value".');
  });
});
