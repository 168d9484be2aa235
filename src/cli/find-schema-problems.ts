/** One thing in a tool's input schema that a provider rejects or that toolwire had to repair. */
export interface SchemaProblem {
  /** A JSON Pointer into the input schema (`''` is the root). */
  path: string;
  /** `error` when a provider rejects the schema as it is; `info` when normalisation repairs it. */
  severity: 'error' | 'info';
  /** The providers affected, or `all`. */
  providers: string;
  /** What is wrong, in a sentence. */
  message: string;
}

const PROPERTY_KEY = /^[A-Za-z0-9_.-]{1,64}$/;
const MAX_DEPTH = 64;

/**
 * The schema rules the lint report checks, each with the provider it comes from
 * (shared/research/providers.md): a missing schema, a root that is not an object, an object
 * without `properties` (repaired by normalisation), an array without `items` (OpenAI rejects it,
 * even non-strict), `anyOf`/`oneOf`/`allOf` at the root (Anthropic rejects it), and property keys
 * outside `^[A-Za-z0-9_.-]{1,64}$` (Anthropic rejects them).
 * @internal
 * @example
 * ```ts
 * findSchemaProblems({ type: 'object', properties: { tags: { type: 'array' } } });
 * // [{ path: '/properties/tags', severity: 'error', providers: 'openai', message: 'array schema without items is rejected by OpenAI ("array schema missing items")' }]
 * ```
 */
export function findSchemaProblems(schema: unknown): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  if (schema === undefined || schema === null) {
    problems.push({
      path: '',
      severity: 'info',
      providers: 'all',
      message: 'no inputSchema; sent as an empty object schema',
    });
    return problems;
  }
  if (typeof schema !== 'object' || Array.isArray(schema)) {
    problems.push({
      path: '',
      severity: 'error',
      providers: 'all',
      message: 'inputSchema is not a JSON Schema object',
    });
    return problems;
  }
  const root = schema as Record<string, unknown>;
  if (root.type !== 'object') {
    problems.push({
      path: '/type',
      severity: 'error',
      providers: 'all',
      message: `the root type is ${JSON.stringify(root.type)}, but every provider requires "object"`,
    });
  }
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    if (root[keyword] !== undefined) {
      problems.push({
        path: `/${keyword}`,
        severity: 'error',
        providers: 'anthropic',
        message: `${keyword} at the root is rejected by Anthropic`,
      });
    }
  }
  walk(root, '', problems, 0, new Set());
  return problems;
}

function walk(
  node: unknown,
  path: string,
  problems: SchemaProblem[],
  depth: number,
  seen: Set<unknown>,
): void {
  if (typeof node !== 'object' || node === null || seen.has(node) || depth > MAX_DEPTH) return;
  seen.add(node);
  if (Array.isArray(node)) {
    node.forEach((item, index) => {
      walk(item, `${path}/${index}`, problems, depth + 1, seen);
    });
    return;
  }
  const schema = node as Record<string, unknown>;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('object') && schema.properties === undefined) {
    problems.push({
      path,
      severity: 'info',
      providers: 'openai',
      message: 'object schema without properties; normalisation adds "properties": {}',
    });
  }
  if (types.includes('array') && schema.items === undefined && schema.prefixItems === undefined) {
    problems.push({
      path,
      severity: 'error',
      providers: 'openai',
      message: 'array schema without items is rejected by OpenAI ("array schema missing items")',
    });
  }
  const properties = schema.properties;
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
    for (const [key, value] of Object.entries(properties)) {
      const at = `${path}/properties/${escapePointer(key)}`;
      if (!PROPERTY_KEY.test(key)) {
        problems.push({
          path: at,
          severity: 'error',
          providers: 'anthropic',
          message: `property key ${JSON.stringify(key)} breaks Anthropic's ^[a-zA-Z0-9_.-]{1,64}$`,
        });
      }
      walk(value, at, problems, depth + 1, seen);
    }
  }
  for (const keyword of ['items', 'additionalProperties', 'not', 'prefixItems']) {
    walk(schema[keyword], `${path}/${keyword}`, problems, depth + 1, seen);
  }
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    walk(schema[keyword], `${path}/${keyword}`, problems, depth + 1, seen);
  }
  for (const keyword of ['$defs', 'definitions']) {
    const table = schema[keyword];
    if (typeof table === 'object' && table !== null && !Array.isArray(table)) {
      for (const [key, value] of Object.entries(table)) {
        walk(value, `${path}/${keyword}/${escapePointer(key)}`, problems, depth + 1, seen);
      }
    }
  }
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
