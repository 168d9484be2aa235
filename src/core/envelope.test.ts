import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENVELOPES, type Envelope, resolveEnvelope } from './envelope.js';
import { fitsEnvelope } from './fits-envelope.js';
import { intersectEnvelopes } from './intersect-envelopes.js';

/** The envelope rules of the README, written as regular expressions, independent of the tables. */
const PATTERNS: Record<keyof typeof ENVELOPES, RegExp> = {
  openai: /^[A-Za-z0-9_-]{1,64}$/,
  anthropic: /^[A-Za-z0-9_-]{1,128}$/,
  bedrock: /^[A-Za-z0-9_-]{1,64}$/,
  gemini: /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/,
  vertex: /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/,
  mcp: /^[A-Za-z0-9_.-]{1,128}$/,
  universal: /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/,
};

const candidate = fc.oneof(
  fc.string({ unit: 'binary-ascii', maxLength: 140 }),
  fc.stringMatching(/^[A-Za-z0-9_.:-]{0,140}$/),
  fc.string({ unit: 'binary', maxLength: 10 }),
);

describe('ENVELOPES', () => {
  it('should hold the seven documented envelopes as plain data with a source', () => {
    expect(Object.keys(ENVELOPES).sort()).toEqual(
      ['anthropic', 'bedrock', 'gemini', 'mcp', 'openai', 'universal', 'vertex'].sort(),
    );
    for (const [id, envelope] of Object.entries(ENVELOPES)) {
      expect(envelope.id).toBe(id);
      expect(envelope.source.length).toBeGreaterThan(20);
      expect(JSON.parse(JSON.stringify(envelope))).toEqual(envelope);
    }
  });

  it('should resolve ids and reject unknown ones', () => {
    expect(resolveEnvelope('vertex')).toBe(ENVELOPES.vertex);
    expect(() => resolveEnvelope('toString')).toThrowError(
      expect.objectContaining({ code: 'UNKNOWN_ENVELOPE' }),
    );
  });
});

describe('fitsEnvelope', () => {
  it('should agree with each provider rule written as a regular expression', () => {
    fc.assert(
      fc.property(
        candidate,
        fc.constantFrom(...(Object.keys(PATTERNS) as Array<keyof typeof PATTERNS>)),
        (name, id) => {
          expect(fitsEnvelope(name, id)).toBe(PATTERNS[id].test(name));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('should read custom character classes with escapes', () => {
    const custom: Envelope = {
      id: 'custom',
      maxLength: 8,
      allowedCharacters: 'a-c\\-\\]',
      firstCharacters: 'a',
      source: 'test',
    };
    expect(fitsEnvelope('abc-]', custom)).toBe(true);
    expect(fitsEnvelope('babc', custom)).toBe(false);
    expect(fitsEnvelope('abcd', custom)).toBe(false);
    expect(() => fitsEnvelope('a', { ...custom, allowedCharacters: 'é' })).toThrowError(
      expect.objectContaining({ code: 'INVALID_ENVELOPE' }),
    );
    expect(() => fitsEnvelope('a', { ...custom, maxLength: 0 })).toThrowError(
      expect.objectContaining({ code: 'INVALID_ENVELOPE' }),
    );
  });
});

describe('intersectEnvelopes', () => {
  it('should give universal from the envelopes it intersects', () => {
    let all: Envelope = ENVELOPES.openai;
    for (const id of ['anthropic', 'bedrock', 'gemini', 'vertex', 'mcp'] as const) {
      all = intersectEnvelopes(all, id);
    }
    expect(all.maxLength).toBe(ENVELOPES.universal.maxLength);
    expect(all.allowedCharacters).toBe(ENVELOPES.universal.allowedCharacters);
    expect(all.firstCharacters).toBe(ENVELOPES.universal.firstCharacters);
  });

  it('should fit a name exactly when both envelopes fit it', () => {
    const ids = fc.constantFrom(...(Object.keys(ENVELOPES) as Array<keyof typeof ENVELOPES>));
    fc.assert(
      fc.property(candidate, ids, ids, (name, a, b) => {
        const both = intersectEnvelopes(a, b);
        expect(fitsEnvelope(name, both)).toBe(fitsEnvelope(name, a) && fitsEnvelope(name, b));
      }),
      { numRuns: 1000 },
    );
  });
});
