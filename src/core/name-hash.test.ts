import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameHash } from './name-hash.js';

describe('nameHash', () => {
  // Reference values from the FNV-1a 64 definition (offset 0xcbf29ce484222325, prime 0x100000001b3),
  // first five bytes big-endian in RFC 4648 base32, computed independently with BigInt.
  it.each([
    ['', 'zpzjzzee'],
    ['a', 'v5r5yteg'],
    ['foobar', 'qwkec4px'],
    ['github__create_issue', 'e6ufx6ps'],
    ['é😀x', 'gfqubbn3'],
  ])('should hash %j to %s', (text, expected) => {
    expect(nameHash(text)).toBe(expected);
  });

  it('should match a BigInt FNV-1a 64 over UTF-8 for any well-formed string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        expect(nameHash(text)).toBe(referenceHash(new TextEncoder().encode(text)));
      }),
      { numRuns: 1000 },
    );
  });

  it('should keep lone surrogates apart', () => {
    expect(nameHash('a\uD800')).not.toBe(nameHash('a\uDC00'));
    expect(nameHash('a\uD800')).not.toBe(nameHash('a\uFFFD'));
  });
});

function referenceHash(bytes: Uint8Array): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of bytes) hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  let top = hash >> 24n;
  let text = '';
  for (let index = 0; index < 8; index++) {
    text = 'abcdefghijklmnopqrstuvwxyz234567'[Number(top & 31n)] + text;
    top >>= 5n;
  }
  return text;
}
