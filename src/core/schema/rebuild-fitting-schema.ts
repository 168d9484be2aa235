import type { JsonSchemaObject } from '../json-schema.js';
import type { FittingSchema } from './collect-fitting-schemas.js';
import {
  KEPT_SUBSCHEMA_KEYWORDS,
  SILENT_KEYWORDS,
  STRUCTURAL_KEYWORDS,
} from './schema-keywords.js';
import type { Source } from './schema-tree-context.js';
import { setKey } from './schema-values.js';
import type { TargetProfile } from './target-profile.js';

/**
 * Writes a sub-schema that `collectFittingSchemas` found to fit once keywords are dropped without
 * a warning: what `projectSchemaTree` would write for it, without its walk (no paths, no argument
 * map, no warnings). Keys go in the order the projection writes them: alternatives, `const`,
 * `enum`, `type`, the object and array keywords, the rest in input order, `description` last.
 * Sub-schemas that fit as they are stay the input's own objects.
 *
 * @internal
 * @example
 * ```ts
 * rebuildFittingSchema({ $comment: 'x', type: 'string' }, found, context); // { type: 'string' }
 * ```
 */
export function rebuildFittingSchema(
  node: Source,
  found: FittingSchema,
  context: RebuildContext,
): JsonSchemaObject {
  const { profile } = context;
  if ((found.shape & 4) !== 0) return rebuildMergedAlternatives(node, context);
  // One pass over the keys reads the keywords written first, in their order, and tells whether
  // any other key is kept (a second pass writes those in input order). A node that is the only
  // one rebuilt in its sub-tree (a root that loses its `$schema`) keeps every child as it is.
  const deep = found.rebuilt > 1;
  let anyOf: unknown;
  let oneOf: unknown;
  let hasConst = false;
  let constant: unknown;
  let values: unknown;
  let type: unknown;
  let properties: unknown;
  let required: unknown;
  let additional: unknown;
  let items: unknown;
  let description: unknown;
  let others = false;
  for (const key in node) {
    const value = node[key];
    if (key === 'type') type = value;
    else if (key === 'description') description = value;
    else if (key === 'properties') properties = value;
    else if (key === 'required') required = value;
    else if (key === 'additionalProperties') additional = value;
    else if (key === 'items') items = value;
    else if (key === 'enum') values = value;
    else if (key === 'anyOf') anyOf = value;
    else if (key === 'oneOf') oneOf = value;
    else if (key === 'const') {
      hasConst = true;
      constant = value;
    } else if (KEY_ROLES.get(key) !== DROPPED) others = true;
  }
  const out: Source = {};
  if (Array.isArray(anyOf)) out.anyOf = deep ? rebuildList(anyOf, context) : anyOf;
  else if (Array.isArray(oneOf)) out.oneOf = deep ? rebuildList(oneOf, context) : oneOf;
  if (hasConst) out.const = constant;
  if (values !== undefined) out.enum = values;
  if (type !== undefined) out.type = type;
  if ((found.shape & 1) !== 0) {
    if (properties !== undefined) {
      let count = 0;
      for (const _ in properties as Source) count++;
      if (count > 0 || !profile.omitEmptyProperties) {
        out.properties = deep ? rebuildMap(properties as Source, context) : properties;
      }
    } else if (!profile.omitEmptyProperties) {
      out.properties = {};
    }
    if (Array.isArray(required) && required.length > 0) out.required = required;
    if (profile.additionalProperties && additional !== undefined) {
      out.additionalProperties =
        typeof additional === 'boolean' || !deep ? additional : rebuildChild(additional, context);
    }
  }
  if ((found.shape & 2) !== 0) out.items = deep ? rebuildChild(items, context) : items;
  if (others) {
    const passThrough = profile.keywords === null && !context.strict;
    for (const key in node) {
      const role = KEY_ROLES.get(key);
      if (role === DROPPED) continue;
      if (role === SUBSCHEMA && passThrough && deep) out[key] = rebuildChild(node[key], context);
      else setKey(out, key, node[key]);
    }
  }
  if (typeof description === 'string') out.description = description;
  return out;
}

/** The keys a rebuild writes apart (structural ones) or leaves out (silent ones). */
const DROPPED = 1;
/** A sub-schema keyword a pass-through target keeps, rebuilt when it is rebuilt. */
const SUBSCHEMA = 2;
const KEY_ROLES: ReadonlyMap<string, number> = new Map([
  ...[...STRUCTURAL_KEYWORDS, ...SILENT_KEYWORDS].map((key) => [key, DROPPED] as const),
  ...[...KEPT_SUBSCHEMA_KEYWORDS].map((key) => [key, SUBSCHEMA] as const),
]);

/**
 * `anyOf: [X, {type: "null"}]` where null is written `nullable` (Gemini, Vertex): X's keys, then
 * `nullable`, then the wrapper's own keywords (they win), as the walk merges a lone branch.
 */
function rebuildMergedAlternatives(node: Source, context: RebuildContext): JsonSchemaObject {
  const out: Source = {};
  let nullable = false;
  for (const branch of node.anyOf as readonly unknown[]) {
    if (isNullBranch(branch)) {
      nullable = true;
      continue;
    }
    const rebuilt = rebuildChild(branch, context) as Source;
    for (const key of Object.keys(rebuilt)) setKey(out, key, rebuilt[key]);
  }
  if (nullable) out.nullable = true;
  for (const key of Object.keys(node)) {
    // Structural and silent keywords are the dropped ones (no sub-schema keyword is either).
    if (KEY_ROLES.get(key) === DROPPED) continue;
    setKey(out, key, node[key]);
  }
  if (typeof node.description === 'string') out.description = node.description;
  return out;
}

/** A branch `nullable` replaces, as `collectFittingSchemas` tells them apart. */
function isNullBranch(branch: unknown): boolean {
  const schema = branch as Source;
  return schema.type === 'null' && schema.anyOf === undefined;
}

/** What a rebuild reads: the target, and which sub-schemas are rebuilt. @internal */
export interface RebuildContext {
  readonly profile: TargetProfile;
  readonly strict: boolean;
  /** From `collectFittingSchemas`: a child of a rebuilt node that is not listed fits as it is. */
  readonly fitting: ReadonlyMap<object, FittingSchema> | undefined;
}

/** A child of a rebuilt node: the input's own object when it fits as it is. */
function rebuildChild(child: unknown, context: RebuildContext): unknown {
  const found = context.fitting?.get(child as object);
  return found === undefined || found.rebuilt === 0
    ? child
    : rebuildFittingSchema(child as Source, found, context);
}

function rebuildList(list: readonly unknown[], context: RebuildContext): readonly unknown[] {
  let out: unknown[] | undefined;
  for (let index = 0; index < list.length; index++) {
    const child = list[index];
    const rebuilt = rebuildChild(child, context);
    if (rebuilt !== child && out === undefined) out = list.slice(0, index);
    out?.push(rebuilt);
  }
  return out ?? list;
}

function rebuildMap(map: Source, context: RebuildContext): Source {
  let out: Source | undefined;
  let index = 0;
  const names = Object.keys(map);
  for (const name of names) {
    const child = map[name];
    const rebuilt = rebuildChild(child, context);
    if (rebuilt !== child && out === undefined) {
      out = {};
      for (let before = 0; before < index; before++) {
        const earlier = names[before] as string;
        setKey(out, earlier, map[earlier]);
      }
    }
    if (out !== undefined) setKey(out, name, rebuilt);
    index++;
  }
  return out ?? map;
}
