import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileFingerprint,
  fingerprintMatcher,
  matchesFingerprint,
  recordFingerprint,
} from './remember.js';
import type { WirePath } from './wire-path.js';

const key = fc.constantFrom('a', 'b', 'type', 'name');
const step = fc.oneof(
  key,
  fc.constant('*'),
  fc.record({ type: fc.subarray(['x', 'y', undefined], { minLength: 1 }) }),
);
const paths = fc.array(fc.array(step, { minLength: 1, maxLength: 4 }) as fc.Arbitrary<WirePath>, {
  minLength: 1,
  maxLength: 4,
});
const leaf = fc.constantFrom<unknown>('x', 'y', 1, null, undefined, true);
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(key, tie('node'), { maxKeys: 4 }),
  ),
})).node;

describe('fingerprints', () => {
  it('should record and compare the same values with generated code as with the generic walks', () => {
    fc.assert(
      fc.property(paths, value, value, (at, first, second) => {
        const generated = compileFingerprint(at);
        const walked = compileFingerprint(at);
        // What a runtime that forbids generated code runs.
        walked.generated = null;
        const recorded = recordFingerprint(first, generated);
        expect(recorded).toEqual(recordFingerprint(first, walked));
        expect(matchesFingerprint(recorded, first, generated)).toBe(true);
        expect(matchesFingerprint(recorded, second, generated)).toBe(
          matchesFingerprint(recorded, second, walked),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('should answer as matchesFingerprint through one matcher, with or without generated code', () => {
    fc.assert(
      fc.property(paths, value, value, fc.boolean(), (at, first, second, withCode) => {
        const fingerprint = compileFingerprint(at);
        if (!withCode) fingerprint.generated = null;
        const recorded = recordFingerprint(first, fingerprint);
        const matches = fingerprintMatcher(fingerprint);
        expect(matches(recorded, first)).toBe(true);
        expect(matches(recorded, second)).toBe(matchesFingerprint(recorded, second, fingerprint));
      }),
      { numRuns: 1000 },
    );
  });

  it('should answer for a record among others in one list as for the record alone', () => {
    fc.assert(
      fc.property(
        paths,
        value,
        value,
        fc.array(leaf),
        fc.array(leaf),
        fc.boolean(),
        (at, first, second, before, after, withCode) => {
          const fingerprint = compileFingerprint(at);
          if (!withCode) fingerprint.generated = null;
          const recorded = recordFingerprint(first, fingerprint);
          const end = before.length + recorded.length;
          const matches = fingerprintMatcher(fingerprint);
          const list = [...before, ...recorded, ...after];
          expect(matches(list, first, before.length, end)).toBe(true);
          expect(matches(list, second, before.length, end)).toBe(matches(recorded, second));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
