import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointWidth, displayWidth, padToWidth } from './display-width.js';

describe('displayWidth', () => {
  it('counts East Asian wide characters and emoji as two columns, marks as none', () => {
    expect(displayWidth('search')).toBe(6);
    expect(displayWidth('名前_search')).toBe(11);
    expect(displayWidth('검색')).toBe(4);
    expect(displayWidth('ＡＢ')).toBe(4); // fullwidth Latin
    expect(displayWidth('🙂')).toBe(2);
    expect(displayWidth('e\u0301')).toBe(1); // e and a combining acute accent
    expect(displayWidth('naïve')).toBe(5);
    expect(displayWidth('\u{20000}')).toBe(2); // CJK extension B, outside the BMP
  });

  it('is the sum of its code points, and the length for ASCII', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const sum = Array.from(text).reduce((total, c) => total + codePointWidth(c), 0);
        expect(displayWidth(text)).toBe(sum);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 40 }), (text) => {
        expect(displayWidth(text)).toBe(text.length);
      }),
      { numRuns: 200 },
    );
  });
});

describe('padToWidth', () => {
  it('pads to the columns asked for, never shortens', () => {
    expect(padToWidth('名前', 6)).toBe('名前  ');
    expect(padToWidth('abc', 2)).toBe('abc');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20 }), fc.nat(40), (text, width) => {
        const padded = padToWidth(text, width);
        expect(padded.startsWith(text)).toBe(true);
        expect(displayWidth(padded)).toBe(Math.max(width, displayWidth(text)));
      }),
      { numRuns: 300 },
    );
  });
});
