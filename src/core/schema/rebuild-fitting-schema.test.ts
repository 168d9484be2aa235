import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectionOutcome } from '../../../test/support/projection-outcome.js';
import { deepFreeze, nodeOf } from '../../../test/support/schema-arbitraries.js';
import { collectFittingSchemas } from './collect-fitting-schemas.js';
import {
  type ProjectInputSchemaOptions,
  projectInputSchema,
  projectInputSchemaUncached,
} from './project-input-schema.js';
import {
  KEPT_SUBSCHEMA_KEYWORDS,
  SILENT_KEYWORDS,
  STRUCTURAL_KEYWORDS,
} from './schema-keywords.js';

const NULLABLE_TARGETS: ProjectInputSchemaOptions[] = [{ target: 'gemini' }, { target: 'vertex' }];
const OTHER_TARGETS: ProjectInputSchemaOptions[] = [
  { target: 'openai' },
  { target: 'openai', strict: true },
  { target: 'anthropic' },
  { target: 'gemini', geminiField: 'parametersJsonSchema' },
  { target: 'bedrock' },
];

const outcome = projectionOutcome;

/**
 * `anyOf` wrappers as Pydantic and FastMCP write optional parameters (`anyOf: [X, {type:
 * "null"}]`, `default: null`, a title), and the variations the rebuild must leave to the walk: a
 * type or enum of the wrapper's own, two other branches, a branch that is itself alternatives, a
 * format (checked against the branch's type), keys in any order; and `oneOf` wrappers, `$ref`
 * branches (to `DEFINITIONS`), `const` branches and branches of any value (argument maps), which
 * Gemini and Vertex rewrite.
 */
const wrapper: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown }>((tie) => {
  const schema = tie('schema');
  const branch = fc.oneof(
    fc.constant({ type: 'string' }),
    fc.constant({ type: 'integer', minimum: 1, description: 'Inner' }),
    fc.constant({ type: 'string', format: 'date-time' }),
    fc.constant({ type: 'string', format: 'uri' }),
    fc.constant({ type: 'object', properties: {} }),
    fc.constant({ type: 'object', properties: { a: { type: 'string' } }, required: [] }),
    fc.constant({ type: 'array', items: { type: 'string' }, $comment: 'x' }),
    fc.constant({ type: 'null', description: 'None' }),
    fc.constant({ anyOf: [{ type: 'string' }, { type: 'integer' }] }),
    fc.constant({ type: 'string', enum: ['a', 'b'] }),
    fc.constant({ type: 'string', const: 'a' }),
    fc.constant({ const: 'a', description: 'Only' }),
    fc.constant({ type: ['integer', 'null'] }),
    fc.constant({ $ref: '#/$defs/text' }),
    fc.constant({ $ref: '#/$defs/none' }),
    fc.constant({ $ref: '#/$defs/text', description: 'Beside' }),
    fc.constant({ oneOf: [{ type: 'string' }, { type: 'integer' }] }),
    fc.constant({}),
    fc.constant({ description: 'Any', title: 'T' }),
    fc.constant({ type: 'array', items: {} }),
    fc.constant({ minLength: 1 }),
    schema,
  );
  const own = fc.oneof(
    fc.constant(['default', null] as [string, unknown]),
    fc.constant(['default', 'x'] as [string, unknown]),
    fc.constant(['title', 'Query'] as [string, unknown]),
    fc.constant(['description', 'Outer'] as [string, unknown]),
    fc.constant(['$comment', 'x'] as [string, unknown]),
    fc.constant(['format', 'date-time'] as [string, unknown]),
    fc.constant(['type', 'string'] as [string, unknown]),
    fc.constant(['enum', ['a']] as [string, unknown]),
    fc.constant(['example', 'e'] as [string, unknown]),
    fc.constant(['x-vendor', true] as [string, unknown]),
  );
  const alternatives = fc
    .tuple(
      fc.constantFrom('anyOf', 'oneOf'),
      fc.oneof(
        fc.tuple(branch, fc.constant({ type: 'null' })).map((pair) => [...pair]),
        fc.tuple(fc.constant({ type: 'null' }), branch).map((pair) => [...pair]),
        fc.array(branch, { minLength: 1, maxLength: 3 }),
      ),
      fc.uniqueArray(own, { maxLength: 3, selector: ([key]) => key }),
      fc.boolean(),
    )
    .map(([keyword, branches, entries, first]) =>
      nodeOf(first ? [[keyword, branches], ...entries] : [...entries, [keyword, branches]]),
    );
  return {
    schema: fc.oneof(
      { maxDepth: 2, depthIdentifier: 'wrapper' },
      { arbitrary: alternatives, weight: 3 },
      { arbitrary: fc.constant({ type: 'boolean' }), weight: 1 },
    ),
  };
}).schema;

/** What the `$ref` branches of `wrapper` lead to. */
const DEFINITIONS = {
  text: { type: 'string', description: 'Text', $comment: 'x' },
  none: { type: 'null' },
};

describe('rebuildFittingSchema', () => {
  it('should find no sub-schema keyword among the structural and silent ones it drops', () => {
    // The rebuild tells the keywords it drops by one table, where a sub-schema keyword would
    // take the place of a dropped one.
    for (const key of KEPT_SUBSCHEMA_KEYWORDS) {
      expect(STRUCTURAL_KEYWORDS.has(key) || SILENT_KEYWORDS.has(key)).toBe(false);
    }
  });

  it('should write an optional parameter as the one branch with nullable, without the walk', () => {
    const query = {
      anyOf: [{ type: 'string', description: 'Inner' }, { type: 'null' }],
      default: null,
      title: 'Query',
      description: 'Search text',
    };
    const root = { type: 'object', properties: { query, limit: { type: 'integer' } } };
    for (const options of NULLABLE_TARGETS) {
      // The whole schema is rebuilt from the read-only check: no walk at all.
      expect(collectFittingSchemas(root, options.target, false).root?.rebuilt).toBe(2);
      const result = projectInputSchema(structuredClone(root), options);
      expect(result.schema.properties).toEqual({
        query: {
          type: 'string',
          description: 'Search text',
          nullable: true,
          default: null,
          title: 'Query',
        },
        limit: { type: 'integer' },
      });
      expect(result.warnings).toEqual([]);
      expect(result.argumentMap).toBeNull();
      expect(outcome(root, options, true)).toBe(outcome(root, options, false));
    }
  });

  describe('properties', () => {
    it('should give exactly what the walk gives for anyOf wrappers, on every target', () => {
      fc.assert(
        fc.property(wrapper, (schema) => {
          const root = {
            type: 'object',
            properties: { a: schema, b: { type: 'string' } },
            $defs: DEFINITIONS,
          };
          for (const options of [...NULLABLE_TARGETS, ...OTHER_TARGETS]) {
            expect(outcome(root, options, true)).toBe(outcome(root, options, false));
          }
        }),
        { numRuns: 400 },
      );
    });

    it('should keep the fitting branches of a rebuilt wrapper as the input objects, never writing the input', () => {
      fc.assert(
        fc.property(wrapper, (schema) => {
          const root = deepFreeze({
            type: 'object',
            properties: { a: schema },
            $defs: structuredClone(DEFINITIONS),
          });
          const before = JSON.stringify(root);
          for (const options of NULLABLE_TARGETS) {
            const result = projectInputSchemaUncached(root, options, true);
            const reference = projectInputSchemaUncached(root, options, false);
            const sent = (result.schema.properties as Record<string, unknown> | undefined)?.a;
            const walked = (reference.schema.properties as Record<string, unknown> | undefined)?.a;
            if (typeof walked !== 'object' || walked === null) continue;
            // Wherever the walk sent an input object as it is, so does the rebuild.
            for (const key of Object.keys(walked)) {
              const value = (walked as Record<string, unknown>)[key];
              if (typeof value === 'object' && value !== null && isInside(root, value)) {
                expect((sent as Record<string, unknown>)[key]).toBe(value);
              }
            }
          }
          expect(JSON.stringify(root)).toBe(before);
        }),
        { numRuns: 200 },
      );
    });

    it('should give exactly what the walk gives for many renamed properties, in their order', () => {
      // Past 16 properties the rebuild writes `properties` and the argument map's keys as tables
      // from the start; names that break the key rules sit among names that fit.
      const name = fc.constantFrom(
        'Parameter1.Name',
        'Parameter1.Value',
        'filter[id]',
        '__proto__',
        'first',
        'second',
        'name',
        '1st',
        'a b',
      );
      const properties = fc.uniqueArray(
        fc.tuple(
          fc.oneof(name, fc.stringMatching(/^[a-z.]{1,4}$/)),
          fc.oneof(wrapper, fc.constant({ type: 'string' })),
        ),
        { minLength: 14, maxLength: 40, selector: ([key]) => key },
      );
      fc.assert(
        fc.property(properties, fc.boolean(), (entries, requireAll) => {
          const props: Record<string, unknown> = {};
          for (const [key, schema] of entries) {
            Object.defineProperty(props, key, {
              value: schema,
              enumerable: true,
              writable: true,
              configurable: true,
            });
          }
          const root = {
            type: 'object',
            properties: props,
            // Names of no property, some of them inherited by every object, stay as they are.
            required: requireAll ? [...entries.map(([key]) => key), 'toString', 'x.y'] : [],
            $defs: DEFINITIONS,
          };
          for (const options of [{ target: 'vertex' }, { target: 'anthropic' }] as const) {
            expect(outcome(root, options, true)).toBe(outcome(root, options, false));
          }
        }),
        { numRuns: 60 },
      );
    });
  });
});

/** Whether `value` is one of the objects of `tree` (by identity). */
function isInside(tree: unknown, value: unknown): boolean {
  if (tree === value) return true;
  if (typeof tree !== 'object' || tree === null) return false;
  return Object.values(tree).some((child) => isInside(child, value));
}
