import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCatalogs } from '../../../test/support/catalogs.js';
import { projectionOutcome } from '../../../test/support/projection-outcome.js';
import {
  anySchema,
  deepFreeze,
  nodeOf,
  propertyName,
} from '../../../test/support/schema-arbitraries.js';
import { ToolwireError } from '../toolwire-error.js';
import { collectFittingSchemas, FITTING_WARNS } from './collect-fitting-schemas.js';
import {
  type ProjectInputSchemaOptions,
  projectInputSchema,
  projectInputSchemaUncached,
} from './project-input-schema.js';
import {
  ANTHROPIC_PROPERTY_KEYS,
  fitsRule,
  type PropertyKeyRule,
  VERTEX_PROPERTY_KEYS,
} from './property-key-rule.js';

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

/** The profile the walk uses for a case, as `projectInputSchema` picks it. */
function profileOf(options: Omit<ProjectInputSchemaOptions, 'subject'>): string {
  if (options.strict === true) return 'openaiStrict';
  if (options.geminiField === 'parametersJsonSchema') return 'geminiJson';
  return options.target;
}

const outcome = projectionOutcome;

const leafType = fc.constantFrom('string', 'integer', 'number', 'boolean', 'null');

/**
 * Schemas as MCP servers write them, most of which fit most targets as they are, with the small
 * departures that make a node change: type arrays, formats, bounds, silent keywords, empty
 * `required`, `additionalProperties: false`, null branches, non-string enums, odd property keys.
 * Keys come in any order, since a rebuilt node must come out in the projection's order.
 */
const serverSchema: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown }>((tie) => {
  const schema = tie('schema');
  const entry = (key: string, value: fc.Arbitrary<unknown>) => fc.tuple(fc.constant(key), value);
  const annotation = fc.oneof(
    entry('description', fc.oneof(fc.string({ maxLength: 8 }), fc.constant(3))),
    entry('title', fc.constantFrom('Title', 'T')),
    entry('default', fc.jsonValue({ maxDepth: 1 })),
    entry('$comment', fc.constant('note')),
    entry('examples', fc.constant(['x'])),
    entry('x-vendor', fc.constant(true)),
    entry('deprecated', fc.boolean()),
  );
  const leafEntry = fc.oneof(
    annotation,
    entry(
      'enum',
      fc.oneof(
        fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 3 }),
        fc.array(fc.oneof(fc.constantFrom('a', 'b'), fc.nat(3), fc.constant(null)), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.constant([]),
      ),
    ),
    entry('const', fc.constantFrom('a', 1)),
    entry('format', fc.constantFrom('date-time', 'uri', 'email', 'int32', 'float', 'uuid', 'date')),
    entry('minimum', fc.oneof(fc.nat(5), fc.constant('1'))),
    entry('maximum', fc.integer({ min: 5, max: 9 })),
    entry('exclusiveMinimum', fc.oneof(fc.boolean(), fc.nat(5))),
    entry('minLength', fc.oneof(fc.nat(3), fc.constant(-1))),
    entry('pattern', fc.constant('^a')),
    entry('nullable', fc.boolean()),
    entry('minItems', fc.nat(2)),
  );
  const objectEntry = fc.oneof(
    annotation,
    entry(
      'required',
      fc.oneof(
        fc.constant([]),
        fc.constant(['a']),
        fc.constant(['a', 'a']),
        fc.uniqueArray(fc.constantFrom('a', 'b', 'path', 'missing'), { maxLength: 2 }),
      ),
    ),
    entry('additionalProperties', fc.oneof(fc.constant(false), fc.constant(true), schema)),
    entry('$schema', fc.constant('http://json-schema.org/draft-07/schema#')),
    entry('$defs', fc.record({ unused: schema })),
    entry('minProperties', fc.nat(2)),
    entry('type', fc.constantFrom(['object', 'null'], 'string')),
  );
  const arrayEntry = fc.oneof(
    annotation,
    entry('minItems', fc.nat(2)),
    entry('maxItems', fc.nat(4)),
    entry('uniqueItems', fc.boolean()),
    entry('items', fc.constant(undefined)),
  );
  const alternativeEntry = fc.oneof(annotation, entry('type', fc.constantFrom('string', 'null')));
  const extras = (arbitrary: fc.Arbitrary<[string, unknown]>) =>
    fc.array(arbitrary, { maxLength: 2 });
  const leaf = fc
    .tuple(
      fc.oneof(
        { arbitrary: leafType, weight: 4 },
        fc.uniqueArray(leafType, { minLength: 1, maxLength: 2 }),
        fc.constant(['string', 'string']),
      ),
      extras(leafEntry),
    )
    .map(([type, rest]): [string, unknown][] => [['type', type], ...rest]);
  const object = fc
    .tuple(
      fc.oneof(
        fc.dictionary(propertyName, schema, { maxKeys: 3 }),
        fc.dictionary(fc.constantFrom('a', 'b', 'path'), schema, { minKeys: 1, maxKeys: 3 }),
      ),
      extras(objectEntry),
    )
    .map(([properties, rest]): [string, unknown][] => [
      ['type', 'object'],
      ['properties', properties],
      ...rest,
    ]);
  const array = fc
    .tuple(schema, extras(arrayEntry))
    .map(([items, rest]): [string, unknown][] => [['type', 'array'], ['items', items], ...rest]);
  const alternatives = fc
    .tuple(
      fc.constantFrom('anyOf', 'oneOf'),
      fc.oneof(
        fc.tuple(schema, fc.constant({ type: 'null' })),
        fc.array(schema, { minLength: 1, maxLength: 3 }),
      ),
      extras(alternativeEntry),
    )
    .map(([keyword, branches, rest]): [string, unknown][] => [[keyword, branches], ...rest]);
  return {
    schema: fc
      .tuple(
        fc.oneof(
          { maxDepth: 3, depthIdentifier: 'server' },
          { arbitrary: leaf, weight: 5 },
          { arbitrary: object, weight: 3 },
          { arbitrary: array, weight: 1 },
          { arbitrary: alternatives, weight: 1 },
        ),
        fc.boolean(),
      )
      .map(([entries, reversed]) => nodeOf(reversed ? [...entries].reverse() : entries)),
  };
}).schema;

/**
 * Root schemas with local `$ref`s as generators write them (`$defs` members referred to from
 * properties, items and alternatives, with keywords beside the `$ref`, chains, members that refer
 * to each other or to themselves, `$ref`s to nothing or to the root) and property keys that
 * Anthropic and Bedrock rename (beside the names their renaming may collide with), required or not.
 */
const referringSchema: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown; root: unknown }>(
  (tie) => {
    const schema = tie('schema');
    const key = fc.oneof(
      { arbitrary: fc.constantFrom('a', 'path', 'id'), weight: 3 },
      fc.constantFrom('a b', 'a_b', 'x[0]', 'x_0_', 'When<', 'When>', 'When_', 'k'.repeat(70), 'é'),
      propertyName,
    );
    const ref = fc.constantFrom(
      '#/$defs/a',
      '#/$defs/b',
      '#/$defs/c',
      '#/definitions/d',
      '#/$defs/missing',
      '#',
      '#/properties/a',
      '#/%24defs/b',
      '#/$defs/a/properties/a',
    );
    const beside = fc.constantFrom<[string, unknown]>(
      ['description', 'Beside'],
      ['title', 'T'],
      ['$comment', 'x'],
      ['type', 'object'],
      ['default', null],
      ['properties', { extra: { type: 'string' } }],
      ['required', ['a']],
    );
    const reference = fc
      .tuple(
        ref,
        fc.uniqueArray(beside, { maxLength: 2, selector: ([name]) => name }),
        fc.boolean(),
      )
      .map(([target, rest, first]) =>
        nodeOf(first ? [['$ref', target], ...rest] : [...rest, ['$ref', target]]),
      );
    const required = (names: string[], more: string[]) => [
      ...new Set([...names.slice(0, 1), ...more]),
    ];
    const object = fc
      .tuple(fc.dictionary(key, schema, { maxKeys: 3 }), fc.uniqueArray(key, { maxLength: 2 }))
      .map(([members, more]) =>
        nodeOf([
          ['type', 'object'],
          ['properties', members],
          ['required', more.length === 0 ? undefined : required(Object.keys(members), more)],
        ]),
      );
    const leaf = fc.constantFrom<unknown>(
      { type: 'string' },
      { type: 'integer', description: 'Count', $comment: 'x' },
      { type: ['string', 'null'] },
      { type: 'string', format: 'date-time' },
      { type: 'object', properties: {}, additionalProperties: false },
      { type: 'object', items: {} },
      true,
    );
    return {
      schema: fc.oneof(
        { maxDepth: 3, depthIdentifier: 'referring' },
        { arbitrary: leaf, weight: 3 },
        { arbitrary: reference, weight: 3 },
        { arbitrary: object, weight: 2 },
        fc.record({ type: fc.constant('array'), items: schema }),
        fc.record({ anyOf: fc.tuple(schema, fc.constant({ type: 'null' })) }),
        fc.record({ type: fc.constant('object'), additionalProperties: schema }),
        fc.record({ not: schema }),
      ),
      root: fc
        .tuple(
          fc.dictionary(key, schema, { minKeys: 1, maxKeys: 3 }),
          fc.uniqueArray(key, { maxLength: 2 }),
          fc.record({ a: schema, b: schema, c: schema }, { requiredKeys: [] }),
          fc.option(schema, { nil: undefined }),
          fc.boolean(),
        )
        .map(([properties, more, $defs, d, defsFirst]) => {
          const definitions: [string, unknown][] = [['$defs', $defs]];
          return nodeOf([
            ...(defsFirst ? definitions : []),
            ['type', 'object'],
            ['properties', properties],
            ['required', more.length === 0 ? undefined : required(Object.keys(properties), more)],
            ['definitions', d === undefined ? undefined : { d }],
            ...(defsFirst ? [] : definitions),
          ]);
        }),
    };
  },
).root;

/**
 * A projection's nodes as text: each object's keys, whether it is frozen, and which input object
 * it is (by its path in the input), so that two projections compare by sharing as well.
 */
function sharing(result: unknown, input: unknown): string {
  const paths = new Map<unknown, string>();
  const index = (value: unknown, path: string): void => {
    if (typeof value !== 'object' || value === null || paths.has(value)) return;
    paths.set(value, path);
    for (const key of Object.keys(value))
      index((value as Record<string, unknown>)[key], `${path}/${key}`);
  };
  index(input, '');
  const lines: string[] = [];
  const describe = (value: unknown, path: string): void => {
    if (typeof value !== 'object' || value === null) return;
    const keys = Object.keys(value);
    lines.push(`${path} ${paths.get(value) ?? 'new'} ${Object.isFrozen(value)} ${keys.join(',')}`);
    for (const key of keys) describe((value as Record<string, unknown>)[key], `${path}/${key}`);
  };
  describe(result, '');
  return lines.join('\n');
}

/** The fast path and the full walk share the same input objects and freeze the same nodes. */
function expectSameSharing(
  schema: unknown,
  options: Omit<ProjectInputSchemaOptions, 'subject'>,
): void {
  let fast: ReturnType<typeof projectInputSchema>;
  let reference: ReturnType<typeof projectInputSchema>;
  try {
    fast = projectInputSchemaUncached(schema, options, true);
    reference = projectInputSchemaUncached(schema, options, false);
  } catch {
    // A schema that cannot be projected is compared by its outcome alone.
    return;
  }
  expect(sharing(fast, schema)).toBe(sharing(reference, schema));
}

/**
 * Holds the fast path to the full walk (outcome and sharing) for every option case, and gives the
 * Gemini and Vertex cases (without a field of their own) that the fast path took.
 */
function geminiCasesTaken(schema: unknown): Omit<ProjectInputSchemaOptions, 'subject'>[] {
  const taken: Omit<ProjectInputSchemaOptions, 'subject'>[] = [];
  for (const options of CASES) {
    expect(outcome(schema, options, true)).toBe(outcome(schema, options, false));
    expectSameSharing(schema, options);
    if (options.target !== 'gemini' && options.target !== 'vertex') continue;
    if (options.geminiField !== undefined) continue;
    const found = collectFittingSchemas(schema, options.target, false);
    if ((found.root ?? found.mapped) !== undefined) taken.push(options);
  }
  return taken;
}

/**
 * Root schemas as OpenAPI generators write them for Gemini and Vertex to rewrite (Notion's, say):
 * `$defs` members referred to from properties, items and branches, `oneOf` (of `$ref`s too),
 * `const` with and without a type, `type: [X, "null"]`, beside the variations each rewrite leaves
 * to the walk: a `const` that is no string or sits beside an `enum`, a type list of two types, a
 * `$ref` branch that reads as null only once merged, a `default` or a type beside a `oneOf`.
 */
const generatedNode: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown }>((tie) => {
  const schema = tie('schema');
  const ref = fc.constantFrom(
    '#/$defs/text',
    '#/$defs/kind',
    '#/$defs/parent',
    '#/$defs/none',
    '#/$defs/either',
    '#/$defs/loop',
    '#/$defs/choice',
    '#/$defs/missing',
  );
  const beside = fc.constantFrom<[string, unknown]>(
    ['description', 'Beside'],
    ['title', 'T'],
    ['type', 'null'],
    ['default', null],
    ['format', 'uuid'],
  );
  const reference = fc
    .tuple(ref, fc.uniqueArray(beside, { maxLength: 2, selector: ([name]) => name }), fc.boolean())
    .map(([target, rest, first]) =>
      nodeOf(first ? [['$ref', target], ...rest] : [...rest, ['$ref', target]]),
    );
  // Leaves the fast way takes, and (fewer) leaves it leaves to the walk.
  const leaf = fc.oneof(
    {
      arbitrary: fc.constantFrom<unknown>(
        { type: 'string' },
        { type: 'integer', description: 'Count' },
        { type: 'string', const: 'page_id' },
        { const: 'workspace' },
        { const: 'workspace', description: 'Kind', title: 'K' },
        { enum: ['a', 'b'] },
        { type: ['object', 'null'] },
        { type: ['null', 'string'], enum: ['a'], description: 'Maybe' },
        { type: ['string', 'null'], format: 'date-time' },
        { type: ['string', 'null'], format: 'uuid' },
        { type: ['array', 'null'], items: { type: 'string', const: 'x' } },
        { type: 'string', format: 'uuid' },
        { type: 'null' },
        { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        { oneOf: [{ type: 'string', format: 'uuid' }, { type: 'integer' }] },
        { type: 'null', oneOf: [{ type: 'string' }, { type: 'integer' }] },
        { anyOf: [{ $ref: '#/$defs/choice' }, { type: 'null' }], default: null },
        { anyOf: [{ oneOf: [{ type: 'string' }, { type: 'integer' }] }, { type: 'null' }] },
        {},
        { title: 'Anything', description: 'Any' },
        { type: 'array', items: {} },
        { anyOf: [{}, { type: 'null' }], default: null, title: 'Tags', description: 'Tags' },
      ),
      weight: 4,
    },
    fc.constantFrom<unknown>(
      { const: 1 },
      { const: null },
      { type: 'integer', const: 'x' },
      { const: 'a', enum: ['a', 'b'] },
      { enum: ['a', 'b'], const: 'a' },
      { enum: ['a', 1] },
      { const: 'a', properties: { b: { type: 'string' } } },
      { type: ['string', 'number'] },
      { type: ['string', 'null'], anyOf: [{ minLength: 1 }] },
      { type: ['null', 'string'], oneOf: [{ minLength: 1 }] },
    ),
  );
  const own = fc.constantFrom<[string, unknown]>(
    ['description', 'Outer'],
    ['default', null],
    ['type', 'object'],
    ['title', 'Choice'],
    ['anyOf', [{ type: 'string' }]],
  );
  const alternatives = fc
    .tuple(
      fc.constantFrom('oneOf', 'anyOf'),
      fc.oneof(
        fc.array(fc.oneof(schema, reference), { minLength: 1, maxLength: 3 }),
        fc
          .tuple(fc.oneof(schema, reference), fc.constant({ type: 'null' }))
          .map((pair) => [...pair]),
      ),
      fc.uniqueArray(own, { maxLength: 1, selector: ([name]) => name }),
      fc.boolean(),
    )
    .map(([keyword, branches, rest, first]) =>
      nodeOf(first ? [[keyword, branches], ...rest] : [...rest, [keyword, branches]]),
    );
  const object = fc
    .tuple(
      fc.dictionary(fc.constantFrom('type', 'page_id', 'text', 'link'), schema, { maxKeys: 3 }),
      fc.boolean(),
      fc.constantFrom<unknown>('object', ['object', 'null']),
    )
    .map(([properties, closed, type]) =>
      nodeOf([
        ['type', type],
        ['properties', properties],
        ['required', Object.keys(properties).slice(0, 1)],
        ['additionalProperties', closed ? false : undefined],
      ]),
    );
  return {
    schema: fc.oneof(
      { maxDepth: 3, depthIdentifier: 'generated' },
      { arbitrary: leaf, weight: 3 },
      { arbitrary: reference, weight: 3 },
      { arbitrary: alternatives, weight: 3 },
      { arbitrary: object, weight: 2 },
      fc.record({ type: fc.constant('array'), items: fc.oneof(schema, reference) }),
    ),
  };
}).schema;

/** A root with the `$defs` that `generatedNode`'s `$ref`s lead to. */
function generatedRoot(properties: Record<string, unknown>): Record<string, unknown> {
  return {
    $defs: {
      text: {
        type: 'object',
        properties: { content: { type: 'string' }, link: { type: ['object', 'null'] } },
        required: ['content'],
        additionalProperties: false,
      },
      kind: { type: 'string', const: 'database_id' },
      parent: {
        oneOf: [
          { $ref: '#/$defs/text' },
          { type: 'object', properties: { type: { const: 'workspace' } }, required: ['type'] },
        ],
      },
      none: { type: 'null' },
      either: { anyOf: [{ $ref: '#/$defs/kind' }, { type: 'null' }] },
      loop: { type: 'object', properties: { next: { $ref: '#/$defs/loop' } } },
      choice: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
    },
    type: 'object',
    properties,
    required: Object.keys(properties).slice(0, 1),
  };
}

const generatedSchema: fc.Arbitrary<unknown> = fc
  .dictionary(fc.constantFrom('a', 'parent', 'items'), generatedNode, { minKeys: 1, maxKeys: 2 })
  .map(generatedRoot);

const corpus: unknown[] = loadCatalogs()
  .flatMap((catalog) => catalog.tools)
  .map((tool) => tool.inputSchema);

describe('collectFittingSchemas', () => {
  it('should give exactly what the full walk gives, for every bundled catalog schema and target', () => {
    for (const schema of corpus) {
      for (const options of CASES) {
        expect(outcome(schema, options, true)).toBe(outcome(schema, options, false));
      }
    }
  });

  it('should give exactly what the full walk gives for leaves of a type and a description, and their near kin', () => {
    const leaves: unknown[] = [
      { type: 'string' },
      { type: 'null' },
      { description: 'd', type: 'integer' },
      { type: 'boolean', description: 'd' },
      { type: 'number', description: 3 },
      { type: 'string', description: null },
      { type: 'object', description: 'd' },
      { type: 'array', description: 'd' },
      { type: 'strinG' },
      { type: ['string', 'null'], description: 'd' },
      { type: 'string', title: 'T' },
      { description: 'd' },
      { type: 'string', description: 'd', format: 'uuid' },
    ];
    for (const leaf of leaves) {
      const schemas = [
        { type: 'object', properties: { a: leaf } },
        { type: 'object', properties: { a: { type: 'array', items: leaf } } },
        { type: 'object', properties: { a: { anyOf: [leaf, { type: 'null' }] } } },
        { type: 'object', properties: { a: { oneOf: [leaf, { type: 'integer' }] } } },
        { type: 'object', properties: { a: leaf, b: { type: 'array' } } },
      ];
      for (const schema of schemas) {
        for (const options of CASES) {
          expect(outcome(schema, options, true)).toBe(outcome(schema, options, false));
        }
      }
    }
  });

  it('should send the parts of a real schema that fit as the input objects themselves, not copies', () => {
    let shared = 0;
    for (const schema of corpus) {
      const input = schema as { properties?: unknown };
      const reference = projectInputSchemaUncached(input, { target: 'openai' }, false);
      const result = projectInputSchema(input, { target: 'openai' });
      if (JSON.stringify(reference.schema.properties) !== JSON.stringify(input.properties))
        continue;
      expect(result.schema.properties).toBe(input.properties);
      shared++;
    }
    // Nearly every real schema fits OpenAI below its root.
    expect(shared).toBeGreaterThan(corpus.length * 0.9);
  });

  it('should read a root of another prototype as its plain copy, and keep what fits of it', () => {
    class Arguments {
      type = 'object';
      properties = { path: { type: 'string' } };
      $schema = 'https://json-schema.org/draft/2020-12/schema';
    }
    const plain = Object.assign(Object.create(null), { type: 'object', properties: {} });
    for (const input of [new Arguments(), plain, { type: 'object', properties: { a: {} } }]) {
      for (const options of CASES) {
        expect(outcome(input, options, true)).toBe(outcome(input, options, false));
      }
    }
    const input = new Arguments();
    const result = projectInputSchema(input, { target: 'openai' });
    expect(result.schema).toEqual({ type: 'object', properties: { path: { type: 'string' } } });
    expect(Object.getPrototypeOf(result.schema)).toBe(Object.prototype);
    expect(result.schema.properties).toBe(input.properties);
  });

  it('should keep every fitting property of a root with many properties that does not fit', () => {
    // One key Anthropic rejects: the root is walked, and the check hands it each of the other
    // properties (more than the check's first room for findings) to send as they are.
    const properties: Record<string, unknown> = { 'repo.name': { type: 'string' } };
    for (let index = 0; index < 300; index++) {
      properties[`p${index}`] =
        index % 3 === 0
          ? { type: 'object', properties: { q: { type: 'integer' } }, $comment: 'rebuilt' }
          : { type: 'string', description: `Property ${index}` };
    }
    const schema = deepFreeze({ type: 'object', properties });
    for (const target of ['anthropic', 'bedrock'] as const) {
      expect(outcome(schema, { target }, true)).toBe(outcome(schema, { target }, false));
      const sent = projectInputSchema(schema, { target }).schema.properties as Record<
        string,
        unknown
      >;
      for (let index = 0; index < 300; index++) {
        const name = `p${index}`;
        if (index % 3 === 0) {
          expect(sent[name]).not.toBe(properties[name]);
          expect(sent[name]).toEqual({ type: 'object', properties: { q: { type: 'integer' } } });
        } else {
          expect(sent[name]).toBe(properties[name]);
        }
      }
    }
  });

  it('should take only the JSON Schema type names as types, whatever their spelling is near', () => {
    const names = ['string', 'object', 'array', 'integer', 'number', 'boolean', 'null'];
    const nearMisses = [
      'strinG',
      'strings',
      'Object',
      'objecT',
      'arrays',
      'arra',
      'Array',
      'numbers',
      'numbeR',
      'nul',
      'nulL',
      'integeR',
      'booleaN',
      'bool',
      'int',
      '',
      'objects',
      'sting',
      'nothing',
    ];
    for (const type of [...names, ...nearMisses]) {
      const node = type === 'array' ? { type, items: {} } : { type };
      const found = collectFittingSchemas(
        { type: 'object', properties: { a: node } },
        'openai',
        false,
      );
      expect(found.root !== undefined).toBe(names.includes(type));
      const schema = { type: 'object', properties: { a: node } };
      expect(outcome(schema, { target: 'openai' }, true)).toBe(
        outcome(schema, { target: 'openai' }, false),
      );
    }
  });

  it('should write a one-type array the way the full walk does, as the type itself', () => {
    const schema = { type: 'object', properties: { id: { type: ['string'] } } };
    for (const target of ['openai', 'anthropic', 'bedrock'] as const) {
      const { schema: projected } = projectInputSchema(structuredClone(schema), { target });
      expect(projected.properties).toEqual({ id: { type: 'string' } });
    }
  });

  it('should count the enum values of fitting leaves against the OpenAI strict size limit', () => {
    const properties: Record<string, unknown> = {};
    for (let index = 0; index < 130; index++) {
      properties[`p${index}`] = { type: 'string', enum: [`${index}`.padEnd(1000, 'x')] };
    }
    const schema = { type: 'object', properties, required: Object.keys(properties) };
    const result = projectInputSchema(schema, { target: 'openai', strict: true });
    expect(result.strict).toBe(false);
    expect(result.warnings[0]?.code).toBe('STRICT_FALLBACK');
    expect(outcome(schema, { target: 'openai', strict: true }, true)).toBe(
      outcome(schema, { target: 'openai', strict: true }, false),
    );
  });

  it('should still stop at the depth limit when a fitting definition is inlined deep down', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 200; level++) deep = { type: 'array', items: deep };
    let schema: Record<string, unknown> = { $ref: '#/$defs/deep' };
    for (let level = 0; level < 40; level++) {
      schema = { type: 'object', properties: { next: schema } };
    }
    schema.$defs = { deep };
    for (const options of CASES) {
      const fast = outcome(schema, options, true);
      expect(fast).toBe(outcome(schema, options, false));
      if (options.target !== 'mcp') expect(fast).toMatch(/^SCHEMA_TOO_DEEP/);
    }
  });

  it('should rebuild a node that only loses keywords silently in the order the full walk writes', () => {
    const schema = {
      description: 'Search',
      additionalProperties: false,
      properties: { query: { $comment: 'x', description: 'Text', type: 'string' } },
      required: [],
      type: 'object',
      $schema: 'http://json-schema.org/draft-07/schema#',
    };
    for (const options of CASES) {
      expect(outcome(schema, options, true)).toBe(outcome(schema, options, false));
    }
    const gemini = projectInputSchema(schema, { target: 'gemini' });
    expect(Object.keys(gemini.schema)).toEqual(['type', 'properties', 'description']);
    expect(gemini.warnings).toEqual([]);
  });

  it('should keep the object and array keywords of a wrapper whose lone branch is an object or an array', () => {
    // Gemini and Vertex write `anyOf: [X, null]` as X with `nullable`: the wrapper's
    // `minProperties` still limits X when X is an object (and means nothing when it is a string).
    const object = { type: 'object', properties: { x: { type: 'string' } } };
    const list = { type: 'array', items: { type: 'string' } };
    const wrappers = [
      { anyOf: [object], minProperties: 1 },
      { anyOf: [object, { type: 'null' }], maxProperties: 3, description: 'Filter' },
      { anyOf: [list, { type: 'null' }], minItems: 1, uniqueItems: true },
      { anyOf: [{ type: 'string' }], minProperties: 1 },
      { anyOf: [{ type: 'string' }, { type: 'null' }], maxItems: 2 },
    ];
    const projected = wrappers.map((wrapper) => {
      const schema = { type: 'object', properties: { a: wrapper } };
      for (const options of CASES) {
        expect(outcome(schema, options, true)).toBe(outcome(schema, options, false));
      }
      const result = projectInputSchema(schema, { target: 'gemini' });
      return {
        a: (result.schema.properties as Record<string, unknown>).a,
        codes: result.warnings.map((item) => item.code),
      };
    });
    expect(projected[0]).toEqual({ a: { ...object, minProperties: 1 }, codes: [] });
    expect(projected[1]).toEqual({
      a: { ...object, nullable: true, description: 'Filter', maxProperties: 3 },
      codes: [],
    });
    expect(projected[2]?.a).toMatchObject({ ...list, nullable: true, minItems: 1 });
    expect(projected[2]?.codes).toEqual(['MOVED_TO_DESCRIPTION']);
    expect(projected[3]).toEqual({ a: { type: 'string' }, codes: [] });
    expect(projected[4]).toEqual({ a: { type: 'string', nullable: true }, codes: [] });
  });

  it('should require on the merged node the names a wrapper of a lone object branch requires', () => {
    const wrapper = {
      anyOf: [
        {
          type: 'object',
          properties: { x: { type: 'string' }, y: { type: 'string' }, 'a.b': { type: 'string' } },
          required: ['y'],
        },
        { type: 'null' },
      ],
      required: ['x', 'a.b', 'undeclared', 'y'],
    };
    const schema = { type: 'object', properties: { filter: wrapper } };
    for (const options of CASES) {
      expect(outcome(schema, options, true)).toBe(outcome(schema, options, false));
    }
    const filterOf = (target: 'gemini' | 'vertex') =>
      (projectInputSchema(schema, { target }).schema.properties as Record<string, unknown>)
        .filter as Record<string, unknown>;
    expect(filterOf('gemini').required).toEqual(['y', 'x', 'a.b']);
    expect(filterOf('gemini').nullable).toBe(true);
    // Vertex renames `a.b`: required under the name it is sent by.
    const vertex = filterOf('vertex');
    const renamed = Object.keys(vertex.properties as object).find(
      (key) => !['x', 'y'].includes(key),
    );
    expect(renamed).not.toBe('a.b');
    expect(vertex.required).toEqual(['y', 'x', renamed]);
  });

  it('should move the additionalProperties of a wrapper of a lone object branch into the description, as on any object', () => {
    const object = { type: 'object', properties: { x: { type: 'string' } }, description: 'Filter' };
    const wrappers = [
      { anyOf: [object, { type: 'null' }], additionalProperties: { type: 'string' } },
      { anyOf: [object], additionalProperties: true },
      { anyOf: [object], additionalProperties: false },
      { anyOf: [{ type: 'string' }], additionalProperties: true },
    ];
    const projected = wrappers.map((wrapper) => {
      const schema = { type: 'object', properties: { filter: wrapper } };
      for (const options of CASES) {
        expect(outcome(schema, options, true)).toBe(outcome(schema, options, false));
      }
      const result = projectInputSchema(schema, { target: 'gemini' });
      const filter = (result.schema.properties as Record<string, unknown>).filter;
      return { filter, warnings: result.warnings.map((item) => `${item.code} ${item.path}`) };
    });
    expect(projected[0]?.filter).toMatchObject({
      description: 'Filter (other properties: {"type":"string"})',
    });
    expect(projected[0]?.warnings).toEqual([
      'MOVED_TO_DESCRIPTION /properties/filter/additionalProperties',
    ]);
    expect(projected[1]?.warnings).toHaveLength(1);
    expect(projected[2]).toEqual({ filter: object, warnings: [] });
    expect(projected[3]).toEqual({ filter: { type: 'string' }, warnings: [] });
  });

  it('should give exactly what the full walk gives when a getter projects another schema mid-check', () => {
    const inner = {
      type: 'object',
      properties: {
        q: { type: 'string', $comment: 'x' },
        r: { $ref: '#/$defs/r' },
        s: { type: 'array', items: { type: 'object', properties: { t: { type: 'number' } } } },
      },
      $defs: { r: { type: ['string', 'null'] } },
    };
    const properties: Record<string, unknown> = { a: { type: 'string', $comment: 'x' } };
    Object.defineProperty(properties, 'b', {
      enumerable: true,
      get: () => {
        for (const options of CASES) projectInputSchema(structuredClone(inner), options);
        return { type: 'integer', minimum: 1 };
      },
    });
    properties.c = { type: 'object', properties: { d: { type: 'string', $id: 'd' } } };
    const schema = { type: 'object', properties, $schema: 'x', required: ['a'] };
    for (const options of CASES) {
      expect(outcome(schema, options, true)).toBe(outcome(schema, options, false));
    }
  });

  describe('properties', () => {
    it('should judge a property key as the target rule does', () => {
      const rules: [string, PropertyKeyRule][] = [
        ['anthropic', ANTHROPIC_PROPERTY_KEYS],
        ['bedrock', ANTHROPIC_PROPERTY_KEYS],
        ['vertex', VERTEX_PROPERTY_KEYS],
      ];
      const key = fc.oneof(
        fc.string({ maxLength: 70 }),
        fc.string({ unit: 'binary', maxLength: 8 }),
        fc.stringMatching(/^[A-Za-z0-9_.-]{0,66}$/),
      );
      fc.assert(
        fc.property(key, (name) => {
          const schema = { type: 'object', properties: { [name]: { type: 'string' } } };
          for (const [target, rule] of rules) {
            const found = collectFittingSchemas(schema, target, false);
            expect(found.root !== undefined).toBe(fitsRule(name, rule));
          }
        }),
        { numRuns: 500 },
      );
    });

    it('should find a fitting root as the walk that lists every fitting node finds it, below a root that does not fit', () => {
      // A root that fits is checked by a lean walk, which lists only rebuilt nodes; below a root
      // that does not fit (a description that is not text), the same schema is found by the walk
      // that lists every fitting node, which keeps it and its rebuilt nodes.
      // A `$defs` member that does not fit, with a rebuilt property after the one that fails.
      const halfChecked = {
        type: 'object',
        properties: { x: { type: 'string' } },
        $defs: {
          m: {
            type: 'object',
            properties: { bad: { description: 3 }, later: { type: 'string', $comment: 'c' } },
          },
        },
      };
      fc.assert(
        fc.property(serverSchema, (schema) => {
          for (const profile of ['openai', 'anthropic', 'gemini', 'vertex', 'bedrock']) {
            const alone = collectFittingSchemas(schema, profile, false);
            // Only the lean walk rebuilds what warns (for a whole schema, whose paths it knows).
            if (alone.root === undefined || (alone.root.shape & FITTING_WARNS) !== 0) continue;
            const below = collectFittingSchemas(
              { type: 'object', description: 3, properties: { a: schema } },
              profile,
              false,
            );
            expect(below.root).toBeUndefined();
            expect(below.fitting).toEqual(
              new Map([...alone.fitting, [schema as object, alone.root]]),
            );
          }
        }),
        { numRuns: 200, examples: [[halfChecked]] },
      );
    });

    it('should find no object schema fitting under strict, and below a root what it finds alone', () => {
      // Strict closes every object and requires every property, so no object schema fits it;
      // collectFittingSchemas runs only the walk that lists every fitting node, and what it
      // finds for a schema of any kind is what it finds for the same schema below a root.
      fc.assert(
        fc.property(serverSchema, (schema) => {
          const alone = collectFittingSchemas(schema, 'openaiStrict', true);
          if ((schema as { type?: unknown }).type === 'object') {
            expect(alone.root).toBeUndefined();
          }
          const below = collectFittingSchemas(
            { type: 'object', properties: { a: schema } },
            'openaiStrict',
            true,
          );
          expect(below.root).toBeUndefined();
          expect(below.fitting).toEqual(
            alone.root === undefined
              ? alone.fitting
              : new Map([...alone.fitting, [schema as object, alone.root]]),
          );
        }),
        { numRuns: 200 },
      );
    });

    it('should give exactly what the full walk gives, on schemas as servers write them', () => {
      fc.assert(
        fc.property(serverSchema, (schema) => {
          const root = { type: 'object', properties: { a: schema, b: { type: 'string' } } };
          for (const options of CASES) {
            expect(outcome(root, options, true)).toBe(outcome(root, options, false));
          }
        }),
        { numRuns: 300 },
      );
    });

    it('should give exactly what the full walk gives with a server schema as the root, sharing what fits', () => {
      // Roots checked as they are (an object schema with properties, copied only for the result),
      // rebuilt without a `$schema` or `$comment` (alone, or with rebuilt children), or walked.
      const root = fc
        .tuple(
          serverSchema,
          fc.uniqueArray(
            fc.constantFrom<[string, unknown]>(
              ['$schema', 'https://json-schema.org/draft/2020-12/schema'],
              ['$comment', 'x'],
              ['title', 'Arguments'],
              ['not', { type: 'string' }],
              ['additionalProperties', false],
              ['required', []],
            ),
            { maxLength: 3, selector: ([key]) => key },
          ),
          fc.boolean(),
        )
        .map(([schema, extra, first]) => {
          const node = schema as Record<string, unknown>;
          const own = Object.entries(node);
          return deepFreeze(nodeOf(first ? [...extra, ...own] : [...own, ...extra]));
        });
      fc.assert(
        fc.property(root, (schema) => {
          for (const options of CASES) {
            expect(outcome(schema, options, true)).toBe(outcome(schema, options, false));
            if (options.target === 'mcp') continue;
            let result: ReturnType<typeof projectInputSchema>;
            try {
              result = projectInputSchemaUncached(schema, options, true);
            } catch {
              continue;
            }
            expect(result.schema).not.toBe(schema);
            expect(Object.isFrozen(result)).toBe(true);
            expect(Object.isFrozen(result.schema)).toBe(true);
            const properties = (schema as { properties?: Record<string, unknown> }).properties;
            const sent = result.schema.properties as Record<string, unknown> | undefined;
            // Strict makes an optional property nullable, though it fits as it is.
            if (properties === undefined || sent === undefined || options.strict) continue;
            // A property the target takes as it is goes out as the input's own object.
            const found = collectFittingSchemas(schema, profileOf(options), false);
            for (const name of Object.keys(properties)) {
              const child = properties[name];
              if (found.root?.rebuilt === 0 || found.fitting.get(child as object)?.rebuilt === 0) {
                if (Object.hasOwn(sent, name)) expect(sent[name]).toBe(child);
              }
            }
          }
        }),
        { numRuns: 200 },
      );
    });

    it('should give exactly what the full walk gives, on schemas of any draft', () => {
      fc.assert(
        fc.property(anySchema, (schema) => {
          for (const options of CASES) {
            expect(outcome(schema, options, true)).toBe(outcome(schema, options, false));
          }
        }),
        { numRuns: 200 },
      );
    });

    it('should give exactly what the full walk gives, sharing the same input objects, with local $refs and renamed keys', () => {
      fc.assert(
        fc.property(referringSchema, (schema) => {
          for (const options of CASES) {
            expect(outcome(schema, options, true)).toBe(outcome(schema, options, false));
            expectSameSharing(schema, options);
          }
        }),
        { numRuns: 300 },
      );
    });

    it('should inline local $refs and rename keys without the full walk, for a good share of such schemas', () => {
      // The property above holds whichever way a schema goes; this one says the fast way is taken.
      let taken = 0;
      let referring = 0;
      for (const schema of fc.sample(referringSchema, { numRuns: 200, seed: 12 })) {
        if (!JSON.stringify(schema).includes('"$ref"')) continue;
        referring++;
        const found = collectFittingSchemas(schema, 'anthropic', false);
        if ((found.root ?? found.mapped) !== undefined) taken++;
      }
      expect(taken).toBeGreaterThan(referring / 5);
    });

    it('should rename Vertex property keys without the full walk, as the full walk renames them', () => {
      // Keys Vertex refuses (and some Anthropic refuses too), at the root and below, beside
      // the names their renaming may collide with; the fast way is taken for every such schema.
      const key = fc.constantFrom(
        'a',
        'a b',
        'a_b',
        'x[0]',
        'x_0_',
        'When<',
        '1st',
        'é',
        'k'.repeat(70),
      );
      const leaf = fc.constantFrom<unknown>(
        { type: 'string' },
        { type: 'integer', description: 'n' },
        { type: 'object', properties: { 'b.c': { type: 'string' } } },
        { type: 'array', items: { type: 'object', properties: { 'd e': { type: 'string' } } } },
        { anyOf: [{ type: 'string' }, { type: 'null' }] },
      );
      const schema = fc.dictionary(key, leaf, { minKeys: 1, maxKeys: 4 }).map((properties) => ({
        type: 'object',
        properties,
        required: Object.keys(properties).slice(0, 1),
      }));
      fc.assert(
        fc.property(schema, (root) => {
          const found = collectFittingSchemas(root, 'vertex', false);
          expect(found.root ?? found.mapped).toBeDefined();
          for (const options of CASES) {
            expect(outcome(root, options, true)).toBe(outcome(root, options, false));
            const fast = projectInputSchemaUncached(root, options, true);
            const reference = projectInputSchemaUncached(root, options, false);
            expect(sharing(fast, root)).toBe(sharing(reference, root));
          }
        }),
        { numRuns: 200 },
      );
    });

    it('should inline $refs and write oneOf as anyOf, const as enum, [type, null] as nullable and any value as JSON text for Gemini and Vertex without the full walk, as the full walk writes them', () => {
      let taken = 0;
      fc.assert(
        fc.property(generatedSchema, (schema) => {
          taken += geminiCasesTaken(schema).length;
        }),
        {
          numRuns: 200,
          // Cases the fast way must tell apart, which a random run may miss.
          examples: [
            // Branch warnings under the name the walk writes, `anyOf`.
            { oneOf: [{ type: 'string', format: 'uuid' }, { type: 'integer' }] },
            // A branch of type null whose `oneOf` becomes `anyOf`: no null branch.
            {
              anyOf: [
                { type: 'null', oneOf: [{ type: 'string' }, { type: 'integer' }] },
                { type: 'null' },
              ],
            },
            // A `$ref` branch that reads as null only once merged.
            { anyOf: [{ $ref: '#/$defs/none' }, { type: 'string' }] },
            // A node of no type and no enum: the walk asks for any value as JSON text.
            { title: 'Anything' },
          ].map((node): [unknown] => [generatedRoot({ a: node })]),
        },
      );
      // A good share takes the fast way (the others hold what the walk rewrites otherwise), of
      // 400 projections.
      expect(taken).toBeGreaterThan(100);
    });

    it('should move keywords into the description for Gemini and Vertex without the full walk, as the full walk moves them', () => {
      // Keywords Gemini does not take (bounds, formats its types refuse, vendor keywords, values
      // of the wrong kind, `additionalProperties` other than false) beside others it keeps, at
      // the root and below, in properties, items and the lone branch `nullable` replaces
      // and the null branch beside it.
      const moved = fc.constantFrom<[string, unknown]>(
        ['additionalProperties', true],
        ['additionalProperties', { type: 'string' }],
        ['propertyNames', { pattern: '^a' }],
        ['x-vendor', 1],
        ['optional', true],
        ['minProperties', -1],
        ['title', 'T'],
        ['$comment', 'c'],
      );
      const root = fc
        .tuple(serverSchema, fc.uniqueArray(moved, { maxLength: 3, selector: ([key]) => key }))
        .map(([schema, extra]) =>
          nodeOf([
            ['type', 'object'],
            ['description', 'Arguments'],
            [
              'properties',
              {
                a: schema,
                b: { type: 'string', format: 'uri', description: 'Link' },
                c: { type: 'array', items: { type: 'number', exclusiveMinimum: 0 } },
                d: { anyOf: [{ type: 'integer', examples: [1] }, { type: 'null' }] },
                // The walk projects a null branch before `nullable` replaces it: its warnings stand.
                e: { anyOf: [{ type: 'string' }, { type: 'null', 'x-vendor': 1 }] },
              },
            ],
            ...extra,
          ]),
        );
      let taken = 0;
      fc.assert(
        fc.property(root, (schema) => {
          for (const options of CASES) {
            expect(outcome(schema, options, true)).toBe(outcome(schema, options, false));
            if (options.target !== 'gemini' && options.target !== 'vertex') continue;
            if (options.geminiField !== undefined) continue;
            const found = collectFittingSchemas(schema, options.target, false);
            if (found.root !== undefined && (found.root.shape & FITTING_WARNS) !== 0) taken++;
            expectSameSharing(schema, options);
          }
        }),
        { numRuns: 200 },
      );
      // A good share takes the fast way (the others hold a schema the walk rewrites otherwise:
      // a type array, a `const`, an enum with null, ...), of 400 projections.
      expect(taken).toBeGreaterThan(100);
    });

    it('should split type lists, drop items beside another type and keep the maps of alternatives without the full walk, as the full walk writes them', () => {
      // Type lists of two types or more besides null (which Gemini and Vertex split into a branch
      // per type), `items` before or after a type that is no array (dropped unread by every
      // target), and alternatives kept beside a branch with an argument map (any value asked
      // for as JSON text, keys Vertex renames), beside the variations the walk writes otherwise.
      const typeList = fc
        .tuple(
          fc.uniqueArray(
            fc.constantFrom('string', 'number', 'integer', 'boolean', 'object', 'array'),
            { minLength: 2, maxLength: 3 },
          ),
          fc.constantFrom(-1, 0, 1, 3),
          fc.uniqueArray(
            fc.oneof(
              {
                arbitrary: fc.constantFrom<[string, unknown]>(
                  ['description', 'Value'],
                  ['title', 'T'],
                ),
                weight: 4,
              },
              fc.constantFrom<[string, unknown]>(
                ['default', 1],
                ['format', 'int32'],
                ['enum', ['a', 1]],
                ['nullable', true],
                ['minLength', 1],
              ),
            ),
            { maxLength: 2, selector: ([key]) => key },
          ),
          fc.boolean(),
        )
        .map(([others, nullAt, extra, typeFirst]) => {
          const types: string[] = [...others];
          if (nullAt >= 0) types.splice(nullAt, 0, 'null');
          const type: [string, unknown] = ['type', types];
          return nodeOf(typeFirst ? [type, ...extra] : [...extra, type]);
        });
      const items = fc.constantFrom<unknown>(
        { type: 'string' },
        {},
        { properties: { tag: { type: 'string' } }, required: ['missing'] },
        { type: 'array', items: { type: 'string', minimum: 'x' } },
        { $ref: '#/properties/b' },
      );
      const itemsBeside = fc
        .tuple(
          fc.constantFrom<unknown>('object', 'string', 'integer', 'null', ['object', 'null']),
          items,
          fc.constantFrom(0, 1, 2),
          fc.boolean(),
        )
        .map(([type, schema, place, described]) => {
          const entries: [string, unknown][] = [['type', type]];
          if (described) entries.push(['description', 'Migrations']);
          entries.splice(place, 0, ['items', schema]);
          return nodeOf(entries);
        });
      const branch = fc.constantFrom<unknown>(
        { type: 'string' },
        { type: 'null' },
        { type: 'array', items: {} },
        { title: 'Anything' },
        { type: 'object', properties: { 'a.b': { type: 'string' }, c: {} } },
        { anyOf: [{ type: 'integer' }, { items: {}, type: 'array' }] },
        { type: 'object', properties: { closed: { type: 'string' } }, additionalProperties: false },
        { type: 'object', properties: { 'a b': { type: 'string' } }, additionalProperties: false },
      );
      const alternatives = fc
        .tuple(
          fc.constantFrom('anyOf', 'oneOf'),
          fc.array(branch, { minLength: 1, maxLength: 3 }),
          fc.uniqueArray(
            fc.constantFrom<[string, unknown]>(
              ['description', 'Ids'],
              ['title', 'Ids'],
              ['default', null],
              ['type', 'string'],
            ),
            { maxLength: 2, selector: ([key]) => key },
          ),
        )
        .map(([keyword, branches, extra]) => nodeOf([[keyword, branches], ...extra]));
      const node = fc.oneof(
        { arbitrary: typeList.map((schema) => ['list', schema] as const), weight: 2 },
        { arbitrary: itemsBeside.map((schema) => ['items', schema] as const), weight: 1 },
        { arbitrary: alternatives.map((schema) => ['alternatives', schema] as const), weight: 1 },
      );
      const root = fc
        .tuple(node, fc.constantFrom('property', 'items', 'branch'))
        .map(([[kind, schema], place]): [string, unknown] => [
          kind,
          {
            type: 'object',
            properties: {
              a:
                place === 'property'
                  ? schema
                  : place === 'items'
                    ? { type: 'array', items: schema }
                    : { anyOf: [schema, { type: 'null' }], description: 'Wrapped' },
              b: { type: 'string' },
            },
            required: ['a'],
          },
        ]);
      /** Per kind of node, how many projections for Gemini and Vertex took the fast way. */
      const taken: Record<string, number> = { list: 0, items: 0, alternatives: 0 };
      fc.assert(
        fc.property(root, ([kind, schema]) => {
          for (const options of geminiCasesTaken(schema)) {
            // Alternatives count where the walk writes a map of each branch.
            const map = JSON.stringify(
              projectInputSchemaUncached(schema, options, true).argumentMap,
            );
            if (kind !== 'alternatives' || map.includes('"anyOf"'))
              taken[kind] = (taken[kind] ?? 0) + 1;
          }
        }),
        {
          numRuns: 200,
          // The bundled catalogs' cases (azure-devops, sentry, cloudflare, aws-healthomics).
          examples: [
            { type: ['string', 'number', 'boolean', 'null'], description: 'The operation value.' },
            { type: ['string', 'number'], description: 'Project slug or numeric ID' },
            // Without null, the walk's node keeps the other keys in their order.
            { description: 'Value', title: 'T', type: ['string', 'integer'] },
            {
              type: 'object',
              description: 'Optional migrations',
              items: { properties: { new_tag: { type: 'string' } }, required: ['tag'] },
            },
            {
              anyOf: [{ type: 'string' }, { items: {}, type: 'array' }],
              description: 'List of read set IDs',
              title: 'Read Set Ids',
            },
          ].map((schema): [[string, unknown]] => [
            [
              'example',
              { type: 'object', properties: { a: schema, b: { type: 'string' } }, required: ['a'] },
            ],
          ]),
        },
      );
      // A good share of each kind takes the fast way (the others hold what the walk writes
      // otherwise), of 400 projections.
      expect(taken.list).toBeGreaterThan(15);
      expect(taken.items).toBeGreaterThan(20);
      expect(taken.alternatives).toBeGreaterThan(20);
    });

    it('should keep required names as the full walk keeps them, by the keys the properties enumerate', () => {
      // Gemini and Vertex drop required names that are not declared. A property that is own but
      // not enumerable is not declared to the walk, which reads the keys as `Object.keys` lists
      // them (the fast way once asked `Object.hasOwn`, and kept such a name).
      const leaf = { type: 'string' };
      const hidden: Record<string, unknown> = { a: leaf };
      Object.defineProperty(hidden, 'b', { value: { type: 'string' }, enumerable: false });
      const many = Object.fromEntries(
        Array.from({ length: 70 }, (_, index) => [`p${index}`, { type: 'string' }]),
      );
      const names = Object.keys(many);
      const cases: [unknown, boolean][] = [
        [{ type: 'object', properties: hidden, required: ['b', 'a'] }, false],
        [
          {
            type: 'object',
            properties: { a: leaf, bb: leaf, c: leaf },
            required: ['c', 'bb', 'a'],
          },
          true,
        ],
        [{ type: 'object', properties: { a: leaf, bb: leaf }, required: ['bb', 'b'] }, false],
        [{ type: 'object', properties: many, required: names.slice(0, 64) }, true],
        [{ type: 'object', properties: many, required: [...names.slice(0, 63), 'missing'] }, false],
        [{ type: 'object', properties: many, required: names.slice(0, 65) }, false],
      ];
      for (const [properties, fits] of cases) {
        const schema = { type: 'object', properties: { x: properties } };
        for (const target of ['gemini', 'vertex'] as const) {
          expect(outcome(schema, { target }, true)).toBe(outcome(schema, { target }, false));
          const found = collectFittingSchemas(properties, target, false);
          expect(found.root !== undefined).toBe(fits);
        }
      }
    });

    it('should send a fitting sub-schema as the input object itself, and never write to the input', () => {
      fc.assert(
        fc.property(serverSchema, (schema) => {
          // `prefixItems` on an object is dropped, so the wrapper is always walked; `a` may fit
          // (required, so that OpenAI strict has no reason to make it nullable).
          const root = deepFreeze({
            type: 'object',
            properties: { a: schema },
            required: ['a'],
            prefixItems: [],
          });
          const before = JSON.stringify(root);
          for (const options of CASES) {
            if (options.target === 'mcp') continue;
            const found = collectFittingSchemas(root, profileOf(options), options.strict === true);
            let result: ReturnType<typeof projectInputSchema>;
            try {
              result = projectInputSchemaUncached(root, options, true);
            } catch (error) {
              expect(ToolwireError.isInstance(error)).toBe(true);
              continue;
            }
            const entry = found.fitting.get(schema as object);
            if (
              entry !== undefined &&
              entry.rebuilt === 0 &&
              result.strict === (options.strict === true)
            ) {
              expect((result.schema.properties as Record<string, unknown>).a).toBe(schema);
            }
          }
          expect(JSON.stringify(root)).toBe(before);
        }),
        { numRuns: 300 },
      );
    });
  });
});
