import type { JsonSchemaObject } from '../json-schema.js';
import type { ArgumentMap } from './argument-map.js';
import { fittingSchema, projectSchemaTree } from './project-schema-tree.js';
import {
  type MutableMap,
  NEVER,
  type Path,
  type Projected,
  type Source,
  type TreeContext,
  warn,
} from './schema-tree-context.js';
import { strictFail } from './strict-schema-rules.js';
import type { TargetProfile } from './target-profile.js';

/** Projects `items` and tuples (`prefixItems`, draft 4-2019 `items: [...]`). @internal */
export function projectArraySchema(
  node: Source,
  out: Source,
  map: MutableMap,
  path: Path,
  context: TreeContext,
): void {
  const { profile } = context;
  // Draft 4-2019 tuples are `items: [...]` + `additionalItems`; 2020-12 ones `prefixItems` + `items`.
  const legacyTuple = Array.isArray(node.items);
  const tupleSource = legacyTuple ? node.items : node.prefixItems;
  const tuple = Array.isArray(tupleSource) && tupleSource.length > 0 ? tupleSource : undefined;
  const rest = legacyTuple ? node.additionalItems : node.items;
  if (tuple !== undefined) {
    const tupleKeyword = legacyTuple ? 'items' : 'prefixItems';
    if (profile.prefixItems && !context.strict) {
      const schemas: JsonSchemaObject[] = [];
      const maps: (ArgumentMap | null)[] = [];
      let impossibleAt: number | undefined;
      for (const [index, member] of tuple.entries()) {
        const projected = projectSchemaTree(member, [...path, tupleKeyword, index], context);
        if (projected === NEVER) {
          // Nothing fits this position, so the array ends before it.
          impossibleAt = index;
          break;
        }
        schemas.push(projected.schema);
        maps.push(projected.map);
      }
      if (schemas.length > 0) out.prefixItems = schemas;
      if (maps.some((entry) => entry !== null)) map.prefixItems = maps;
      const restProjected =
        impossibleAt === undefined
          ? projectSchemaTree(rest ?? {}, [...path, 'items'], context)
          : NEVER;
      if (restProjected !== NEVER) {
        out.items = restProjected.schema;
        if (restProjected.map !== null) map.items = restProjected.map;
      } else {
        if (profile.keywords === null) out.items = false;
        const limit = schemas.length;
        out.maxItems = typeof node.maxItems === 'number' ? Math.min(node.maxItems, limit) : limit;
        if (schemas.length === 0 && profile.keywords !== null) {
          out.items = { type: 'string' };
        }
      }
      return;
    }
    strictFail(context, path, 'it is a tuple');
    const members = rest === undefined || rest === false ? tuple : [...tuple, rest];
    const projected = projectSchemaTree({ anyOf: members }, [...path, tupleKeyword], context);
    setItems(out, map, projected, profile);
    if (projected !== NEVER) {
      if (!Object.hasOwn(node, 'minItems')) out.minItems = tuple.length;
      if (rest === false && !Object.hasOwn(node, 'maxItems')) out.maxItems = tuple.length;
    }
    warn(
      context,
      'TUPLE_FLATTENED',
      path,
      `${profile.label} does not take tuples; sent ${tuple.length} positions as one item schema that accepts any of them.`,
    );
    return;
  }
  // OpenAI rejects an array without `items`, even outside strict mode; Gemini needs one too.
  const items = rest ?? {};
  // Items that fit need no path of their own.
  const fitting = fittingSchema(items, path.length + 1, context);
  const projected =
    fitting === undefined
      ? projectSchemaTree(items, [...path, 'items'], context)
      : { schema: fitting, map: null };
  setItems(out, map, projected, profile);
}

function setItems(
  out: Source,
  map: MutableMap,
  projected: Projected,
  profile: TargetProfile,
): void {
  if (projected === NEVER) {
    // Items that accept nothing: only the empty array is valid.
    out.items = profile.keywords === null ? false : { type: 'string' };
    out.maxItems = 0;
    return;
  }
  out.items = projected.schema;
  if (projected.map !== null) map.items = projected.map;
}
