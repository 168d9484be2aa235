import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anySchema, deepFreeze, nestDeep } from '../../test/support/schema-arbitraries.js';
import { normalizeInputSchema } from './normalize-input-schema.js';
import { MAX_SCHEMA_DEPTH } from './schema/schema-limits.js';
import { ToolwireError } from './toolwire-error.js';

const SINGLE = [
  'items',
  'additionalItems',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
];
const ARRAYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAPS = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
];
const OBJECT_ONLY = [
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'dependentRequired',
  'dependentSchemas',
  'unevaluatedProperties',
];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks, recursively, that `output` is `input` plus `properties: {}` on exactly the object schemas
 * that lacked it, and nothing else.
 */
function expectNormalizedCopy(input: unknown, output: unknown, isSchema: boolean): void {
  if (typeof input !== 'object' || input === null) {
    expect(output).toBe(input);
    return;
  }
  expect(output).not.toBe(input);
  if (Array.isArray(input)) {
    expect(Array.isArray(output)).toBe(true);
    const array = output as unknown[];
    expect(array.length).toBe(input.length);
    for (const [index, item] of input.entries()) expectNormalizedCopy(item, array[index], isSchema);
    return;
  }
  const record = input as Record<string, unknown>;
  expect(isPlainObject(output)).toBe(true);
  const copy = output as Record<string, unknown>;
  const inputKeys = Object.keys(record);
  const outputKeys = Object.keys(copy);
  const type = record.type;
  const objectSchema =
    isSchema &&
    (type === 'object' ||
      (Array.isArray(type) && type.includes('object')) ||
      (type === undefined && inputKeys.some((key) => OBJECT_ONLY.includes(key))));
  if (objectSchema && !Object.hasOwn(record, 'properties')) {
    expect(outputKeys).toEqual([...inputKeys, 'properties']);
    expect(copy.properties).toEqual({});
  } else {
    expect(outputKeys).toEqual(inputKeys);
  }
  for (const key of inputKeys) {
    expect(Object.getOwnPropertyDescriptor(copy, key)?.enumerable).toBe(true);
    const value = record[key];
    if (!isSchema) {
      expectNormalizedCopy(value, copy[key], false);
    } else if (SINGLE.includes(key)) {
      if (Array.isArray(value)) {
        // A tuple under `items` holds schemas; an array anywhere else is malformed, so data.
        for (const [index, item] of value.entries()) {
          expectNormalizedCopy(item, (copy[key] as unknown[])[index], key === 'items');
        }
      } else expectNormalizedCopy(value, copy[key], true);
    } else if (ARRAYS.includes(key)) {
      if (Array.isArray(value)) {
        for (const [index, item] of value.entries()) {
          expectNormalizedCopy(item, (copy[key] as unknown[])[index], true);
        }
      } else expectNormalizedCopy(value, copy[key], false);
    } else if (MAPS.includes(key) && isPlainObject(value)) {
      for (const name of Object.keys(value)) {
        const member = value[name];
        expectNormalizedCopy(
          member,
          (copy[key] as Record<string, unknown>)[name],
          !Array.isArray(member),
        );
      }
    } else {
      expectNormalizedCopy(value, copy[key], false);
    }
  }
}

function expectTooDeep(run: () => unknown): ToolwireError {
  try {
    run();
  } catch (error) {
    expect(ToolwireError.isInstance(error)).toBe(true);
    expect((error as ToolwireError).code).toBe('SCHEMA_TOO_DEEP');
    return error as ToolwireError;
  }
  throw new Error('expected SCHEMA_TOO_DEEP');
}

describe('normalizeInputSchema', () => {
  it('should turn a missing or null schema into an empty object schema', () => {
    expect(normalizeInputSchema(undefined)).toEqual({ type: 'object', properties: {} });
    expect(normalizeInputSchema(null)).toEqual({ type: 'object', properties: {} });
    expect(normalizeInputSchema(undefined)).not.toBe(normalizeInputSchema(undefined));
  });

  it('should give properties to object schemas at every depth', () => {
    const input = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        tags: { type: 'array', items: { type: ['object', 'null'] } },
        tuple: { prefixItems: [{ type: 'object' }], items: [{ type: 'object' }] },
        choice: { anyOf: [{ type: 'object' }, { oneOf: [{ allOf: [{ type: 'object' }] }] }] },
        guarded: {
          if: { type: 'object' },
          // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, not a thenable
          then: { type: 'object' },
          else: { not: { type: 'object' } },
        },
        open: { type: 'object', additionalProperties: { type: 'object' } },
        byPattern: { type: 'object', patternProperties: { '^x': { type: 'object' } } },
        untyped: { required: ['a'] },
      },
      $defs: { node: { type: 'object' } },
      definitions: { leaf: { type: 'object', properties: { a: { type: 'string' } } } },
      enum: [{ type: 'object' }],
      default: { type: 'object' },
    };
    expect(normalizeInputSchema(input)).toMatchInlineSnapshot(`
      {
        "$defs": {
          "node": {
            "properties": {},
            "type": "object",
          },
        },
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "default": {
          "type": "object",
        },
        "definitions": {
          "leaf": {
            "properties": {
              "a": {
                "type": "string",
              },
            },
            "type": "object",
          },
        },
        "enum": [
          {
            "type": "object",
          },
        ],
        "properties": {
          "byPattern": {
            "patternProperties": {
              "^x": {
                "properties": {},
                "type": "object",
              },
            },
            "properties": {},
            "type": "object",
          },
          "choice": {
            "anyOf": [
              {
                "properties": {},
                "type": "object",
              },
              {
                "oneOf": [
                  {
                    "allOf": [
                      {
                        "properties": {},
                        "type": "object",
                      },
                    ],
                  },
                ],
              },
            ],
          },
          "guarded": {
            "else": {
              "not": {
                "properties": {},
                "type": "object",
              },
            },
            "if": {
              "properties": {},
              "type": "object",
            },
            "then": {
              "properties": {},
              "type": "object",
            },
          },
          "open": {
            "additionalProperties": {
              "properties": {},
              "type": "object",
            },
            "properties": {},
            "type": "object",
          },
          "tags": {
            "items": {
              "properties": {},
              "type": [
                "object",
                "null",
              ],
            },
            "type": "array",
          },
          "tuple": {
            "items": [
              {
                "properties": {},
                "type": "object",
              },
            ],
            "prefixItems": [
              {
                "properties": {},
                "type": "object",
              },
            ],
          },
          "untyped": {
            "properties": {},
            "required": [
              "a",
            ],
          },
        },
        "type": "object",
      }
    `);
  });

  it('should return booleans, strings and numbers as they are', () => {
    expect(normalizeInputSchema(true)).toBe(true);
    expect(normalizeInputSchema(false)).toBe(false);
    expect(normalizeInputSchema('object')).toBe('object');
    expect(normalizeInputSchema(3)).toBe(3);
  });

  it('should keep __proto__ and constructor as own data properties', () => {
    const input = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"object"},"constructor":{"type":"string"}}}',
    );
    const output = normalizeInputSchema(input) as { properties: Record<string, unknown> };
    expect(Object.getPrototypeOf(output.properties)).toBe(Object.prototype);
    expect(Object.keys(output.properties)).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(output.properties, '__proto__')?.value).toEqual({
      type: 'object',
      properties: {},
    });
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });

  it('should throw SCHEMA_TOO_DEEP on 10,000-deep nesting, whatever the keyword', () => {
    for (const wrap of [
      (inner: unknown) => ({ type: 'object', properties: { a: inner } }),
      (inner: unknown) => ({ type: 'array', items: inner }),
      (inner: unknown) => ({ anyOf: [inner] }),
      (inner: unknown) => ({ default: inner }),
      (inner: unknown) => [inner],
    ]) {
      const error = expectTooDeep(() => normalizeInputSchema(nestDeep(10_000, wrap)));
      expect(error.message).toMatch(/^Schema at "\/.*" nests deeper than 256 levels\./);
    }
  });

  it('should accept nesting up to the limit', () => {
    const schema = nestDeep(MAX_SCHEMA_DEPTH / 2 - 1, (inner) => ({
      type: 'object',
      properties: { a: inner },
    }));
    expect(() => normalizeInputSchema(schema)).not.toThrow();
  });

  it('should throw SCHEMA_TOO_DEEP on cycles, in schemas and in data', () => {
    const viaProperties: Record<string, unknown> = { type: 'object', properties: {} };
    (viaProperties.properties as Record<string, unknown>).self = viaProperties;
    const error = expectTooDeep(() => normalizeInputSchema(viaProperties));
    expect(error.message).toBe(
      'Schema at "/properties/self" contains itself (a cycle). Break the cycle, or use a `$ref`; toolwire walks at most 256 levels.',
    );
    const viaEnum: unknown[] = [];
    viaEnum.push(viaEnum);
    expectTooDeep(() => normalizeInputSchema({ enum: viaEnum }));
    const viaItems: Record<string, unknown> = { type: 'array' };
    viaItems.items = { anyOf: [viaItems] };
    expectTooDeep(() => normalizeInputSchema(viaItems));
  });

  it('should copy a shared sub-schema once, so a wide DAG stays cheap', () => {
    let schema: Record<string, unknown> = { type: 'object' };
    for (let level = 0; level < 60; level++) {
      schema = { type: 'object', properties: { left: schema, right: schema } };
    }
    const output = normalizeInputSchema(schema) as {
      properties: { left: unknown; right: unknown };
    };
    expect(output.properties.left).toBe(output.properties.right);
    expect(output.properties.left).not.toBe(schema.properties);
  });

  it('should copy every schema and add properties exactly where an object schema lacks it', () => {
    fc.assert(
      fc.property(anySchema, (schema) => {
        const frozen = deepFreeze(structuredClone(schema));
        const before = JSON.stringify(frozen);
        const output = normalizeInputSchema(frozen);
        expect(JSON.stringify(frozen)).toBe(before);
        expectNormalizedCopy(frozen, output, true);
      }),
      { numRuns: 1000 },
    );
  });

  it('should be idempotent', () => {
    fc.assert(
      fc.property(anySchema, (schema) => {
        const once = normalizeInputSchema(schema);
        expect(normalizeInputSchema(once)).toEqual(once);
      }),
      { numRuns: 1000 },
    );
  });

  it('should never change what a schema accepts', () => {
    const ajv = new Ajv({ strict: false, validateSchema: false, logger: false });
    fc.assert(
      fc.property(
        anySchema,
        fc.array(fc.jsonValue({ maxDepth: 3 }), { minLength: 1, maxLength: 5 }),
        (schema, values) => {
          let validateOriginal: ReturnType<Ajv['compile']>;
          try {
            validateOriginal = ajv.compile(schema as object);
          } catch {
            return; // a schema ajv cannot compile (a bad pattern, a $ref to nowhere) proves nothing
          }
          const validateNormalized = ajv.compile(normalizeInputSchema(schema) as object);
          for (const value of values) {
            let expected: unknown;
            let actual: unknown;
            try {
              expected = validateOriginal(value);
              actual = validateNormalized(value);
            } catch {
              continue; // ajv itself recurses forever on some self-references (`$ref: '#'`)
            }
            expect(actual).toBe(expected);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
