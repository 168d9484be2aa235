import { ToolwireError } from './toolwire-error.js';

/** The ids of the envelopes toolwire ships. */
export type EnvelopeId =
  | 'openai'
  | 'anthropic'
  | 'bedrock'
  | 'gemini'
  | 'vertex'
  | 'mcp'
  | 'universal';

/**
 * A provider's rule for tool names, as plain data. Custom envelopes are objects of this shape.
 *
 * Character sets are written as the body of a regular-expression character class over ASCII
 * (`A-Za-z0-9_-`), so they read the way providers document them and can be pasted into a regex.
 */
export interface Envelope {
  /** A short id, such as `openai`. */
  readonly id: string;
  /** The longest name the provider accepts, in characters. */
  readonly maxLength: number;
  /** Characters allowed anywhere in a name, as a character-class body. */
  readonly allowedCharacters: string;
  /** Characters allowed as the first character, as a class body; `null` when any allowed one may lead. */
  readonly firstCharacters: string | null;
  /** Where the rule comes from. */
  readonly source: string;
}

/** An envelope, or the id of one in {@link ENVELOPES}. Every function that takes an envelope takes either. */
export type EnvelopeInput = Envelope | EnvelopeId | (string & {});

const WORD = 'A-Za-z0-9_-';

/**
 * The name envelopes of the providers toolwire knows, with their sources
 * (from each provider's API reference). `universal` is the intersection of all of them and the default.
 *
 * @example
 * ```ts
 * ENVELOPES.openai.maxLength; // 64
 * fitsEnvelope('browser.fetch', ENVELOPES.gemini); // true
 * fitsEnvelope('browser.fetch', 'openai'); // false
 * ```
 */
export const ENVELOPES: Readonly<Record<EnvelopeId, Envelope>> = Object.freeze({
  openai: Object.freeze({
    id: 'openai',
    maxLength: 64,
    allowedCharacters: WORD,
    firstCharacters: null,
    source:
      'OpenAI Chat Completions and Responses `function.name`: a-z, A-Z, 0-9, underscores and dashes, max 64 (openai-node src/resources/shared.ts FunctionDefinition.name). Also Azure OpenAI, DeepSeek, Mistral, Groq.',
  }),
  anthropic: Object.freeze({
    id: 'anthropic',
    maxLength: 128,
    allowedCharacters: WORD,
    firstCharacters: null,
    source:
      'Anthropic Messages `tools[].name`: ^[a-zA-Z0-9_-]{1,128}$ (platform.claude.com/docs/agents-and-tools/tool-use/define-tools).',
  }),
  bedrock: Object.freeze({
    id: 'bedrock',
    maxLength: 64,
    allowedCharacters: WORD,
    firstCharacters: null,
    source:
      'Bedrock Converse `toolSpec.name`: [a-zA-Z0-9_-]+, length 1-64, for every model (docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html).',
  }),
  gemini: Object.freeze({
    id: 'gemini',
    maxLength: 64,
    allowedCharacters: 'A-Za-z0-9_.:-',
    firstCharacters: 'A-Za-z_',
    source:
      'Gemini API `FunctionDeclaration.name`: starts with a letter or underscore; a-z, A-Z, 0-9, underscores, dots, colons, dashes; max 64 (googleapis google/ai/generativelanguage/v1beta/content.proto).',
  }),
  vertex: Object.freeze({
    id: 'vertex',
    maxLength: 64,
    allowedCharacters: 'A-Za-z0-9_.-',
    firstCharacters: 'A-Za-z_',
    source:
      'Vertex AI `FunctionDeclaration.name`: starts with a letter or underscore; a-z, A-Z, 0-9, underscores, dots, dashes; max 64 (googleapis google/cloud/aiplatform/v1/tool.proto).',
  }),
  mcp: Object.freeze({
    id: 'mcp',
    maxLength: 128,
    allowedCharacters: 'A-Za-z0-9_.-',
    firstCharacters: null,
    source:
      'MCP specification 2025-11-25 `Tool.name` SHOULD: [A-Za-z0-9_.-], 1-128 characters (docs/specification/2025-11-25/server/tools.mdx).',
  }),
  universal: Object.freeze({
    id: 'universal',
    maxLength: 64,
    allowedCharacters: WORD,
    firstCharacters: 'A-Za-z_',
    source:
      'The intersection of every envelope above: fits OpenAI, Azure, Anthropic, Bedrock, Gemini, Vertex and MCP.',
  }),
});

/**
 * Turns an envelope or an envelope id into an envelope.
 *
 * @example
 * ```ts
 * resolveEnvelope('openai') === ENVELOPES.openai; // true
 * ```
 */
export function resolveEnvelope(envelope: EnvelopeInput): Envelope {
  if (typeof envelope === 'string') {
    if (Object.hasOwn(ENVELOPES, envelope)) return ENVELOPES[envelope as EnvelopeId];
    throw new ToolwireError({
      code: 'UNKNOWN_ENVELOPE',
      message: `Envelope "${envelope}" is not known; use one of ${Object.keys(ENVELOPES).join(', ')}, or pass an envelope object.`,
    });
  }
  if (typeof envelope !== 'object' || envelope === null) {
    throw new ToolwireError({
      code: 'INVALID_ENVELOPE',
      message:
        'Envelope must be an envelope id or an object with id, maxLength, allowedCharacters, firstCharacters and source.',
    });
  }
  return envelope;
}
