import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectArguments } from '../../src/core/schema/project-arguments.js';
import {
  type ProjectInputSchemaOptions,
  projectInputSchema,
} from '../../src/core/schema/project-input-schema.js';
import { restoreArguments } from '../../src/core/schema/restore-arguments.js';
import { ToolwireError } from '../../src/core/toolwire-error.js';
import { argumentsForSchema, nullableToJsonSchema } from '../support/arguments-for-schema.js';
import { propertyName } from '../support/schema-arbitraries.js';

const ajv = new Ajv2020({
  strict: false,
  logger: false,
  validateFormats: false,
  allowUnionTypes: true,
  unicodeRegExp: false,
});

// Compiling a validator costs far more than projecting a schema, and the same schema text comes
// back often (targets that change nothing, shrinking, small generated schemas): compile each
// distinct text once. ajv's own cache is keyed by object identity, which every run defeats.
const validators = new Map<string, ReturnType<typeof ajv.compile>>();
function validatorFor(schema: unknown): ReturnType<typeof ajv.compile> {
  const text = JSON.stringify(schema);
  let validate = validators.get(text);
  if (validate === undefined) {
    validate = ajv.compile(JSON.parse(text) as object);
    validators.set(text, validate);
  }
  return validate;
}

// The default suite runs a budget that fits a busy two-core machine; `npm run test:properties`
// runs the full count (PROPERTY_RUNS=1000). The property is the same, only the sample is smaller.
const RUNS = Number(process.env.PROPERTY_RUNS) > 0 ? Number(process.env.PROPERTY_RUNS) : 150;

// Changes reported as warnings after which the round trip is not promised: merges and drops can
// narrow what a schema accepts, and a flattened tuple no longer says which position is which, so
// arguments that need different maps per position may be mapped by the wrong member.
const NARROWING = new Set(['MERGED_SCHEMAS', 'DROPPED_KEYWORD', 'TUPLE_FLATTENED']);

/** Tool-like schemas: an object of properties whose types, nullability, enums and nesting vary. */
const toolSchema = fc.letrec<{ value: unknown; object: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'tool' },
    fc.record({ type: fc.constantFrom('string', 'integer', 'number', 'boolean') }),
    fc.record({ type: fc.constant(['string', 'null']) }),
    fc.record({ type: fc.constant(['integer', 'string']) }),
    fc.record({
      enum: fc.uniqueArray(
        fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', 'b', true, null)),
        { minLength: 1, maxLength: 4, selector: (v) => JSON.stringify(v) },
      ),
    }),
    fc.record({ const: fc.constantFrom('fixed', 3, false) }),
    fc.record({ anyOf: fc.tuple(tie('value'), fc.constant({ type: 'null' })) }),
    fc.record({
      oneOf: fc.tuple(fc.constant({ type: 'string' }), fc.constant({ type: 'integer' })),
    }),
    fc.record({ type: fc.constant('array'), items: tie('value') }),
    fc.record({
      type: fc.constant('array'),
      prefixItems: fc.tuple(tie('value'), tie('value')),
      items: fc.constant(false),
    }),
    fc.constant({}),
    // "Any object": arguments put arbitrary keys under it, which every projection must carry.
    fc.constant({ type: 'object' }),
    fc.constant({ type: 'object', properties: {}, additionalProperties: true }),
    fc.constant({ type: 'string', format: 'uuid' }),
    fc.constant({ type: 'integer', minimum: 1, maximum: 9, default: 3 }),
    tie('object'),
  ),
  object: fc
    .tuple(
      // ajv, the oracle here, reads `__proto__` and `constructor` through the prototype; the unit
      // tests cover those keys.
      fc.dictionary(
        propertyName.filter((name) => name !== '__proto__' && name !== 'constructor'),
        tie('value'),
        { maxKeys: 4 },
      ),
      fc.boolean(),
      fc.boolean(),
    )
    .map(([properties, requireSome, closed]) => {
      const keys = Object.keys(properties);
      const schema: Record<string, unknown> = { type: 'object', properties };
      if (requireSome && keys.length > 0)
        schema.required = keys.slice(0, Math.ceil(keys.length / 2));
      if (closed) schema.additionalProperties = false;
      return schema;
    }),
})).object;

const CASES: Omit<ProjectInputSchemaOptions, 'subject'>[] = [
  { target: 'openai' },
  { target: 'openai', strict: true },
  { target: 'anthropic' },
  { target: 'gemini' },
  { target: 'gemini', geminiField: 'parametersJsonSchema' },
  { target: 'vertex' },
  { target: 'bedrock' },
  { target: 'mcp' },
];

describe('round trip of meaning over generated tool schemas', () => {
  it('should keep valid arguments valid under the projection and restore them exactly', () => {
    fc.assert(
      fc.property(
        toolSchema.chain((schema) =>
          fc.tuple(
            fc.constant(schema),
            fc.array(
              argumentsForSchema(schema, schema, 0, { optionalNull: false, openObjectKeys: true }),
              {
                minLength: 1,
                maxLength: 3,
              },
            ),
          ),
        ),
        ([schema, candidates]) => {
          const validateOriginal = validatorFor(schema);
          const valid = candidates
            .map((value) => JSON.parse(JSON.stringify(value)) as unknown)
            .filter((value) => validateOriginal(value) === true);
          for (const options of CASES) {
            let result: ReturnType<typeof projectInputSchema>;
            try {
              result = projectInputSchema(schema, options);
            } catch (error) {
              if (ToolwireError.isInstance(error)) continue;
              throw error;
            }
            if (result.warnings.some((warning) => NARROWING.has(warning.code))) continue;
            const validateProjected = validatorFor(nullableToJsonSchema(result.schema));
            for (const args of valid) {
              const wire = projectArguments(args, result.argumentMap);
              if (validateProjected(wire) !== true) {
                throw new Error(
                  `${JSON.stringify(options)}: ${JSON.stringify(wire)} fails ${JSON.stringify(result.schema)}: ${JSON.stringify(validateProjected.errors)}`,
                );
              }
              expect(restoreArguments(wire, result.argumentMap)).toEqual(args);
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
