import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkToolNames } from './check-tool-names.js';
import { ENVELOPES } from './envelope.js';
import { explainEnvelopeFit } from './explain-envelope-fit.js';
import { fitsEnvelope } from './fits-envelope.js';

describe('checkToolNames', () => {
  it('reports per tool and per envelope: fits, why not, and the wire name', () => {
    const report = checkToolNames({
      tools: [{ name: 'search' }, { name: 'browser.fetch' }, { name: 'x'.repeat(70) }],
      envelopes: ['openai', 'gemini', 'anthropic'],
    });
    expect(report.ok).toBe(false);
    expect(report.envelopes).toEqual(['openai', 'gemini', 'anthropic']);
    expect(report.tools[0]?.ok).toBe(true);
    const dotted = report.tools[1];
    expect(dotted?.envelopes.map((entry) => entry.fits)).toEqual([false, true, false]);
    expect(dotted?.envelopes[0]?.violations).toEqual([
      {
        rule: 'characters',
        characters: ['.'],
        message: 'characters: "." not allowed (allowed: A-Za-z0-9_-)',
      },
    ]);
    expect(dotted?.envelopes[0]?.wire).toBe('browser_fetch');
    expect(dotted?.envelopes[1]?.wire).toBe('browser.fetch');
    const long = report.tools[2];
    expect(long?.envelopes[0]?.violations[0]?.message).toBe('length: 70 characters (max 64)');
    expect(long?.envelopes[2]?.fits).toBe(true);
    expect(report.summary).toEqual([
      { envelope: 'openai', fit: 1, misfit: 2 },
      { envelope: 'gemini', fit: 2, misfit: 1 },
      { envelope: 'anthropic', fit: 2, misfit: 1 },
    ]);
  });

  it('lists duplicates and marks every copy', () => {
    const report = checkToolNames({ tools: ['a', 'b', 'a', 'a'], envelopes: ['openai'] });
    expect(report.duplicates).toEqual([{ name: 'a', indexes: [0, 2, 3] }]);
    expect(report.tools[2]?.duplicates).toEqual([0, 3]);
    expect(report.tools[1]?.ok).toBe(true);
    expect(report.tools[0]?.ok).toBe(false);
  });

  it('with a server, checks and suggests the canonical names a host would send', () => {
    const report = checkToolNames({
      tools: ['create_issue'],
      server: 'github',
      envelopes: ['openai'],
    });
    expect(report.tools[0]?.checked).toBe('github__create_issue');
    expect(report.tools[0]?.envelopes[0]?.wire).toBe('github__create_issue');
  });

  it('never throws for bad names, and every suggested wire name fits its envelope', () => {
    const envelopes = Object.keys(ENVELOPES);
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ unit: 'binary', maxLength: 90 }),
            fc.constant(42),
            fc.constant(null),
          ),
          {
            maxLength: 12,
          },
        ),
        (names) => {
          const report = checkToolNames({
            tools: names.map((name) => ({ name })),
            envelopes,
          });
          expect(report.tools).toHaveLength(names.length);
          for (const tool of report.tools) {
            for (const entry of tool.envelopes) {
              expect(entry.fits).toBe(
                typeof tool.name === 'string' && fitsEnvelope(tool.name, entry.envelope),
              );
              expect(entry.fits).toBe(entry.violations.length === 0);
              if (typeof tool.name === 'string')
                expect(fitsEnvelope(entry.wire as string, entry.envelope)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('explainEnvelopeFit', () => {
  it('names every broken rule', () => {
    const fit = explainEnvelopeFit({ name: `1a.b/${'c'.repeat(70)}`, envelope: 'gemini' });
    expect(fit.violations.map((violation) => violation.rule)).toEqual([
      'length',
      'first-character',
      'characters',
    ]);
    expect(explainEnvelopeFit({ name: '', envelope: 'openai' }).violations[0]?.rule).toBe('empty');
    expect(explainEnvelopeFit({ name: 7, envelope: 'openai' }).violations[0]?.rule).toBe('type');
  });

  it('agrees with fitsEnvelope on any string', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 140 }),
        fc.constantFrom(...Object.keys(ENVELOPES)),
        (name, envelope) => {
          expect(explainEnvelopeFit({ name, envelope }).fits).toBe(fitsEnvelope(name, envelope));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
