import fc from 'fast-check';

type Node = Record<string, unknown>;

const OMIT: unique symbol = Symbol('omit');

/** How {@link argumentsForSchema} fills its gaps. */
export interface ArgumentOptions {
  /** Whether an optional property may be sent as `null` (else it is left out). */
  readonly optionalNull: boolean;
  /**
   * Whether a nested object that declares no properties and lets any key in ("any object") gets
   * arbitrary keys, so that a projection must carry them (OpenAI strict closes objects).
   */
  readonly openObjectKeys?: boolean;
}

/**
 * A fast-check arbitrary of values meant to be valid under a JSON Schema (any draft), for the
 * keywords real MCP catalogs use. It aims, it does not guarantee: callers validate each value with
 * a real validator and keep the valid ones.
 */
export function argumentsForSchema(
  schema: unknown,
  root: unknown = schema,
  depth = 0,
  options: ArgumentOptions = { optionalNull: true },
): fc.Arbitrary<unknown> {
  if (
    depth === 0 &&
    typeof schema === 'object' &&
    schema !== null &&
    (schema as Node).type === undefined
  ) {
    // Tool arguments are always an object, whatever the schema says.
    return argumentsForSchema({ ...(schema as Node), type: 'object' }, root, 0, options);
  }
  if (schema === true || schema === undefined) return fc.jsonValue({ maxDepth: 1 });
  if (schema === false || typeof schema !== 'object' || schema === null) return fc.constant(null);
  let node = schema as Node;
  if (depth > 8) return fc.constant(simplest(node));
  if (typeof node.$ref === 'string') {
    const target = resolve(root, node.$ref);
    const { $ref: _ref, ...siblings } = node;
    node = {
      ...(typeof target === 'object' && target !== null ? (target as Node) : {}),
      ...siblings,
    };
    return argumentsForSchema(node, root, depth + 1, options);
  }
  if (Array.isArray(node.allOf)) {
    const merged: Node = { ...node };
    delete merged.allOf;
    for (const branch of node.allOf as Node[]) {
      const resolved =
        typeof branch.$ref === 'string' ? (resolve(root, branch.$ref) as Node) : branch;
      for (const [key, value] of Object.entries(resolved ?? {})) {
        if (key === 'properties')
          merged.properties = { ...(merged.properties as Node), ...(value as Node) };
        else if (key === 'required')
          merged.required = [...((merged.required as string[]) ?? []), ...(value as string[])];
        else if (!(key in merged)) merged[key] = value;
      }
    }
    return argumentsForSchema(merged, root, depth + 1, options);
  }
  if (Object.hasOwn(node, 'const')) return fc.constant(node.const);
  if (Array.isArray(node.enum) && node.enum.length > 0) return fc.constantFrom(...node.enum);
  const alternatives = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = node;
    return fc.oneof(
      ...alternatives.map((branch) =>
        argumentsForSchema(
          typeof branch === 'object' && branch !== null ? { ...rest, ...(branch as Node) } : branch,
          root,
          depth + 1,
          options,
        ),
      ),
    );
  }
  const types =
    typeof node.type === 'string'
      ? [node.type]
      : Array.isArray(node.type)
        ? (node.type as string[])
        : undefined;
  if (types === undefined) {
    if (node.properties !== undefined) return objectFor(node, root, depth, options);
    if (node.items !== undefined) return arrayFor(node, root, depth, options);
    return fc.jsonValue({ maxDepth: 2 });
  }
  return fc.oneof(...types.map((type) => forType(type, node, root, depth, options)));
}

function forType(
  type: string,
  node: Node,
  root: unknown,
  depth: number,
  options: ArgumentOptions,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringFor(node);
    case 'integer': {
      const [min, max] = bounds(node, true);
      return fc.integer({ min, max });
    }
    case 'number': {
      const [min, max] = bounds(node, false);
      return fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayFor(node, root, depth, options);
    case 'object':
      return objectFor(node, root, depth, options);
    default:
      return fc.constant(null);
  }
}

function stringFor(node: Node): fc.Arbitrary<string> {
  const minLength = typeof node.minLength === 'number' ? node.minLength : 0;
  const maxLength = typeof node.maxLength === 'number' ? node.maxLength : Math.max(minLength, 12);
  switch (node.format) {
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl();
    default:
      break;
  }
  if (typeof node.pattern === 'string') {
    try {
      return fc
        .stringMatching(new RegExp(node.pattern))
        .filter((text) => text.length >= minLength && text.length <= maxLength);
    } catch {
      // a pattern fast-check cannot generate from: plain strings, filtered by the validator
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

function bounds(node: Node, integer: boolean): [number, number] {
  let min = typeof node.minimum === 'number' ? node.minimum : -1000;
  let max = typeof node.maximum === 'number' ? node.maximum : 1000;
  if (typeof node.exclusiveMinimum === 'number')
    min = node.exclusiveMinimum + (integer ? 1 : 0.001);
  if (typeof node.exclusiveMaximum === 'number')
    max = node.exclusiveMaximum - (integer ? 1 : 0.001);
  if (integer) return [Math.ceil(min), Math.floor(Math.max(min, max))];
  return [min, Math.max(min, max)];
}

function arrayFor(
  node: Node,
  root: unknown,
  depth: number,
  options: ArgumentOptions,
): fc.Arbitrary<unknown> {
  const minLength = typeof node.minItems === 'number' ? node.minItems : 0;
  const maxLength = Math.max(
    minLength,
    Math.min(typeof node.maxItems === 'number' ? node.maxItems : 3, 3),
  );
  if (Array.isArray(node.prefixItems) || Array.isArray(node.items)) {
    const tuple = (node.prefixItems ?? node.items) as unknown[];
    return fc.tuple(...tuple.map((member) => argumentsForSchema(member, root, depth + 1, options)));
  }
  const items = argumentsForSchema(node.items ?? true, root, depth + 1, options);
  if (node.uniqueItems === true)
    return fc.uniqueArray(items, {
      minLength,
      maxLength,
      selector: (value) => JSON.stringify(value),
    });
  return fc.array(items, { minLength, maxLength });
}

function objectFor(
  node: Node,
  root: unknown,
  depth: number,
  options: ArgumentOptions,
): fc.Arbitrary<unknown> {
  const properties = (node.properties ?? {}) as Node;
  const required = Array.isArray(node.required) ? (node.required as string[]) : [];
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of Object.keys(properties)) {
    let value = argumentsForSchema(properties[key], root, depth + 1, options);
    // A null for an optional property is left out instead (a filter could starve on `enum: [null]`).
    if (!options.optionalNull && !required.includes(key)) {
      value = value.map((item) => (item === null ? OMIT : item));
    }
    Object.defineProperty(shape, key, { value, enumerable: true });
  }
  const open =
    options.openObjectKeys === true &&
    depth > 0 &&
    Object.keys(properties).length === 0 &&
    (node.additionalProperties === undefined || node.additionalProperties === true);
  if (open) {
    return fc.dictionary(
      fc.string({ minLength: 1, maxLength: 6 }).filter((key) => key !== '__proto__'),
      fc.jsonValue({ maxDepth: 2 }),
      { maxKeys: 3 },
    );
  }
  return fc
    .record(shape, { requiredKeys: required.filter((key) => Object.hasOwn(properties, key)) })
    .map((record) => {
      const out: Node = {};
      for (const [key, value] of Object.entries(record)) {
        if (value === OMIT) continue;
        Object.defineProperty(out, key, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    });
}

function simplest(node: Node): unknown {
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  return type === 'object'
    ? {}
    : type === 'array'
      ? []
      : type === 'string'
        ? ''
        : type === 'boolean'
          ? false
          : type === 'null'
            ? null
            : 0;
}

function resolve(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let current = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const segment = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Node)[segment];
  }
  return current;
}

/** OpenAPI `nullable` (Gemini `parameters`) written as JSON Schema, so a JSON Schema validator can check it. */
export function nullableToJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableToJsonSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Node = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'enum' || key === 'default' || key === 'example') out[key] = value;
    else if (key === 'properties') {
      const properties: Node = {};
      for (const [name, member] of Object.entries(value as Node)) {
        Object.defineProperty(properties, name, {
          value: nullableToJsonSchema(member),
          enumerable: true,
        });
      }
      out.properties = properties;
    } else out[key] = nullableToJsonSchema(value);
  }
  if (out.nullable === true) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  delete out.nullable;
  return out;
}
