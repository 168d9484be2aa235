import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectionOutcome } from '../../../test/support/projection-outcome.js';
import { nodeOf, propertyName } from '../../../test/support/schema-arbitraries.js';
import {
  type CommonStrictSchema,
  MAX_COMMON_DEPTH,
  projectCommonStrictSchema,
} from './project-common-strict-schema.js';
import { projectInputSchemaUncached } from './project-input-schema.js';
import { MAX_SCHEMA_DEPTH } from './schema-limits.js';

const STRICT = { target: 'openai', strict: true } as const;

/**
 * Near misses of the leaves the one-pass path takes, which it must leave to the walk: a number
 * in an enum, an empty enum, a title that is no string, a `null` or listed type, `items` beside a
 * string, an array without items, no type, no schema, bounds and counts of the wrong type or
 * beside the wrong type, a format that is no string, a keyword the walk drops silently or moves
 * beside one it drops, and objects that take any keys beside a keyword the walk moves or drops, or with an inherited
 * property; lists of types beside keywords that narrow them, of one type or the same one twice,
 * and `const` beside `enum`; and one it now takes, a type list of object and null, asked for as
 * JSON text.
 */
const NEAR_MISSES: readonly unknown[] = [
  { type: 'string', enum: ['a', 2] },
  { type: 'string', enum: [] },
  { type: 'string', title: 3 },
  { type: 'null' },
  { type: ['string', 'null'] },
  { type: 'null', default: null },
  { type: 'string', items: { type: 'string' } },
  { type: 'array' },
  { type: 'array', items: { type: 'string', format: 3 } },
  { type: 'integer', enum: ['1'] },
  { description: 'untyped' },
  { type: 'object', default: {} },
  { type: 'object', description: 'Any', items: { type: 'string' } },
  { type: 'object', properties: Object.create({ inherited: { type: 'string' } }) },
  { type: ['object', 'null'] },
  { type: ['string', 'number'], minimum: 1 },
  { type: ['integer', 'null'], format: 'int32' },
  { type: ['string', 'null'], minLength: 1, default: 'a' },
  { type: ['string', 'string'] },
  { type: ['string'] },
  { type: 'string', enum: ['a'], const: 'a' },
  { type: 'toString', format: 'date' },
  { type: 'string', minItems: 1 },
  { type: 'number', multipleOf: 0 },
  { type: 'integer', minimum: '1' },
  { type: 'number', exclusiveMaximum: true },
  { type: 'array', items: { type: 'string' }, maxItems: 1.5 },
  { type: 'string', minLength: 1.5 },
  { type: 'string', maxLength: -1, default: 'a' },
  { type: 'string', examples: ['a'] },
  { type: 'string', 'x-mcp-header': 'Region' },
  { type: 'string', optional: true, example: 'a' },
  {},
  { title: 'Any', default: 1 },
  { type: 'object', additionalProperties: { type: 'string' }, description: 'Tags' },
  false,
];

const nearMiss: fc.Arbitrary<unknown> = fc.constantFrom(...NEAR_MISSES);

/** Leaves strict takes as they are (arrays of them too), which the one-pass path takes. */
const keptLeaf: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  { type: 'string' },
  { type: 'string', description: 'Name' },
  { description: 'Count', type: 'integer' },
  { type: 'number', title: 'N' },
  { type: 'boolean', description: 'Flag', title: 'F' },
  { type: 'string', enum: ['a', 'b'] },
  { enum: ['x'], type: 'string', description: 'One' },
  { type: 'integer', minimum: 1, maximum: 9, multipleOf: 2 },
  { exclusiveMinimum: 0, type: 'number', exclusiveMaximum: 1 },
  { type: 'string', format: 'date-time', pattern: '^2' },
  { type: 'array', items: { type: 'string' }, minItems: 0, maxItems: 3 },
  { type: 'string', const: 'update', description: 'Only update' },
  { const: 3, type: 'integer' },
  { type: ['string', 'number'], description: 'Slug or ID' },
  { type: ['string', 'number', 'boolean', 'null'] },
);

/** A value of `default`, as servers write them, and a few JSON text cuts and escapes. */
const defaultValue: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  'main',
  '',
  0,
  1.5,
  false,
  null,
  [],
  ['a', 1],
  { a: { b: null } },
  'w'.repeat(400),
  { long: 'v'.repeat(400) },
  'a "quoted" value',
);

/**
 * Objects that take any keys, which the walk asks for as JSON text below the root: no
 * properties or none declared, `additionalProperties` absent, `true` or `{}`, a title, a
 * description and a silent keyword, in any order; the type `object`, or `object` and `null`.
 */
const openObject: fc.Arbitrary<unknown> = fc
  .record({
    type: fc.constantFrom<unknown>('object', 'object', ['object', 'null'], ['null', 'object']),
    properties: fc.constantFrom<unknown>(undefined, {}),
    additionalProperties: fc.constantFrom<unknown>(undefined, true, {}),
    title: fc.constantFrom(undefined, 'Options'),
    description: fc.constantFrom(undefined, 'Any settings', 'Values (by name)'),
    $comment: fc.constantFrom(undefined, 'x'),
    order: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
  })
  .map(({ order, ...fields }) =>
    nodeOf(
      Object.entries(fields)
        .map((entry, index) => ({ entry, rank: order[index] ?? 0 }))
        .sort((a, b) => a.rank - b.rank)
        .map(({ entry }) => entry),
    ),
  );

/**
 * Leaves the walk rewrites: keywords in any order, among them a `default`, a `minLength` or
 * `maxLength` and a format strict does not list, which the walk moves into the description with
 * a warning each, and `optional` and vendor keywords, which it drops with a warning each, beside
 * the ones strict takes.
 */
const movedLeaf: fc.Arbitrary<unknown> = fc
  .record(
    {
      type: fc.constantFrom<unknown>(
        'string',
        'string',
        'integer',
        'number',
        'boolean',
        'array',
        ['string', 'number'],
        ['integer', 'null'],
      ),
      const: fc.constantFrom<unknown>('update', 3, null, { a: 1 }),
      description: fc.constantFrom('Name', 'Limit (0: none)'),
      title: fc.constant('T'),
      default: defaultValue,
      minLength: fc.constantFrom(0, 3),
      maxLength: fc.constant(64),
      format: fc.constantFrom('date', 'uri', 'int32'),
      pattern: fc.constant('^a'),
      minimum: fc.constant(1),
      enum: fc.constant(['a', 'b']),
      minItems: fc.constant(1),
      items: fc.constantFrom<unknown>(
        { type: 'string' },
        { type: 'integer', default: 3 },
        { type: 'string', maxLength: 9, description: 'Tag' },
      ),
      // Dropped by the walk with a warning each.
      optional: fc.boolean(),
      'x-order': fc.constant(1),
      'x-a/b': fc.constant('v'),
      order: fc.array(fc.nat(), { minLength: 15, maxLength: 15 }),
    },
    {
      requiredKeys: ['type', 'order'],
    },
  )
  .map(({ order, ...fields }) => {
    const entries = Object.entries(fields).filter(([key]) => {
      // Keywords of another type make another near miss; these leaves stay ones strict takes.
      // Beside a list of types, only annotations, a `default` and dropped keywords.
      if (Array.isArray(fields.type)) {
        return (
          !['enum', 'items', 'minItems', 'minimum', 'format', 'pattern', 'const'].includes(key) &&
          !key.endsWith('Length')
        );
      }
      if (key === 'const') return fields.type !== 'array' && fields.enum === undefined;
      if (key === 'enum') return fields.type === 'string';
      if (key === 'items' || key === 'minItems') return fields.type === 'array';
      if (key === 'minimum') return fields.type === 'integer' || fields.type === 'number';
      return true;
    });
    const sorted = entries
      .map((entry, index) => ({ entry, rank: order[index] ?? 0 }))
      .sort((a, b) => a.rank - b.rank)
      .map(({ entry }) => entry);
    if (fields.type === 'array' && fields.items === undefined)
      sorted.push(['items', { type: 'string' }]);
    return nodeOf(sorted);
  });

/** Kept and rewritten leaves, and arrays of them. */
const leaf: fc.Arbitrary<unknown> = fc.letrec<{ leaf: unknown }>((tie) => ({
  leaf: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'leaf' },
    { weight: 4, arbitrary: keptLeaf },
    { weight: 3, arbitrary: movedLeaf },
    fc
      .record({ items: tie('leaf'), description: fc.constantFrom(undefined, 'List') })
      .map(({ items, description }) =>
        nodeOf([
          ['type', 'array'],
          ['items', items],
          ['description', description],
        ]),
      ),
    // Enum values long enough, together, to pass strict's limit of 120,000 characters.
    fc.constant({ type: 'string', enum: ['v'.repeat(60_001), 'w'] }),
  ),
})).leaf;

/** Branches with a hole, which the walk skips. */
const HOLED: unknown[] = [{ type: 'string' }];
HOLED[2] = { type: 'null' };

/**
 * Alternatives as Pydantic writes an optional parameter (a leaf and `{ type: "null" }`, with a
 * title, a description and a `default` in any order), and with more leaves, or with near misses
 * among them: a null branch with more than its type, an object branch, a hole, no branch.
 */
const optional: fc.Arbitrary<unknown> = fc
  .record({
    branches: fc.oneof(
      { weight: 6, arbitrary: fc.tuple(leaf, fc.constant({ type: 'null' })) },
      { weight: 2, arbitrary: fc.tuple(fc.constant({ type: 'null' }), leaf, leaf) },
      // No null branch: an optional property's gains one.
      { weight: 1, arbitrary: fc.tuple(leaf, leaf) },
      // Asked for as JSON text when it is the only branch other than null, else strict fails.
      {
        weight: 2,
        arbitrary: fc
          .tuple(openObject, fc.constant({ type: 'null' }), fc.boolean())
          .map(([open, none, first]) => (first ? [open, none] : [none, open])),
      },
      { weight: 1, arbitrary: fc.tuple(leaf, openObject) },
      {
        weight: 1,
        arbitrary: fc.tuple(
          fc.constantFrom<unknown>(
            { type: 'null', description: 'None' },
            { type: 'object', properties: { a: { type: 'string' } } },
            { type: 'string', minLength: -1 },
            // Its argument map is one of the branches' maps, which the walk writes.
            { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } },
            // Strict fails at these (the last among other branches than null), or asks for JSON.
            {},
            { description: 'Any', examples: [1] },
            { type: 'object', additionalProperties: { type: 'string' } },
            { type: 'object', additionalProperties: true },
          ),
          fc.constantFrom({ type: 'null' }, { type: 'string' }),
        ),
      },
      { weight: 1, arbitrary: fc.constantFrom<unknown[]>([], HOLED) },
    ),
    title: fc.constantFrom(undefined, 'Limit', 'Limit', 7),
    description: fc.constantFrom(undefined, 'How many'),
    default: fc.option(defaultValue, { nil: undefined }),
    extra: fc.constantFrom<[string, unknown][]>([], [], [['$comment', 'x']], [['format', 'uri']]),
    reversed: fc.boolean(),
  })
  .map(({ branches, extra, reversed, ...fields }) => {
    const entries: [string, unknown][] = [['anyOf', branches], ...Object.entries(fields), ...extra];
    return nodeOf(reversed ? entries.reverse() : entries);
  });

/** Property names, and two a JSON Pointer escapes (in the paths of warnings). */
const name: fc.Arbitrary<string> = fc.oneof(propertyName, fc.constantFrom('a/b', 'm~n'));

/**
 * Local `$ref`s into the `$defs` of `definitions` below, and the ones the one-pass path leaves to
 * the walk: a ref beside a description, one the schema does not hold, one to the root, and one
 * met again on its own path.
 */
const reference: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  { $ref: '#/$defs/first' },
  { $ref: '#/$defs/second' },
  { $ref: '#/$defs/open' },
  { $ref: '#/$defs/chain' },
  { $ref: '#/$defs/first' },
  { $ref: '#/$defs/second' },
  { $ref: '#/$defs/open' },
  { $ref: '#/$defs/chain' },
  { $ref: '#/$defs/loop' },
  { $ref: '#/$defs/first', description: 'Noted' },
  { $ref: '#/$defs/missing' },
  { $ref: '#' },
);

/** Common objects of leaves, any of whose properties may be optional, as branches. */
const branchObject: fc.Arbitrary<unknown> = fc
  .record({
    properties: fc.dictionary(propertyName, leaf, { minKeys: 1, maxKeys: 3 }),
    closed: fc.boolean(),
    title: fc.constantFrom(undefined, 'Row'),
  })
  .map(({ properties, closed, title }) =>
    nodeOf([
      ['type', 'object'],
      ['properties', properties],
      ['required', Object.keys(properties).slice(1)],
      ['additionalProperties', closed ? false : undefined],
      ['title', title],
    ]),
  );

/**
 * Alternatives of those objects, of leaves, null, alternatives, objects that take any keys and
 * `$ref`s, as `anyOf` or `oneOf`.
 */
const objectAlternatives: fc.Arbitrary<unknown> = fc
  .record({
    keyword: fc.constantFrom('anyOf', 'oneOf'),
    branches: fc.array(
      fc.oneof(
        { arbitrary: branchObject, weight: 2 },
        { arbitrary: optional, weight: 2 },
        { arbitrary: leaf, weight: 1 },
        { arbitrary: fc.constant({ type: 'null' }), weight: 1 },
        { arbitrary: openObject, weight: 1 },
        { arbitrary: reference, weight: 1 },
      ),
      { minLength: 1, maxLength: 3 },
    ),
  })
  .map(({ keyword, branches }) => nodeOf([[keyword, branches]]));

/** Common objects of those leaves, with their near misses and names that count as nesting. */
const strictSchema: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown }>((tie) => {
  const object = fc
    .record(
      {
        properties: fc.oneof(
          { weight: 5, arbitrary: fc.dictionary(name, tie('schema'), { maxKeys: 4 }) },
          { weight: 1, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.constant(Object.create({ inherited: { type: 'string' } })) },
        ),
        required: fc.oneof(
          { weight: 3, arbitrary: fc.constant(undefined) },
          {
            weight: 3,
            arbitrary: fc.uniqueArray(fc.constantFrom('a', 'path', 'properties', '__proto__'), {
              maxLength: 3,
            }),
          },
          fc.constant(['a', 'a']),
          fc.constant(['missing']),
          // Longer than the lists the one-pass path reads before the properties.
          fc.constant([...Array.from({ length: 32 }, (_, index) => `p${index}`), 'a']),
        ),
        additionalProperties: fc.constantFrom<unknown>(undefined, false, undefined, false, true, {
          type: 'string',
        }),
        title: fc.constantFrom(undefined, 'Args'),
        description: fc.constantFrom(undefined, 'Arguments'),
        extra: fc.constantFrom<[string, unknown][]>(
          [],
          [],
          [],
          [['$comment', 'x']],
          [['default', {}]],
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
  // Alternatives of any schema here, `$ref`s and null (nested through `schema`), as `anyOf` or as
  // `oneOf`, which strict sends as `anyOf` with a warning.
  const either = fc
    .record({
      keyword: fc.constantFrom('anyOf', 'anyOf', 'oneOf'),
      branches: fc.array(
        fc.oneof(
          { arbitrary: tie('schema'), weight: 2 },
          { arbitrary: object, weight: 1 },
          { arbitrary: branchObject, weight: 2 },
          { arbitrary: optional, weight: 2 },
          { arbitrary: reference, weight: 1 },
          { arbitrary: fc.constant({ type: 'null' }), weight: 1 },
          { arbitrary: openObject, weight: 1 },
          { arbitrary: reference, weight: 1 },
        ),
        { minLength: 1, maxLength: 3 },
      ),
      description: fc.constantFrom(undefined, 'Either'),
    })
    .map(({ keyword, branches, description }) =>
      nodeOf([
        [keyword, branches],
        ['description', description],
      ]),
    );
  return {
    schema: fc.oneof(
      { maxDepth: 3, depthIdentifier: 'object' },
      { arbitrary: leaf, weight: 3 },
      { arbitrary: optional, weight: 1 },
      { arbitrary: openObject, weight: 1 },
      { arbitrary: object, weight: 2 },
      { arbitrary: either, weight: 3 },
      { arbitrary: reference, weight: 1 },
      // Arrays of objects, whose items carry their argument map, and of any other schema above.
      {
        arbitrary: fc
          .record({
            items: tie('schema'),
            rest: fc.constantFrom<[string, unknown][]>(
              [],
              [['description', 'Rows']],
              [
                ['maxItems', 5],
                ['default', []],
              ],
            ),
          })
          .map(({ items, rest }) => nodeOf([['type', 'array'], ['items', items], ...rest])),
        weight: 1,
      },
    ),
  };
}).schema;

/**
 * What the `$ref`s above point at: two schemas of any kind, an object strict fails at (it takes
 * keys beyond those it declares), a ref to a ref, and alternatives that refer to themselves.
 */
const definitions: fc.Arbitrary<Record<string, unknown>> = fc
  .record({ first: strictSchema, second: strictSchema })
  .map(({ first, second }) => ({
    first,
    second,
    open: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true },
    chain: { $ref: '#/$defs/second' },
    loop: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/loop' }] },
  }));

/**
 * Whether the node at a JSON Pointer of a strict failure lies past a `$ref` of `root`: the pass
 * followed the ref to find it.
 */
function pastReference(root: unknown, pointer: string): boolean {
  let node = root;
  for (const segment of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return false;
    if (typeof (node as Record<string, unknown>).$ref === 'string') return true;
    const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
    const record = node as Record<string, unknown>;
    // The walk writes `oneOf` as `anyOf`, in the path as well.
    node = key === 'anyOf' && record.anyOf === undefined ? record.oneOf : record[key];
  }
  return typeof node === 'object' && node !== null && '$ref' in node;
}

/**
 * What kinds of node a schema holds outside its `$defs`, among those the one-pass path took
 * last: object branches, alternatives as a branch, `oneOf`, a type list of object and null, one
 * of other types, and `const`.
 */
function kindsOf(root: unknown): Set<string> {
  const kinds = new Set<string>();
  const visit = (value: unknown, branch: boolean): void => {
    if (typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const entry of value) visit(entry, branch);
      return;
    }
    const node = value as Record<string, unknown>;
    if (branch && node.type === 'object' && node.properties !== undefined) kinds.add('object');
    if (branch && (node.anyOf !== undefined || node.oneOf !== undefined)) kinds.add('nested');
    if (node.oneOf !== undefined) kinds.add('oneOf');
    if (Array.isArray(node.type)) {
      kinds.add(node.type.includes('object') ? 'typeList' : 'scalarList');
    }
    if (node.const !== undefined) kinds.add('const');
    for (const key of Object.keys(node)) {
      if (key !== '$defs') visit(node[key], key === 'anyOf' || key === 'oneOf');
    }
  };
  visit(root, false);
  return kinds;
}

/** What the one-pass path gives when it is a schema (not the walk's strict failure). */
function commonSchema(
  root: Record<string, unknown>,
  owned: boolean,
): CommonStrictSchema | undefined {
  const result = projectCommonStrictSchema(root, owned);
  return result !== undefined && 'schema' in result ? result : undefined;
}

/** `levels` alternatives, each the first branch of the one above, beside null. */
function alternativesOf(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let level = 0; level < levels; level++) schema = { anyOf: [schema, { type: 'null' }] };
  return schema;
}

/** `levels` objects, each the only property of the one above, under the name `name`. */
function nested(levels: number, name: string): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string', enum: ['a'] };
  for (let level = 0; level < levels; level++) {
    schema = { type: 'object', properties: { [name]: schema } };
  }
  return schema;
}

/**
 * What a result is beyond its JSON text: per node, whether it is frozen, which input node it
 * is, if any (by the order the input's nodes are first met), and which node of the result met
 * before it is, if any (two places holding one object).
 */
function sharing(result: unknown, input: unknown): string[] {
  const inputs = new Map<unknown, number>();
  const index = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || inputs.has(value)) return;
    inputs.set(value, inputs.size);
    for (const key of Object.keys(value)) index((value as Record<string, unknown>)[key]);
  };
  index(input);
  const lines: string[] = [];
  const met = new Map<unknown, number>();
  const visit = (value: unknown, path: string): void => {
    if (typeof value !== 'object' || value === null) return;
    const again = met.get(value);
    if (again === undefined) met.set(value, met.size);
    lines.push(
      `${path} frozen=${Object.isFrozen(value)} input=${inputs.get(value) ?? '-'} again=${again ?? '-'}`,
    );
    for (const key of Object.keys(value)) {
      visit((value as Record<string, unknown>)[key], `${path}/${key}`);
    }
  };
  visit(result, '');
  return lines;
}

describe('projectCommonStrictSchema', () => {
  it('should close common objects and keep the leaves strict takes as the input objects', () => {
    const city = { type: 'string', enum: ['Paris', 'Rome'] };
    const tags = { type: 'array', items: { type: 'string' } };
    const root = {
      type: 'object',
      properties: { city, tags, at: { type: 'object', properties: { day: { type: 'integer' } } } },
      required: ['city'],
    };
    const projected = commonSchema(root, false);
    expect(projected).toEqual({
      schema: {
        type: 'object',
        properties: {
          city,
          tags: { type: ['array', 'null'], items: { type: 'string' } },
          at: {
            type: ['object', 'null'],
            properties: { day: { type: ['integer', 'null'] } },
            required: ['day'],
            additionalProperties: false,
          },
        },
        required: ['city', 'tags', 'at'],
        additionalProperties: false,
      },
      argumentMap: {
        optionalNulls: ['tags', 'at'],
        properties: { at: { optionalNulls: ['day'] } },
      },
    });
    const properties = projected?.schema.properties as Record<string, Record<string, unknown>>;
    expect(properties.city).toBe(city);
    expect(properties.tags?.items).toBe(tags.items);
  });

  it("should move what strict does not take into the description, with the walk's warnings", () => {
    const branch = { type: 'integer' };
    const none = { type: 'null' };
    const root = {
      type: 'object',
      properties: {
        'a/b': { minLength: 1, type: 'string', description: 'Name', default: 'x', title: 'N' },
        tags: { type: 'array', items: { type: 'string', format: 'uri' }, maxItems: 3 },
        limit: { title: 'Limit', default: null, anyOf: [branch, none] },
      },
      required: ['a/b', 'limit'],
    };
    const projected = commonSchema(root, false);
    expect(JSON.stringify(projected?.schema)).toBe(
      JSON.stringify({
        type: 'object',
        properties: {
          'a/b': { type: 'string', title: 'N', description: 'Name (minLength: 1; default: x)' },
          tags: {
            type: ['array', 'null'],
            items: { type: 'string', description: '(format: uri)' },
            maxItems: 3,
          },
          limit: { anyOf: [branch, none], title: 'Limit', description: '(default: null)' },
        },
        required: ['a/b', 'limit', 'tags'],
        additionalProperties: false,
      }),
    );
    const properties = projected?.schema.properties as Record<string, Record<string, unknown>>;
    expect(properties.limit?.anyOf).toBe(root.properties.limit.anyOf);
    expect(projected?.warnings?.map(({ code, path }) => `${code} ${path}`)).toEqual([
      'MOVED_TO_DESCRIPTION /properties/a~1b/minLength',
      'MOVED_TO_DESCRIPTION /properties/a~1b/default',
      'MOVED_TO_DESCRIPTION /properties/tags/items/format',
      'MOVED_TO_DESCRIPTION /properties/limit/default',
    ]);
    expect(projected?.argumentMap).toEqual({ optionalNulls: ['tags'] });
    expect(projectionOutcome(root, STRICT, true)).toBe(projectionOutcome(root, STRICT, false));
  });

  it("should drop `optional` and vendor keywords from leaves, with the walk's warnings", () => {
    const root = {
      type: 'object',
      properties: {
        q: { 'x-a/b': 1, type: 'string', optional: true, default: 'x', description: 'Query' },
        ids: { type: 'array', items: { type: 'integer', 'x-order': 2 }, optional: false },
      },
      required: ['q'],
    };
    const projected = commonSchema(root, false);
    expect(JSON.stringify(projected?.schema)).toBe(
      JSON.stringify({
        type: 'object',
        properties: {
          q: { type: 'string', description: 'Query (default: x)' },
          ids: { type: ['array', 'null'], items: { type: 'integer' } },
        },
        required: ['q', 'ids'],
        additionalProperties: false,
      }),
    );
    expect(projected?.warnings?.map(({ code, path }) => `${code} ${path}`)).toEqual([
      'DROPPED_KEYWORD /properties/q/x-a~1b',
      'DROPPED_KEYWORD /properties/q/optional',
      'MOVED_TO_DESCRIPTION /properties/q/default',
      'DROPPED_KEYWORD /properties/ids/items/x-order',
      'DROPPED_KEYWORD /properties/ids/optional',
    ]);
    expect(projectionOutcome(root, STRICT, true)).toBe(projectionOutcome(root, STRICT, false));
  });

  it('should write optional properties nullable with a required list of any length', () => {
    const properties: Record<string, unknown> = {};
    for (let index = 0; index < 40; index++) {
      properties[`p${index}`] = [
        { type: 'string' },
        { type: 'string', description: 'S' },
        { description: 'S', type: 'integer' },
        { type: 'string', enum: ['a'], title: 'E' },
        { type: 'string', default: 'a' },
        { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        { anyOf: [{ type: 'string' }, { type: 'null' }] },
        { type: 'object', properties: { q: { type: 'string' } } },
        { type: 'object' },
      ][index % 9];
    }
    for (const length of [3, 32, 33]) {
      const root = {
        type: 'object',
        properties,
        required: Array.from({ length }, (_, index) => `p${index + 1}`),
      };
      expect(commonSchema(root, false)).toBeDefined();
      expect(projectionOutcome(root, STRICT, true)).toBe(projectionOutcome(root, STRICT, false));
      const result = projectInputSchemaUncached(root, STRICT, true);
      const reference = projectInputSchemaUncached(root, STRICT, false);
      expect(sharing(result, root)).toEqual(sharing(reference, root));
    }
  });

  it('should ask for an object that takes any keys as JSON text, as the walk does', () => {
    const none = { type: 'null' };
    const root = {
      type: 'object',
      properties: {
        input: { description: 'Input', type: 'object' },
        options: { additionalProperties: {}, $comment: 'x', type: 'object', title: 'Options' },
        rows: { type: 'array', items: { type: 'object', properties: {} } },
        'a/b': {
          anyOf: [none, { type: 'object', additionalProperties: true }],
          title: 'Env',
          default: null,
        },
        env: { anyOf: [{ type: 'object' }, none] },
        grid: {
          anyOf: [
            { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } },
            none,
          ],
        },
      },
      required: ['input'],
    };
    const projected = commonSchema(root, false);
    const text = 'any JSON object, written as JSON text';
    expect(JSON.stringify(projected?.schema)).toBe(
      JSON.stringify({
        type: 'object',
        properties: {
          input: { type: 'string', description: `Input (${text})` },
          options: { type: ['string', 'null'], title: 'Options', description: `(${text})` },
          rows: { type: ['array', 'null'], items: { type: 'string', description: `(${text})` } },
          'a/b': {
            anyOf: [none, { type: 'string', description: `(${text})` }],
            title: 'Env',
            description: '(default: null)',
          },
          env: { anyOf: [{ type: 'string', description: `(${text})` }, none] },
          grid: {
            anyOf: [
              {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { a: { type: ['string', 'null'] } },
                  required: ['a'],
                  additionalProperties: false,
                },
              },
              none,
            ],
          },
        },
        required: ['input', 'options', 'rows', 'a/b', 'env', 'grid'],
        additionalProperties: false,
      }),
    );
    expect(projected?.warnings?.map(({ code, path }) => `${code} ${path}`)).toEqual([
      'OPEN_OBJECT_AS_JSON /properties/input',
      'OPEN_OBJECT_AS_JSON /properties/options',
      'OPEN_OBJECT_AS_JSON /properties/rows/items',
      'OPEN_OBJECT_AS_JSON /properties/a~1b/anyOf/1',
      'MOVED_TO_DESCRIPTION /properties/a~1b/default',
      'OPEN_OBJECT_AS_JSON /properties/env/anyOf/0',
    ]);
    expect(projected?.argumentMap).toEqual({
      optionalNulls: ['options', 'rows', 'a/b', 'env', 'grid'],
      properties: {
        input: { json: true },
        options: { json: true },
        rows: { items: { json: true } },
        'a/b': { anyOf: [{}, { json: true }] },
        env: { anyOf: [{ json: true }, {}] },
        grid: { anyOf: [{ items: { optionalNulls: ['a'] } }, {}] },
      },
    });
    expect(projectionOutcome(root, STRICT, true)).toBe(projectionOutcome(root, STRICT, false));
    const result = projectInputSchemaUncached(root, STRICT, true);
    const reference = projectInputSchemaUncached(root, STRICT, false);
    expect(sharing(result, root)).toEqual(sharing(reference, root));
  });

  it("should give the walk's strict failure at the first open object it reaches", () => {
    const root = {
      type: 'object',
      properties: {
        q: { type: 'string', default: 'a' },
        rows: {
          type: 'array',
          items: {
            type: 'object',
            properties: { a: { type: 'string' } },
            additionalProperties: true,
          },
        },
        later: { type: 'object', additionalProperties: { type: 'string' } },
      },
    };
    expect(projectCommonStrictSchema(root, false)).toEqual({
      strictPath: '/properties/rows/items',
      message:
        'Schema at "/properties/rows/items" cannot be made OpenAI-strict: it allows properties beyond those it declares.',
    });
    expect(projectionOutcome(root, STRICT, true)).toBe(projectionOutcome(root, STRICT, false));
    const open = { type: 'object', properties: {}, additionalProperties: true };
    expect(projectCommonStrictSchema(open, false)).toMatchObject({ strictPath: '' });
    // Below the root, an object that declares nothing is asked for as JSON text instead.
    const text = {
      type: 'object',
      properties: { a: { type: 'object', additionalProperties: true } },
    };
    expect(projectCommonStrictSchema(text, false)).toMatchObject({
      argumentMap: { properties: { a: { json: true } } },
    });
    expect(projectionOutcome(text, STRICT, true)).toBe(projectionOutcome(text, STRICT, false));
    for (const [property, outcome] of [
      [{ type: 'object', additionalProperties: {} }, 'schema'],
      [{ type: 'object', properties: {}, additionalProperties: true }, 'schema'],
      [{ type: 'object', additionalProperties: { type: 'string' } }, 'fails'],
      [{ type: 'object', additionalProperties: {}, propertyNames: { pattern: '^a' } }, 'fails'],
      [{ type: 'object', additionalProperties: true, patternProperties: {} }, 'fails'],
      [{ type: 'object', additionalProperties: true, unevaluatedProperties: false }, 'fails'],
      [{ description: 'Any', $comment: 'x' }, 'fails'],
      [{ description: 'Any', format: 'date' }, 'walk'],
      [
        { anyOf: [{ type: 'object', additionalProperties: { type: 'number' } }, { type: 'null' }] },
        'fails',
      ],
      [{ anyOf: [{ type: 'object', additionalProperties: true }, { type: 'null' }] }, 'schema'],
      [{ anyOf: [{ type: 'object', additionalProperties: true }, { type: 'string' }] }, 'fails'],
      [{ type: 'array', items: { anyOf: [{ type: 'integer' }, {}] } }, 'fails'],
    ] as const) {
      const schema = { type: 'object', properties: { q: { type: 'string' }, m: property } };
      const result = projectCommonStrictSchema(schema, false);
      expect(result === undefined ? 'walk' : 'schema' in result ? 'schema' : 'fails').toBe(outcome);
      expect(projectionOutcome(schema, STRICT, true)).toBe(
        projectionOutcome(schema, STRICT, false),
      );
    }
    // Where the walk finds a limit passed first, it is left to say so.
    const deep = nested(11, 'a');
    let inner = deep;
    for (let level = 0; level < 10; level++) {
      inner = (inner.properties as Record<string, Record<string, unknown>>).a as typeof deep;
    }
    inner.additionalProperties = true;
    const wide = {
      type: 'object',
      properties: {} as Record<string, unknown>,
      additionalProperties: true,
    };
    for (let index = 0; index <= 5000; index++) wide.properties[`p${index}`] = { type: 'string' };
    for (const schema of [deep, wide]) {
      expect(projectCommonStrictSchema(schema, false)).toBeUndefined();
      expect(projectionOutcome(schema, STRICT, true)).toBe(
        projectionOutcome(schema, STRICT, false),
      );
    }
  });

  it("should find the walk's failure past `$ref`s among alternatives, and leave what strict takes to the walk", () => {
    // As Notion writes its parents and blocks: refs to objects strict fails at, to `oneOf`s of
    // them, and to closed objects before a branch strict fails at.
    const $defs = {
      pageParent: {
        type: 'object',
        properties: { page_id: { type: 'string', format: 'uuid' } },
        required: ['page_id'],
        additionalProperties: true,
      },
      parent: {
        oneOf: [
          { $ref: '#/$defs/pageParent' },
          { type: 'object', properties: { workspace: { type: 'boolean' } } },
        ],
      },
      richText: {
        type: 'object',
        properties: {
          text: {
            type: 'object',
            properties: { content: { type: 'string' }, link: { type: ['object', 'null'] } },
            required: ['content'],
            additionalProperties: false,
          },
        },
        required: ['text'],
        additionalProperties: false,
      },
      paragraph: {
        type: 'object',
        properties: { rich_text: { type: 'array', items: { $ref: '#/$defs/richText' } } },
        additionalProperties: false,
      },
      block: { anyOf: [{ $ref: '#/$defs/paragraph' }, { $ref: '#/$defs/richText' }] },
      loop: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/loop' }] },
    };
    const crowded = { type: 'object', additionalProperties: true };
    for (const [property, strictPath] of [
      [{ anyOf: [{ $ref: '#/$defs/pageParent' }, { type: 'string' }] }, '/properties/m/anyOf/0'],
      [
        { anyOf: [{ $ref: '#/$defs/parent' }, { type: 'string' }] },
        '/properties/m/anyOf/0/anyOf/0',
      ],
      [
        {
          type: 'array',
          items: { anyOf: [{ $ref: '#/$defs/block' }, { type: 'string' }, crowded] },
        },
        '/properties/m/items/anyOf/2',
      ],
      [
        {
          type: 'array',
          items: { anyOf: [{ $ref: '#/$defs/richText' }, { type: 'string' }, crowded] },
        },
        '/properties/m/items/anyOf/2',
      ],
    ] as const) {
      const schema = { $defs, type: 'object', properties: { q: { type: 'string' }, m: property } };
      expect(projectCommonStrictSchema(schema, false)).toMatchObject({ strictPath });
      expect(projectionOutcome(schema, STRICT, true)).toBe(
        projectionOutcome(schema, STRICT, false),
      );
    }
    // Strict takes these, or fails first at a ref met again, one that is missing, one beside a
    // description: the walk says which.
    for (const property of [
      { anyOf: [{ $ref: '#/$defs/block' }, { type: 'null' }] },
      { $ref: '#/$defs/richText' },
      { anyOf: [{ $ref: '#/$defs/loop' }, crowded] },
      { anyOf: [{ $ref: '#/$defs/missing' }, crowded] },
      { anyOf: [{ $ref: '#/$defs/pageParent', description: 'Parent' }, { type: 'string' }] },
      { anyOf: [{ $ref: '#' }, crowded] },
      // Strict fails at `anyOf` beside `oneOf`.
      { anyOf: [{ type: 'string' }], oneOf: [{ type: 'integer' }] },
      // Alternatives nested deeper than the walk's depth limit, which it says it refuses.
      alternativesOf(130),
    ]) {
      const schema = { $defs, type: 'object', properties: { m: property } };
      expect(projectCommonStrictSchema(schema, false)).toBeUndefined();
      expect(projectionOutcome(schema, STRICT, true)).toBe(
        projectionOutcome(schema, STRICT, false),
      );
    }
  });

  it('should give a copy of a root strict takes as it is, which the result then freezes', () => {
    const root = {
      type: 'object',
      properties: { q: { type: 'string' } },
      required: ['q'],
      additionalProperties: false,
    };
    const result = projectInputSchemaUncached(root, STRICT, true);
    expect(result.schema).toEqual(root);
    expect(result.schema).not.toBe(root);
    expect(Object.isFrozen(root)).toBe(false);
    expect(commonSchema(root, true)?.schema).toBe(root);
  });

  it('should leave a schema to the walk while Object.prototype holds an enumerable key', () => {
    // for-in would read the inherited `title` as a keyword of every node; the walk reads own keys.
    const schema = { type: 'object', properties: { q: { type: 'string' } } };
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.title = 'Inherited';
    try {
      expect(projectCommonStrictSchema(schema, false)).toBeUndefined();
      expect(projectionOutcome(schema, STRICT, true)).toBe(
        projectionOutcome(schema, STRICT, false),
      );
    } finally {
      delete prototype.title;
    }
    expect(projectCommonStrictSchema(schema, false)).toBeDefined();
  });

  it('should leave to the walk what it does not take, what strict fails and what nears a limit', () => {
    for (const schema of [
      { type: 'object', properties: { q: { type: 'string', default: 'x', examples: ['y'] } } },
      {
        type: 'object',
        properties: { q: { anyOf: [{ type: 'object', default: {} }, { type: 'null' }] } },
      },
      {
        type: 'object',
        properties: {
          q: { anyOf: [{ type: 'array', items: { type: 'object', title: 3 } }, { type: 'null' }] },
        },
      },
      { type: 'object', properties: { q: { type: 'string' } }, required: ['missing'] },
      { type: 'object', properties: { q: { type: 'object', examples: [{}] } } },
      { type: 'object', properties: { q: { type: 'string', enum: ['v'.repeat(120_001)] } } },
      nested(11, 'a'),
      nested(6, 'properties'),
    ]) {
      expect(projectCommonStrictSchema(schema, false)).toBeUndefined();
      expect(projectionOutcome(schema, STRICT, true)).toBe(
        projectionOutcome(schema, STRICT, false),
      );
    }
    for (const schema of [nested(10, 'a'), nested(5, 'properties')]) {
      expect(projectCommonStrictSchema(schema, false)).toBeDefined();
      expect(projectionOutcome(schema, STRICT, true)).toBe(
        projectionOutcome(schema, STRICT, false),
      );
    }
  });

  it('should give what the walk gives for each near miss: as a property, as items, as a branch', () => {
    for (const miss of NEAR_MISSES) {
      for (const node of [
        miss,
        { type: 'array', items: miss, default: [] },
        { anyOf: [miss, { type: 'null' }], default: null },
        { anyOf: [{ type: 'string' }, miss, { type: 'null' }] },
      ]) {
        const root = {
          type: 'object',
          properties: { q: { type: 'string', default: 'a' }, z: node },
        };
        expect(projectionOutcome(root, STRICT, true)).toBe(projectionOutcome(root, STRICT, false));
        const result = projectInputSchemaUncached(root, STRICT, true);
        const reference = projectInputSchemaUncached(root, STRICT, false);
        expect(sharing(result, root)).toEqual(sharing(reference, root));
      }
    }
  });

  describe('properties', () => {
    it('should give what the walk gives: JSON text, fallback, sharing and what is frozen', () => {
      let taken = 0;
      let warned = 0;
      let failed = 0;
      let asText = 0;
      let dropped = 0;
      let referenced = 0;
      const kinds = new Map<string, number>();
      fc.assert(
        fc.property(
          strictSchema,
          strictSchema,
          fc.oneof(
            { weight: 2, arbitrary: fc.constant(undefined) },
            { weight: 1, arbitrary: nearMiss },
          ),
          definitions,
          fc.boolean(),
          objectAlternatives,
          (first, second, miss, defs, defsFirst, alone) => {
            // At most one near miss, beside schemas the one-pass path mostly takes.
            const entries: [string, unknown][] = [
              ['type', 'object'],
              [
                'properties',
                nodeOf([
                  ['a', first],
                  ['properties', second],
                  ['z', miss ?? undefined],
                ]),
              ],
              ['required', ['a']],
            ];
            const root = nodeOf(
              defsFirst ? [['$defs', defs], ...entries] : [...entries, ['$defs', defs]],
            );
            // Alternatives alone, which the one-pass path takes more often than the above.
            const side = { type: 'object', properties: { m: alone }, $defs: defs };
            for (const schema of [root, side]) {
              const common = projectCommonStrictSchema(schema, false);
              if (common !== undefined) taken++;
              if (common !== undefined && 'schema' in common) {
                for (const kind of kindsOf(schema)) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
              }
              if (common !== undefined && 'schema' in common && common.warnings !== undefined) {
                warned++;
                if (common.warnings.some(({ code }) => code === 'OPEN_OBJECT_AS_JSON')) asText++;
                if (common.warnings.some(({ code }) => code === 'DROPPED_KEYWORD')) dropped++;
              }
              if (common !== undefined && !('schema' in common)) {
                failed++;
                if (pastReference(schema, common.strictPath)) referenced++;
              }
            }
            for (const schema of [root, first, side]) {
              const outcome = projectionOutcome(schema, STRICT, false);
              expect(projectionOutcome(schema, STRICT, true)).toBe(outcome);
              // A `$ref` the schema does not hold is the walk's error, compared here.
              if (schema === first || outcome.startsWith('UNRESOLVED_REF')) continue;
              expect(sharing(projectInputSchemaUncached(schema, STRICT, true), schema)).toEqual(
                sharing(projectInputSchemaUncached(schema, STRICT, false), schema),
              );
            }
          },
        ),
        { numRuns: 300 },
      );
      // The schemas above reach the one-pass path often enough for the comparison to mean much.
      expect(taken).toBeGreaterThan(30);
      expect(warned).toBeGreaterThan(30);
      expect(failed).toBeGreaterThan(10);
      expect(asText).toBeGreaterThan(10);
      expect(dropped).toBeGreaterThan(10);
      // Failures found past a `$ref`, and the kinds taken since stop 24.

      expect(referenced).toBeGreaterThan(10);
      for (const kind of ['object', 'nested', 'oneOf', 'typeList', 'scalarList', 'const']) {
        expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(10);
      }
    });
  });
});

describe('projectCommonStrictSchema limits', () => {
  it('leaves every node the walk could refuse as too deep to the walk', () => {
    // Below its deepest path a node holds at most a property or an array's items and a leaf's.
    expect(MAX_COMMON_DEPTH + 4).toBeLessThanOrEqual(MAX_SCHEMA_DEPTH);
  });
});
