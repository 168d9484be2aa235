import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectionOutcome } from '../../../test/support/projection-outcome.js';
import { deepFreeze, nodeOf } from '../../../test/support/schema-arbitraries.js';
import { projectInputSchema, projectInputSchemaUncached } from './project-input-schema.js';
import { projectStrictAlternatives } from './project-strict-alternatives.js';
import type { TreeContext } from './schema-tree-context.js';
import { TARGET_PROFILES, type TargetProfile } from './target-profile.js';

const STRICT = { target: 'openai', strict: true } as const;

const outcome = (schema: unknown, shortcut: boolean): string =>
  projectionOutcome(schema, STRICT, shortcut);

function strictContext(): TreeContext {
  return {
    profile: TARGET_PROFILES.openaiStrict as TargetProfile,
    strict: true,
    root: {},
    warnings: [],
    refs: ['#'],
    definitions: new Map(),
    unrolled: new Set(),
    crowdedBranches: new Set(),
    fitting: new Map(),
    nodes: 0,
    strictProperties: 0,
    strictCharacters: 0,
  };
}

/**
 * Optional parameters as Pydantic writes them, with branches that fit strict, that strict
 * rewrites (an object it closes, with a map), that fail strict (an open object among other
 * branches), that accept nothing, and own keywords the one-pass path takes or leaves to the walk.
 */
const optional: fc.Arbitrary<unknown> = fc
  .tuple(
    fc.array(
      fc.constantFrom<unknown>(
        { type: 'string' },
        { type: 'null' },
        { type: 'integer', minimum: 0 },
        { type: 'string', format: 'uri' },
        { type: 'object', properties: { a: { type: 'string' } } },
        { type: 'object', additionalProperties: true },
        {
          type: 'object',
          properties: { a: { type: 'string' } },
          required: ['a'],
          additionalProperties: false,
        },
        { type: 'array', items: { type: 'string' } },
        { type: 'boolean', default: true },
        false,
      ),
      { minLength: 0, maxLength: 3 },
    ),
    fc.uniqueArray(
      fc.oneof(
        fc.tuple(fc.constant('default'), fc.jsonValue({ maxDepth: 2 })),
        fc.tuple(fc.constant('default'), fc.constant('x'.repeat(400))),
        fc.tuple(fc.constant('title'), fc.constantFrom<unknown>('Query', 3)),
        fc.tuple(fc.constant('description'), fc.constantFrom<unknown>('Text', null)),
        fc.tuple(fc.constant('$comment'), fc.constant('x')),
        fc.tuple(fc.constant('type'), fc.constant('string')),
        fc.tuple(fc.constant('examples'), fc.constant(['a'])),
      ),
      { maxLength: 4, selector: ([key]) => key },
    ),
    fc.nat(4),
  )
  .map(([branches, own, at]) => {
    const entries: [string, unknown][] = [...own];
    entries.splice(Math.min(at, entries.length), 0, ['anyOf', branches]);
    return nodeOf(entries);
  });

describe('projectStrictAlternatives', () => {
  it('should move a default into the description, with the warning the walk gives', () => {
    const context = strictContext();
    const anyOf = [{ type: 'string' }, { type: 'null' }];
    const node = { anyOf, default: null, title: 'Query', description: 'Search text' };
    expect(projectStrictAlternatives(node, ['properties', 'query'], context)).toEqual({
      schema: { anyOf, title: 'Query', description: 'Search text (default: null)' },
      map: null,
    });
    expect(context.warnings).toEqual([
      {
        code: 'MOVED_TO_DESCRIPTION',
        path: '/properties/query/default',
        message: 'OpenAI strict does not take `default: null` here; moved it into the description.',
      },
    ]);
    for (const other of [
      { anyOf, type: 'string' },
      { anyOf, title: 3 },
      { anyOf: [] },
      { oneOf: anyOf },
      { anyOf, examples: [] },
    ]) {
      expect(projectStrictAlternatives(other, ['properties', 'query'], context)).toBeUndefined();
    }
    expect(context.warnings).toHaveLength(1);
  });

  it('should keep the branches as the input list when they all fit strict', () => {
    const anyOf = [{ type: 'string' }, { type: 'null' }];
    const root = deepFreeze({
      type: 'object',
      properties: { query: { anyOf, default: null } },
      required: ['query'],
    });
    const result = projectInputSchema(root, STRICT);
    expect((result.schema.properties as Record<string, { anyOf: unknown }>).query?.anyOf).toBe(
      anyOf,
    );
  });

  describe('properties', () => {
    it('should give exactly what the walk gives: schema, warnings, argument map and fallback', () => {
      fc.assert(
        fc.property(optional, optional, (first, second) => {
          const root = {
            type: 'object',
            properties: { a: first, b: { type: 'object', properties: { c: second } } },
            required: ['a'],
          };
          expect(outcome(root, true)).toBe(outcome(root, false));
        }),
        { numRuns: 400 },
      );
    });

    it('should send a node the walk sends as it is as the input itself, never writing the input', () => {
      fc.assert(
        fc.property(optional, (schema) => {
          const root = deepFreeze({ type: 'object', properties: { a: schema }, required: ['a'] });
          const before = JSON.stringify(root);
          const sent = (
            projectInputSchemaUncached(root, STRICT, true).schema.properties as Record<
              string,
              unknown
            >
          ).a;
          const walked = (
            projectInputSchemaUncached(root, STRICT, false).schema.properties as Record<
              string,
              unknown
            >
          ).a;
          if (walked === schema) expect(sent).toBe(schema);
          expect(JSON.stringify(root)).toBe(before);
        }),
        { numRuns: 200 },
      );
    });
  });
});
