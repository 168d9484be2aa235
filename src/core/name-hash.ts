/** RFC 4648 base32, lowercase, as character codes. */
const ALPHABET: readonly number[] = Array.from('abcdefghijklmnopqrstuvwxyz234567', (character) =>
  character.charCodeAt(0),
);

/**
 * The alias suffix of a string: the first five bytes (40 bits) of its FNV-1a 64-bit hash, taken
 * big-endian over the string's UTF-8 bytes, written as 8 characters of lowercase RFC 4648 base32
 * without padding. Lone surrogates are encoded as their 3-byte (WTF-8) form so that distinct
 * strings never share an encoding.
 *
 * FNV-1a is published (IETF draft-eastlake-fnv), synchronous, and in the standard library of Go
 * (`hash/fnv`); in Python the suffix is `base64.b32encode(fnv1a64(data).to_bytes(8, 'big')[:5]).lower()`.
 * It is not a security boundary: collisions are detected and probed by the wire map.
 *
 * @example
 * ```ts
 * nameHash('a'); // 'v5r5yteg' (FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c)
 * ```
 * @internal
 */
export function nameHash(text: string): string {
  h0 = 0x2325;
  h1 = 0x8422;
  h2 = 0x9ce4;
  h3 = 0xcbf2;
  const length = text.length;
  for (let index = 0; index < length; index++) {
    let code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < length) {
      const low = text.charCodeAt(index + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        index++;
      }
    }
    if (code < 0x80) {
      mix(code);
    } else if (code < 0x800) {
      mix(0xc0 | (code >> 6));
      mix(0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      mix(0xe0 | (code >> 12));
      mix(0x80 | ((code >> 6) & 0x3f));
      mix(0x80 | (code & 0x3f));
    } else {
      mix(0xf0 | (code >> 18));
      mix(0x80 | ((code >> 12) & 0x3f));
      mix(0x80 | ((code >> 6) & 0x3f));
      mix(0x80 | (code & 0x3f));
    }
  }
  // 40 bits, big-endian: h3, h2 and the high byte of h1, five bits to a character.
  const high = h3 * 0x10000 + h2;
  const low = h1 >>> 8;
  return String.fromCharCode(
    ALPHABET[high >>> 27] as number,
    ALPHABET[(high >>> 22) & 31] as number,
    ALPHABET[(high >>> 17) & 31] as number,
    ALPHABET[(high >>> 12) & 31] as number,
    ALPHABET[(high >>> 7) & 31] as number,
    ALPHABET[(high >>> 2) & 31] as number,
    ALPHABET[((high & 3) << 3) | (low >>> 5)] as number,
    ALPHABET[low & 31] as number,
  );
}

// The 64-bit state, in four 16-bit limbs so that every product stays exact in a double. Module
// state instead of locals lets one small function do a round without allocating; `nameHash` is
// synchronous, so no two calls interleave.
let h0 = 0;
let h1 = 0;
let h2 = 0;
let h3 = 0;

/** One FNV-1a round: xor the byte in, multiply by the prime 2^40 + 0x1b3, modulo 2^64. */
function mix(byte: number): void {
  const x0 = h0 ^ byte;
  const t0 = x0 * 0x1b3;
  const t1 = h1 * 0x1b3 + (t0 >>> 16);
  const t2 = h2 * 0x1b3 + (x0 << 8) + (t1 >>> 16);
  const t3 = h3 * 0x1b3 + (h1 << 8) + (t2 >>> 16);
  h0 = t0 & 0xffff;
  h1 = t1 & 0xffff;
  h2 = t2 & 0xffff;
  h3 = t3 & 0xffff;
}
