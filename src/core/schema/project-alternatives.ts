import type { JsonSchemaObject } from '../json-schema.js';
import { type ArgumentMap, hasObjectPart } from './argument-map.js';
import { toJsonPointer } from './json-pointer.js';
import { fittingSchema, projectSchemaTree } from './project-schema-tree.js';
import { NEVER, type Path, type TreeContext } from './schema-tree-context.js';
import { isRecord } from './schema-values.js';

/** Projects the branches of `anyOf`/`oneOf`, leaving out those that accept nothing. @internal */
export function projectAlternatives(
  alternatives: unknown[],
  path: Path,
  context: TreeContext,
): { schemas: JsonSchemaObject[]; maps: (ArgumentMap | null)[] } {
  const schemas: JsonSchemaObject[] = [];
  const maps: (ArgumentMap | null)[] = [];
  if (context.strict && countNonNull(alternatives) > 1) {
    context.crowdedBranches ??= new Set();
    const crowded = context.crowdedBranches;
    // A branch's pointer is the list's and its index (an index is never escaped).
    const pointer = toJsonPointer(path);
    for (let index = 0; index < alternatives.length; index++) {
      if (index in alternatives) crowded.add(`${pointer}/${index}`);
    }
  }
  const depth = path.length + 1;
  for (let index = 0; index < alternatives.length; index++) {
    // Holes of a sparse array are no branches (as `forEach` skips them).
    if (!(index in alternatives)) continue;
    const branch = alternatives[index];
    // A branch that accepts nothing can go: dropping it does not change what the union accepts.
    // One that fits needs no path of its own.
    const fitting = fittingSchema(branch, depth, context);
    if (fitting !== undefined) {
      schemas.push(fitting);
      maps.push(null);
      continue;
    }
    const projected = projectSchemaTree(branch, [...path, index], context);
    if (projected === NEVER) continue;
    schemas.push(projected.schema);
    maps.push(closedBranchMap(projected.schema, projected.map));
  }
  return { schemas, maps };
}

/** How many branches are other than `{ type: "null" }` (holes of a sparse array are no branches). */
function countNonNull(alternatives: unknown[]): number {
  let count = 0;
  for (let index = 0; index < alternatives.length; index++) {
    if (!(index in alternatives)) continue;
    const branch = alternatives[index];
    if (!(isRecord(branch) && branch.type === 'null')) count++;
  }
  return count;
}

/**
 * The map of a closed object branch names its keys, so that arguments are mapped by the branch
 * they fit, not by the first branch that changes objects. Shared with the one-pass strict path.
 *
 * @internal
 * @example
 * ```ts
 * closedBranchMap({ type: 'object', properties: { a: {} }, additionalProperties: false }, { optionalNulls: ['a'] });
 * // { optionalNulls: ['a'], declared: ['a'] }
 * ```
 */
export function closedBranchMap(
  schema: JsonSchemaObject,
  map: ArgumentMap | null,
): ArgumentMap | null {
  if (map === null || map.declared !== undefined || !hasObjectPart(map)) return map;
  if (schema.additionalProperties !== false || !isRecord(schema.properties)) return map;
  return { ...map, declared: Object.keys(schema.properties) };
}
