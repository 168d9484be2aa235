// Every character a terminal may act on instead of showing: C0 controls (ESC, CR, BS, BEL, LF,
// TAB...), DEL, C1 controls (CSI U+009B and OSC U+009D act like ESC [ and ESC ] on some terminals),
// the bidi marks, embeddings, overrides and isolates that reorder what follows (Trojan Source),
// the line and paragraph separators, lone surrogates (printed as U+FFFD, so two different names
// would look alike), and the backslash that starts an escape (so the escaping stays injective).
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\\]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Makes untrusted text safe to print on a terminal: every control character (C0, DEL, C1), every
 * bidi control, line and paragraph separator and lone surrogate is written as a visible escape,
 * `\xHH` for a code below U+0100 and `\uHHHH` above, and a backslash as `\\`. Everything else,
 * including other non-ASCII text, is unchanged. The result never contains a character a terminal
 * acts on, and two different texts never print the same (the escaping can be undone).
 * @internal
 * @example
 * ```ts
 * escapeTerminalText('pwn\u001b[2J\u001b]0;TITLE\u0007'); // 'pwn\\x1b[2J\\x1b]0;TITLE\\x07'
 * escapeTerminalText('admin\u202egnp.exe'); // 'admin\\u202egnp.exe'
 * escapeTerminalText('search_nodes'); // 'search_nodes' (the same string)
 * ```
 */
export function escapeTerminalText(text: string): string {
  UNSAFE.lastIndex = 0;
  if (!UNSAFE.test(text)) return text;
  return text.replace(UNSAFE, (character) => {
    if (character === '\\') return '\\\\';
    const code = character.charCodeAt(0);
    return code < 0x100
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
