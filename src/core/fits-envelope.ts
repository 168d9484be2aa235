import { type CompiledEnvelope, compileEnvelope } from './compile-envelope.js';
import type { EnvelopeInput } from './envelope.js';

/**
 * True when a provider with this envelope accepts `name` as a tool name as it is.
 *
 * @example
 * ```ts
 * fitsEnvelope('github__create_issue', 'openai'); // true
 * fitsEnvelope('browser.fetch', 'openai'); // false: dots are not allowed
 * fitsEnvelope('1password__list', 'gemini'); // false: must start with a letter or `_`
 * ```
 */
export function fitsEnvelope(name: string, envelope: EnvelopeInput): boolean {
  return fitsCompiledEnvelope(name, compileEnvelope(envelope));
}

/**
 * {@link fitsEnvelope} for an envelope compiled already, on the per-request path.
 * @internal
 */
export function fitsCompiledEnvelope(name: string, compiled: CompiledEnvelope): boolean {
  const { maxLength, allowed, first } = compiled;
  if (typeof name !== 'string' || name.length === 0 || name.length > maxLength) return false;
  if (first[name.charCodeAt(0)] !== 1) return false;
  for (let index = 1; index < name.length; index++) {
    if (allowed[name.charCodeAt(index)] !== 1) return false;
  }
  return true;
}
