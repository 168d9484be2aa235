import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameHash } from '../name-hash.js';
import {
  ANTHROPIC_PROPERTY_KEYS,
  fitPropertyKeys,
  fitsRule,
  VERTEX_PROPERTY_KEYS,
} from './property-key-rule.js';

/** The rule read one character at a time, as it is written. */
function fitsEachCharacter(key: string, rule: typeof ANTHROPIC_PROPERTY_KEYS): boolean {
  if (key.length === 0 || key.length > rule.maxLength) return false;
  if (rule.first !== null && !rule.first.test(key.charAt(0))) return false;
  for (const character of key) if (!rule.allowed.test(character)) return false;
  return true;
}

describe('fitsRule', () => {
  it('should agree with the rule read one character at a time, on any key', () => {
    const key = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 70 }),
      fc.stringMatching(/^[A-Za-z0-9_.\- \u00e9\u{1F600}]{0,70}$/u),
    );
    fc.assert(
      fc.property(key, (candidate) => {
        for (const rule of [ANTHROPIC_PROPERTY_KEYS, VERTEX_PROPERTY_KEYS]) {
          expect(fitsRule(candidate, rule)).toBe(fitsEachCharacter(candidate, rule));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('should give the same answer for a key asked again, past the keys it remembers', () => {
    // Answers are remembered per rule, up to 4096 keys; a few keys from a small alphabet are
    // asked again and again, among enough others that the memory starts over in between.
    const key = fc.string({
      unit: fc.constantFrom('a', 'B', '1', '_', '.', '-', ' '),
      maxLength: 4,
    });
    fc.assert(
      fc.property(fc.array(key, { minLength: 1, maxLength: 30 }), fc.nat(5000), (keys, others) => {
        for (let index = 0; index < others; index++) {
          fitsRule(`k${index}`, VERTEX_PROPERTY_KEYS);
        }
        for (const candidate of [...keys, ...keys]) {
          for (const rule of [ANTHROPIC_PROPERTY_KEYS, VERTEX_PROPERTY_KEYS]) {
            expect(fitsRule(candidate, rule)).toBe(fitsEachCharacter(candidate, rule));
          }
        }
      }),
      { numRuns: 30 },
    );
  });

  it('should take keys that fit and refuse the rest', () => {
    expect(fitsRule('repo.name', ANTHROPIC_PROPERTY_KEYS)).toBe(true);
    expect(fitsRule('repo.name', VERTEX_PROPERTY_KEYS)).toBe(false);
    expect(fitsRule('filter[id]', ANTHROPIC_PROPERTY_KEYS)).toBe(false);
    expect(fitsRule('a'.repeat(65), ANTHROPIC_PROPERTY_KEYS)).toBe(false);
    expect(fitsRule('1st', VERTEX_PROPERTY_KEYS)).toBe(false);
    expect(fitsRule('héllo', ANTHROPIC_PROPERTY_KEYS)).toBe(false);
  });
});

/** A lone key's wire name as the rule reads, one code point at a time: `_` for each it refuses. */
function renamedEachCharacter(key: string, rule: typeof ANTHROPIC_PROPERTY_KEYS): string {
  let base = '';
  for (const character of key) base += rule.allowed.test(character) ? character : '_';
  if (base.length === 0) base = '_';
  if (rule.first !== null && !rule.first.test(base.charAt(0))) base = `_${base}`;
  if (base.length <= rule.maxLength) return base;
  const suffix = `_${nameHash(key)}`;
  return base.slice(0, rule.maxLength - suffix.length) + suffix;
}

/** A list's wire keys as the rule reads: keys that fit first, then each other in turn. */
function fittedEachKey(keys: readonly string[], rule: typeof ANTHROPIC_PROPERTY_KEYS): string[] {
  const taken = new Set(keys.filter((key) => fitsEachCharacter(key, rule)));
  return keys.map((key) => {
    if (fitsEachCharacter(key, rule)) return key;
    let base = '';
    for (const character of key) base += rule.allowed.test(character) ? character : '_';
    if (base.length === 0) base = '_';
    if (rule.first !== null && !rule.first.test(base.charAt(0))) base = `_${base}`;
    let candidate = base;
    for (let attempt = 1; candidate.length > rule.maxLength || taken.has(candidate); attempt++) {
      const suffix = `_${nameHash(attempt === 1 ? key : `${key}\u0000${attempt}`)}`;
      candidate = base.slice(0, rule.maxLength - suffix.length) + suffix;
    }
    taken.add(candidate);
    return candidate;
  });
}

describe('fitPropertyKeys', () => {
  it('should write every list of keys as the rule reads it, asked again or after a list that joins the same', () => {
    // Lists of keys are remembered by their keys joined with U+0000, which a key may hold too:
    // a list asked after another that joins to the same text is written for its own keys.
    const key = fc.constantFrom(
      'a',
      'b',
      'a.b',
      'a_b',
      '.a',
      '_a',
      'a\u0000',
      '\u0000b',
      'a\u0000b',
      'é',
      'k'.repeat(66),
    );
    const list = fc.uniqueArray(key, { maxLength: 5 });
    fc.assert(
      fc.property(list, list, (first, second) => {
        for (const rule of [ANTHROPIC_PROPERTY_KEYS, VERTEX_PROPERTY_KEYS]) {
          for (const keys of [first, second, first, [first.join('\u0000')], first]) {
            const wires = fitPropertyKeys(keys, rule);
            expect([...wires.keys()].sort()).toEqual([...keys].sort());
            expect(keys.map((name) => wires.get(name))).toEqual(fittedEachKey(keys, rule));
          }
        }
      }),
      { numRuns: 300, examples: [[['a', 'b'], ['a\u0000b']]] },
    );
  });

  it('should write a key that breaks the rule as substituting one code point at a time writes it', () => {
    const key = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 70 }),
      fc.stringMatching(/^[A-Za-z0-9_.\- [\]<>\u00e9\u{1F600}\ud800]{0,70}$/u),
    );
    fc.assert(
      fc.property(key, (candidate) => {
        for (const rule of [ANTHROPIC_PROPERTY_KEYS, VERTEX_PROPERTY_KEYS]) {
          const wire = fitPropertyKeys([candidate], rule).get(candidate);
          expect(wire).toBe(
            fitsRule(candidate, rule) ? candidate : renamedEachCharacter(candidate, rule),
          );
        }
      }),
      { numRuns: 1000 },
    );
  });
});
