import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameJson } from './schema-values.js';

describe('sameJson', () => {
  it('should say two JSON values are the same exactly when their JSON texts are', () => {
    // Pairs that are often equal: a copy, or two draws from a few small values (so key order and
    // nesting differ by little), besides unrelated values.
    const small = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom(0, 1, 'a', null, true),
        fc.array(tie('value'), { maxLength: 2 }),
        fc.dictionary(fc.constantFrom('a', 'b'), tie('value'), { maxKeys: 2 }),
      ),
    })).value;
    const pair = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((value) => [value, structuredClone(value)] as const),
      fc.tuple(fc.jsonValue({ maxDepth: 4 }), fc.jsonValue({ maxDepth: 4 })),
      fc.tuple(small, small),
    );
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(sameJson(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
      }),
      { numRuns: 2000 },
    );
  });

  it('should count values JSON text cannot hold as different', () => {
    expect(sameJson({ a: undefined }, {})).toBe(false);
    expect(sameJson([Number.NaN], [Number.NaN])).toBe(false);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
  });
});
