import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forwardedMeta } from './forwarded-meta.js';

describe('forwardedMeta', () => {
  it("should keep every key of the caller's _meta but its progress token, and never change it (property)", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((key) => key !== 'progressToken'),
          fc.jsonValue(),
        ),
        fc.option(fc.oneof(fc.string(), fc.integer()), { nil: undefined }),
        (rest, token) => {
          const meta = token === undefined ? { ...rest } : { ...rest, progressToken: token };
          const before = structuredClone(meta);
          const { progressToken: _dropped, ...expected } = meta;
          const forwarded = forwardedMeta(meta);
          expect(meta).toEqual(before);
          // Without a token it is the caller's own object; with one, what is left, if anything.
          if (token === undefined) expect(forwarded).toBe(meta);
          else if (Object.keys(expected).length === 0) expect(forwarded).toBeUndefined();
          else expect(forwarded).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
    expect(forwardedMeta(undefined)).toBeUndefined();
  });
});
