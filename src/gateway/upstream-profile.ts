import { type Envelope, type EnvelopeInput, resolveEnvelope } from '../core/envelope.js';
import { SCHEMA_TARGETS, type SchemaTarget } from '../core/schema/schema-target.js';
import { ToolwireError } from '../core/toolwire-error.js';

/**
 * Where the gateway forwards and what applies there, as plain data: the caller's API does not say
 * what sits behind the upstream (Anthropic's API takes 128-character names, Anthropic models on
 * Bedrock or Vertex 64, an OpenAI-compatible router in front of Gemini takes Gemini's rules).
 */
export interface UpstreamProfile {
  /** The upstream's base URL, such as `https://api.anthropic.com`; the request path is appended. */
  baseUrl: string;
  /**
   * The name rule of the upstream. Without it each API's own provider envelope applies
   * (`openai` for Chat Completions and Responses, `anthropic` for Messages, `gemini` for Gemini).
   */
  envelope?: EnvelopeInput;
  /**
   * The schema dialect of the model behind the upstream. Defaults from the envelope (`bedrock`
   * for `bedrock`, `gemini` for `gemini`, and so on), else the API's own provider.
   */
  schemaTarget?: SchemaTarget;
}

/** A validated {@link UpstreamProfile}. */
export interface ResolvedUpstreamProfile {
  /** The base URL without a trailing slash. */
  baseUrl: string;
  /** The envelope, when one was given. */
  envelope: Envelope | undefined;
  /** The schema target, when one was given or follows from the envelope. */
  schemaTarget: SchemaTarget | undefined;
}

/**
 * Validates an upstream profile: the base URL must be `http:` or `https:` without credentials,
 * the envelope known (or a custom envelope object), the schema target one of `SCHEMA_TARGETS`.
 *
 * @example
 * ```ts
 * resolveUpstreamProfile({ baseUrl: 'https://bedrock-proxy.internal/', envelope: 'bedrock' });
 * // { baseUrl: 'https://bedrock-proxy.internal', envelope: ENVELOPES.bedrock, schemaTarget: 'bedrock' }
 * ```
 */
export function resolveUpstreamProfile(profile: UpstreamProfile): ResolvedUpstreamProfile {
  let url: URL;
  try {
    url = new URL(profile.baseUrl);
  } catch (cause) {
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message: `Upstream "${profile.baseUrl}" is not a URL; pass a base URL such as https://api.openai.com.`,
      cause,
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message: `Upstream "${profile.baseUrl}" must be an http: or https: URL.`,
    });
  }
  if (url.username !== '' || url.password !== '') {
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message:
        'Upstream URL must not carry credentials; callers send their own key, which the gateway forwards.',
    });
  }
  const envelope = profile.envelope === undefined ? undefined : resolveEnvelope(profile.envelope);
  const schemaTarget = resolveSchemaTarget(profile.schemaTarget, envelope);
  const base = `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  return { baseUrl: base, envelope, schemaTarget };
}

/**
 * The schema target for an envelope: the provider of the same id, when there is one.
 *
 * @example
 * ```ts
 * schemaTargetForEnvelope(ENVELOPES.bedrock); // 'bedrock'
 * schemaTargetForEnvelope(ENVELOPES.universal); // undefined (each API's own provider)
 * ```
 */
export function schemaTargetForEnvelope(envelope: Envelope | undefined): SchemaTarget | undefined {
  if (envelope === undefined) return undefined;
  return (SCHEMA_TARGETS as readonly string[]).includes(envelope.id)
    ? (envelope.id as SchemaTarget)
    : undefined;
}

/**
 * A schema target given as text (a command-line flag, a header), checked.
 *
 * @example
 * ```ts
 * resolveSchemaTarget('gemini', undefined); // 'gemini'
 * ```
 */
export function resolveSchemaTarget(
  target: string | undefined,
  envelope: Envelope | undefined,
): SchemaTarget | undefined {
  if (target === undefined) return schemaTargetForEnvelope(envelope);
  if ((SCHEMA_TARGETS as readonly string[]).includes(target)) return target as SchemaTarget;
  throw new ToolwireError({
    code: 'INVALID_OPTION',
    message: `Schema target "${target}" is not known; use one of ${SCHEMA_TARGETS.join(', ')}.`,
  });
}
