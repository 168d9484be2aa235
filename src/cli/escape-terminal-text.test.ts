import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeTerminalText } from './escape-terminal-text.js';

// What a terminal may act on, written out by code unit (independent of the regular expression of
// the code under test): C0, DEL, C1, bidi controls, line/paragraph separators, lone surrogates.
function findActive(text: string): number | undefined {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const high = code >= 0xd800 && code <= 0xdbff;
    const low = code >= 0xdc00 && code <= 0xdfff;
    if (high) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index += 1;
        continue;
      }
      return code;
    }
    if (
      low ||
      code <= 0x1f ||
      (code >= 0x7f && code <= 0x9f) ||
      code === 0x061c ||
      code === 0x200e ||
      code === 0x200f ||
      (code >= 0x2028 && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069)
    ) {
      return code;
    }
  }
  return undefined;
}

const dangerous = fc.constantFrom(
  '\u001b',
  '\u001b[2J',
  '\u001b]0;TITLE\u001b\\',
  '\u009b',
  '\u009d',
  '\r',
  '\b',
  '\n',
  '\t',
  '\u0000',
  '\u007f',
  '\u202e',
  '\u2066',
  '\u2069',
  '\u061c',
  '\u200f',
  '\u2028',
  '\\',
  '\\x1b',
  '\\u202e',
  '\ud800',
  '\udc00',
  '\ud83d\ude00',
);
// Mostly ordinary text with the characters that matter mixed in, and any UTF-16 string at all.
const text = fc.oneof(
  fc
    .array(fc.oneof(fc.string({ maxLength: 4 }), dangerous), { maxLength: 12 })
    .map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({
    unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    maxLength: 20,
  }),
);

// The inverse, to show that the escaping loses nothing: `\\` is a backslash, `\xHH` and `\uHHHH`
// are the character with that code, everything else is itself.
function undoEscaping(printed: string): string {
  return printed.replace(/\\(\\|x[0-9a-f]{2}|u[0-9a-f]{4})/g, (_, sequence: string) =>
    sequence === '\\' ? '\\' : String.fromCharCode(Number.parseInt(sequence.slice(1), 16)),
  );
}

describe('escapeTerminalText', () => {
  it('never leaves a character a terminal acts on', () => {
    fc.assert(
      fc.property(text, (input) => {
        expect(findActive(escapeTerminalText(input))).toBeUndefined();
      }),
      { numRuns: 2_000 },
    );
  });

  it('is injective: the escaping can be undone, so two different texts never print the same', () => {
    fc.assert(
      fc.property(text, (input) => {
        expect(undoEscaping(escapeTerminalText(input))).toBe(input);
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(text, text, (left, right) => {
        fc.pre(left !== right);
        expect(escapeTerminalText(left)).not.toBe(escapeTerminalText(right));
      }),
      { numRuns: 1_000 },
    );
  });

  it('leaves ordinary text as it is, non-ASCII included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (input) => {
        fc.pre(findActive(input) === undefined && !input.includes('\\'));
        expect(escapeTerminalText(input)).toBe(input);
      }),
      { numRuns: 1_000 },
    );
    expect(escapeTerminalText('café_überweisung 検索 🙂')).toBe('café_überweisung 検索 🙂');
  });

  it('makes each attack visible', () => {
    expect(escapeTerminalText('pwn\u001b[2J\u001b]0;TITLE\u001b\\')).toBe(
      'pwn\\x1b[2J\\x1b]0;TITLE\\x1b\\\\',
    );
    expect(escapeTerminalText('ok\rFAKE\b\u009b31m')).toBe('ok\\x0dFAKE\\x08\\x9b31m');
    expect(escapeTerminalText('admin\u202egnp.exe\u2066x\u2069')).toBe(
      'admin\\u202egnp.exe\\u2066x\\u2069',
    );
    expect(escapeTerminalText('a\\x1b')).not.toBe(escapeTerminalText('a\u001b'));
  });
});
