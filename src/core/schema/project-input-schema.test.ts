import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSchemaRules, type RuleSet } from '../../../test/schema-rules/check-schema-rules.js';
import { anySchema, deepFreeze, nestDeep } from '../../../test/support/schema-arbitraries.js';
import { ToolwireError } from '../toolwire-error.js';
import { projectArguments } from './project-arguments.js';
import { type ProjectInputSchemaOptions, projectInputSchema } from './project-input-schema.js';
import { restoreArguments } from './restore-arguments.js';

const CASES: [Omit<ProjectInputSchemaOptions, 'subject'>, (strict: boolean) => RuleSet][] = [
  [{ target: 'openai' }, () => 'openai'],
  [{ target: 'openai', strict: true }, (strict) => (strict ? 'openai-strict' : 'openai')],
  [{ target: 'anthropic' }, () => 'anthropic'],
  [{ target: 'gemini' }, () => 'gemini'],
  [{ target: 'gemini', geminiField: 'parametersJsonSchema' }, () => 'gemini-json'],
  [{ target: 'vertex' }, () => 'vertex'],
  [{ target: 'bedrock' }, () => 'bedrock'],
  [{ target: 'mcp' }, () => 'mcp'],
];

const PROVIDER_CASES = CASES.filter(([options]) => options.target !== 'mcp');

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (ToolwireError.isInstance(error)) return error.code;
    throw error;
  }
  return 'none';
}

describe('projectInputSchema', () => {
  it('should write one schema the way each target wants it', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        'repo.name': { type: 'string', format: 'uuid', description: 'Repository id' },
        limit: { type: ['integer', 'null'], minimum: 1, default: 10 },
        level: { enum: [1, 2, 3] },
        tags: { type: 'array' },
        owner: { $ref: '#/$defs/owner' },
      },
      required: ['repo.name'],
      $defs: { owner: { type: 'object', properties: { login: { type: 'string' } } } },
    };
    const projections = Object.fromEntries(
      CASES.map(([options]) => {
        const result = projectInputSchema(schema, options);
        const label = `${options.target}${options.strict === true ? ' strict' : ''}${options.geminiField === 'parametersJsonSchema' ? ' json' : ''}`;
        return [
          label,
          {
            schema: result.schema,
            argumentMap: result.argumentMap,
            warnings: result.warnings.map((warning) => `${warning.code} ${warning.path}`),
          },
        ];
      }),
    );
    expect(projections).toMatchSnapshot();
  });

  it('should make every property required and nullable under OpenAI strict, and restore the nulls', () => {
    const result = projectInputSchema(
      {
        type: 'object',
        properties: { path: { type: 'string' }, limit: { type: 'integer' } },
        required: ['path'],
      },
      { target: 'openai', strict: true },
    );
    expect(result.strict).toBe(true);
    expect(result.schema).toEqual({
      type: 'object',
      properties: { path: { type: 'string' }, limit: { type: ['integer', 'null'] } },
      required: ['path', 'limit'],
      additionalProperties: false,
    });
    expect(restoreArguments({ path: 'a', limit: null }, result.argumentMap)).toEqual({ path: 'a' });
    expect(projectArguments({ path: 'a' }, result.argumentMap)).toEqual({ path: 'a', limit: null });
  });

  it('should fall back to non-strict, with a warning, when strict would change what the schema accepts', () => {
    const result = projectInputSchema(
      {
        type: 'object',
        properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } },
      },
      { target: 'openai', strict: true },
    );
    expect(result.strict).toBe(false);
    expect(result.warnings[0]?.code).toBe('STRICT_FALLBACK');
    expect(result.warnings[0]?.message).toMatch(
      /^Schema at "\/properties\/labels" cannot be made OpenAI-strict/,
    );
    expect(checkSchemaRules(result.schema, 'openai')).toEqual([]);
  });

  it('should give an open object as the strict failure before anything its properties hold', () => {
    // Checked before the properties are walked: the walk would be for nothing.
    const result = projectInputSchema(
      {
        type: 'object',
        properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }] } },
        additionalProperties: true,
      },
      { target: 'openai', strict: true },
    );
    expect(result.strict).toBe(false);
    expect(result.warnings[0]?.message).toBe(
      'Schema at "" cannot be made OpenAI-strict: it allows properties beyond those it declares. Sent without strict, so OpenAI does not enforce the schema.',
    );
  });

  it('should rename property keys Anthropic and Vertex reject, without collisions, and restore them', () => {
    const schema = {
      type: 'object',
      properties: {
        'filter[id]': { type: 'string' },
        filter_id_: { type: 'string' },
        $top: { type: 'integer' },
      },
    };
    const anthropic = projectInputSchema(schema, { target: 'anthropic' });
    const wireKeys = Object.keys(anthropic.schema.properties as object);
    expect(new Set(wireKeys).size).toBe(3);
    expect(wireKeys).toContain('filter_id_');
    expect(checkSchemaRules(anthropic.schema, 'anthropic')).toEqual([]);
    const args = { 'filter[id]': 'a', filter_id_: 'b', $top: 3 };
    const wire = projectArguments(args, anthropic.argumentMap);
    expect(Object.keys(wire).sort()).toEqual([...wireKeys].sort());
    expect(restoreArguments(wire, anthropic.argumentMap)).toEqual(args);
    const vertex = projectInputSchema(schema, { target: 'vertex' });
    expect(checkSchemaRules(vertex.schema, 'vertex')).toEqual([]);
    expect(
      restoreArguments(projectArguments(args, vertex.argumentMap), vertex.argumentMap),
    ).toEqual(args);
  });

  it('should send non-string enums to Gemini as strings and restore the values', () => {
    const result = projectInputSchema(
      {
        type: 'object',
        properties: { level: { type: 'integer', enum: [1, 2, 3] }, flag: { enum: [true, 'auto'] } },
      },
      { target: 'gemini' },
    );
    expect(result.schema.properties).toEqual({
      level: { type: 'string', enum: ['1', '2', '3'] },
      flag: { type: 'string', enum: ['true', 'auto'] },
    });
    expect(restoreArguments({ level: '2', flag: 'true' }, result.argumentMap)).toEqual({
      level: 2,
      flag: true,
    });
    expect(restoreArguments({ flag: 'auto' }, result.argumentMap)).toEqual({ flag: 'auto' });
  });

  it('should write an open object as JSON text under strict even inside nested alternatives', () => {
    // Found by the generated round trip: the JSON-text branch sits one anyOf further down.
    const schema = {
      type: 'object',
      properties: {
        options: {
          anyOf: [
            { anyOf: [{ type: 'object', additionalProperties: true }, { type: 'null' }] },
            { type: 'null' },
          ],
        },
      },
      required: ['options'],
    };
    const result = projectInputSchema(schema, { target: 'openai', strict: true });
    for (const args of [{ options: {} }, { options: { depth: 2 } }]) {
      const wire = projectArguments(args, result.argumentMap);
      expect(typeof wire.options).toBe('string');
      expect(restoreArguments(wire, result.argumentMap)).toEqual(args);
    }
  });

  it('should drop array keywords beside typeless alternatives for Gemini, which takes items only with type array', () => {
    // Found by the generated rules check on a new seed: a tuple or `items` beside `anyOf`/`oneOf`,
    // with no type of its own, was sent to Gemini as it was, and Gemini refuses `items` there.
    const schemas = [
      { prefixItems: [false], oneOf: [{}, {}] },
      { items: { type: 'string' }, anyOf: [{ type: 'string' }, { type: 'number' }] },
      { maxItems: 3, anyOf: [{ type: 'string' }, { type: 'number' }] },
      { prefixItems: [{ type: 'string' }], anyOf: [{ type: 'string' }, { type: 'array' }] },
    ];
    for (const property of schemas) {
      for (const target of ['gemini', 'vertex'] as const) {
        const result = projectInputSchema({ properties: { a: property } }, { target });
        expect(checkSchemaRules(result.schema, target)).toEqual([]);
        const projected = (result.schema.properties as Record<string, Record<string, unknown>>).a;
        expect(Object.keys(projected ?? {})).toEqual(['anyOf']);
        expect(result.warnings).toContainEqual(
          expect.objectContaining({ code: 'DROPPED_KEYWORD', path: '/properties/a' }),
        );
      }
      // Targets that read JSON Schema keep them: they hold for the arrays among the alternatives.
      const openai = projectInputSchema({ properties: { a: property } }, { target: 'openai' });
      expect(JSON.stringify(openai.schema)).toContain(
        'items' in property || 'prefixItems' in property ? 'items' : 'maxItems',
      );
    }
  });

  it('should write valid schemas for the cases the generated rules check found on new seeds', () => {
    const found = [
      // Keywords for other types merged to the root from allOf reached Gemini (format on object).
      { allOf: [{ enum: [[]] }, { format: 'date-time' }] },
      // anyOf beside oneOf, every anyOf branch `false`: JSON Schema refuses an empty anyOf.
      { dependencies: { a: { oneOf: [true], anyOf: [false] } } },
    ];
    for (const schema of found) {
      for (const [options, rules] of PROVIDER_CASES) {
        let result: ReturnType<typeof projectInputSchema>;
        try {
          result = projectInputSchema(schema, options);
        } catch (error) {
          expect(ToolwireError.isInstance(error)).toBe(true);
          continue;
        }
        expect({
          label: JSON.stringify(options),
          problems: checkSchemaRules(result.schema, rules(result.strict)),
        }).toEqual({ label: JSON.stringify(options), problems: [] });
      }
    }
    const rootOnly = projectInputSchema(found[0], { target: 'gemini' }).schema;
    expect(rootOnly).not.toHaveProperty('format');
    expect(rootOnly).not.toHaveProperty('enum');
    expect(projectInputSchema(found[1], { target: 'anthropic' }).schema.dependentSchemas).toEqual({
      a: false,
    });
  });

  it('should return the arguments themselves when nothing changed shape', () => {
    const result = projectInputSchema(
      { type: 'object', properties: { a: { type: 'string' } } },
      { target: 'openai' },
    );
    expect(result.argumentMap).toBeNull();
    const args = { a: 'x' };
    expect(restoreArguments(args, result.argumentMap)).toBe(args);
    expect(projectArguments(args, result.argumentMap)).toBe(args);
  });

  it('should copy only the string keys of a root that fits as it is, as of a rebuilt one', () => {
    const tag = Symbol('tag');
    const properties = { a: { type: 'string' } };
    for (const extra of [{}, { $schema: 'https://json-schema.org/draft/2020-12/schema' }]) {
      const schema = { type: 'object', properties, ...extra, [tag]: 'host data' };
      const result = projectInputSchema(schema, { target: 'openai' });
      expect(result.schema).not.toBe(schema);
      expect(Object.keys(result.schema)).toEqual(['type', 'properties']);
      expect(Object.getOwnPropertySymbols(result.schema)).toEqual([]);
      expect(result.schema.properties).toBe(properties);
    }
  });

  it('should write a root that fits as an object schema, its keys in their order, however its keys come', () => {
    const properties = { a: { type: 'string' } };
    const roots: [Record<string, unknown>, string[]][] = [
      [{ properties }, ['properties', 'type']],
      [{ properties, type: 'object' }, ['properties', 'type']],
      [{ type: 'object', properties, required: ['a'] }, ['type', 'properties', 'required']],
      [
        { type: 'object', properties, required: ['a'], title: 'T' },
        ['type', 'properties', 'required', 'title'],
      ],
      [
        { type: 'object', properties, title: 'T', required: ['a'] },
        ['type', 'properties', 'title', 'required'],
      ],
      [{ type: 'object', title: 'T', properties }, ['type', 'title', 'properties']],
      [{ type: 'object', properties }, ['type', 'properties']],
    ];
    for (const target of ['openai', 'anthropic', 'gemini', 'vertex', 'bedrock'] as const) {
      for (const [root, keys] of roots) {
        const input = { ...root };
        const { schema } = projectInputSchema(input, { target });
        expect(schema).not.toBe(input);
        expect(schema.type).toBe('object');
        expect(Object.keys(schema)).toEqual(keys);
        expect(schema.properties).toBe(properties);
        expect(Object.isFrozen(schema)).toBe(true);
      }
    }
  });

  it('should cache by schema identity, so the warm path returns the same result', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', format: 'uuid' } } };
    const first = projectInputSchema(schema, { target: 'gemini' });
    expect(projectInputSchema(schema, { target: 'gemini' })).toBe(first);
    expect(projectInputSchema(schema, { target: 'anthropic' })).not.toBe(first);
    expect(Object.isFrozen(first.schema)).toBe(true);
  });

  it('should apply the onLossy policy and always return warnings', () => {
    const schema = { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } };
    expect(projectInputSchema(schema, { target: 'gemini', onLossy: 'warn' }).warnings).toHaveLength(
      1,
    );
    expect(projectInputSchema(schema, { target: 'gemini' }).warnings).toHaveLength(1);
    expect(codeOf(() => projectInputSchema(schema, { target: 'gemini', onLossy: 'throw' }))).toBe(
      'LOSSY_PROJECTION',
    );
    expect(codeOf(() => projectInputSchema(schema, { target: 'openai', onLossy: 'throw' }))).toBe(
      'none',
    );
  });

  describe('hostile schemas', () => {
    it('should throw SCHEMA_TOO_DEEP on cycles and 10,000-deep nesting, for every target', () => {
      const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
      (cyclic.properties as Record<string, unknown>).self = cyclic;
      const deep = nestDeep(10_000, (inner) => ({ type: 'object', properties: { a: inner } }));
      for (const [options] of CASES) {
        expect(codeOf(() => projectInputSchema(cyclic, options))).toBe('SCHEMA_TOO_DEEP');
        expect(codeOf(() => projectInputSchema(deep, options))).toBe('SCHEMA_TOO_DEEP');
      }
    });

    it('should type-error a $ref to nowhere, a network $ref and a recursive $ref', () => {
      const nowhere = { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } };
      const network = {
        type: 'object',
        properties: { a: { $ref: 'https://example.com/schema.json' } },
      };
      const recursive = {
        type: 'object',
        properties: { tree: { $ref: '#/$defs/node' } },
        $defs: {
          node: {
            type: 'object',
            properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } },
          },
        },
      };
      for (const [options] of PROVIDER_CASES) {
        expect(codeOf(() => projectInputSchema(nowhere, options))).toBe('UNRESOLVED_REF');
        expect(codeOf(() => projectInputSchema(network, options))).toBe('UNRESOLVED_REF');
      }
      for (const [options, rules] of CASES) {
        const result = projectInputSchema(recursive, options);
        expect(checkSchemaRules(result.schema, rules(result.strict))).toEqual([]);
      }
    });

    it('should keep a recursive $ref where the target takes one, and unroll it elsewhere', () => {
      const recursive = {
        type: 'object',
        properties: { tree: { $ref: '#/$defs/node' }, self: { $ref: '#' } },
        $defs: {
          node: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              children: { type: 'array', items: { $ref: '#/$defs/node' } },
            },
          },
        },
      };
      const kept = [
        { target: 'openai' },
        { target: 'openai', strict: true },
        { target: 'gemini', geminiField: 'parametersJsonSchema' },
      ] as const;
      for (const options of kept) {
        const result = projectInputSchema(recursive, options);
        const text = JSON.stringify(result.schema);
        expect(text).toContain('"$ref":"#/$defs/node"');
        expect(text).toContain('"$ref":"#"');
        expect(Object.keys(result.schema.$defs as object)).toEqual(['node']);
        expect(result.warnings).toEqual([]);
      }
      for (const target of ['anthropic', 'bedrock', 'gemini', 'vertex'] as const) {
        const result = projectInputSchema(recursive, { target });
        expect(JSON.stringify(result.schema)).not.toContain('$ref');
        expect(result.warnings.map((warning) => warning.code)).toContain('RECURSION_UNROLLED');
        // Below the unrolled levels, any value goes: as JSON text where the target needs a type.
        const deep = { tree: { children: [{ children: [{ children: [{ x: [1] }] }] }] } };
        const wire = projectArguments(deep, result.argumentMap);
        expect(restoreArguments(wire, result.argumentMap)).toEqual(deep);
      }
    });

    it('should stop a $ref bomb instead of inlining it exponentially', () => {
      const $defs: Record<string, unknown> = { d0: { type: 'string' } };
      for (let level = 1; level < 40; level++) {
        $defs[`d${level}`] = {
          type: 'object',
          properties: {
            a: { $ref: `#/$defs/d${level - 1}` },
            b: { $ref: `#/$defs/d${level - 1}` },
          },
        };
      }
      const bomb = { type: 'object', properties: { x: { $ref: '#/$defs/d39' } }, $defs };
      expect(codeOf(() => projectInputSchema(bomb, { target: 'gemini' }))).toBe(
        'UNSUPPORTED_SCHEMA',
      );
    });

    it('should handle boolean schemas, root and nested', () => {
      for (const [options, rules] of CASES) {
        const open = projectInputSchema(true, options);
        expect(checkSchemaRules(open.schema, rules(open.strict))).toEqual([]);
        expect(codeOf(() => projectInputSchema(false, options))).toBe('UNSUPPORTED_SCHEMA');
        const nested = projectInputSchema(
          { type: 'object', properties: { any: true, never: false }, additionalProperties: false },
          options,
        );
        expect(checkSchemaRules(nested.schema, rules(nested.strict))).toEqual([]);
      }
      expect(codeOf(() => projectInputSchema('object', { target: 'openai' }))).toBe(
        'UNSUPPORTED_SCHEMA',
      );
      expect(codeOf(() => projectInputSchema({ type: 'string' }, { target: 'openai' }))).toBe(
        'UNSUPPORTED_SCHEMA',
      );
    });

    it('should take huge enums, and fall back from strict past 1,000 values', () => {
      const values = Array.from({ length: 20_000 }, (_, index) => `value-${index}`);
      const schema = {
        type: 'object',
        properties: { pick: { type: 'string', enum: values } },
        required: ['pick'],
      };
      for (const [options, rules] of CASES) {
        const result = projectInputSchema(schema, options);
        expect(checkSchemaRules(result.schema, rules(result.strict))).toEqual([]);
      }
      expect(projectInputSchema(schema, { target: 'openai', strict: true }).strict).toBe(false);
    });

    it('should merge an allOf that repeats a $ref or holds a diamond: recursion is a cycle on the path, not a repeat', () => {
      const $defs = {
        a: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        c: { allOf: [{ $ref: '#/$defs/a' }] },
      };
      const repeated = {
        type: 'object',
        properties: { x: { allOf: [{ $ref: '#/$defs/a' }, { $ref: '#/$defs/a' }] } },
        $defs,
      };
      const diamond = {
        type: 'object',
        properties: { x: { allOf: [{ $ref: '#/$defs/c' }, { $ref: '#/$defs/a' }] } },
        $defs,
      };
      for (const [options, rules] of PROVIDER_CASES) {
        for (const schema of [repeated, diamond]) {
          const result = projectInputSchema(schema, options);
          expect(checkSchemaRules(result.schema, rules(result.strict))).toEqual([]);
          const x = (result.schema.properties as Record<string, Record<string, unknown>>).x;
          expect(Object.keys(x?.properties as object)).toEqual(['id']);
        }
      }
    });

    it('should merge allOf over a shared object graph in the size of the graph, with the node cap on that path', () => {
      // 40 levels of { allOf: [s, s] } unfold into 2^40 branches as a tree.
      let shared: Record<string, unknown> = {
        type: 'object',
        properties: { a: { type: 'string' } },
      };
      for (let level = 0; level < 40; level++) shared = { allOf: [shared, shared] };
      const $defs: Record<string, unknown> = { d0: { properties: { b: { type: 'integer' } } } };
      for (let level = 1; level < 40; level++) {
        $defs[`d${level}`] = {
          allOf: [{ $ref: `#/$defs/d${level - 1}` }, { $ref: `#/$defs/d${level - 1}` }],
        };
      }
      const schema = {
        type: 'object',
        properties: { s: shared, r: { $ref: '#/$defs/d39' } },
        $defs,
      };
      for (const [options, rules] of PROVIDER_CASES) {
        const result = projectInputSchema(schema, options);
        expect(checkSchemaRules(result.schema, rules(result.strict))).toEqual([]);
      }
      const wide = {
        type: 'object',
        properties: {
          x: { allOf: Array.from({ length: 60_000 }, (_, index) => ({ description: `${index}` })) },
        },
      };
      expect(codeOf(() => projectInputSchema(wide, { target: 'gemini' }))).toBe(
        'UNSUPPORTED_SCHEMA',
      );
    });

    it('should project a 100,000-value enum of numbers for Gemini and Vertex in linear time', () => {
      const values = Array.from({ length: 100_000 }, (_, index) => index);
      const schema = { type: 'object', properties: { pick: { type: 'integer', enum: values } } };
      for (const [options, rules] of PROVIDER_CASES) {
        const result = projectInputSchema(schema, options);
        expect(checkSchemaRules(result.schema, rules(result.strict))).toEqual([]);
      }
      const gemini = projectInputSchema(schema, { target: 'gemini' });
      expect(restoreArguments({ pick: '99999' }, gemini.argumentMap)).toEqual({ pick: 99_999 });
    });

    it('should cache one projection per schema object and options, whatever subject each caller names', () => {
      const schema = { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } };
      const first = projectInputSchema(schema, { target: 'gemini', subject: 'Tool "a"' });
      for (let index = 0; index < 2000; index++) {
        expect(projectInputSchema(schema, { target: 'gemini', subject: `Tool "${index}"` })).toBe(
          first,
        );
      }
      const broken = { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } };
      for (const subject of ['Tool "x"', 'Tool "y"', undefined]) {
        const options = subject === undefined ? {} : { subject };
        expect(() => projectInputSchema(broken, { target: 'openai', ...options })).toThrow(
          new RegExp(`^${subject ?? 'Tool'}: Schema at "/properties/a" refers to`),
        );
      }
    });

    it('should throw a failure found before as it threw it first, code and cause included, for each options it failed for', () => {
      const broken = { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } };
      const thrown = (options: ProjectInputSchemaOptions): ToolwireError => {
        try {
          projectInputSchema(broken, options);
        } catch (error) {
          if (ToolwireError.isInstance(error)) return error;
        }
        throw new Error('expected a ToolwireError');
      };
      for (const target of ['openai', 'gemini', 'vertex'] as const) {
        const first = thrown({ target });
        const again = thrown({ target, subject: 'Tool "b"' });
        expect(again.code).toBe(first.code);
        expect(again.cause).toBe(first.cause);
        expect(again.message).toBe(first.message.replace(/^Tool/, 'Tool "b"'));
      }
      // A schema that projects is cached beside failures of other schemas for the same options.
      const fine = { type: 'object', properties: { a: { type: 'string' } } };
      expect(projectInputSchema(fine, { target: 'openai' })).toBe(
        projectInputSchema(fine, { target: 'openai' }),
      );
    });

    it('should reject an unknown target with INVALID_OPTION', () => {
      // The internal profile names (strict OpenAI, Gemini's JSON Schema field) are not targets.
      for (const target of ['cohere', 'openaiStrict', 'geminiJson', 'toString']) {
        expect(
          codeOf(() => projectInputSchema({}, { target: target as 'openai' })),
          target,
        ).toBe('INVALID_OPTION');
      }
    });
  });

  describe('properties', () => {
    it('should fit every target or throw a typed error, and never mutate the input', () => {
      fc.assert(
        fc.property(anySchema, (schema) => {
          const frozen = deepFreeze(structuredClone(schema));
          const before = JSON.stringify(frozen);
          for (const [options, rules] of CASES) {
            let result: ReturnType<typeof projectInputSchema>;
            try {
              result = projectInputSchema(frozen, options);
            } catch (error) {
              expect(ToolwireError.isInstance(error)).toBe(true);
              expect((error as ToolwireError).message).toMatch(/^(Tool|Schema)/);
              continue;
            }
            const label = JSON.stringify(options);
            expect({
              label,
              problems: checkSchemaRules(result.schema, rules(result.strict)),
              schema: result.schema,
            }).toMatchObject({ label, problems: [] });
          }
          expect(JSON.stringify(frozen)).toBe(before);
        }),
        { numRuns: 1000 },
      );
    });

    it('should be deterministic: equal schemas give equal projections', () => {
      fc.assert(
        fc.property(anySchema, (schema) => {
          for (const [options] of PROVIDER_CASES) {
            const first = safe(() => projectInputSchema(structuredClone(schema), options));
            const second = safe(() => projectInputSchema(structuredClone(schema), options));
            expect(second).toEqual(first);
          }
        }),
        { numRuns: 1000 },
      );
    });
  });
});

function safe(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    return ToolwireError.isInstance(error) ? error.code : error;
  }
}
