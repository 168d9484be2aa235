import fc from 'fast-check';

/** Property names that exercise copying: keyword look-alikes, `__proto__`, dots and dashes. */
/**
 * A schema node with the entries in their order, each an own property even when its key is
 * `__proto__` (as `JSON.parse` makes it). Later entries win, as in JSON text; an `undefined`
 * value leaves its key out.
 */
export function nodeOf(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const node: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (value === undefined) delete node[key];
    else
      Object.defineProperty(node, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return node;
}

export const propertyName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'a',
    'path',
    'type',
    'properties',
    'items',
    '__proto__',
    'constructor',
    'repo.name',
    'x-api-key',
    '$ref',
    'héllo',
  ),
  fc.string({ minLength: 1, maxLength: 6 }),
);

const typeName = fc.constantFrom(
  'object',
  'string',
  'number',
  'integer',
  'boolean',
  'array',
  'null',
);

/**
 * Arbitrary JSON Schemas of any draft, mixing every sub-schema keyword with data keywords. Each node
 * has a `type` (or none) and up to four other keywords, and nesting is capped, so a run stays small.
 */
export const anySchema: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown; node: unknown }>(
  (tie) => {
    const schema = tie('schema');
    const entry = fc.oneof(
      fc.tuple(fc.constant('properties'), fc.dictionary(propertyName, schema, { maxKeys: 3 })),
      fc.tuple(fc.constant('required'), fc.uniqueArray(propertyName, { maxLength: 2 })),
      fc.tuple(fc.constant('items'), fc.oneof(schema, fc.array(schema, { maxLength: 2 }))),
      fc.tuple(
        fc.constantFrom('prefixItems', 'anyOf', 'oneOf', 'allOf'),
        fc.array(schema, { minLength: 1, maxLength: 2 }),
      ),
      fc.tuple(
        fc.constantFrom(
          'not',
          'if',
          'then',
          'else',
          'additionalProperties',
          'contains',
          'propertyNames',
        ),
        schema,
      ),
      fc.tuple(
        fc.constantFrom('patternProperties', '$defs', 'definitions', 'dependentSchemas'),
        fc.dictionary(fc.constantFrom('^a', '^x-', 'node', '__proto__'), schema, { maxKeys: 2 }),
      ),
      fc.tuple(
        fc.constant('dependencies'),
        fc.dictionary(propertyName, fc.oneof(schema, fc.array(propertyName, { maxLength: 2 })), {
          maxKeys: 2,
        }),
      ),
      fc.tuple(
        fc.constantFrom('enum'),
        fc.array(fc.jsonValue({ maxDepth: 2 }), { minLength: 1, maxLength: 3 }),
      ),
      fc.tuple(
        fc.constantFrom('const', 'default', 'x-vendor', 'examples'),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      fc.tuple(fc.constant('description'), fc.string({ maxLength: 10 })),
      fc.tuple(fc.constantFrom('minimum', 'maxLength', 'minItems', 'maxProperties'), fc.nat(5)),
      fc.tuple(fc.constant('format'), fc.constantFrom('date-time', 'uri', 'int32', 'email')),
      fc.tuple(fc.constant('pattern'), fc.constantFrom('^a', '[0-9]+', 'x$')),
      fc.tuple(
        fc.constant('$ref'),
        fc.constantFrom(
          '#/$defs/node',
          '#/definitions/node',
          '#',
          '#/$defs/missing',
          '#/properties/a',
        ),
      ),
      fc.tuple(
        fc.constantFrom('exclusiveMinimum', 'exclusiveMaximum'),
        fc.oneof(fc.boolean(), fc.nat(5)),
      ),
      fc.tuple(fc.constantFrom('nullable', 'uniqueItems'), fc.boolean()),
      fc.tuple(fc.constant('title'), fc.constantFrom('Title', 'A b')),
    );
    return {
      schema: fc.oneof(
        { maxDepth: 4, depthIdentifier: 'schema' },
        { arbitrary: fc.boolean(), weight: 1 },
        { arbitrary: fc.record({ type: typeName }), weight: 1 },
        { arbitrary: tie('node'), weight: 4 },
      ),
      node: fc
        .tuple(
          fc.option(fc.oneof(typeName, fc.uniqueArray(typeName, { minLength: 1, maxLength: 3 })), {
            nil: undefined,
          }),
          fc.array(entry, { maxLength: 4, depthIdentifier: 'schema' }),
        )
        .map(([type, entries]) => nodeOf([['type', type], ...entries])),
    };
  },
).schema;

/** Freezes a value and everything reachable from it, so any write throws in strict mode. */
export function deepFreeze<T>(value: T): T {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    Object.freeze(current);
    for (const key of Reflect.ownKeys(current))
      stack.push((current as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

/** Builds `levels` nested objects, iteratively, each holding the next under `key`. */
export function nestDeep(levels: number, wrap: (inner: unknown) => unknown): unknown {
  let schema: unknown = { type: 'string' };
  for (let level = 0; level < levels; level++) schema = wrap(schema);
  return schema;
}
