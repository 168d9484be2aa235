import { compileEnvelope, renderCharacterClass } from './compile-envelope.js';
import type { EnvelopeInput } from './envelope.js';

/** Which part of an envelope a name breaks. */
export type EnvelopeRule = 'type' | 'empty' | 'length' | 'characters' | 'first-character';

/** One way a name breaks an envelope. */
export interface EnvelopeViolation {
  /** The rule that is broken. */
  rule: EnvelopeRule;
  /** A sentence that starts with the rule and says what is wrong, such as `length: 70 characters (max 64)`. */
  message: string;
  /** For `characters`, the distinct characters that are not allowed, in order of appearance. */
  characters?: string[];
}

/** The result of {@link explainEnvelopeFit}. */
export interface EnvelopeFit {
  /** The envelope's id. */
  envelope: string;
  /** True when the name fits; `violations` is then empty. */
  fits: boolean;
  /** Every rule the name breaks, in the order type, empty, length, first character, characters. */
  violations: EnvelopeViolation[];
}

/**
 * Says whether a name fits an envelope and, when it does not, every rule it breaks and why. It
 * never throws for a bad name (only for a bad envelope), so it suits reports and linters.
 *
 * @example
 * ```ts
 * explainEnvelopeFit({ name: 'browser.fetch', envelope: 'openai' });
 * // { envelope: 'openai', fits: false, violations: [{ rule: 'characters', characters: ['.'],
 * //   message: 'characters: "." not allowed (allowed: A-Za-z0-9_-)' }] }
 * ```
 */
export function explainEnvelopeFit(options: {
  name: unknown;
  envelope: EnvelopeInput;
}): EnvelopeFit {
  const { maxLength, allowed, first, envelope } = compileEnvelope(options.envelope);
  const { name } = options;
  const violations: EnvelopeViolation[] = [];
  if (typeof name !== 'string') {
    violations.push({ rule: 'type', message: `type: a name must be a string, not ${typeof name}` });
    return { envelope: envelope.id, fits: false, violations };
  }
  if (name.length === 0) {
    violations.push({ rule: 'empty', message: 'empty: a name needs at least one character' });
    return { envelope: envelope.id, fits: false, violations };
  }
  if (name.length > maxLength) {
    violations.push({
      rule: 'length',
      message: `length: ${name.length} characters (max ${maxLength})`,
    });
  }
  const firstCode = name.charCodeAt(0);
  if (allowed[firstCode] === 1 && first[firstCode] !== 1) {
    violations.push({
      rule: 'first-character',
      message: `first-character: "${name.charAt(0)}" may not come first (allowed first: ${renderCharacterClass(first)})`,
    });
  }
  const bad: string[] = [];
  for (const character of name) {
    const code = character.charCodeAt(0);
    if ((character.length > 1 || allowed[code] !== 1) && !bad.includes(character)) {
      bad.push(character);
    }
  }
  if (bad.length > 0) {
    const shown = bad
      .slice(0, 5)
      .map((character) => JSON.stringify(character))
      .join(', ');
    violations.push({
      rule: 'characters',
      message: `characters: ${shown}${bad.length > 5 ? ` and ${bad.length - 5} more` : ''} not allowed (allowed: ${renderCharacterClass(allowed)})`,
      characters: bad,
    });
  }
  return { envelope: envelope.id, fits: violations.length === 0, violations };
}
