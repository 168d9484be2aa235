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
  const out: Source = {};
  if (Array.isArray(node.anyOf)) out.anyOf = rebuildList(node.anyOf, context);
  else if (Array.isArray(node.oneOf)) out.oneOf = rebuildList(node.oneOf, context);
  if (Object.hasOwn(node, 'const')) out.const = node.const;
  if (node.enum !== undefined) out.enum = node.enum;
  if (node.type !== undefined) out.type = node.type;
  const isObject = (found.shape & 1) !== 0;
  if (isObject) {
    const properties = node.properties as Source | undefined;
    if (properties !== undefined) {
      let count = 0;
      for (const _ in properties) count++;
      if (count > 0 || !profile.omitEmptyProperties) {
        out.properties = rebuildMap(properties, context);
      }
    } else if (!profile.omitEmptyProperties) {
      out.properties = {};
    }
    const required = node.required;
    if (Array.isArray(required) && required.length > 0) out.required = required;
    const additional = node.additionalProperties;
    if (profile.additionalProperties && additional !== undefined) {
      out.additionalProperties =
        typeof additional === 'boolean' ? additional : rebuildChild(additional, context);
    }
  }
  if ((found.shape & 2) !== 0) out.items = rebuildChild(node.items, context);
  const passThrough = profile.keywords === null && !context.strict;
  for (const key of Object.keys(node)) {
    if (STRUCTURAL_KEYWORDS.has(key) || SILENT_KEYWORDS.has(key)) continue;
    if (passThrough && KEPT_SUBSCHEMA_KEYWORDS.has(key)) {
      out[key] = rebuildChild(node[key], context);
    } else {
      setKey(out, key, node[key]);
    }
  }
  if (typeof node.description === 'string') out.description = node.description;
  return out;
}

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
    if (STRUCTURAL_KEYWORDS.has(key) || SILENT_KEYWORDS.has(key)) continue;
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
