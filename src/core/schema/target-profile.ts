import {
  ANTHROPIC_PROPERTY_KEYS,
  type PropertyKeyRule,
  VERTEX_PROPERTY_KEYS,
} from './property-key-rule.js';

/**
 * How one target wants schemas, as data (from each provider's API reference and structured-output guide).
 *
 * @internal
 */
export interface TargetProfile {
  /** Short label used in warnings and errors. */
  readonly label: string;
  /** `null`: any JSON Schema keyword passes; otherwise only these keywords may appear. */
  readonly keywords: ReadonlySet<string> | null;
  /** How "or null" is written: a type array, OpenAPI `nullable`, or an `anyOf` branch. */
  readonly nullForm: 'type-array' | 'nullable' | 'any-of';
  /** Whether `oneOf` may stay (else it becomes `anyOf`). */
  readonly oneOf: boolean;
  /** Whether `allOf` may stay when its branches cannot be merged. */
  readonly allOf: boolean;
  /** Whether `additionalProperties` may stay. */
  readonly additionalProperties: boolean;
  /** Whether tuples are written with `prefixItems` (else flattened into `items`). */
  readonly prefixItems: boolean;
  /** Whether every schema needs a single `type` (or an `anyOf`). */
  readonly typeRequired: boolean;
  /** Whether an `enum` may hold only strings (`'string'`), strings and numbers, or anything. */
  readonly enumValues: 'string' | 'string-number' | 'any';
  /** Whether `const` may stay (else it becomes a one-value `enum`). */
  readonly const: boolean;
  /** Allowed `format` values per type; `null` when any format may stay. */
  readonly formats: Readonly<Record<string, readonly string[]>> | null;
  /** The rule for `properties` keys, when the target restricts them. */
  readonly propertyKeys: PropertyKeyRule | null;
  /** Whether `properties: {}` is left out (Gemini prefers no `properties` to an empty one). */
  readonly omitEmptyProperties: boolean;
  /** Whether `default` beside `anyOf` is removed (Vertex gets confused, per gemini-cli). */
  readonly dropDefaultBesideAnyOf: boolean;
  /**
   * A recursive `$ref`: kept through `$defs`/`$ref` (OpenAI, strict or not, and Gemini
   * `parametersJsonSchema` take them), or unrolled to a bounded depth.
   */
  readonly recursion: 'keep' | 'unroll';
}

const JSON_SCHEMA_2020: Omit<TargetProfile, 'label' | 'propertyKeys'> = {
  keywords: null,
  nullForm: 'type-array',
  oneOf: true,
  allOf: true,
  additionalProperties: true,
  prefixItems: true,
  typeRequired: false,
  enumValues: 'any',
  const: true,
  formats: null,
  omitEmptyProperties: false,
  dropDefaultBesideAnyOf: false,
  recursion: 'unroll',
};

// Gemini `parameters`: the proto `Schema` fields (generativelanguage v1beta content.proto).
const GEMINI_PARAMETERS_KEYWORDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'items',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
]);

// Gemini Developer API: string format only `enum`/`date-time`; NUMBER float/double; INTEGER int32/int64.
const GEMINI_FORMATS = {
  string: ['enum', 'date-time'],
  number: ['float', 'double'],
  integer: ['int32', 'int64'],
};

const GEMINI_PARAMETERS: Omit<TargetProfile, 'label' | 'propertyKeys'> = {
  keywords: GEMINI_PARAMETERS_KEYWORDS,
  nullForm: 'nullable',
  oneOf: false,
  allOf: false,
  additionalProperties: false,
  prefixItems: false,
  typeRequired: true,
  enumValues: 'string',
  const: false,
  formats: GEMINI_FORMATS,
  omitEmptyProperties: true,
  dropDefaultBesideAnyOf: true,
  recursion: 'unroll',
};

/** @internal */
export const TARGET_PROFILES: Readonly<Record<string, TargetProfile>> = {
  openai: { ...JSON_SCHEMA_2020, label: 'OpenAI', propertyKeys: null, recursion: 'keep' },
  anthropic: { ...JSON_SCHEMA_2020, label: 'Anthropic', propertyKeys: ANTHROPIC_PROPERTY_KEYS },
  bedrock: { ...JSON_SCHEMA_2020, label: 'Bedrock', propertyKeys: ANTHROPIC_PROPERTY_KEYS },
  gemini: { ...GEMINI_PARAMETERS, label: 'Gemini parameters', propertyKeys: null },
  vertex: { ...GEMINI_PARAMETERS, label: 'Vertex AI', propertyKeys: VERTEX_PROPERTY_KEYS },
  // The documented responseJsonSchema subset, assumed for parametersJsonSchema (providers.md §b, §d.8).
  geminiJson: {
    ...JSON_SCHEMA_2020,
    label: 'Gemini parametersJsonSchema',
    keywords: new Set([
      'type',
      'format',
      'title',
      'description',
      'enum',
      'items',
      'prefixItems',
      'minItems',
      'maxItems',
      'minimum',
      'maximum',
      'anyOf',
      'oneOf',
      'properties',
      'additionalProperties',
      'required',
      'propertyOrdering',
    ]),
    nullForm: 'any-of',
    allOf: false,
    enumValues: 'string-number',
    const: false,
    propertyKeys: null,
    recursion: 'keep',
  },
  // OpenAI Structured Outputs subset (strict: true).
  openaiStrict: {
    ...JSON_SCHEMA_2020,
    label: 'OpenAI strict',
    recursion: 'keep',
    keywords: new Set([
      'type',
      'description',
      'title',
      'enum',
      'const',
      'anyOf',
      'properties',
      'required',
      'additionalProperties',
      'items',
      'pattern',
      'format',
      'multipleOf',
      'maximum',
      'exclusiveMaximum',
      'minimum',
      'exclusiveMinimum',
      'minItems',
      'maxItems',
    ]),
    oneOf: false,
    allOf: false,
    prefixItems: false,
    formats: {
      string: [
        'date-time',
        'time',
        'date',
        'duration',
        'email',
        'hostname',
        'ipv4',
        'ipv6',
        'uuid',
      ],
    },
    propertyKeys: null,
  },
};
