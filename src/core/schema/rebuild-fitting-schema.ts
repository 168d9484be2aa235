import type { JsonSchemaObject } from '../json-schema.js';
import type { ArgumentMap } from './argument-map.js';
import { askAnyValueAsJson } from './ask-any-value-as-json.js';
import {
  FITTING_ARRAY,
  FITTING_MAPPED,
  FITTING_MERGED,
  FITTING_NULLABLE,
  FITTING_OBJECT,
  FITTING_REFERENCE,
  FITTING_REFERENCE_AS_IS,
  FITTING_RENAMED,
  FITTING_REWRITTEN,
  FITTING_WARNS,
  FITTING_WARNS_HERE,
  type FittingSchema,
  isNullBranch,
} from './collect-fitting-schemas.js';
import { mergeReference } from './merge-reference.js';
import { moveDefaultBesideAnyOf } from './move-default-beside-any-of.js';
import { projectKeyword } from './project-keyword.js';
import { describeAdditionalProperties } from './project-object-schema.js';
import { fitPropertyKeys, type PropertyKeyRule } from './property-key-rule.js';
import { resolveLocalRef } from './resolve-local-ref.js';
import {
  KEPT_SUBSCHEMA_KEYWORDS,
  SILENT_KEYWORDS,
  STRUCTURAL_KEYWORDS,
} from './schema-keywords.js';
import {
  finishMap,
  type MutableMap,
  type Source,
  type TreeContext,
} from './schema-tree-context.js';
import { readTypes, setKey } from './schema-values.js';
import type { TargetProfile } from './target-profile.js';
import { warnOneOfAsAnyOfAt } from './warn-one-of-as-any-of.js';

/**
 * Writes a sub-schema that `collectFittingSchemas` found to fit once keywords are dropped without
 * a warning, local `$ref`s inlined or property keys renamed: what `projectSchemaTree` would write
 * for it, without its walk (no paths, no warnings). Keys go in the order the projection writes
 * them: alternatives, `const`, `enum`, `type`, the object and array keywords, the rest in input
 * order, `description` last. Sub-schemas that fit as they are stay the input's own objects. A
 * node with renamed keys (`FITTING_MAPPED`) writes its argument map into `map`, as the walk
 * writes it; one whose keywords are moved into the description or dropped (`FITTING_WARNS_HERE`)
 * writes them as the walk's keyword loop does, warnings included, into `context.warned`.
 *
 * @internal
 * @example
 * ```ts
 * rebuildFittingSchema({ $comment: 'x', type: 'string' }, found, context); // { type: 'string' }
 * ```
 */
export function rebuildFittingSchema(
  input: Source,
  found: FittingSchema,
  context: RebuildContext,
  map?: MutableMap,
): JsonSchemaObject {
  const { profile } = context;
  let node = input;
  if ((found.shape & FITTING_REFERENCE) !== 0) {
    // The projection writes the merge of what the `$ref` leads to, as a new object.
    node = resolveReference(node, context.root);
    if ((found.shape & FITTING_REFERENCE_AS_IS) !== 0) return node;
  }
  if ((found.shape & FITTING_MERGED) !== 0) {
    return rebuildMergedAlternatives(
      node,
      context,
      (found.shape & FITTING_MAPPED) !== 0 ? map : undefined,
    );
  }
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
  const mapped = (found.shape & FITTING_MAPPED) !== 0 ? map : undefined;
  /** The types the walk reads the node's keywords by, where they are not its `type`'s. */
  let types: readonly string[] | undefined;
  if ((found.shape & FITTING_REWRITTEN) === 0) {
    if (Array.isArray(anyOf)) {
      out.anyOf =
        mapped !== undefined
          ? rebuildMappedBranches(anyOf, context, mapped, false)
          : deep
            ? rebuildList(anyOf, 'anyOf', context)
            : anyOf;
    } else if (Array.isArray(oneOf))
      out.oneOf = deep ? rebuildList(oneOf, 'oneOf', context) : oneOf;
    if (hasConst) out.const = constant;
    if (values !== undefined) out.enum = values;
    if (type !== undefined) out.type = type;
  } else {
    const dropsNull = (found.shape & FITTING_NULLABLE) !== 0;
    const head: NodeHead = { node, anyOf, oneOf, hasConst, constant, values, type, dropsNull };
    types = writeRewritten(head, deep, out, context, mapped);
  }
  // What the walk moves into the description here, in its order (a list only where it moves any).
  const described: string[] | undefined = (found.shape & FITTING_WARNS_HERE) !== 0 ? [] : undefined;
  if (types === STRING_TYPES && values === undefined && !hasConst) {
    // No type, enum or `const` (see `writeRewritten`): any value, asked for as JSON text.
    const site = context.warned as WarningSite;
    askAnyValueAsJson(site.tree, site.path, described as string[], mapped as MutableMap);
  }
  if ((found.shape & FITTING_OBJECT) !== 0) {
    let renaming: Renaming | undefined;
    if (mapped !== undefined && (found.shape & FITTING_RENAMED) !== 0) {
      renaming = renamingOf(
        Object.keys(properties as Source),
        profile.propertyKeys as PropertyKeyRule,
      );
    }
    if (properties !== undefined) {
      let count = 0;
      for (const _ in properties as Source) count++;
      if (count > 0 || !profile.omitEmptyProperties) {
        out.properties =
          mapped !== undefined
            ? rebuildProperties(properties as Source, renaming, context, mapped)
            : deep
              ? rebuildMap(properties as Source, context)
              : properties;
      }
    } else if (!profile.omitEmptyProperties) {
      out.properties = {};
    }
    if (Array.isArray(required) && required.length > 0) {
      out.required = renaming === undefined ? required : renameRequired(required, renaming.wires);
    }
    if (profile.additionalProperties && additional !== undefined) {
      out.additionalProperties =
        typeof additional === 'boolean' || !deep
          ? additional
          : rebuildChild(additional, context, 'additionalProperties');
    } else if (described !== undefined && additional !== undefined && additional !== false) {
      const site = context.warned as WarningSite;
      describeAdditionalProperties(additional, described, site.path, site.tree);
    }
  }
  if ((found.shape & FITTING_ARRAY) !== 0) {
    if (mapped !== undefined) {
      const rebuilt = rebuildMappedChild(items, context, 'items');
      out.items = rebuilt.schema;
      if (rebuilt.map !== null) mapped.items = rebuilt.map;
    } else {
      out.items = deep ? rebuildChild(items, context, 'items') : items;
    }
  }
  if (described !== undefined) {
    // The walk's keyword loop: every keyword it does not handle apart, kept, moved or dropped.
    const site = context.warned as WarningSite;
    types ??= readTypes(type);
    for (const key in node) {
      if (KEY_ROLES.get(key) === DROPPED) continue;
      projectKeyword(key, node[key], node, out, described, types, site.path, site.tree);
    }
    moveDefaultBesideAnyOf(out, described, site.path, site.tree);
    if (described.length > 0) {
      // As `finishNode` writes it.
      const extra = `(${described.join('; ')})`;
      out.description = typeof description === 'string' ? `${description} ${extra}` : extra;
      return out;
    }
  } else if (others) {
    const passThrough = profile.keywords === null && !context.strict;
    for (const key in node) {
      const role = KEY_ROLES.get(key);
      if (role === DROPPED) continue;
      if (role === SUBSCHEMA && passThrough && deep) {
        out[key] = rebuildChild(node[key], context, key);
      } else {
        setKey(out, key, node[key]);
      }
    }
  }
  if (typeof description === 'string') out.description = description;
  return out;
}

/** The keywords of a node that a rebuild writes first, as read from it. */
interface NodeHead {
  readonly node: Source;
  readonly anyOf: unknown;
  readonly oneOf: unknown;
  readonly hasConst: boolean;
  readonly constant: unknown;
  readonly values: unknown;
  readonly type: unknown;
  /** `FITTING_NULLABLE`: null branches are left out of the alternatives, for `nullable`. */
  readonly dropsNull: boolean;
}

/**
 * The keywords a `FITTING_REWRITTEN` node is written with first, as the walk writes them: a `oneOf`
 * the target does not take as `anyOf` (a new list, its branches under that name, with a warning),
 * a `const` it does not take as a one-value enum, no type (where one is needed) as the enum's,
 * `string`, a type and `null` as the type and `nullable`; the check lets only those rewrites
 * through. Kept apart from the rebuild of every other node, where stores seen only here would
 * cost its optimised code. Returns the types the walk reads the node's other keywords by, when
 * they are not its `type`'s.
 */
function writeRewritten(
  head: NodeHead,
  deep: boolean,
  out: Source,
  context: RebuildContext,
  map: MutableMap | undefined,
): readonly string[] | undefined {
  const { profile } = context;
  const { anyOf, oneOf, type } = head;
  if (Array.isArray(anyOf)) {
    if (map !== undefined) out.anyOf = rebuildMappedBranches(anyOf, context, map, head.dropsNull);
    else if (head.dropsNull) out.anyOf = rebuildOtherThanNull(anyOf, context);
    else out.anyOf = deep ? rebuildList(anyOf, 'anyOf', context) : anyOf;
  } else if (Array.isArray(oneOf)) {
    if (profile.oneOf) out.oneOf = deep ? rebuildList(oneOf, 'oneOf', context) : oneOf;
    else {
      warnOneOfAsAnyOf(context);
      out.anyOf =
        map !== undefined
          ? rebuildMappedBranches(oneOf, context, map, head.dropsNull, true)
          : head.dropsNull
            ? rebuildOtherThanNull(oneOf, context)
            : rebuildList(oneOf, 'anyOf', context, true);
    }
  }
  if (head.hasConst) {
    if (profile.const) out.const = head.constant;
    else out.enum = [head.constant];
  }
  if (head.values !== undefined) out.enum = head.values;
  if (type === undefined) {
    // No type beside the alternatives: `nullable` follows them.
    if (head.dropsNull) out.nullable = true;
    if (!profile.typeRequired || out.anyOf !== undefined) return undefined;
    out.type = 'string';
    return STRING_TYPES;
  }
  if (!Array.isArray(type) || profile.nullForm !== 'nullable') {
    out.type = type;
    return undefined;
  }
  if (type.length > 2 || !type.includes('null')) {
    // Two types or more besides null: a branch of each type, as the walk splits them (the check
    // let only a node of no other keyword but annotations through), then `nullable` for null.
    const branches: Source[] = [];
    for (const entry of type) if (entry !== 'null') branches.push({ type: entry });
    out.anyOf = branches;
    if (branches.length < type.length) out.nullable = true;
    else {
      // Without null the walk's node is the same as the node it split the types into (its
      // branches, then the other keys in their order), and it sends that node as it is.
      for (const key in head.node) if (key !== 'type') setKey(out, key, head.node[key]);
    }
    return NO_TYPES;
  }
  const other = type[0] === 'null' ? type[1] : type[0];
  out.type = other;
  out.nullable = true;
  return readTypes(other);
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
function rebuildMergedAlternatives(
  node: Source,
  context: RebuildContext,
  map: MutableMap | undefined,
): JsonSchemaObject {
  const out: Source = {};
  let nullable = false;
  let branches = node.anyOf as readonly unknown[] | undefined;
  if (branches === undefined) {
    // A `oneOf` the target does not take (the check let no other through), read as `anyOf`.
    warnOneOfAsAnyOf(context);
    branches = node.oneOf as readonly unknown[];
  }
  for (let index = 0; index < branches.length; index++) {
    const branch = branches[index];
    if (isNullBranch(branch as Source)) {
      nullable = true;
      // The walk projects it before it drops it: its warnings (see `FITTING_WARNS`) stand.
      rebuildChild(branch, context, 'anyOf', index);
      continue;
    }
    let rebuilt: Source;
    if (map === undefined) rebuilt = rebuildChild(branch, context, 'anyOf', index) as Source;
    else {
      // The lone branch's map is the node's (the check let no other branch have one).
      const child = rebuildMappedChild(branch, context, 'anyOf', index);
      rebuilt = child.schema as Source;
      if (child.map !== null) Object.assign(map, child.map);
    }
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

const STRING_TYPES: readonly string[] = ['string'];
/** The types of a node written as alternatives of its own: none (read as the walk reads `undefined`). */
const NO_TYPES: readonly string[] = [];

/** What a rebuild reads: the target, and which sub-schemas are rebuilt. @internal */
export interface RebuildContext {
  readonly profile: TargetProfile;
  readonly strict: boolean;
  /** From `collectFittingSchemas`: a child of a rebuilt node that is not listed fits as it is. */
  readonly fitting: ReadonlyMap<object, FittingSchema> | undefined;
  /** The schema's root, where local `$ref`s lead. */
  readonly root: unknown;
  /** Where the warnings of a schema that warns go (see `FITTING_WARNS`); `undefined` for others. */
  readonly warned?: WarningSite | undefined;
}

/**
 * The warnings of a rebuild that warns, and the path of the node being rebuilt (segments pushed
 * on the way down, as the walk's paths read). @internal
 */
export interface WarningSite {
  /** What `projectKeyword` writes warnings into (the rebuild reads nothing else of it). */
  readonly tree: TreeContext;
  readonly path: (string | number)[];
}

/** A `$ref` node as the projection resolves it (the check found every target to be a plain object). */
function resolveReference(node: Source, root: unknown): Source {
  let merged = node;
  while (typeof merged.$ref === 'string') {
    merged = mergeReference(resolveLocalRef(root, merged.$ref) as Source, merged);
  }
  return merged;
}

/** A rebuilt child and its argument map (`null`: it has none). */
interface MappedChild {
  readonly schema: unknown;
  readonly map: ArgumentMap | null;
}

/** A child of a node with an argument map, rebuilt with its own map when it has one. */
function rebuildMappedChild(
  child: unknown,
  context: RebuildContext,
  key: string,
  name?: string | number,
): MappedChild {
  const found = context.fitting?.get(child as object);
  if (found === undefined || found.rebuilt === 0) return { schema: child, map: null };
  if ((found.shape & FITTING_MAPPED) === 0) {
    return { schema: rebuildAt(child as Source, found, context, key, name), map: null };
  }
  const map: MutableMap = {};
  const schema = rebuildAt(child as Source, found, context, key, name, map);
  return { schema, map: finishMap(map) };
}

/**
 * A child's rebuild, under its path (`key`, then `name`: a property name or a branch index) when
 * it warns.
 */
function rebuildAt(
  child: Source,
  found: FittingSchema,
  context: RebuildContext,
  key: string,
  name?: string | number,
  map?: MutableMap,
): JsonSchemaObject {
  if ((found.shape & FITTING_WARNS) === 0) return rebuildFittingSchema(child, found, context, map);
  const path = (context.warned as WarningSite).path;
  const depth = path.length;
  path.push(key);
  if (name !== undefined) path.push(name);
  const rebuilt = rebuildFittingSchema(child, found, context, map);
  path.length = depth;
  return rebuilt;
}

/**
 * The wire keys of one list of property keys (see `fitPropertyKeys`), in the list's order, and
 * the argument map's `keys` for them: built once per list the key rule remembers, since the same
 * lists recur (Twilio's two 205-key objects: writing the 205 renamed keys into a new table, a key
 * at a time, cost more than the rest of their rebuild).
 */
interface Renaming {
  readonly wires: ReadonlyMap<string, string>;
  /** The wire key of each key, in the list's order. */
  readonly list: readonly string[];
  /**
   * Wire key to key, for the keys renamed (`undefined`: none is). Frozen, and shared by every
   * argument map of the list, as every argument map is frozen.
   */
  readonly keys: Readonly<Record<string, string>> | undefined;
}

// By the wire keys `fitPropertyKeys` gives, which are the same object only for the same list.
const renamings = new WeakMap<ReadonlyMap<string, string>, Renaming>();

function renamingOf(names: readonly string[], rule: PropertyKeyRule): Renaming {
  const wires = fitPropertyKeys(names, rule);
  let renaming = renamings.get(wires);
  if (renaming === undefined) {
    const list: string[] = [];
    let keys: Record<string, string> | undefined;
    for (let index = 0; index < names.length; index++) {
      const name = names[index] as string;
      const wire = wires.get(name) ?? name;
      list.push(wire);
      if (wire !== name) {
        keys ??= names.length > MANY_KEYS ? emptyTable() : {};
        setKey(keys, wire, name);
      }
    }
    renaming = { wires, list, keys: keys === undefined ? undefined : Object.freeze(keys) };
    renamings.set(wires, renaming);
  }
  return renaming;
}

/**
 * The `properties` of a node with an argument map, as the walk writes them: under their wire
 * names (`renaming`, when keys are renamed), and a new object only when a key or a value changes.
 * The renamed keys and the properties' maps go into `map`, in that order.
 */
function rebuildProperties(
  properties: Source,
  renaming: Renaming | undefined,
  context: RebuildContext,
  map: MutableMap,
): Source {
  const names = Object.keys(properties);
  const wires = renaming?.list;
  let out: Source | undefined;
  let maps: Record<string, ArgumentMap> | undefined;
  for (let index = 0; index < names.length; index++) {
    const name = names[index] as string;
    const child = properties[name];
    const rebuilt = rebuildMappedChild(child, context, 'properties', name);
    const wire = wires === undefined ? name : (wires[index] as string);
    if (out === undefined && (wire !== name || rebuilt.schema !== child)) {
      out = names.length > MANY_KEYS ? emptyTable() : {};
      for (let before = 0; before < index; before++) {
        const earlier = names[before] as string;
        setKey(out, earlier, properties[earlier]);
      }
    }
    if (out !== undefined) setKey(out, wire, rebuilt.schema);
    if (rebuilt.map !== null) {
      maps ??= names.length > MANY_KEYS ? emptyTable() : {};
      setKey(maps, wire, rebuilt.map);
    }
  }
  if (renaming?.keys !== undefined) map.keys = renaming.keys;
  if (maps !== undefined) map.properties = maps;
  return out ?? properties;
}

/** Past this many properties, an object is written as a table from the start (see `emptyTable`). */
const MANY_KEYS = 16;

/**
 * An empty object that V8 keeps as a hash table (taking a key away from the middle of an object
 * turns it into one). An object written a key at a time otherwise gets a new hidden class for each
 * of its first keys before it turns into a table anyway, and those classes die at every full
 * collection, so a catalog's 205-key `properties` (Twilio) paid for them again every time.
 */
function emptyTable<Value>(): Record<string, Value> {
  const out: Record<string, unknown> = { first: 0, second: 0 };
  delete out.first;
  delete out.second;
  return out as Record<string, Value>;
}

/**
 * `required` under the wire names of the properties it names (others as they are). `wires` holds
 * every own key of `properties` and nothing else, so it alone says which names are properties:
 * asking the object would look each name, a string read from a value, up in V8's string table.
 */
function renameRequired(
  required: readonly unknown[],
  wires: ReadonlyMap<string, string>,
): readonly unknown[] {
  let out: unknown[] | undefined;
  for (let index = 0; index < required.length; index++) {
    const name = required[index] as string;
    const wire = wires.get(name) ?? name;
    if (out === undefined && wire !== name) out = required.slice(0, index);
    out?.push(wire);
  }
  return out ?? required;
}

/**
 * A child of a rebuilt node: the input's own object when it fits as it is. `key` and `name` are
 * its path below the node (see `rebuildAt`).
 */
function rebuildChild(
  child: unknown,
  context: RebuildContext,
  key: string,
  name?: string | number,
): unknown {
  const found = context.fitting?.get(child as object);
  return found === undefined || found.rebuilt === 0
    ? child
    : rebuildAt(child as Source, found, context, key, name);
}

/** A list of branches, the input's own unless a branch is rebuilt (or `copy`: always a new list). */
function rebuildList(
  list: readonly unknown[],
  key: string,
  context: RebuildContext,
  copy = false,
): readonly unknown[] {
  let out: unknown[] | undefined = copy ? [] : undefined;
  for (let index = 0; index < list.length; index++) {
    const child = list[index];
    const rebuilt = rebuildChild(child, context, key, index);
    if (rebuilt !== child && out === undefined) out = list.slice(0, index);
    out?.push(rebuilt);
  }
  return out ?? list;
}

/**
 * The branches other than null ones, rebuilt into a new list as the walk writes them (each under
 * `anyOf`, and the null ones rebuilt too, for the warnings the walk gives before it drops them).
 */
function rebuildOtherThanNull(list: readonly unknown[], context: RebuildContext): unknown[] {
  const out: unknown[] = [];
  for (let index = 0; index < list.length; index++) {
    const child = list[index];
    const rebuilt = rebuildChild(child, context, 'anyOf', index);
    if (!isNullBranch(child as Source)) out.push(rebuilt);
  }
  return out;
}

/**
 * Branches kept as alternatives under a node with an argument map, each rebuilt with its own map
 * (null branches left out with `dropsNull`, after their rebuild, as `rebuildOtherThanNull` leaves
 * them): the walk's list, and the walk's `anyOf` map when any branch has one. `copy`: always a
 * new list (see `rebuildList`).
 */
function rebuildMappedBranches(
  list: readonly unknown[],
  context: RebuildContext,
  map: MutableMap,
  dropsNull: boolean,
  copy = false,
): readonly unknown[] {
  let out: unknown[] | undefined = dropsNull || copy ? [] : undefined;
  const maps: (ArgumentMap | null)[] = [];
  let anyMap = false;
  for (let index = 0; index < list.length; index++) {
    const child = list[index];
    const rebuilt = rebuildMappedChild(child, context, 'anyOf', index);
    if (dropsNull && isNullBranch(child as Source)) continue;
    if (out === undefined && rebuilt.schema !== child) out = list.slice(0, index);
    out?.push(rebuilt.schema);
    maps.push(rebuilt.map);
    if (rebuilt.map !== null) anyMap = true;
  }
  if (anyMap) map.anyOf = maps.map((entry) => entry ?? {});
  return out ?? list;
}

/** The walk's warning for a `oneOf` written as `anyOf`, at the node being rebuilt. */
function warnOneOfAsAnyOf(context: RebuildContext): void {
  const site = context.warned as WarningSite;
  warnOneOfAsAnyOfAt(site.tree, site.path);
}

function rebuildMap(map: Source, context: RebuildContext): Source {
  let out: Source | undefined;
  let index = 0;
  const names = Object.keys(map);
  for (const name of names) {
    const child = map[name];
    const rebuilt = rebuildChild(child, context, 'properties', name);
    if (rebuilt !== child && out === undefined) {
      out = names.length > MANY_KEYS ? emptyTable() : {};
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
