import type { JsonSchemaObject } from '../json-schema.js';
import { ToolwireError } from '../toolwire-error.js';
import { type ArgumentMap, hasObjectPart } from './argument-map.js';
import { toJsonPointer } from './json-pointer.js';
import { fitPropertyKeys } from './property-key-rule.js';
import { resolveLocalRef } from './resolve-local-ref.js';
import { MAX_SCHEMA_DEPTH } from './schema-limits.js';
import type { SchemaWarning, SchemaWarningCode } from './schema-warning.js';
import type { TargetProfile } from './target-profile.js';

/**
 * The cause of the error thrown when a schema cannot be made OpenAI-strict; the caller catches it
 * and projects again without strict.
 *
 * @internal
 */
export const STRICT_INCOMPATIBLE: unique symbol = Symbol('toolwire.strict-incompatible');

/** Inlining `$ref`s can multiply a schema; past this many projected nodes toolwire gives up. */
const MAX_PROJECTED_NODES = 50_000;

// OpenAI Structured Outputs limits (shared/research/providers.md §b).
const STRICT_MAX_PROPERTIES = 5000;
const STRICT_MAX_NESTING = 10;
const STRICT_MAX_ENUM_VALUES = 1000;
/** @internal */
export const STRICT_MAX_CHARACTERS = 120_000;

/** Keywords that say nothing to a model and are removed without a warning. */
const SILENT_KEYWORDS = new Set([
  '$schema',
  '$id',
  'id',
  '$comment',
  '$anchor',
  '$dynamicAnchor',
  '$vocabulary',
  '$defs',
  'definitions',
  'x-mcp-header',
]);

/** Keywords handled structurally by the walk, never copied as they are. */
const STRUCTURAL_KEYWORDS = new Set([
  'type',
  'anyOf',
  'oneOf',
  'allOf',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'prefixItems',
  'additionalItems',
  '$ref',
  'nullable',
  'description',
]);

/** Sub-schema keywords a pass-through target keeps (projected, so refs inside are inlined). */
const SINGLE_SUBSCHEMA = new Set([
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
]);
const MAP_SUBSCHEMA = new Set(['patternProperties', 'dependentSchemas']);

/** What OpenAI strict cannot express without changing what the schema accepts. */
const STRICT_STRUCTURAL = new Set([
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'dependentSchemas',
  'dependentRequired',
  'dependencies',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
]);

const TYPE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  object: [
    'properties',
    'required',
    'additionalProperties',
    'patternProperties',
    'propertyNames',
    'minProperties',
    'maxProperties',
    'dependentRequired',
    'dependentSchemas',
    'dependencies',
    'unevaluatedProperties',
  ],
  array: [
    'items',
    'prefixItems',
    'additionalItems',
    'minItems',
    'maxItems',
    'uniqueItems',
    'contains',
    'minContains',
    'maxContains',
    'unevaluatedItems',
  ],
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentEncoding', 'contentMediaType'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'format'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'format'],
  boolean: [],
  null: [],
};

/** The state of one projection. @internal */
export interface TreeContext {
  readonly profile: TargetProfile;
  readonly strict: boolean;
  readonly root: unknown;
  readonly warnings: SchemaWarning[];
  readonly refs: string[];
  /** Recursive `$ref`s kept as `$defs` (targets that take recursion), by ref. */
  readonly definitions: Map<string, Definition>;
  /** Recursive `$ref`s unrolled so far (one warning each). */
  readonly unrolled: Set<string>;
  /** Strict only: JSON Pointers of alternatives that have a sibling other than `null`. */
  readonly crowdedBranches: Set<string>;
  nodes: number;
  strictProperties: number;
  strictCharacters: number;
}

/** One recursive `$ref` kept as a definition of the projected schema's `$defs`. @internal */
export interface Definition {
  readonly key: string;
  schema: JsonSchemaObject | boolean;
  map: ArgumentMap | null;
}

/** How many times a recursive `$ref` is inlined on one path where the target takes no recursion. */
const MAX_UNROLLED_DEPTH = 3;

/** A `$ref` met again on its own path: kept as a `$ref` (`keep`) or ended by an "any value" leaf. */
interface Recursion {
  readonly recursion: string;
  readonly keep: boolean;
}

/** A projected schema and the map back, or `NEVER` for a schema that accepts nothing. @internal */
export type Projected = { schema: JsonSchemaObject; map: ArgumentMap | null } | typeof NEVER;

/** @internal */
export const NEVER: unique symbol = Symbol('toolwire.never');

type Path = readonly (string | number)[];
type Source = Record<string, unknown>;

interface MutableMap {
  keys?: Record<string, string>;
  optionalNulls?: string[];
  properties?: Record<string, ArgumentMap>;
  declared?: string[];
  additionalProperties?: ArgumentMap;
  items?: ArgumentMap;
  prefixItems?: (ArgumentMap | null)[];
  anyOf?: ArgumentMap[];
  values?: (readonly [string, unknown])[];
  json?: true;
}

/**
 * Projects one schema (already normalised by `normalizeInputSchema`) for a target profile:
 * inlines local `$ref`s, merges `allOf`, rewrites nullability, drops or describes what the target
 * rejects, renames property keys, and in strict mode closes objects and requires every property.
 *
 * @internal
 */
export function projectSchemaTree(input: unknown, path: Path, context: TreeContext): Projected {
  countNode(context, path);
  if (path.length > MAX_SCHEMA_DEPTH) {
    throw new ToolwireError({
      code: 'SCHEMA_TOO_DEEP',
      message: `Schema at "${toJsonPointer(path.slice(0, 12))}/..." nests deeper than ${MAX_SCHEMA_DEPTH} levels once its $refs are inlined. Flatten the schema.`,
    });
  }
  const depthBefore = context.refs.length;
  try {
    const resolved = resolveNode(input, path, context);
    if (resolved === NEVER) return NEVER;
    if (isRecursion(resolved)) return projectRecursion(resolved, path, context);
    return projectResolved(resolved, path, context);
  } finally {
    context.refs.length = depthBefore;
  }
}

function isRecursion(value: Source | Recursion): value is Recursion {
  return (
    typeof (value as Partial<Recursion>).recursion === 'string' && Object.hasOwn(value, 'keep')
  );
}

/**
 * Where a recursive `$ref` comes back: a target that takes recursion gets a `$ref` into the
 * projected schema's `$defs` (or `#` for the root); any other target gets a leaf that accepts any
 * value, below the levels already unrolled.
 */
function projectRecursion(recursion: Recursion, path: Path, context: TreeContext): Projected {
  const ref = recursion.recursion;
  if (!recursion.keep) {
    if (!context.unrolled.has(ref)) {
      context.unrolled.add(ref);
      warn(
        context,
        'RECURSION_UNROLLED',
        path,
        `${context.profile.label} takes no recursive schema; unrolled "${ref}" ${MAX_UNROLLED_DEPTH} levels deep, below which any JSON value is accepted.`,
      );
    }
    const saved = context.refs.splice(0);
    try {
      return projectSchemaTree(
        { description: `Deeper levels of "${ref}", not unrolled further.` },
        path,
        context,
      );
    } finally {
      context.refs.length = 0;
      context.refs.push(...saved);
    }
  }
  if (ref === '#') return { schema: { $ref: '#' }, map: { ref: '#' } };
  let definition = context.definitions.get(ref);
  if (definition === undefined) {
    const pointer = refPath(ref);
    definition = { key: definitionKey(pointer, context), schema: {}, map: null };
    context.definitions.set(ref, definition);
    const saved = context.refs.splice(0);
    context.refs.push(ref);
    try {
      const projected = projectSchemaTree(resolveLocalRef(context.root, ref), pointer, context);
      if (projected === NEVER) definition.schema = context.profile.keywords === null ? false : {};
      else {
        definition.schema = projected.schema;
        definition.map = projected.map;
      }
    } finally {
      context.refs.length = 0;
      context.refs.push(...saved);
    }
  }
  return { schema: { $ref: `#/$defs/${definition.key}` }, map: { ref: definition.key } };
}

/** The JSON Pointer of a local `$ref`, as path segments. */
function refPath(ref: string): (string | number)[] {
  let pointer = ref.slice(1);
  try {
    pointer = decodeURIComponent(pointer);
  } catch {
    // resolveLocalRef refuses such a ref before it gets here
  }
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** A `$defs` name for a kept definition: its own last segment, made plain and unique. */
function definitionKey(pointer: readonly (string | number)[], context: TreeContext): string {
  const base =
    String(pointer[pointer.length - 1] ?? 'root').replace(/[^A-Za-z0-9_-]/g, '_') || 'definition';
  const taken = new Set([...context.definitions.values()].map((definition) => definition.key));
  let key = base;
  for (let suffix = 2; taken.has(key); suffix++) key = `${base}_${suffix}`;
  return key;
}

/** A branch that is only a `$ref` is known by its ref: two of them merge the same way. */
function pureRef(branch: unknown): string | undefined {
  if (!isRecord(branch) || typeof branch.$ref !== 'string') return undefined;
  for (const key in branch) if (key !== '$ref') return undefined;
  return `$ref ${branch.$ref}`;
}

/** Counts one projected (or merged) node against the cap that stops `$ref` and `allOf` bombs. */
function countNode(context: TreeContext, path: Path): void {
  context.nodes++;
  if (context.nodes > MAX_PROJECTED_NODES) {
    throw new ToolwireError({
      code: 'UNSUPPORTED_SCHEMA',
      message: `Schema at "${toJsonPointer(path)}" grows past ${MAX_PROJECTED_NODES} nodes once its $refs are inlined for ${context.profile.label}. Simplify the schema or share less through $defs.`,
    });
  }
}

/** Follows `$ref` chains and merges `allOf` into the node, recording followed refs on the stack. */
function resolveNode(
  input: unknown,
  path: Path,
  context: TreeContext,
): Source | Recursion | typeof NEVER {
  let node = asSchema(input, path);
  if (node === NEVER) return NEVER;
  const followed = followRefs(node, path, context, true);
  if (followed === NEVER || isRecursion(followed)) return followed;
  node = followed;
  if (!Array.isArray(node.allOf)) return node;
  return mergeAllOf(node, path, context);
}

function asSchema(input: unknown, path: Path): Source | typeof NEVER {
  if (input === false) return NEVER;
  if (input === true) return {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ToolwireError({
      code: 'UNSUPPORTED_SCHEMA',
      message: `Schema at "${toJsonPointer(path)}" is ${Array.isArray(input) ? 'an array' : `a ${typeof input}`}, not a schema. Fix the tool's inputSchema.`,
    });
  }
  return input as Source;
}

/**
 * Follows a chain of `$ref`s. A ref already on the current path is recursion: kept as a `$ref`
 * where the target takes it and the node is that `$ref` alone (`mayKeep`), else inlined again up
 * to {@link MAX_UNROLLED_DEPTH} times and then ended.
 */
function followRefs(
  start: Source,
  path: Path,
  context: TreeContext,
  mayKeep: boolean,
): Source | Recursion | typeof NEVER {
  let node = start;
  let first = true;
  while (typeof node.$ref === 'string') {
    const ref = node.$ref;
    if (context.refs.includes(ref)) {
      if (first && mayKeep && context.profile.recursion === 'keep' && isOnlyRef(node)) {
        return { recursion: ref, keep: true };
      }
      let count = 0;
      for (const entry of context.refs) if (entry === ref) count++;
      if (count >= MAX_UNROLLED_DEPTH) return { recursion: ref, keep: false };
    }
    first = false;
    const target = resolveLocalRef(context.root, ref);
    if (target === undefined) {
      throw new ToolwireError({
        code: 'UNRESOLVED_REF',
        message: `Schema at "${toJsonPointer(path)}" refers to "${ref}", which is not inside the schema. toolwire follows only local references; fix the reference or inline the definition.`,
      });
    }
    context.refs.push(ref);
    const resolved = asSchema(target, path);
    if (resolved === NEVER) return NEVER;
    // 2020-12: keywords beside $ref apply too. Annotations beside it (description) override the target's.
    const merged: Source = {};
    for (const key of Object.keys(resolved)) setKey(merged, key, resolved[key]);
    for (const key of Object.keys(node)) if (key !== '$ref') setKey(merged, key, node[key]);
    node = merged;
  }
  return node;
}

/** A node that is a `$ref` and annotations only, so a `$ref` alone says the same. */
function isOnlyRef(node: Source): boolean {
  for (const key of Object.keys(node)) if (key !== '$ref' && !ANNOTATIONS.has(key)) return false;
  return true;
}

const ANNOTATIONS = new Set(['description', 'title', 'examples', 'default', '$comment']);

function mergeAllOf(
  start: Source,
  path: Path,
  context: TreeContext,
): Source | Recursion | typeof NEVER {
  const merged: Source = {};
  for (const key of Object.keys(start)) if (key !== 'allOf') setKey(merged, key, start[key]);
  // Each branch is followed with the refs of the path that led to it: a cycle is a ref met again
  // on its own path, never a ref that two branches share (a repeat or a diamond).
  const base = context.refs.slice();
  const queue: { branch: unknown; refs: readonly string[] }[] = (start.allOf as unknown[]).map(
    (branch) => ({ branch, refs: base }),
  );
  const followed = new Set<string>();
  // The same sub-schema met twice (a shared object graph) merges the same way twice: merge it once,
  // so that nested `allOf`s cost the size of the graph, not of the tree it unfolds into.
  const seen = new Set<unknown>();
  let conflicts = 0;
  for (let index = 0; index < queue.length; index++) {
    const entry = queue[index] as { branch: unknown; refs: readonly string[] };
    const identity = pureRef(entry.branch) ?? entry.branch;
    if (seen.has(identity)) continue;
    seen.add(identity);
    countNode(context, path);
    const asBranch = asSchema(entry.branch, path);
    if (asBranch === NEVER) return NEVER;
    context.refs.length = 0;
    context.refs.push(...entry.refs);
    const branch = followRefs(asBranch, path, context, false);
    if (branch === NEVER || isRecursion(branch)) return branch;
    const branchRefs = context.refs.slice();
    for (const ref of branchRefs) followed.add(ref);
    for (const key of Object.keys(branch)) {
      const value = branch[key];
      if (key === 'allOf' && Array.isArray(value)) {
        for (const nested of value) queue.push({ branch: nested, refs: branchRefs });
      } else if (key === 'properties' && isRecord(value) && isRecord(merged.properties)) {
        const properties: Source = { ...merged.properties };
        for (const name of Object.keys(value)) {
          if (!Object.hasOwn(properties, name)) setKey(properties, name, value[name]);
          else if (!sameJson(properties[name], value[name])) conflicts++;
        }
        merged.properties = properties;
      } else if (key === 'required' && Array.isArray(value) && Array.isArray(merged.required)) {
        merged.required = [...new Set([...merged.required, ...value])];
      } else if (!Object.hasOwn(merged, key)) {
        setKey(merged, key, value);
      } else if (!ANNOTATIONS.has(key) && !sameJson(merged[key], value)) {
        conflicts++;
      }
    }
  }
  // What lies under the merged node is under every branch's refs.
  context.refs.length = 0;
  context.refs.push(...base);
  for (const ref of followed) if (!base.includes(ref)) context.refs.push(ref);
  if (conflicts === 0) return merged;
  if (context.profile.allOf && !context.strict) return start;
  strictFail(context, path, 'its `allOf` branches disagree and cannot be merged');
  warn(
    context,
    'MERGED_SCHEMAS',
    path,
    `${context.profile.label} does not take \`allOf\`; merged its branches, keeping the first of ${conflicts} conflicting keyword(s).`,
  );
  return merged;
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
        out.anyOf = projectAlternatives(alternatives, [...path, 'anyOf'], context).schemas;
        alternatives = undefined;
      }
      alternatives = node.oneOf;
    } else if (alternatives === undefined) {
      alternatives = node.oneOf;
      warn(
        context,
        'ONE_OF_AS_ANY_OF',
        path,
        `${profile.label} does not take \`oneOf\`; sent it as \`anyOf\`, so the model is not told that exactly one branch must match.`,
      );
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
      const kept = schemas.map((schema, index) => ({ schema, map: maps[index] ?? null }));
      const nonNull = kept.filter((entry) => !isNullSchema(entry.schema));
      if (nonNull.length < kept.length) {
        nullable = true;
        schemas = nonNull.map((entry) => entry.schema);
        maps = nonNull.map((entry) => entry.map);
      }
      if (schemas.length === 1 && !hasOwnShape(node)) {
        merged = { schema: schemas[0] as JsonSchemaObject, map: maps[0] ?? null };
      }
    }
    if (merged === undefined && schemas.length > 0) {
      out[exclusive ? 'oneOf' : 'anyOf'] = schemas;
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
    for (const key of Object.keys(node)) {
      if (STRUCTURAL_KEYWORDS.has(key) || SILENT_KEYWORDS.has(key)) continue;
      if (TYPE_KEYWORDS.object?.includes(key) || TYPE_KEYWORDS.array?.includes(key)) continue;
      projectKeyword(key, node[key], node, out, described, branchTypes, path, context);
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
    out.enum = values;
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
      map.json = true;
      described.push('any JSON value, written as JSON text');
      warn(
        context,
        'TYPE_ASSUMED',
        path,
        `${profile.label} needs a type, and this schema accepts any value; asked for it as JSON text in a string.`,
      );
    }
  }
  // OpenAI strict closes every object, so an object that takes any keys would take only `{}`; it
  // is asked for as JSON text instead, which keeps its meaning and the rest of the tool strict.
  if (
    context.strict &&
    path.length > 0 &&
    types !== undefined &&
    values === undefined &&
    types.filter((type) => type !== 'null').join() === 'object' &&
    isFreeFormObject(node)
  ) {
    // Among alternatives, JSON text would take arguments meant for the other branches.
    if (context.crowdedBranches.has(toJsonPointer(path))) {
      strictFail(context, path, 'it offers an object with any keys among alternatives');
    }
    types = types.map((type) => (type === 'object' ? 'string' : type));
    map.json = true;
    described.push('any JSON object, written as JSON text');
    warn(
      context,
      'OPEN_OBJECT_AS_JSON',
      path,
      `${profile.label} closes every object, and this one takes any keys; asked for it as JSON text in a string.`,
    );
  }
  if (types !== undefined) {
    out.type = types.length === 1 ? types[0] : types;
  } else {
    delete out.type;
  }
  if (nullable) {
    if (profile.nullForm === 'nullable') out.nullable = true;
    else if (out.anyOf === undefined && types !== undefined) out.type = [...types, 'null'];
  }

  const isObject =
    types === undefined ? hasAny(node, TYPE_KEYWORDS.object) : types.includes('object');
  const isArray = types === undefined ? hasAny(node, TYPE_KEYWORDS.array) : types.includes('array');

  if (isObject) projectObject(node, out, map, described, path, context);
  if (isArray) projectArray(node, out, map, path, context);

  // Every other keyword: keep, convert, describe or drop.
  for (const key of Object.keys(node)) {
    if (STRUCTURAL_KEYWORDS.has(key) || SILENT_KEYWORDS.has(key)) continue;
    if (profile.keywords !== null) {
      if (!isObject && TYPE_KEYWORDS.object?.includes(key)) continue;
      if (!isArray && TYPE_KEYWORDS.array?.includes(key)) continue;
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
  const { profile } = context;
  if (profile.dropDefaultBesideAnyOf && out.anyOf !== undefined && Object.hasOwn(out, 'default')) {
    described.push(`default: ${compactJson(out.default)}`);
    delete out.default;
    warn(
      context,
      'MOVED_TO_DESCRIPTION',
      path,
      `${profile.label} mishandles \`default\` beside \`anyOf\`; moved it into the description.`,
    );
  }
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

  return { schema: out, map: finishMap(map) };
}

function projectAlternatives(
  alternatives: unknown[],
  path: Path,
  context: TreeContext,
): { schemas: JsonSchemaObject[]; maps: (ArgumentMap | null)[] } {
  const schemas: JsonSchemaObject[] = [];
  const maps: (ArgumentMap | null)[] = [];
  if (context.strict) {
    const others = alternatives.filter((branch) => !(isRecord(branch) && branch.type === 'null'));
    if (others.length > 1) {
      alternatives.forEach((_, index) => {
        context.crowdedBranches.add(toJsonPointer([...path, index]));
      });
    }
  }
  alternatives.forEach((branch, index) => {
    // A branch that accepts nothing can go: dropping it does not change what the union accepts.
    const projected = projectSchemaTree(branch, [...path, index], context);
    if (projected === NEVER) return;
    schemas.push(projected.schema);
    maps.push(closedBranchMap(projected.schema, projected.map));
  });
  return { schemas, maps };
}

/**
 * The map of a closed object branch names its keys, so that arguments are mapped by the branch
 * they fit, not by the first branch that changes objects.
 */
function closedBranchMap(schema: JsonSchemaObject, map: ArgumentMap | null): ArgumentMap | null {
  if (map === null || map.declared !== undefined || !hasObjectPart(map)) return map;
  if (schema.additionalProperties !== false || !isRecord(schema.properties)) return map;
  return { ...map, declared: Object.keys(schema.properties) };
}

function projectObject(
  node: Source,
  out: Source,
  map: MutableMap,
  described: string[],
  path: Path,
  context: TreeContext,
): void {
  const { profile } = context;
  const source = isRecord(node.properties) ? node.properties : {};
  const names = Object.keys(source);
  const wireNames =
    profile.propertyKeys === null ? undefined : fitPropertyKeys(names, profile.propertyKeys);
  const properties: Source = {};
  const propertyMaps: Record<string, ArgumentMap> = {};
  const keys: Record<string, string> = {};
  const present = new Map<string, string>();
  if (context.strict) {
    context.strictProperties += names.length;
    if (context.strictProperties > STRICT_MAX_PROPERTIES) {
      strictFail(context, path, `it has more than ${STRICT_MAX_PROPERTIES} properties`);
    }
    if (path.filter((segment) => segment === 'properties').length >= STRICT_MAX_NESTING) {
      strictFail(context, path, `it nests objects more than ${STRICT_MAX_NESTING} levels deep`);
    }
  }
  for (const name of names) {
    const projected = projectSchemaTree(source[name], [...path, 'properties', name], context);
    if (projected === NEVER) {
      strictFail(context, path, `property "${name}" accepts no value`);
      warn(
        context,
        'DROPPED_IMPOSSIBLE',
        [...path, 'properties', name],
        `Property "${name}" accepts no value (\`false\`); ${profile.label} cannot say so, so it was left out.`,
      );
      continue;
    }
    const wire = wireNames?.get(name) ?? name;
    if (context.strict) context.strictCharacters += wire.length;
    setKey(properties, wire, projected.schema);
    present.set(name, wire);
    if (projected.map !== null) setKey(propertyMaps, wire, projected.map);
    if (wire !== name) setKey(keys, wire, name);
  }
  const requiredSource = Array.isArray(node.required)
    ? node.required.filter((name): name is string => typeof name === 'string')
    : [];
  const required: string[] = [];
  for (const name of new Set(requiredSource)) {
    const wire = present.get(name);
    if (wire !== undefined) required.push(wire);
    else if (profile.keywords === null && !context.strict) required.push(name);
    else if (context.strict)
      strictFail(context, path, `required property "${name}" is not declared`);
  }

  if (context.strict) {
    const optionalNulls: string[] = [];
    for (const wire of present.values()) {
      if (required.includes(wire)) continue;
      // Strict mode requires every property; an optional one becomes nullable, and a null there
      // means "absent" (also when the property accepted null before: servers treat an optional
      // null as absent, and the model has no other way to leave it out).
      const schema = properties[wire] as JsonSchemaObject;
      if (!acceptsNull(schema)) setKey(properties, wire, makeNullable(schema));
      optionalNulls.push(wire);
      required.push(wire);
    }
    if (optionalNulls.length > 0) map.optionalNulls = optionalNulls;
  }

  if (names.length > 0 || !profile.omitEmptyProperties) out.properties = properties;
  if (required.length > 0) out.required = required;
  else if (context.strict) out.required = [];
  if (Object.keys(keys).length > 0) map.keys = keys;
  if (Object.keys(propertyMaps).length > 0) map.properties = propertyMaps;

  const additional = node.additionalProperties;
  if (context.strict) {
    if (additional !== undefined && additional !== false) {
      strictFail(context, path, 'it allows properties beyond those it declares');
    }
    out.additionalProperties = false;
  } else if (profile.additionalProperties) {
    if (typeof additional === 'boolean') out.additionalProperties = additional;
    else if (additional !== undefined) {
      const projected = projectSchemaTree(additional, [...path, 'additionalProperties'], context);
      if (projected === NEVER) out.additionalProperties = false;
      else {
        out.additionalProperties = projected.schema;
        if (projected.map !== null) {
          map.additionalProperties = projected.map;
          map.declared = [...present.values()];
        }
      }
    }
  } else if (additional !== undefined && additional !== false) {
    // Dropping `additionalProperties: false` is not reported: it only stops the model inventing
    // keys, and the server still validates. Dropping a schema or `true` loses meaning.
    described.push(
      additional === true || (isRecord(additional) && Object.keys(additional).length === 0)
        ? 'other properties allowed'
        : `other properties: ${compactJson(additional)}`,
    );
    warn(
      context,
      'MOVED_TO_DESCRIPTION',
      [...path, 'additionalProperties'],
      `${profile.label} does not take \`additionalProperties\`; moved it into the description.`,
    );
  }
}

function projectArray(
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
  setItems(out, map, projectSchemaTree(rest ?? {}, [...path, 'items'], context), profile);
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

function projectKeyword(
  key: string,
  value: unknown,
  node: Source,
  out: Source,
  described: string[],
  types: string[] | undefined,
  path: Path,
  context: TreeContext,
): void {
  const { profile } = context;
  if (!hasValidValue(key, value)) {
    // Providers validate keyword values (Anthropic against the 2020-12 meta-schema, Gemini against its proto).
    warn(
      context,
      'DROPPED_KEYWORD',
      [...path, key],
      `\`${key}: ${compactJson(value)}\` is not a valid value for that keyword; dropped it.`,
    );
    return;
  }
  if (context.strict && STRICT_STRUCTURAL.has(key)) {
    strictFail(context, path, `it uses \`${key}\``);
  }
  if (profile.keywords === null && !context.strict) {
    if (SINGLE_SUBSCHEMA.has(key)) {
      const projected = projectSchemaTree(value, [...path, key], context);
      out[key] = projected === NEVER ? false : projected.schema;
    } else if (MAP_SUBSCHEMA.has(key) && isRecord(value)) {
      const projectedMap: Source = {};
      for (const name of Object.keys(value)) {
        const projected = projectSchemaTree(value[name], [...path, key, name], context);
        setKey(projectedMap, name, projected === NEVER ? false : projected.schema);
      }
      out[key] = projectedMap;
    } else if (key === 'dependencies' && isRecord(value)) {
      // Draft 4-7 `dependencies` splits into the 2020-12 keywords.
      for (const name of Object.keys(value)) {
        const member = value[name];
        if (Array.isArray(member)) {
          out.dependentRequired = { ...(out.dependentRequired as Source | undefined) };
          const names = [...new Set(member.filter((entry) => typeof entry === 'string'))];
          setKey(out.dependentRequired as Source, name, names);
        } else {
          const projected = projectSchemaTree(member, [...path, key, name], context);
          out.dependentSchemas = { ...(out.dependentSchemas as Source | undefined) };
          setKey(
            out.dependentSchemas as Source,
            name,
            projected === NEVER ? false : projected.schema,
          );
        }
      }
    } else if (
      (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') &&
      typeof value === 'boolean'
    ) {
      // Draft 4 boolean form; 2020-12 wants the bound itself.
      const bound = key === 'exclusiveMinimum' ? 'minimum' : 'maximum';
      if (value && typeof node[bound] === 'number') {
        out[key] = node[bound];
        delete out[bound];
      }
    } else if (
      (key === 'minimum' || key === 'maximum') &&
      node[key === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum'] === true
    ) {
      // Written by the exclusive keyword above.
    } else {
      setKey(out, key, value);
    }
    return;
  }
  const allowed = profile.keywords === null ? true : profile.keywords.has(key);
  if (allowed && key === 'format' && profile.formats !== null) {
    const type = types?.length === 1 ? types[0] : undefined;
    const formats = type === undefined ? undefined : profile.formats[type];
    if (formats?.includes(value as string)) {
      out.format = value;
      return;
    }
  } else if (allowed) {
    if (key === 'default' && context.strict) {
      // OpenAI strict does not permit `default`.
    } else {
      setKey(out, key, value);
      return;
    }
  }
  if (key.startsWith('x-') || !DESCRIBABLE.has(key)) {
    warn(
      context,
      'DROPPED_KEYWORD',
      [...path, key],
      `${profile.label} does not take \`${key}\`; dropped it.`,
    );
    return;
  }
  described.push(`${key}: ${typeof value === 'string' ? value : compactJson(value)}`);
  warn(
    context,
    'MOVED_TO_DESCRIPTION',
    [...path, key],
    `${profile.label} does not take \`${key}: ${compactJson(value)}\` here; moved it into the description.`,
  );
}

const NUMBER_KEYWORDS = new Set(['minimum', 'maximum', 'multipleOf']);
const COUNT_KEYWORDS = new Set([
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minContains',
  'maxContains',
]);
const STRING_KEYWORDS = new Set([
  'pattern',
  'format',
  'title',
  '$comment',
  'contentEncoding',
  'contentMediaType',
]);
const BOOLEAN_KEYWORDS = new Set(['uniqueItems', 'deprecated', 'readOnly', 'writeOnly']);

/** Whether a keyword's value has the type JSON Schema 2020-12 gives that keyword. */
function hasValidValue(key: string, value: unknown): boolean {
  if (NUMBER_KEYWORDS.has(key))
    return typeof value === 'number' && (key !== 'multipleOf' || value > 0);
  if (COUNT_KEYWORDS.has(key)) return Number.isInteger(value) && (value as number) >= 0;
  if (STRING_KEYWORDS.has(key)) return typeof value === 'string';
  if (BOOLEAN_KEYWORDS.has(key)) return typeof value === 'boolean';
  if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') {
    return typeof value === 'number' || typeof value === 'boolean';
  }
  if (key === 'examples') return Array.isArray(value);
  if (key === 'dependentRequired') {
    return (
      isRecord(value) &&
      Object.values(value).every(
        (names) =>
          Array.isArray(names) &&
          names.every((name) => typeof name === 'string') &&
          new Set(names).size === names.length,
      )
    );
  }
  return true;
}

/** Keywords whose meaning a model can read from the description. */
const DESCRIBABLE = new Set([
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'minContains',
  'maxContains',
  'default',
  'examples',
  'example',
  'title',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentEncoding',
  'contentMediaType',
  'dependentRequired',
  'dependencies',
  'propertyNames',
  'patternProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
]);

function projectEnum(
  values: unknown[],
  types: string[] | undefined,
  path: Path,
  context: TreeContext,
  map: MutableMap,
): unknown[] {
  const { profile } = context;
  const fits = (value: unknown): boolean =>
    profile.enumValues === 'any' ||
    typeof value === 'string' ||
    (profile.enumValues === 'string-number' && typeof value === 'number');
  if (values.every(fits)) {
    // Gemini: an enum of strings only on a string type.
    if (profile.enumValues === 'string' && types !== undefined && !types.includes('string')) {
      map.values = [];
    }
    return values;
  }
  const wire: string[] = [];
  const written = new Set<string>();
  const pairs: (readonly [string, unknown])[] = [];
  let collisions = 0;
  for (const value of values) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (written.has(text)) {
      collisions++;
      continue;
    }
    written.add(text);
    wire.push(text);
    if (typeof value !== 'string') pairs.push([text, value]);
  }
  map.values = pairs;
  warn(
    context,
    'ENUM_STRINGIFIED',
    path,
    `${profile.label} takes only ${profile.enumValues === 'string' ? 'string' : 'string and number'} enum values; sent ${JSON.stringify(values).slice(0, 80)} as strings${collisions > 0 ? `, and ${collisions} value(s) that read the same as a string one could not be told apart` : ''}. restoreArguments turns them back.`,
  );
  return wire;
}

function splitTypes(node: Source, types: string[]): Source {
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

function needsTypeSplit(types: string[], profile: TargetProfile): boolean {
  if (profile.nullForm === 'type-array') return false;
  const nonNull = types.filter((type) => type !== 'null');
  if (profile.nullForm === 'nullable') return nonNull.length > 1;
  return types.length > 1;
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

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const SIMPLE_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

/** The known JSON Schema types named by `type`; anything else is not a type any provider takes. */
function readTypes(type: unknown): string[] | undefined {
  if (typeof type === 'string') return SIMPLE_TYPES.has(type) ? [type] : undefined;
  if (Array.isArray(type)) {
    const types = [...new Set(type.filter((entry): entry is string => SIMPLE_TYPES.has(entry)))];
    return types.length > 0 ? types : undefined;
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

function hasOwnShape(node: Source): boolean {
  return (
    node.type !== undefined ||
    (isRecord(node.properties) && Object.keys(node.properties).length > 0) ||
    node.items !== undefined ||
    node.enum !== undefined ||
    node.const !== undefined
  );
}

function isNullSchema(schema: JsonSchemaObject): boolean {
  return schema.type === 'null' && schema.anyOf === undefined;
}

function acceptsNull(schema: JsonSchemaObject): boolean {
  if (schema.type === 'null') return true;
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    return !Array.isArray(schema.enum) || schema.enum.includes(null);
  }
  if (Array.isArray(schema.anyOf))
    return schema.anyOf.some((branch) => acceptsNull(branch as JsonSchemaObject));
  return false;
}

function makeNullable(schema: JsonSchemaObject): JsonSchemaObject {
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  if (typeof schema.type === 'string' && schema.const === undefined) {
    const copy: JsonSchemaObject = { ...schema, type: [schema.type, 'null'] };
    if (Array.isArray(schema.enum)) copy.enum = [...schema.enum, null];
    return copy;
  }
  if (Array.isArray(schema.type) && schema.const === undefined) {
    const copy: JsonSchemaObject = { ...schema, type: [...schema.type, 'null'] };
    if (Array.isArray(schema.enum)) copy.enum = [...schema.enum, null];
    return copy;
  }
  const description = schema.description;
  const wrapper: JsonSchemaObject = { anyOf: [schema, { type: 'null' }] };
  if (description !== undefined) wrapper.description = description;
  return wrapper;
}

function finishMap(map: MutableMap): ArgumentMap | null {
  if (map.values !== undefined && map.values.length === 0) delete map.values;
  return Object.keys(map).length === 0 ? null : map;
}

function strictFail(context: TreeContext, path: Path, reason: string): void {
  if (!context.strict) return;
  throw new ToolwireError({
    code: 'UNSUPPORTED_SCHEMA',
    message: `Schema at "${toJsonPointer(path)}" cannot be made OpenAI-strict: ${reason}.`,
    cause: STRICT_INCOMPATIBLE,
  });
}

function warn(context: TreeContext, code: SchemaWarningCode, path: Path, message: string): void {
  context.warnings.push({ code, path: toJsonPointer(path), message });
}

function withoutKeys(node: Source, keys: readonly string[]): Source {
  const copy: Source = {};
  for (const key of Object.keys(node)) if (!keys.includes(key)) setKey(copy, key, node[key]);
  return copy;
}

function hasAny(node: Source, keys: readonly string[] | undefined): boolean {
  return (keys ?? []).some((key) => Object.hasOwn(node, key));
}

function isRecord(value: unknown): value is Source {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

function compactJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/** Sets a key as an own data property, even `__proto__`. @internal */
export function setKey(target: Source, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}
