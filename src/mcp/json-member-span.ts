/** Where one member's value lies in a JSON object's text: `text.slice(start, end)`. */
export interface JsonMemberSpan {
  start: number;
  end: number;
}

const WHITESPACE = /[ \t\n\r]*/y;
const STRUCTURE = /["[\]{}]/g;
const SCALAR_END = /[,}\]\s]|$/g;

/**
 * Finds the value of a top-level member of the JSON object in `text` (which must be valid JSON,
 * as `JSON.parse` has checked), without building the object: strings are skipped with
 * `indexOf`, nested values by their brackets, so a large result costs a few native scans. With
 * duplicate keys the last one counts, as in `JSON.parse`. A relay uses it to swap a response's
 * `id` and leave every other byte as the server sent it.
 * @internal
 * @example
 * ```ts
 * const text = '{"result":{"id":1},"jsonrpc":"2.0","id":"r-7"}';
 * const span = jsonMemberSpan(text, 'id'); // the top-level "r-7", not the nested 1
 * `${text.slice(0, span.start)}42${text.slice(span.end)}`; // '{"result":{"id":1},"jsonrpc":"2.0","id":42}'
 * ```
 */
export function jsonMemberSpan(text: string, key: string): JsonMemberSpan | undefined {
  let index = skipWhitespace(text, 0);
  if (text[index] !== '{') return undefined;
  let found: JsonMemberSpan | undefined;
  index = skipWhitespace(text, index + 1);
  if (text[index] === '}') return undefined;
  for (;;) {
    if (text[index] !== '"') return undefined;
    const keyEnd = stringEnd(text, index);
    const rawKey = text.slice(index, keyEnd);
    index = skipWhitespace(text, keyEnd);
    if (text[index] !== ':') return undefined;
    const start = skipWhitespace(text, index + 1);
    const end = valueEnd(text, start);
    if (end === undefined) return undefined;
    if (rawKey === `"${key}"` || (rawKey.includes('\\') && JSON.parse(rawKey) === key)) {
      found = { start, end };
    }
    index = skipWhitespace(text, end);
    if (text[index] === ',') {
      index = skipWhitespace(text, index + 1);
      continue;
    }
    return text[index] === '}' ? found : undefined;
  }
}

function skipWhitespace(text: string, index: number): number {
  WHITESPACE.lastIndex = index;
  WHITESPACE.test(text);
  return WHITESPACE.lastIndex;
}

/** The index after the closing quote of the string that opens at `index`. */
function stringEnd(text: string, index: number): number {
  let from = index + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

function valueEnd(text: string, index: number): number | undefined {
  const first = text[index];
  if (first === '"') return stringEnd(text, index);
  if (first === '{' || first === '[') {
    let depth = 0;
    STRUCTURE.lastIndex = index;
    for (;;) {
      const match = STRUCTURE.exec(text);
      if (match === null) return undefined;
      const char = match[0];
      if (char === '"') {
        STRUCTURE.lastIndex = stringEnd(text, match.index);
      } else if (char === '{' || char === '[') {
        depth++;
      } else if (--depth === 0) {
        return match.index + 1;
      }
    }
  }
  SCALAR_END.lastIndex = index;
  const match = SCALAR_END.exec(text);
  return match === null ? text.length : match.index;
}
