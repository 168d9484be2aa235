import type { JsonSchemaObject } from '../json-schema.js';
import { ToolwireError } from '../toolwire-error.js';
import type { ArgumentMap } from './argument-map.js';
import { askAnyValueAsJson } from './ask-any-value-as-json.js';
import { FITTING_MAPPED, FITTING_WARNS } from './collect-fitting-schemas.js';
import { toJsonPointer } from './json-pointer.js';
import { moveDefaultBesideAnyOf } from './move-default-beside-any-of.js';
import { openObjectAsJson } from './open-object-as-json.js';
import { projectAlternatives } from './project-alternatives.js';
import { projectArraySchema } from './project-array-schema.js';
import { projectEnum } from './project-enum.js';
import { projectKeyword } from './project-keyword.js';
import { describeAdditionalProperties, projectObjectSchema } from './project-object-schema.js';
import { projectRecursion } from './project-recursion.js';
import { projectStrictAlternatives } from './project-strict-alternatives.js';
import { projectStrictObject } from './project-strict-object.js';
import { rebuildFittingSchema } from './rebuild-fitting-schema.js';
import { isRecursion, resolveSchemaNode } from './resolve-schema-node.js';
import { SILENT_KEYWORDS, STRUCTURAL_KEYWORDS } from './schema-keywords.js';
import { MAX_SCHEMA_DEPTH } from './schema-limits.js';
import {
  countNode,
  finishMap,
  MAX_PROJECTED_NODES,
  type MutableMap,
  NEVER,
  type Path,
  type Projected,
  type Source,
  type TreeContext,
  TYPE_KEYWORDS,
  warn,
} from './schema-tree-context.js';
import {
  compactJson,
  hasAny,
  hasOwnShape,
  isRecord,
  jsonType,
  readTypes,
  sameArray,
  sameEntries,
  sameJson,
  setKey,
  withoutKeys,
} from './schema-values.js';
import { STRICT_MAX_ENUM_VALUES, strictFail } from './strict-schema-rules.js';
import type { TargetProfile } from './target-profile.js';
import { warnOneOfAsAnyOfAt } from './warn-one-of-as-any-of.js';

/**
 * Projects one schema (already normalised by `normalizeInputSchema`) for a target profile:
 * inlines local `$ref`s, merges `allOf`, rewrites nullability, drops or describes what the target
 * rejects, renames property keys, and in strict mode closes objects and requires every property.
 *
 * @internal
 */
export function projectSchemaTree(input: unknown, path: Path, context: TreeContext): Projected {
  const fitting = fittingSchema(input, path.length, context);
  if (fitting !== undefined) return { schema: fitting, map: null };
  countNode(context, path);
  if (path.length > MAX_SCHEMA_DEPTH) {
    throw new ToolwireError({
      code: 'SCHEMA_TOO_DEEP',
      message: `Schema at "${toJsonPointer(path.slice(0, 12))}/..." nests deeper than ${MAX_SCHEMA_DEPTH} levels once its $refs are inlined. Flatten the schema.`,
    });
  }
  // The object OpenAI strict closes and the optional parameter it keeps as alternatives, in one
  // pass each (not in the reference walk, which has no shortcut at all).
  if (context.strict && context.fitting !== undefined) {
    const common =
      projectStrictObject(input, path, context) ?? projectStrictAlternatives(input, path, context);
    if (common !== undefined) return common;
  }
  // The refs followed here are on the path of this node only. Restored on return, not in a
  // `finally`: a throw abandons the walk and its context (a strict failure walks again with a new
  // one), and a `finally` would rethrow at every level on the way out.
  const depthBefore = context.refs.length;
  const resolved = resolveSchemaNode(input, path, context);
  let projected: Projected;
  if (resolved === NEVER) projected = NEVER;
  else if (isRecursion(resolved)) projected = projectRecursion(resolved, path, context);
  else projected = projectResolved(resolved, path, context);
  if (context.refs.length !== depthBefore) context.refs.length = depthBefore;
  return projected;
}

/**
 * A sub-schema the target takes as it is: sent as it is, no walk and no copy; one that only loses
 * keywords silently: rebuilt without the walk. Either way its argument map is `null`. `undefined`
 * when the walk must take it (not found to fit, or too deep at `depth` path segments, or past
 * the node cap). Callers ask before they build the node's path, which only the walk needs.
 *
 * @internal
 */
export function fittingSchema(
  input: unknown,
  depth: number,
  context: TreeContext,
): JsonSchemaObject | undefined {
  const found = context.fitting?.get(input as object);
  if (
    found === undefined ||
    // Its argument map is built by the walk (see `FITTING_MAPPED`), and so are warnings.
    (found.shape & (FITTING_MAPPED | FITTING_WARNS)) !== 0 ||
    depth + found.height > MAX_SCHEMA_DEPTH ||
    context.nodes + found.rebuilt > MAX_PROJECTED_NODES
  ) {
    return undefined;
  }
  context.strictCharacters += found.characters;
  if (found.rebuilt === 0) return input as JsonSchemaObject;
  context.nodes += found.rebuilt;
  return rebuildFittingSchema(input as Source, found, context);
}

function projectResolved(source: Source, path: Path, context: TreeContext): Projected {
  const { profile } = context;
  let node = source;
  let types = readTypes(node.type);
  // OpenAPI-style input: `nullable: true` beside a type.
  if (node.nullable === true && types !== undefined && !types.includes('null')) {
    types = [...types, 'null'];
  }

  // A type array the target cannot write becomes one `anyOf` branch per type.
  if (types !== undefined && needsTypeSplit(types, profile)) {
    if (node.anyOf === undefined && node.oneOf === undefined) {
      return projectResolved(splitTypes(node, types), path, context);
    }
    warn(
      context,
      'DROPPED_KEYWORD',
      path,
      `${profile.label} cannot write \`type: ${JSON.stringify(types)}\` beside \`anyOf\`; kept the \`anyOf\` branches, which carry their own types.`,
    );
    node = withoutKeys(node, ['type']);
    types = undefined;
  }

  const out: Source = {};
  const map: MutableMap = {};
  const described: string[] = [];
  let nullable = false;

  // Alternatives.
  let alternatives: unknown[] | undefined = Array.isArray(node.anyOf) ? node.anyOf : undefined;
  let exclusive = false;
  if (Array.isArray(node.oneOf)) {
    if (profile.oneOf && !context.strict) {
      exclusive = true;
      if (alternatives !== undefined) {
        const kept = projectAlternatives(alternatives, [...path, 'anyOf'], context).schemas;
        // Every branch accepts nothing (`false`): so does the node.
        if (kept.length === 0) return NEVER;
        out.anyOf = kept;
        alternatives = undefined;
      }
      alternatives = node.oneOf;
    } else if (alternatives === undefined) {
      alternatives = node.oneOf;
      warnOneOfAsAnyOfAt(context, path);
    } else {
      strictFail(context, path, 'it has both `anyOf` and `oneOf`');
      described.push(`must also match exactly one of: ${compactJson(node.oneOf)}`);
      warn(
        context,
        'MOVED_TO_DESCRIPTION',
        path,
        `${profile.label} does not take \`oneOf\` beside \`anyOf\`; moved it into the description.`,
      );
    }
  }
  let merged: { schema: JsonSchemaObject; map: ArgumentMap | null } | undefined;
  if (alternatives !== undefined) {
    const projected = projectAlternatives(
      alternatives,
      [...path, exclusive ? 'oneOf' : 'anyOf'],
      context,
    );
    if (projected.schemas.length === 0) return NEVER;
    let schemas = projected.schemas;
    let maps = projected.maps;
    if (profile.nullForm === 'nullable') {
      if (schemas.some(isNullSchema)) {
        nullable = true;
        const nonNullSchemas: JsonSchemaObject[] = [];
        const nonNullMaps: (ArgumentMap | null)[] = [];
        for (let index = 0; index < schemas.length; index++) {
          const schema = schemas[index] as JsonSchemaObject;
          if (isNullSchema(schema)) continue;
          nonNullSchemas.push(schema);
          nonNullMaps.push(maps[index] ?? null);
        }
        schemas = nonNullSchemas;
        maps = nonNullMaps;
      }
      if (schemas.length === 1 && !hasOwnShape(node)) {
        merged = { schema: schemas[0] as JsonSchemaObject, map: maps[0] ?? null };
      }
    }
    if (merged === undefined && schemas.length > 0) {
      const keyword = exclusive ? 'oneOf' : 'anyOf';
      out[keyword] = sameArray(schemas, node[keyword]) ? node[keyword] : schemas;
      if (maps.some((entry) => entry !== null)) map.anyOf = maps.map((entry) => entry ?? {});
    } else if (merged === undefined) {
      types = ['null'];
    }
  }

  if (merged !== undefined) {
    // The one non-null branch becomes the node; the node's own annotations win.
    for (const key of Object.keys(merged.schema)) setKey(out, key, merged.schema[key]);
    Object.assign(map, merged.map ?? {});
    if (nullable) out.nullable = true;
    const branchTypes = readTypes(out.type);
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      const keywordClass = KEYWORD_CLASSES.get(key);
      if (keywordClass !== undefined) {
        if ((keywordClass & HANDLED_KEYWORD) !== 0) continue;
        // The wrapper's object and array keywords (`minProperties`, `maxItems`) hold for the
        // branch when it is an object or an array; for any other they mean nothing.
        if ((keywordClass & OBJECT_KEYWORD) !== 0 && branchTypes?.includes('object') !== true)
          continue;
        if ((keywordClass & ARRAY_KEYWORD) !== 0 && branchTypes?.includes('array') !== true)
          continue;
      }
      projectKeyword(key, node[key], node, out, described, branchTypes, path, context);
    }
    if (branchTypes?.includes('object') === true) {
      if (Array.isArray(node.required)) requireAlso(node.required, out, map.keys);
      const additional = node.additionalProperties;
      // As on any object of a target that does not take it (Gemini and Vertex alike).
      if (additional !== undefined && additional !== false && !profile.additionalProperties)
        describeAdditionalProperties(additional, described, path, context);
    }
    return finishNode(node, out, map, described, path, context);
  }

  // Nullability written the target's way.
  if (types !== undefined && profile.nullForm === 'nullable' && types.includes('null')) {
    const rest = types.filter((type) => type !== 'null');
    if (rest.length > 0) {
      nullable = true;
      types = rest;
    }
  }

  // enum and const.
  let values: unknown[] | undefined = Array.isArray(node.enum) ? [...node.enum] : undefined;
  if (Object.hasOwn(node, 'const')) {
    if (profile.const || context.strict) out.const = node.const;
    else
      values = values === undefined ? [node.const] : values.filter((v) => sameJson(v, node.const));
  }
  // An empty enum accepts nothing.
  if (values !== undefined && values.length === 0) return NEVER;
  if (values !== undefined) {
    if (profile.nullForm === 'nullable' && values.some((value) => value === null)) {
      values = values.filter((value) => value !== null);
      nullable = true;
      if (values.length === 0) {
        // Only null: write it as the null type rather than an empty enum.
        values = undefined;
        nullable = false;
        types = ['null'];
      }
    }
  }
  if (values !== undefined) {
    values = projectEnum(values, types, path, context, map);
    if (map.values !== undefined) types = ['string'];
    out.enum = sameArray(values, node.enum) ? node.enum : values;
    if (context.strict) {
      if (values.length > STRICT_MAX_ENUM_VALUES) {
        strictFail(context, path, `its enum has more than ${STRICT_MAX_ENUM_VALUES} values`);
      }
      for (const value of values) context.strictCharacters += String(value).length;
    }
  }

  // A type where the target needs one.
  if (types === undefined && out.anyOf === undefined && out.oneOf === undefined) {
    const inferred = inferTypes(node, values);
    if (inferred !== undefined) {
      if (profile.typeRequired || context.strict) types = inferred;
    } else if (context.strict && out.const === undefined) {
      strictFail(context, path, 'it accepts any value, and strict mode needs a type');
    } else if (profile.typeRequired) {
      // Any JSON value fits in a string of JSON text; restoreArguments parses it back.
      types = ['string'];
      askAnyValueAsJson(context, path, described, map);
    }
  }
  // OpenAI strict closes every object, so an object that takes any keys would take only `{}`; it
  // is asked for as JSON text instead, which keeps its meaning and the rest of the tool strict.
  if (
    context.strict &&
    path.length > 0 &&
    types !== undefined &&
    values === undefined &&
    isOnlyObject(types) &&
    isFreeFormObject(node)
  ) {
    // Among alternatives, JSON text would take arguments meant for the other branches.
    if (context.crowdedBranches?.has(toJsonPointer(path)) === true) {
      strictFail(context, path, 'it offers an object with any keys among alternatives');
    }
    types = types.map((type) => (type === 'object' ? 'string' : type));
    map.json = true;
    const asked = openObjectAsJson(profile.label);
    described.push(asked.entry);
    warn(context, 'OPEN_OBJECT_AS_JSON', path, asked.message);
  }
  if (types !== undefined) {
    out.type = types.length === 1 ? types[0] : sameArray(types, node.type) ? node.type : types;
  } else {
    delete out.type;
  }
  if (nullable) {
    if (profile.nullForm === 'nullable') out.nullable = true;
    else if (out.anyOf === undefined && types !== undefined) out.type = [...types, 'null'];
  }

  const isObject =
    types === undefined ? hasAny(node, TYPE_KEYWORDS.object) : types.includes('object');
  let isArray = types === undefined ? hasAny(node, TYPE_KEYWORDS.array) : types.includes('array');
  // Gemini takes `items` only beside `type: ARRAY`. Alternatives without a type of the node's own
  // cannot keep the node's array keywords, which only held for the arrays among them.
  if (isArray && types === undefined && profile.typeRequired && out.anyOf !== undefined) {
    isArray = false;
    const dropped = Object.keys(node).filter((key) => ARRAY_KEYWORDS.has(key));
    warn(
      context,
      'DROPPED_KEYWORD',
      path,
      `${profile.label} takes array keywords only beside \`type: array\`, and these alternatives have no type of their own; dropped ${dropped.map((key) => `\`${key}\``).join(', ')}, so arrays among them are no longer limited by it.`,
    );
  }

  if (isObject) projectObjectSchema(node, out, map, described, path, context);
  if (isArray) projectArraySchema(node, out, map, path, context);

  // Every other keyword: keep, convert, describe or drop. Own keys read in place (for-in with
  // its key cache), not listed in a new array for every node walked.
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue;
    const keywordClass = KEYWORD_CLASSES.get(key);
    if (keywordClass !== undefined) {
      if ((keywordClass & HANDLED_KEYWORD) !== 0) continue;
      if (profile.keywords !== null) {
        if (!isObject && (keywordClass & OBJECT_KEYWORD) !== 0) continue;
        if (!isArray && (keywordClass & ARRAY_KEYWORD) !== 0) continue;
      }
    }
    projectKeyword(key, node[key], node, out, described, types, path, context);
  }
  return finishNode(node, out, map, described, path, context);
}

function finishNode(
  node: Source,
  out: Source,
  map: MutableMap,
  described: string[],
  path: Path,
  context: TreeContext,
): Projected {
  moveDefaultBesideAnyOf(out, described, path, context);
  if (map.values !== undefined && Object.hasOwn(out, 'default')) {
    const wire = map.values.find(([, original]) => sameJson(original, out.default));
    if (wire !== undefined) out.default = wire[0];
    else delete out.default;
  }

  const description =
    typeof node.description === 'string'
      ? node.description
      : typeof out.description === 'string'
        ? out.description
        : undefined;
  if (described.length > 0) {
    const extra = `(${described.join('; ')})`;
    out.description = description === undefined ? extra : `${description} ${extra}`;
  } else if (description !== undefined) {
    out.description = description;
  }

  // A node the target takes as it is is sent as it is: no copy, and its parent can be kept too.
  return { schema: sameEntries(out, node) ? node : out, map: finishMap(map) };
}

const OBJECT_KEYWORDS: ReadonlySet<string> = new Set(TYPE_KEYWORDS.object);
const ARRAY_KEYWORDS: ReadonlySet<string> = new Set(TYPE_KEYWORDS.array);

/** A structural or silent keyword: never passed to `projectKeyword`. */
const HANDLED_KEYWORD = 1;
/** A keyword of object schemas (see `TYPE_KEYWORDS.object`). */
const OBJECT_KEYWORD = 2;
/** A keyword of array schemas (see `TYPE_KEYWORDS.array`). */
const ARRAY_KEYWORD = 4;

/**
 * The keyword sets the walk's keyword loop asks about, as one lookup per key (that loop runs for
 * every key of every node walked, and most keys were looked up in four sets); keys of none of
 * them are not listed.
 */
const KEYWORD_CLASSES: ReadonlyMap<string, number> = keywordClasses();

function keywordClasses(): Map<string, number> {
  const classes = new Map<string, number>();
  const add = (keys: Iterable<string>, flag: number): void => {
    for (const key of keys) classes.set(key, (classes.get(key) ?? 0) | flag);
  };
  add(STRUCTURAL_KEYWORDS, HANDLED_KEYWORD);
  add(SILENT_KEYWORDS, HANDLED_KEYWORD);
  add(OBJECT_KEYWORDS, OBJECT_KEYWORD);
  add(ARRAY_KEYWORDS, ARRAY_KEYWORD);
  return classes;
}

/** Whether the types are `object`, or `object` and `null` (distinct, as `readTypes` gives them). */
function isOnlyObject(types: readonly string[]): boolean {
  let objects = 0;
  for (const type of types) {
    if (type === 'object') objects++;
    else if (type !== 'null') return false;
  }
  return objects === 1;
}

function splitTypes(node: Source, types: readonly string[]): Source {
  const branches: Source[] = [];
  for (const type of new Set(types)) {
    if (type === 'null') {
      branches.push({ type });
      continue;
    }
    const branch: Source = { type };
    for (const key of TYPE_KEYWORDS[type] ?? []) {
      if (Object.hasOwn(node, key)) setKey(branch, key, node[key]);
    }
    if (Array.isArray(node.enum)) {
      const members = node.enum.filter(
        (value) => jsonType(value) === type || (type === 'number' && jsonType(value) === 'integer'),
      );
      if (members.length === 0) continue;
      branch.enum = members;
    }
    branches.push(branch);
  }
  const wrapper: Source = { anyOf: branches };
  for (const key of Object.keys(node)) {
    if (key === 'type' || key === 'enum') continue;
    if (Object.values(TYPE_KEYWORDS).some((list) => list.includes(key))) continue;
    setKey(wrapper, key, node[key]);
  }
  return wrapper;
}

function needsTypeSplit(types: readonly string[], profile: TargetProfile): boolean {
  if (profile.nullForm === 'type-array' || types.length < 2) return false;
  if (profile.nullForm !== 'nullable') return true;
  let nonNull = 0;
  for (const type of types) if (type !== 'null') nonNull++;
  return nonNull > 1;
}

/** The types a schema without `type` evidently means: those of its enum values, or of its keywords. */
function inferTypes(node: Source, values: unknown[] | undefined): string[] | undefined {
  if (values !== undefined && values.length > 0) {
    const kinds = new Set(values.map(jsonType));
    if (kinds.has('integer') && kinds.has('number')) kinds.delete('integer');
    return [...kinds];
  }
  if (Object.hasOwn(node, 'const')) return [jsonType(node.const)];
  for (const type of ['object', 'array', 'string', 'number']) {
    const keywords = (TYPE_KEYWORDS[type] ?? []).filter((key) => key !== 'format');
    if (hasAny(node, keywords)) return [type];
  }
  return undefined;
}

/** An object schema that declares no properties and lets any key in: "any object". */
function isFreeFormObject(node: Source): boolean {
  const properties = node.properties;
  if (properties !== undefined && !(isRecord(properties) && Object.keys(properties).length === 0)) {
    return false;
  }
  const additional = node.additionalProperties;
  return (
    (additional === undefined ||
      additional === true ||
      (isRecord(additional) && Object.keys(additional).length === 0)) &&
    !hasAny(node, ['patternProperties', 'propertyNames', 'unevaluatedProperties'])
  );
}

/**
 * Adds the names a wrapper requires to the object its lone branch became, by their wire names
 * (`keys` maps a renamed key back to its own name); names the object does not declare are left
 * out, as an object's own `required` leaves them out.
 */
function requireAlso(
  names: unknown[],
  out: Source,
  keys: Record<string, string> | undefined,
): void {
  const properties = out.properties;
  if (!isRecord(properties)) return;
  const before = Array.isArray(out.required) ? (out.required as unknown[]) : [];
  const required = [...before];
  for (const name of names) {
    if (typeof name !== 'string') continue;
    let wire: string | undefined;
    if (keys !== undefined) {
      for (const renamed in keys) if (keys[renamed] === name) wire = renamed;
    }
    if (wire === undefined && Object.hasOwn(properties, name) && !Object.hasOwn(keys ?? {}, name))
      wire = name;
    if (wire !== undefined && !required.includes(wire)) required.push(wire);
  }
  if (required.length > before.length) out.required = required;
}

function isNullSchema(schema: JsonSchemaObject): boolean {
  return schema.type === 'null' && schema.anyOf === undefined;
}
