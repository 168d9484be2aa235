/** Where one member's value lies in a JSON object's bytes: `bytes.subarray(start, end)`. */
export interface JsonMemberSpan {
  start: number;
  end: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Strings up to about this long are scanned in JavaScript (see `stringEnd`). */
const SHORT_STRING_BYTES = 32;

/**
 * The top-level members of the JSON object in `bytes` (UTF-8), by key, with where each value
 * lies, found without decoding or building anything: strings are skipped with `indexOf` (no byte
 * of a multi-byte UTF-8 character is ASCII, so a quote byte is always a quote), nested values
 * by their brackets. With duplicate keys the last one counts, as in `JSON.parse`. `undefined`
 * when the bytes are not a JSON object in shape (the values themselves are not checked: a relay
 * passes them on for the receiver to parse, as it would have directly).
 * @internal
 * @example
 * ```ts
 * const bytes = Buffer.from('{"result":{"id":1},"jsonrpc":"2.0","id":"r-7"}');
 * const id = jsonMemberSpans(bytes)?.get('id'); // the top-level "r-7", not the nested 1
 * Buffer.concat([bytes.subarray(0, id.start), Buffer.from('42'), bytes.subarray(id.end)]);
 * ```
 */
export function jsonMemberSpans(bytes: Uint8Array): Map<string, JsonMemberSpan> | undefined {
  const view = Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let index = skipWhitespace(view, 0);
  if (view[index] !== 0x7b) return undefined;
  const members = new Map<string, JsonMemberSpan>();
  index = skipWhitespace(view, index + 1);
  if (view[index] === 0x7d) return members;
  for (;;) {
    if (view[index] !== QUOTE) return undefined;
    const keyEnd = stringEnd(view, index);
    if (keyEnd === undefined) return undefined;
    const key = keyOf(view, index, keyEnd);
    index = skipWhitespace(view, keyEnd);
    if (view[index] !== 0x3a) return undefined;
    const start = skipWhitespace(view, index + 1);
    const end = valueEnd(view, start);
    if (end === undefined || key === undefined) return undefined;
    members.set(key, { start, end });
    index = skipWhitespace(view, end);
    if (view[index] === 0x2c) {
      index = skipWhitespace(view, index + 1);
      continue;
    }
    return view[index] === 0x7d && skipWhitespace(view, index + 1) === view.length
      ? members
      : undefined;
  }
}

/**
 * The top-level keys of JSON-RPC messages: read as these strings without decoding (each decoding
 * makes a view and a string, which is most of what finding a small message's members costs).
 */
const KNOWN_KEYS = ['id', 'error', 'method', 'params', 'result', 'jsonrpc'];

function keyOf(view: Buffer, start: number, end: number): string | undefined {
  const known = knownKey(view, start + 1, end - start - 2);
  if (known !== undefined) return known;
  const inner = view.subarray(start + 1, end - 1);
  if (!inner.includes(BACKSLASH)) return inner.toString('utf8');
  try {
    return JSON.parse(view.toString('utf8', start, end)) as string;
  } catch {
    return undefined;
  }
}

/** The known key whose ASCII bytes are the `length` bytes at `from`, if one is. */
function knownKey(view: Buffer, from: number, length: number): string | undefined {
  for (const key of KNOWN_KEYS) {
    if (key.length !== length) continue;
    let at = 0;
    while (at < length && view[from + at] === key.charCodeAt(at)) at++;
    if (at === length) return key;
  }
  return undefined;
}

function skipWhitespace(view: Buffer, index: number): number {
  let at = index;
  for (;;) {
    const byte = view[at];
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return at;
    at++;
  }
}

/** The index after the closing quote of the string that opens at `index`. */
function stringEnd(view: Buffer, index: number): number | undefined {
  // Most strings of a message are short (keys, ids, names): read here, a byte at a time, they
  // cost less than one call of the native search, which takes over for longer ones.
  let at = index + 1;
  const near = Math.min(view.length, at + SHORT_STRING_BYTES);
  while (at < near) {
    const byte = view[at];
    if (byte === QUOTE) return at + 1;
    at += byte === BACKSLASH ? 2 : 1;
  }
  if (at >= view.length) return undefined;
  let from = at;
  for (;;) {
    const quote = view.indexOf(QUOTE, from);
    if (quote === -1) return undefined;
    let backslashes = 0;
    while (view[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

function valueEnd(view: Buffer, index: number): number | undefined {
  const first = view[index];
  if (first === QUOTE) return stringEnd(view, index);
  if (first === 0x7b || first === 0x5b) {
    let depth = 0;
    let at = index;
    while (at < view.length) {
      const byte = view[at] as number;
      if (byte === QUOTE) {
        const end = stringEnd(view, at);
        if (end === undefined) return undefined;
        at = end;
        continue;
      }
      if (byte === 0x7b || byte === 0x5b) depth++;
      else if ((byte === 0x7d || byte === 0x5d) && --depth === 0) return at + 1;
      at++;
    }
    return undefined;
  }
  // A number, true, false or null: up to the next delimiter.
  let at = index;
  while (at < view.length) {
    const byte = view[at];
    if (
      byte === 0x2c ||
      byte === 0x7d ||
      byte === 0x5d ||
      byte === 0x20 ||
      byte === 0x0a ||
      byte === 0x0d ||
      byte === 0x09
    )
      break;
    at++;
  }
  return at === index ? undefined : at;
}
