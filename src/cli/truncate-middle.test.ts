import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayWidth } from './display-width.js';
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

  it('fits terminal columns with wide characters, keeping both ends and never splitting one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', '_', '名', '前', '🙂', 'é', 'e\u0301'), { maxLength: 40 }),
        fc.integer({ min: 1, max: 50 }),
        (parts, width) => {
          const text = parts.join('');
          const result = truncateMiddle(text, width);
          if (displayWidth(text) <= width) {
            expect(result).toBe(text);
            return;
          }
          // A wide character that would pass the width by one is left out: one column may stay empty.
          expect(displayWidth(result)).toBeLessThanOrEqual(width);
          expect(displayWidth(result)).toBeGreaterThanOrEqual(width - 1);
          const [head, tail] = result.split('…') as [string, string];
          expect(text.startsWith(head)).toBe(true);
          expect(text.endsWith(tail)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never splits a surrogate pair', () => {
    expect(truncateMiddle('🙂🙂🙂🙂🙂', 5)).toBe('🙂…🙂');
    expect(truncateMiddle('名前名前名前', 7)).toBe('名…名前');
    expect(truncateMiddle('abcdefghij', 5)).toBe('ab…ij');
    expect(truncateMiddle('x'.repeat(200_000), 10)).toBe('xxxxx…xxxx');
  });
});
