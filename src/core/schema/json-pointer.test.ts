import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeSegment, toJsonPointer } from './json-pointer.js';

describe('toJsonPointer', () => {
  it('should write each segment escaped after a slash, whether or not any needs escaping', () => {
    // Segments from a few characters, `~` and `/` among them, so that paths with and without
    // anything to escape both come often.
    const segment = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', '~', '/', '0', '1'), maxLength: 4 }),
      fc.nat({ max: 20 }),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (path) => {
        const expected = path
          .map((each) => `/${String(each).replaceAll('~', '~0').replaceAll('/', '~1')}`)
          .join('');
        expect(toJsonPointer(path)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('should escape `~` before `/`, as RFC 6901 says', () => {
    expect(escapeSegment('a~1/b')).toBe('a~01~1b');
    expect(toJsonPointer(['properties', 'a/b', 0])).toBe('/properties/a~1b/0');
    expect(toJsonPointer([])).toBe('');
  });
});
