import { compileEnvelope, renderCharacterClass } from './compile-envelope.js';
import type { Envelope, EnvelopeInput } from './envelope.js';

/**
 * The envelope whose names fit both `a` and `b`: the shorter length, the common characters and
 * the common first characters. Use it when one name must work on two providers.
 *
 * @example
 * ```ts
 * const both = intersectEnvelopes('openai', 'gemini');
 * // { id: 'openai+gemini', maxLength: 64, allowedCharacters: 'A-Za-z0-9_-', firstCharacters: 'A-Za-z_', ... }
 * ```
 */
export function intersectEnvelopes(a: EnvelopeInput, b: EnvelopeInput): Envelope {
  const left = compileEnvelope(a);
  const right = compileEnvelope(b);
  const allowed = new Uint8Array(128);
  const first = new Uint8Array(128);
  let firstIsAll = true;
  for (let code = 0; code < 128; code++) {
    allowed[code] = (left.allowed[code] ?? 0) & (right.allowed[code] ?? 0);
    first[code] = (left.first[code] ?? 0) & (right.first[code] ?? 0);
    if (first[code] !== allowed[code]) firstIsAll = false;
  }
  const allowedCharacters = renderCharacterClass(allowed);
  return {
    id: `${left.envelope.id}+${right.envelope.id}`,
    maxLength: Math.min(left.maxLength, right.maxLength),
    allowedCharacters,
    firstCharacters: firstIsAll ? null : renderCharacterClass(first),
    source: `Intersection of "${left.envelope.id}" and "${right.envelope.id}".`,
  };
}
