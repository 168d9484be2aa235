const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * A 7-character RFC 4648 base32 rendering (lowercase) of the 32-bit FNV-1a hash of `text`'s UTF-16
 * code units. Used to keep renamed property keys unique and stable; not a security hash.
 *
 * @internal
 * @example
 * ```ts
 * shortHash('filter[id]'); // 7 characters of [a-z2-7]
 * ```
 */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  let out = '';
  for (let shift = 30; shift >= 0; shift -= 5) out += ALPHABET[(hash >>> Math.max(shift, 0)) & 31];
  return out.slice(0, 7);
}
