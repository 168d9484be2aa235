// JSON.stringify escapes C0 controls and lone surrogates but writes DEL, C1 controls, bidi
// controls and the line and paragraph separators as they are; these can only occur inside strings.
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/**
 * `JSON.stringify(value, null, 2)` plus a newline, with the characters a terminal may act on that
 * JSON leaves raw (DEL, C1, bidi controls, U+2028/U+2029) written as `\uHHHH` escapes: the same
 * JSON value, exact when parsed, and safe to print.
 * @internal
 * @example
 * ```ts
 * formatTerminalJson({ name: 'a\u202eb' }); // '{\n  "name": "a\\u202eb"\n}\n'
 * ```
 */
export function formatTerminalJson(value: unknown): string {
  const text = JSON.stringify(value, null, 2).replace(
    RAW_IN_JSON,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `${text}\n`;
}
