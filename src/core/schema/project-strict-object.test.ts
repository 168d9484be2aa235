import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectionOutcome } from '../../../test/support/projection-outcome.js';
import { deepFreeze, nodeOf, propertyName } from '../../../test/support/schema-arbitraries.js';
import { projectInputSchema, projectInputSchemaUncached } from './project-input-schema.js';
import { projectStrictObject } from './project-strict-object.js';
import { TARGET_PROFILES } from './target-profile.js';

const STRICT = { target: 'openai', strict: true } as const;

const outcome = (schema: unknown, shortcut: boolean): string =>
  projectionOutcome(schema, STRICT, shortcut);

/**
 * Object schemas as servers write them for OpenAI strict: the common shape the one-pass path
 * takes, and its near misses the walk must take instead (an open object, a `default`, a
 * non-string title, `required` naming undeclared or repeated keys, `additionalProperties: true`),
 * with leaves that fit, that need a warning, that already accept null, and alternatives.
 */
const strictSchema: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown }>((tie) => {
  const schema = tie('schema');
  const leaf = fc.oneof(
    fc.constant({ type: 'string' }),
    fc.constant({ type: 'integer', description: 'Count' }),
    fc.constant({ type: ['string', 'null'] }),
    fc.constant({ type: 'string', enum: ['a', 'b'] }),
    fc.constant({ type: 'string', format: 'uri' }),
    fc.constant({ type: 'boolean', default: false }),
    fc.constant({ anyOf: [{ type: 'string' }, { type: 'null' }], default: null, title: 'Q' }),
    fc.constant({ const: 'x' }),
    fc.constant({ type: 'array', items: { type: 'string' } }),
    fc.constant(false),
  );
  const object = fc
    .record(
      {
        properties: fc.oneof(
          fc.dictionary(propertyName, schema, { maxKeys: 4 }),
          fc.constant(undefined),
          fc.constant([]),
        ),
        required: fc.oneof(
          fc.constant(undefined),
          fc.uniqueArray(fc.constantFrom('a', 'path', 'properties', '__proto__', 'missing'), {
            maxLength: 3,
          }),
          fc.constant(['a', 'a', 3]),
          fc.constant('a'),
        ),
        additionalProperties: fc.constantFrom(undefined, false, true, {}),
        title: fc.constantFrom(undefined, 'Args', 3),
        description: fc.constantFrom(undefined, 'Arguments', null),
        extra: fc.constantFrom<[string, unknown][]>(
          [],
          [['$schema', 'http://json-schema.org/draft-07/schema#']],
          [['$comment', 'x']],
          [['default', {}]],
          [['nullable', true]],
          [['minProperties', 1]],
        ),
        reversed: fc.boolean(),
      },
      { requiredKeys: ['properties', 'extra', 'reversed'] },
    )
    .map(({ extra, reversed, ...fields }) => {
      const entries: [string, unknown][] = [
        ['type', 'object'],
        ...Object.entries(fields),
        ...extra,
      ];
      return nodeOf(reversed ? entries.reverse() : entries);
    });
  return {
    schema: fc.oneof(
      { maxDepth: 3, depthIdentifier: 'strict' },
      { arbitrary: leaf, weight: 3 },
      { arbitrary: object, weight: 2 },
    ),
  };
}).schema;

/** Property names made of `properties`, so that nesting counts reach the strict limit of 10. */
function nested(levels: number, name: string): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let level = 0; level < levels; level++) {
    schema = { type: 'object', properties: { [name]: schema }, additionalProperties: false };
  }
  return schema;
}

describe('projectStrictObject', () => {
  it('should close a common object in one pass, and leave every other node to the walk', () => {
    const context = {
      profile: TARGET_PROFILES.openaiStrict as (typeof TARGET_PROFILES)[string],
      strict: true,
      root: {},
      warnings: [],
      refs: ['#'],
      definitions: new Map(),
      unrolled: new Set<string>(),
      crowdedBranches: new Set<string>(),
      fitting: new Map(),
      nodes: 0,
      strictProperties: 0,
      strictCharacters: 0,
    };
    const projected = projectStrictObject(
      {
        title: 'Search',
        type: 'object',
        properties: { q: { type: 'string' }, limit: { type: ['integer', 'null'] } },
        required: ['q'],
        $schema: 'http://json-schema.org/draft-07/schema#',
      },
      [],
      context,
    );
    expect(projected).toEqual({
      schema: {
        type: 'object',
        properties: { q: { type: 'string' }, limit: { type: ['integer', 'null'] } },
        required: ['q', 'limit'],
        additionalProperties: false,
        title: 'Search',
      },
      map: { optionalNulls: ['limit'] },
    });
    for (const other of [
      { type: 'object', properties: {} },
      { type: 'object', properties: { q: { type: 'string' } }, default: {} },
      { type: 'object', properties: { q: { type: 'string' } }, additionalProperties: true },
      { type: 'object', allOf: [] },
      { type: ['object', 'null'], properties: { q: { type: 'string' } } },
    ]) {
      expect(projectStrictObject(other, ['properties', 'a'], context)).toBeUndefined();
    }
    expect(context.warnings).toEqual([]);
    expect(context.strictProperties).toBe(2);
  });

  it('should send an object that is already closed and all required as the input itself', () => {
    const inner = deepFreeze({
      type: 'object',
      properties: { q: { type: 'string' } },
      required: ['q'],
      additionalProperties: false,
    });
    const root = deepFreeze({ type: 'object', properties: { inner }, required: ['inner'] });
    const result = projectInputSchema(root, STRICT);
    expect(result.strict).toBe(true);
    expect((result.schema.properties as Record<string, unknown>).inner).toBe(inner);
    expect(result.argumentMap).toBeNull();
  });

  it('should fail strict at the same node, for the same reason, as the walk', () => {
    for (const name of ['properties', 'a']) {
      for (const levels of [9, 10, 11]) {
        const schema = nested(levels, name);
        expect(outcome(schema, true)).toBe(outcome(schema, false));
      }
    }
    const wide: Record<string, unknown> = {};
    for (let index = 0; index < 5001; index++) wide[`p${index}`] = { type: 'string' };
    const schema = { type: 'object', properties: wide, required: ['p0', 'p0', 'nope'] };
    expect(outcome(schema, true)).toBe(outcome(schema, false));
    const declared = { type: 'object', properties: wide, required: Object.keys(wide).slice(0, 40) };
    expect(outcome(declared, true)).toBe(outcome(declared, false));
  });

  describe('properties', () => {
    it('should give exactly what the walk gives: schema, warnings, argument map and fallback', () => {
      fc.assert(
        fc.property(strictSchema, (schema) => {
          const root = { type: 'object', properties: { a: schema, path: schema }, required: ['a'] };
          expect(outcome(root, true)).toBe(outcome(root, false));
          expect(outcome(schema, true)).toBe(outcome(schema, false));
        }),
        { numRuns: 400 },
      );
    });

    it('should never write to the input, and keep what fits as the input objects', () => {
      fc.assert(
        fc.property(strictSchema, (schema) => {
          const root = deepFreeze({ type: 'object', properties: { a: schema }, required: ['a'] });
          const before = JSON.stringify(root);
          const result = projectInputSchemaUncached(root, STRICT, true);
          const reference = projectInputSchemaUncached(root, STRICT, false);
          const sent = (result.schema.properties as Record<string, unknown>).a;
          const walked = (reference.schema.properties as Record<string, unknown>).a;
          // The walk sends a node as it is when nothing changes; so does the one-pass path.
          if (walked === schema) expect(sent).toBe(schema);
          expect(JSON.stringify(root)).toBe(before);
        }),
        { numRuns: 200 },
      );
    });
  });
});
