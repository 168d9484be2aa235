import { type CompiledEnvelope, renderCharacterClass } from './compile-envelope.js';

/**
 * What every wire map of one envelope and separator shares: the characters used to substitute,
 * join and lead, and the display forms of server segments (the same for every tool of a server).
 * Built once per envelope and separator and kept as long as the compiled envelope lives.
 * @internal
 */
export interface WireMapContext {
  readonly compiled: CompiledEnvelope;
  readonly separator: string;
  /** The character put in place of disallowed ones. */
  readonly joiner: string;
  /**
   * The character between alias parts: the joiner, or where the separator is the joiner itself
   * (`_`), the other of `_` and `-`, so an alias can show server and tool words without it.
   */
  readonly aliasJoiner: string;
  /** What is put in front of a name whose first character may not come first (`_` where allowed). */
  readonly leader: string;
  /** The same for an alias, never a character of the separator. */
  readonly aliasLeader: string;
  /** Matches one code point the envelope does not allow (lone surrogates included). */
  readonly disallowed: RegExp;
  /**
   * Matches one ASCII letter the envelope does not allow but takes in the other case (every
   * capital under a lowercase-only envelope), or `undefined` when there is none. An alias shows
   * such a letter in the other case rather than as a joiner, so `lA` does not read as `l`.
   */
  readonly foldable: RegExp | undefined;
  /** The envelope can hold an alias: joiner, leader, hash characters and room for them. */
  readonly aliasable: boolean;
  /** Display forms of server segments, shared by every tool of a server. */
  readonly serverForms: Map<string, string>;
}

const contexts = new WeakMap<CompiledEnvelope, Map<string, WireMapContext>>();

/**
 * The shared context of one envelope and separator.
 * @internal
 * @example
 * ```ts
 * const context = wireMapContext(compileEnvelope('openai'), '__');
 * context.joiner; // '_'
 * ```
 */
export function wireMapContext(compiled: CompiledEnvelope, separator: string): WireMapContext {
  let bySeparator = contexts.get(compiled);
  if (bySeparator === undefined) {
    bySeparator = new Map();
    contexts.set(compiled, bySeparator);
  }
  let context = bySeparator.get(separator);
  if (context === undefined) {
    const joiner = compiled.allowed[95] === 1 ? '_' : compiled.allowed[45] === 1 ? '-' : '';
    const other = joiner === '_' ? '-' : '_';
    const aliasJoiner =
      separator === joiner && compiled.allowed[other.charCodeAt(0)] === 1 ? other : joiner;
    const leaderOf = (preferred: string, avoid: string): string | undefined =>
      [preferred, ...'tTabcdefghijklmnopqrsuvwxyzABCDEFGHIJKLMNOPQRSUVWXYZ_']
        .concat(Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)))
        .find(
          (character) =>
            character !== '' &&
            !avoid.includes(character) &&
            compiled.first[character.charCodeAt(0)] === 1,
        );
    const leader = leaderOf(joiner, '');
    // Only where the separator is one character can a one-character leader form it.
    const aliasLeader = separator.length === 1 ? leaderOf(aliasJoiner, separator) : leader;
    context = {
      compiled,
      separator,
      joiner,
      aliasJoiner,
      leader: leader ?? '',
      aliasLeader: aliasLeader ?? '',
      disallowed: new RegExp(`[^${renderCharacterClass(compiled.allowed)}]`, 'gu'),
      foldable: foldableLetters(compiled),
      aliasable:
        aliasJoiner !== '' &&
        aliasLeader !== undefined &&
        compiled.maxLength >= 12 &&
        hashFits(compiled),
      serverForms: new Map(),
    };
    bySeparator.set(separator, context);
  }
  return context;
}

/**
 * Puts the joiner in place of every code point the envelope does not allow.
 * @internal
 * @example
 * ```ts
 * substituteCharacters('browser.fetch', wireMapContext(compileEnvelope('openai'), '__')); // 'browser_fetch'
 * ```
 */
export function substituteCharacters(text: string, context: WireMapContext): string {
  context.disallowed.lastIndex = 0;
  return text.replace(context.disallowed, context.joiner);
}

/**
 * Shows the letters {@link WireMapContext.foldable} matches in their other case.
 * @internal
 * @example
 * ```ts
 * const lower = compileEnvelope({ id: 'lower', maxLength: 40, allowedCharacters: 'a-z_', firstCharacters: 'a-z', source: 'test' });
 * foldCase('getUser', wireMapContext(lower, '__')); // 'getuser'
 * ```
 */
export function foldCase(text: string, context: WireMapContext): string {
  const { foldable } = context;
  if (foldable === undefined) return text;
  foldable.lastIndex = 0;
  return text.replace(foldable, otherCase);
}

function otherCase(letter: string): string {
  const lower = letter.toLowerCase();
  return lower === letter ? letter.toUpperCase() : lower;
}

function foldableLetters(compiled: CompiledEnvelope): RegExp | undefined {
  let letters = '';
  for (let code = 65; code <= 90; code++) {
    const upper = compiled.allowed[code] === 1;
    const lower = compiled.allowed[code + 32] === 1;
    if (!upper && lower) letters += String.fromCharCode(code);
    if (upper && !lower) letters += String.fromCharCode(code + 32);
  }
  return letters === '' ? undefined : new RegExp(`[${letters}]`, 'g');
}

function hashFits(compiled: CompiledEnvelope): boolean {
  for (const character of 'abcdefghijklmnopqrstuvwxyz234567') {
    if (compiled.allowed[character.charCodeAt(0)] !== 1) return false;
  }
  return true;
}
