/**
 * Visits every subschema of a JSON schema with its JSON path, for rule checks. Cycles and very
 * deep schemas stop the walk instead of crashing the server.
 */
export function walkSchema(
  schema: unknown,
  path: string,
  visit: (node: Record<string, unknown>, path: string, depth: number) => void,
  depth = 0,
  seen: Set<unknown> = new Set(),
): void {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return;
  if (seen.has(schema) || depth > 200) return;
  seen.add(schema);
  const node = schema as Record<string, unknown>;
  visit(node, path, depth);
  for (const key of ['items', 'additionalProperties', 'not', 'contains', 'if', 'then', 'else']) {
    if (Object.hasOwn(node, key)) walkSchema(node[key], `${path}.${key}`, visit, depth + 1, seen);
  }
  for (const key of ['properties', '$defs', 'definitions', 'patternProperties']) {
    const table = node[key];
    if (typeof table === 'object' && table !== null && !Array.isArray(table)) {
      for (const [name, child] of Object.entries(table)) {
        walkSchema(child, `${path}.${key}.${name}`, visit, depth + 1, seen);
      }
    }
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    const list = node[key];
    if (Array.isArray(list)) {
      for (const [index, child] of list.entries()) {
        walkSchema(child, `${path}.${key}[${index}]`, visit, depth + 1, seen);
      }
    }
  }
}

/** The types a schema node declares (`type: 'x'` or `type: ['x', 'null']`). */
export function typesOf(node: Record<string, unknown>): string[] {
  const { type } = node;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((item): item is string => typeof item === 'string');
  return [];
}
