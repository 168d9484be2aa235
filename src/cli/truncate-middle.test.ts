import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncateMiddle } from './truncate-middle.js';

describe('truncateMiddle', () => {
  it('fits the width, keeps both ends, and leaves a text that fits alone', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme-ascii', maxLength: 80 }),
        fc.nat(90),
        (text, width) => {
          const result = truncateMiddle(text, width);
          if (text.length <= width) {
            expect(result).toBe(text);
            return;
          }
          expect(Array.from(result).length).toBe(width);
          if (width === 0) return;
          expect(result).toContain('…');
          const [head, tail] = result.split('…') as [string, string];
          expect(text.startsWith(head)).toBe(true);
          expect(text.endsWith(tail)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never splits a surrogate pair', () => {
    expect(truncateMiddle('🙂🙂🙂🙂🙂', 4)).toBe('🙂🙂…🙂');
    expect(truncateMiddle('abcdefghij', 5)).toBe('ab…ij');
    expect(truncateMiddle('x'.repeat(200_000), 10)).toBe('xxxxx…xxxx');
  });
});
