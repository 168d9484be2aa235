import { type Envelope, type EnvelopeInput, resolveEnvelope } from './envelope.js';
import { ToolwireError } from './toolwire-error.js';

/**
 * An envelope turned into lookup tables, so that checking a character is one array read.
 * @internal
 */
export interface CompiledEnvelope {
  readonly envelope: Envelope;
  readonly maxLength: number;
  /** `allowed[c] === 1` when the ASCII code `c` may appear anywhere. */
  readonly allowed: Uint8Array;
  /** `first[c] === 1` when the ASCII code `c` may come first (already within `allowed`). */
  readonly first: Uint8Array;
}

const compiled = new WeakMap<Envelope, CompiledEnvelope>();

/**
 * Resolves and compiles an envelope, once per envelope object.
 * @internal
 */
export function compileEnvelope(input: EnvelopeInput): CompiledEnvelope {
  const envelope = resolveEnvelope(input);
  let result = compiled.get(envelope);
  if (result === undefined) {
    const { id, maxLength, allowedCharacters, firstCharacters } = envelope;
    if (!Number.isInteger(maxLength) || maxLength < 1) {
      throw invalid(id, `maxLength must be a positive integer, not ${String(maxLength)}`);
    }
    const allowed = parseCharacterClass(id, 'allowedCharacters', allowedCharacters);
    const first =
      firstCharacters === null || firstCharacters === undefined
        ? allowed.slice()
        : parseCharacterClass(id, 'firstCharacters', firstCharacters);
    for (let code = 0; code < 128; code++) first[code] = (first[code] ?? 0) & (allowed[code] ?? 0);
    result = { envelope, maxLength, allowed, first };
    compiled.set(envelope, result);
  }
  return result;
}

/**
 * Renders a table back into a character-class body: letters and digits as ranges, `-` last.
 * @internal
 */
export function renderCharacterClass(table: Uint8Array): string {
  let text = '';
  for (const [from, to] of [
    [65, 90],
    [97, 122],
    [48, 57],
  ] as const) {
    let code = from;
    while (code <= to) {
      if (table[code] !== 1) {
        code++;
        continue;
      }
      let end = code;
      while (end + 1 <= to && table[end + 1] === 1) end++;
      text +=
        end - code >= 2
          ? `${String.fromCharCode(code)}-${String.fromCharCode(end)}`
          : String.fromCharCode(code) + (end > code ? String.fromCharCode(end) : '');
      code = end + 1;
    }
  }
  for (let code = 0; code < 128; code++) {
    const isWord =
      (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
    if (isWord || code === 45 || table[code] !== 1) continue;
    const character = String.fromCharCode(code);
    text +=
      character === '\\' || character === ']' || character === '^' ? `\\${character}` : character;
  }
  if (table[45] === 1) text += '-';
  return text;
}

function parseCharacterClass(id: string, field: string, body: unknown): Uint8Array {
  if (typeof body !== 'string' || body.length === 0) {
    throw invalid(id, `${field} must be a non-empty character-class body such as "A-Za-z0-9_-"`);
  }
  const table = new Uint8Array(128);
  const characters: number[] = [];
  for (let index = 0; index < body.length; index++) {
    let code = body.charCodeAt(index);
    if (code === 92 /* backslash escapes the next character */) {
      index++;
      code = body.charCodeAt(index);
      if (Number.isNaN(code)) throw invalid(id, `${field} ends in a lone backslash`);
      characters.push(-code - 1);
      continue;
    }
    characters.push(code);
  }
  for (let index = 0; index < characters.length; index++) {
    const start = literal(characters[index] as number);
    const dash = characters[index + 1];
    const end = characters[index + 2];
    if (dash === 45 && end !== undefined) {
      const stop = literal(end);
      if (stop < start) throw invalid(id, `${field} has a reversed range`);
      for (let code = start; code <= stop; code++) mark(id, field, table, code);
      index += 2;
    } else {
      mark(id, field, table, start);
    }
  }
  return table;
}

function literal(code: number): number {
  return code < 0 ? -code - 1 : code;
}

function mark(id: string, field: string, table: Uint8Array, code: number): void {
  if (code >= 128) {
    throw invalid(id, `${field} may hold ASCII characters only, as every provider does`);
  }
  table[code] = 1;
}

function invalid(id: string, reason: string): ToolwireError {
  return new ToolwireError({
    code: 'INVALID_ENVELOPE',
    message: `Envelope "${id}": ${reason}.`,
  });
}
