// Wide and fullwidth blocks of Unicode's East Asian Width property (UAX #11): the ranges that
// terminals draw in two columns. Kept to whole blocks; rare wide code points elsewhere count one.
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f], // Hangul Jamo leading consonants
  [0x231a, 0x231b],
  [0x2329, 0x232a],
  [0x2e80, 0x303e], // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
  [0x3041, 0x33ff], // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
  [0x3400, 0x4dbf], // CJK extension A
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xa000, 0xa4cf], // Yi
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3], // Hangul syllables
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f], // CJK compatibility forms, small form variants
  [0xff00, 0xff60], // fullwidth forms
  [0xffe0, 0xffe6],
  [0x16fe0, 0x18aff], // Tangut
  [0x1b000, 0x1b2ff], // Kana supplement and extensions
  [0x1f200, 0x1f2ff], // enclosed ideographic supplement
  [0x20000, 0x3fffd], // CJK extensions B and later
];

const EMOJI = /\p{Emoji_Presentation}/u;
// Marks drawn on the character before them, and format characters, take no column.
const ZERO = /[\p{Mn}\p{Me}\p{Cf}]/u;

/**
 * How many terminal columns a code point takes: 2 for East Asian wide and fullwidth characters
 * and emoji shown as pictures, 0 for combining marks and format characters, else 1.
 * @internal
 * @example
 * ```ts
 * codePointWidth('漢'); // 2
 * ```
 */
export function codePointWidth(character: string): number {
  const code = character.codePointAt(0) ?? 0;
  if (code < 0x300) return 1;
  for (const [low, high] of WIDE) {
    if (code < low) break;
    if (code <= high) return 2;
  }
  if (EMOJI.test(character)) return 2;
  return ZERO.test(character) ? 0 : 1;
}

/**
 * How many terminal columns a text takes (see {@link codePointWidth}); a text of ASCII alone
 * costs no more than its length.
 * @internal
 * @example
 * ```ts
 * displayWidth('名前_search'); // 11
 * ```
 */
export function displayWidth(text: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII, control characters included.
  if (/^[\u0000-\u007f]*$/.test(text)) return text.length;
  let width = 0;
  for (const character of text) width += codePointWidth(character);
  return width;
}

/**
 * Pads a text with spaces on the right to `width` terminal columns (a wider text is left as it is).
 * @internal
 * @example
 * ```ts
 * padToWidth('名前', 6); // '名前  '
 * ```
 */
export function padToWidth(text: string, width: number): string {
  const used = displayWidth(text);
  return used >= width ? text : text + ' '.repeat(width - used);
}
