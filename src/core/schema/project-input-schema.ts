import type { JsonSchemaObject } from '../json-schema.js';
import { normalizeInputSchema } from '../normalize-input-schema.js';
import { ToolwireError } from '../toolwire-error.js';
import type { ArgumentMap } from './argument-map.js';
import {
  collectFittingSchemas,
  FITTING_MAPPED,
  FITTING_WARNS,
  type FittingSchema,
  type FittingSchemas,
  isPlainObject,
} from './collect-fitting-schemas.js';
import { projectCommonStrictSchema } from './project-common-strict-schema.js';
import { projectSchemaTree } from './project-schema-tree.js';
import { rebuildFittingSchema, type WarningSite } from './rebuild-fitting-schema.js';
import { MAX_SCHEMA_DEPTH } from './schema-limits.js';
import type { SchemaTarget } from './schema-target.js';
import {
  finishMap,
  isStrictFailure,
  MAX_PROJECTED_NODES,
  type MutableMap,
  NEVER,
  type Source,
  type StrictFailure,
  type TreeContext,
} from './schema-tree-context.js';
import { setKey } from './schema-values.js';
import type { SchemaWarning } from './schema-warning.js';
import { STRICT_MAX_CHARACTERS } from './strict-schema-rules.js';
import { TARGET_PROFILES, type TargetProfile } from './target-profile.js';

/** Options of {@link projectInputSchema}. */
export interface ProjectInputSchemaOptions {
  /** The provider the schema is sent to. */
  target: SchemaTarget;
  /**
   * OpenAI only: project for `strict: true` (every object closed, every property required,
   * optional ones made nullable). When that would change what the schema accepts, the result
   * falls back to non-strict with a `STRICT_FALLBACK` warning and `strict: false`.
   * @defaultValue `false`
   */
  strict?: boolean;
  /**
   * Gemini only: which `FunctionDeclaration` field the schema is for: `parameters` (the OpenAPI
   * subset) or `parametersJsonSchema` (JSON Schema).
   * @defaultValue `'parameters'`
   */
  geminiField?: 'parameters' | 'parametersJsonSchema';
  /**
   * What to do about lossy rewrites: nothing, nothing either (`warn`; the warnings are returned
   * in both cases, for the caller to log), or throw a `ToolwireError` with code `LOSSY_PROJECTION`.
   * @defaultValue `'ignore'`
   */
  onLossy?: 'ignore' | 'warn' | 'throw';
  /**
   * Used in error messages, so that a quarantined tool says which tool it is.
   * @defaultValue `'Tool'`
   */
  subject?: string;
}

/**
 * Result of {@link projectInputSchema}. Cached and shared: do not mutate it, nor anything in it.
 * The result, its schema's root, its warnings and its argument map are frozen; the sub-schemas
 * below the root are not (one the target takes as it is stays the input's own object, and
 * freezing every rebuilt one would cost more than projecting it).
 */
export interface ProjectInputSchemaResult {
  /**
   * The schema to send, fitting the target's rules. A new root object, never the input itself; a
   * sub-schema that already fits is the input's own object, not a copy.
   */
  readonly schema: JsonSchemaObject;
  /** One warning per lossy change. */
  readonly warnings: readonly SchemaWarning[];
  /** Pass to {@link restoreArguments} with the model's arguments; `null` when nothing changed shape. */
  readonly argumentMap: ArgumentMap | null;
  /** Whether the schema is OpenAI-strict; send `strict: true` only when this is true. */
  readonly strict: boolean;
}

/** A projection that failed, kept without its subject so that every caller's subject is named. */
interface CachedFailure {
  readonly code: ToolwireError['code'];
  /** The message after the subject, or the whole message when it does not start with one. */
  readonly rest: string;
  readonly subjectFirst: boolean;
  readonly cause: unknown;
}

/** The cache entry of a schema whose projection failed (the failure is in `failureCaches`). */
const FAILED: object = Object.freeze({});

type CacheEntry = ProjectInputSchemaResult | typeof FAILED;

// Cached by schema identity: hosts send the same tool objects on every turn. One cache per
// combination of options that changes the projection (target, strict, Gemini field), so the cache
// of one schema object never outgrows those combinations whatever subjects callers name; the
// result is the cached value itself (no per-schema array), which keeps the cold path lean. A
// failure is told apart by identity and kept in a cache of its own: reading the entry to tell one
// made the optimised code of this function (and of callers it is inlined into) depend on the
// hidden class of frozen results, and threw it away whenever a major collection found no result
// alive, as when every tool list arrives as fresh JSON (`--trace-deopt`: "weak objects").
const caches: WeakMap<object, CacheEntry>[] = [];
const failureCaches: WeakMap<object, CachedFailure>[] = [];

/** A target's cache slot, or `undefined` for an unknown target (compared: cheaper than hashed). */
function targetSlotOf(target: unknown): number | undefined {
  switch (target) {
    case 'openai':
      return 0;
    case 'anthropic':
      return 1;
    case 'gemini':
      return 2;
    case 'vertex':
      return 3;
    case 'bedrock':
      return 4;
    case 'mcp':
      return 5;
    default:
      return undefined;
  }
}
const DEFAULT_SUBJECT = 'Tool';

/**
 * Projects an MCP tool's `inputSchema` onto one provider's schema rules, on a copy. Local `$ref`s
 * are inlined (a recursive one is a `RECURSIVE_SCHEMA` error), `allOf` merged, nullability written
 * the provider's way, keywords the provider rejects dropped (their meaning moved into
 * `description`), property keys the provider rejects renamed (Anthropic, Bedrock, Vertex), and,
 * for OpenAI `strict`, every object closed and every property required.
 *
 * Throws a `ToolwireError` when the schema cannot be projected at all (`UNSUPPORTED_SCHEMA`,
 * `RECURSIVE_SCHEMA`, `UNRESOLVED_REF`, `SCHEMA_TOO_DEEP`), or on a lossy change when `onLossy` is
 * `throw` (`LOSSY_PROJECTION`); {@link projectToolSchemas} turns these into quarantine. Results
 * are cached per schema object and options, so calling it on every request is cheap.
 *
 * @example
 * ```ts
 * const { schema, argumentMap, strict } = projectInputSchema(tool.inputSchema, { target: 'openai', strict: true });
 * const request = { type: 'function', function: { name, parameters: schema, strict } };
 * // ...and when the model calls the tool:
 * const args = restoreArguments(JSON.parse(call.function.arguments), argumentMap);
 * ```
 */
export function projectInputSchema(
  schema: unknown,
  options: ProjectInputSchemaOptions,
): ProjectInputSchemaResult {
  const strict = options.strict === true;
  const targetSlot = targetSlotOf(options.target);
  const cacheable = typeof schema === 'object' && schema !== null && targetSlot !== undefined;
  const slot =
    (targetSlot ?? 0) * 4 +
    (strict ? 2 : 0) +
    (options.geminiField === 'parametersJsonSchema' ? 1 : 0);
  let cache: WeakMap<object, CacheEntry> | undefined;
  if (cacheable) {
    cache = caches[slot];
    if (cache === undefined) {
      cache = new WeakMap();
      caches[slot] = cache;
    }
  }
  const cached = cache?.get(schema as object);
  if (cached === FAILED) {
    const failures = failureCaches[slot] as WeakMap<object, CachedFailure>;
    throw failureError(failures.get(schema as object) as CachedFailure, options);
  }
  const entry =
    cached === undefined
      ? computeOutcome(schema, options, cache, slot)
      : (cached as ProjectInputSchemaResult);
  if (options.onLossy === 'throw' && entry.warnings.length > 0) {
    const first = entry.warnings[0] as SchemaWarning;
    throw new ToolwireError({
      code: 'LOSSY_PROJECTION',
      message: `${subjectOf(options)} schema at "${first.path}" changes meaning for ${options.target}: ${first.message} (${entry.warnings.length} lossy change(s) in all). Pass onLossy: 'warn' or 'ignore' to accept them.`,
    });
  }
  return entry;
}

function withoutSubject(options: ProjectInputSchemaOptions): ProjectInputSchemaOptions {
  const copy: ProjectInputSchemaOptions = { target: options.target };
  if (options.strict !== undefined) copy.strict = options.strict;
  if (options.geminiField !== undefined) copy.geminiField = options.geminiField;
  return copy;
}

/**
 * Projects without a subject (the cache is shared by every caller) into `cache`, when there is
 * one; a failure is kept as data (in the failure cache of `slot`) and thrown with the caller's
 * subject.
 */
function computeOutcome(
  schema: unknown,
  options: ProjectInputSchemaOptions,
  cache: WeakMap<object, CacheEntry> | undefined,
  slot: number,
): ProjectInputSchemaResult {
  let result: ProjectInputSchemaResult;
  try {
    result = computeProjection(
      schema,
      options.subject === undefined ? options : withoutSubject(options),
    );
  } catch (error) {
    if (!ToolwireError.isInstance(error)) throw error;
    const failure = failureOf(error);
    if (cache !== undefined) {
      let failures = failureCaches[slot];
      if (failures === undefined) {
        failures = new WeakMap();
        failureCaches[slot] = failures;
      }
      failures.set(schema as object, failure);
      cache.set(schema as object, FAILED);
    }
    throw failureError(failure, options);
  }
  cache?.set(schema as object, result);
  return result;
}

/** The error a cached failure is thrown as, naming the caller's subject. */
function failureError(failure: CachedFailure, options: ProjectInputSchemaOptions): ToolwireError {
  return new ToolwireError({
    code: failure.code,
    message: failure.subjectFirst ? `${subjectOf(options)}${failure.rest}` : failure.rest,
    cause: failure.cause,
  });
}

/** A projection's error as a failure kept without its subject. */
function failureOf(error: ToolwireError): CachedFailure {
  const subjectFirst = error.message.startsWith(DEFAULT_SUBJECT);
  return {
    code: error.code,
    rest: subjectFirst ? error.message.slice(DEFAULT_SUBJECT.length) : error.message,
    subjectFirst,
    cause: error.cause,
  };
}

/**
 * The projection without the cache and without the fitting-sub-schema shortcut, every node walked
 * and rebuilt: the reference the shortcut is tested against (it must give the very same result).
 *
 * @internal
 */
export function projectInputSchemaUncached(
  schema: unknown,
  options: ProjectInputSchemaOptions,
  shortcut: boolean,
): ProjectInputSchemaResult {
  return computeProjection(schema, options, shortcut);
}

function computeProjection(
  schema: unknown,
  options: ProjectInputSchemaOptions,
  shortcut = true,
): ProjectInputSchemaResult {
  const { target } = options;
  if (targetSlotOf(target) === undefined) {
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message: `Schema target "${String(target)}" is unknown. Use one of openai, anthropic, gemini, vertex, bedrock, mcp.`,
    });
  }
  const rootWarnings: SchemaWarning[] = [];
  if (target === 'mcp') {
    // Pass-through: a normalised copy, all of it toolwire's own, so all of it frozen.
    const root = prepareRoot(normalizeInputSchema(schema), options, rootWarnings);
    return deepFreeze({ schema: root, warnings: [], argumentMap: null, strict: false });
  }
  // The walk reads the input as it is and copies only what it changes: a sub-schema the target
  // takes as it is stays the input's own object (so it is not frozen: it is the caller's).
  const input = schema === undefined || schema === null ? { type: 'object' } : schema;
  // A root that prepareRoot would only copy is read as it is, and copied once, when the result is
  // built (a rebuild is that copy); the walk's own root is seldom the root it was given.
  const root = prepareRoot(input, options, rootWarnings, true);
  const projected = projectRoot(root, root !== input, options, shortcut);
  let warnings = projected.warnings;
  if (rootWarnings.length > 0) warnings = [...rootWarnings, ...warnings];
  Object.freeze(projected.schema);
  if (warnings.length === 0) warnings = NO_WARNINGS;
  else {
    for (let index = 0; index < warnings.length; index++) Object.freeze(warnings[index]);
    Object.freeze(warnings);
  }
  if (projected.argumentMap !== null) freezeMap(projected.argumentMap);
  // The walk's own result, frozen: no copy of it for each schema (nor an object spread, which
  // costs more than the rest of a schema that fits).
  projected.warnings = warnings;
  return Object.freeze(projected);
}

/** A result while it is built: the walk's, which becomes the frozen result. */
interface BuiltResult {
  readonly schema: JsonSchemaObject;
  warnings: readonly SchemaWarning[];
  readonly argumentMap: ArgumentMap | null;
  readonly strict: boolean;
}

const NO_WARNINGS: readonly SchemaWarning[] = Object.freeze([]);

/**
 * Freezes an argument map, all toolwire's own but the original enum values it carries. Its own
 * keys are read in place and its lists by index: this runs for every new schema, mostly before it
 * is optimised, where a list of keys and a for-of allocate.
 */
function freezeMap(map: ArgumentMap): void {
  if (Object.isFrozen(map)) return;
  Object.freeze(map);
  for (const key in map) {
    if (!Object.hasOwn(map, key)) continue;
    const value: unknown = map[key as keyof ArgumentMap];
    switch (key) {
      case 'values': {
        const pairs = value as readonly (readonly [string, unknown])[];
        for (let index = 0; index < pairs.length; index++) Object.freeze(pairs[index]);
        Object.freeze(pairs);
        break;
      }
      case 'keys':
      case 'optionalNulls':
      case 'declared':
        Object.freeze(value);
        break;
      case 'anyOf':
      case 'prefixItems': {
        const entries = value as readonly (ArgumentMap | null)[];
        Object.freeze(entries);
        for (let index = 0; index < entries.length; index++) {
          const entry = entries[index];
          if (entry !== null && entry !== undefined) freezeMap(entry);
        }
        break;
      }
      case 'properties':
      case 'definitions': {
        const members = value as Record<string, ArgumentMap>;
        Object.freeze(members);
        for (const name in members) {
          if (Object.hasOwn(members, name)) freezeMap(members[name] as ArgumentMap);
        }
        break;
      }
      case 'items':
      case 'additionalProperties':
        freezeMap(value as ArgumentMap);
        break;
    }
  }
}

/**
 * `owned`: whether `root` is toolwire's copy; when it is the input itself (a root that needs no
 * preparing), the result is built on a copy of it.
 */
function projectRoot(
  root: JsonSchemaObject,
  owned: boolean,
  options: ProjectInputSchemaOptions,
  shortcut: boolean,
): BuiltResult {
  const { target } = options;
  const profileId =
    target === 'gemini' && options.geminiField === 'parametersJsonSchema' ? 'geminiJson' : target;
  if (target === 'openai' && options.strict === true) {
    if (shortcut) {
      const common = projectCommonStrictSchema(root, owned);
      if (common !== undefined) {
        // The walk's strict failure, found without the strict walk.
        if (!('schema' in common)) return fallBack(root, owned, options, shortcut, common);
        return {
          schema: common.schema,
          warnings: common.warnings ?? NO_WARNINGS,
          argumentMap: common.argumentMap,
          strict: true,
        };
      }
    }
    try {
      return walk(root, owned, 'openaiStrict', true, options, shortcut);
    } catch (error) {
      if (!isStrictFailure(error)) throw error;
      return fallBack(root, owned, options, shortcut, error);
    }
  }
  return walk(root, owned, profileId, false, options, shortcut);
}

/** The schema without strict, with the warning that says why. */
function fallBack(
  root: JsonSchemaObject,
  owned: boolean,
  options: ProjectInputSchemaOptions,
  shortcut: boolean,
  failure: StrictFailure,
): BuiltResult {
  const loose = walk(root, owned, 'openai', false, options, shortcut);
  const fallback: SchemaWarning = {
    code: 'STRICT_FALLBACK',
    path: failure.strictPath,
    message: `${failure.message} Sent without strict, so OpenAI does not enforce the schema.`,
  };
  loose.warnings = [fallback, ...loose.warnings];
  return loose;
}

function walk(
  input: JsonSchemaObject,
  owned: boolean,
  profileId: string,
  strict: boolean,
  options: ProjectInputSchemaOptions,
  shortcut: boolean,
): BuiltResult {
  const profile = TARGET_PROFILES[profileId];
  if (profile === undefined) throw new Error(`unknown profile ${profileId}`);
  let fitting: ReadonlyMap<object, FittingSchema> | undefined;
  if (shortcut) {
    let found = collectFittingSchemas(input, profileId, strict);
    if (found.root === undefined && !owned && !isPlainObject(input as unknown)) {
      // The check leaves such a node to the walk; its copy is plain, as prepareRoot makes it.
      input = { ...input };
      owned = true;
      found = collectFittingSchemas(input, profileId, strict);
    }
    const fitted = fittingRoot(input, owned, found, profile, strict);
    if (fitted !== undefined) return fitted;
    fitting = found.fitting;
  }
  return walkTree(input, owned, profile, strict, options, fitting);
}

/**
 * The whole schema when it fits: the root as it is (a copy, when it is the input's), or rebuilt
 * without the keywords it loses silently (a root's `$schema`, say), with its local `$ref`s
 * inlined or its property keys renamed (then with the argument map), sharing everything else.
 * The root is already an object schema with properties, so `finishRoot` has nothing to do.
 */
function fittingRoot(
  input: JsonSchemaObject,
  owned: boolean,
  found: FittingSchemas,
  profile: TargetProfile,
  strict: boolean,
): BuiltResult | undefined {
  const whole = found.root ?? found.mapped;
  if (
    whole === undefined ||
    whole.height > MAX_SCHEMA_DEPTH ||
    whole.rebuilt > MAX_PROJECTED_NODES ||
    whole.characters > STRICT_MAX_CHARACTERS
  ) {
    return undefined;
  }
  let schema: JsonSchemaObject;
  let argumentMap: ArgumentMap | null = null;
  let warnings: readonly SchemaWarning[] = NO_WARNINGS;
  if (whole.rebuilt === 0) {
    schema = owned ? input : copyFittingRoot(input);
  } else {
    const warned =
      (whole.shape & FITTING_WARNS) === 0 ? undefined : warningSite(input, profile, found);
    const context = { profile, strict, fitting: found.fitting, root: input, warned };
    if ((whole.shape & FITTING_MAPPED) === 0) {
      schema = rebuildFittingSchema(input, whole, context);
    } else {
      const map: MutableMap = {};
      schema = rebuildFittingSchema(input, whole, context, map);
      argumentMap = finishMap(map);
    }
    if (warned !== undefined && warned.tree.warnings.length > 0) warnings = warned.tree.warnings;
  }
  return { schema, warnings, argumentMap, strict };
}

/**
 * Where a rebuild that warns (see `FITTING_WARNS`) writes its warnings: a tree context as the
 * walk's, of which `projectKeyword` reads only the target and writes only the warnings.
 */
function warningSite(
  root: JsonSchemaObject,
  profile: TargetProfile,
  found: FittingSchemas,
): WarningSite {
  const tree: TreeContext = {
    profile,
    strict: false,
    root,
    warnings: [],
    refs: ['#'],
    definitions: undefined,
    unrolled: undefined,
    crowdedBranches: undefined,
    fitting: found.fitting,
    nodes: 0,
    strictProperties: 0,
    strictCharacters: 0,
  };
  return { tree, path: [] };
}

/**
 * The result's copy of a root that fits as it is (the check read it as plain, so for-in gives its
 * own keys), written key by key as a rebuild writes: in V8, copies of roots with the same keys
 * then share one hidden class, and so do their frozen forms, where an object spread of a cold
 * root makes a new hidden class each time and freezing it another. Symbol keys are left out, as
 * the rebuild and the walk leave them out.
 */
function copyFittingRoot(root: JsonSchemaObject): JsonSchemaObject {
  // Most roots are `type`, `properties` and `required`, in that order: written as one literal,
  // whose hidden class lives in this function's feedback. Key by key, every store went through
  // the engine's generic keyed store (about 270 instructions each, three per schema).
  let type: unknown;
  let properties: unknown;
  let required: unknown;
  let count = 0;
  let copy: Source | undefined;
  for (const key in root) {
    const value = root[key];
    if (copy === undefined) {
      if (count === 0 && key === 'type') {
        type = value;
        count = 1;
        continue;
      }
      if (count === 1 && key === 'properties') {
        properties = value;
        count = 2;
        continue;
      }
      if (count === 2 && key === 'required') {
        required = value;
        count = 3;
        continue;
      }
      copy = leadingKeys(count, type, properties, required);
    }
    setKey(copy, key, value);
  }
  if (copy !== undefined) return copy;
  return count === 3 ? { type, properties, required } : leadingKeys(count, type, properties);
}

/** A copy's first `count` keys, of `type`, `properties` and `required` in that order. */
function leadingKeys(
  count: number,
  type: unknown,
  properties: unknown,
  required?: unknown,
): Source {
  const copy: Source = {};
  if (count > 0) copy.type = type;
  if (count > 1) copy.properties = properties;
  if (count > 2) copy.required = required;
  return copy;
}

/**
 * The full walk, for a schema that does not fit as a whole (kept apart: it is seldom run). `owned`
 * as for {@link projectRoot}: the input's own root is only read, and copied when the walk gives it
 * back unchanged, since the result's root is then written to.
 */
function walkTree(
  root: JsonSchemaObject,
  owned: boolean,
  profile: TargetProfile,
  strict: boolean,
  options: ProjectInputSchemaOptions,
  fitting: ReadonlyMap<object, FittingSchema> | undefined,
): BuiltResult {
  // The root is on every path, so a `$ref: "#"` below it is recursion. The lists are made apart
  // from the context: an object literal that holds array literals is copied from its boilerplate
  // by the runtime (a deep copy) on every call, where one of plain values is allocated inline.
  const warnings: SchemaWarning[] = [];
  const refs = ['#'];
  const context: TreeContext = {
    profile,
    strict,
    root,
    warnings,
    refs,
    definitions: undefined,
    unrolled: undefined,
    crowdedBranches: undefined,
    fitting,
    nodes: 0,
    strictProperties: 0,
    strictCharacters: 0,
  };
  let projected: ReturnType<typeof projectSchemaTree>;
  try {
    projected = projectSchemaTree(root, [], context);
  } catch (error) {
    if (ToolwireError.isInstance(error)) {
      throw new ToolwireError({
        code: error.code,
        message: `${subjectOf(options)}: ${error.message}`,
        cause: error,
      });
    }
    throw error;
  }
  if (projected === NEVER) throw unsupported(options, 'its schema accepts no arguments at all');
  if (strict && context.strictCharacters > STRICT_MAX_CHARACTERS) {
    const failure: StrictFailure = {
      strictPath: '',
      message:
        'Schema cannot be made OpenAI-strict: its names and enum values exceed 120,000 characters.',
    };
    throw failure;
  }
  let schema = projected.schema;
  if (schema === root && !owned) schema = { ...root };
  if (options.target !== 'mcp' && hasAnyNotForObjects(schema)) {
    // Keywords for other types an `allOf` brought to the root.
    schema = { ...schema };
    dropNotForObjects(schema, options, context.warnings);
  }
  if (schema.anyOf !== undefined || schema.oneOf !== undefined) {
    // Alternatives an `allOf` brought to the root.
    schema = { ...schema };
    mergeRootAlternatives(schema, options, context.warnings);
  }
  schema = finishRoot(schema, profile);
  let argumentMap = projected.map;
  if (context.definitions !== undefined && context.definitions.size > 0) {
    const $defs: Record<string, unknown> = {};
    const maps: Record<string, ArgumentMap> = {};
    for (const definition of context.definitions.values()) {
      $defs[definition.key] = definition.schema;
      if (definition.map !== null) maps[definition.key] = definition.map;
    }
    schema.$defs = $defs;
    if (Object.keys(maps).length > 0) argumentMap = { ...argumentMap, definitions: maps };
  }
  return { schema, warnings: context.warnings, argumentMap, strict };
}

/** Arguments are always an object; every provider wants the root to say so. */
function finishRoot(schema: JsonSchemaObject, profile: TargetProfile): JsonSchemaObject {
  if (schema.type !== 'object') schema.type = 'object';
  if (Object.hasOwn(schema, 'nullable')) delete schema.nullable;
  if (!profile.omitEmptyProperties && schema.properties === undefined) schema.properties = {};
  return schema;
}

/** Makes the root an object schema, and merges root-level alternatives that providers reject. */
const NOT_FOR_OBJECTS = [
  'enum',
  'const',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'items',
  'prefixItems',
  'additionalItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
] as const;

const NOT_FOR_OBJECTS_SET: ReadonlySet<string> = new Set(NOT_FOR_OBJECTS);

/** One pass over the root's keys, so a root without such keywords skips the ordered loop. */
function hasAnyNotForObjects(root: JsonSchemaObject): boolean {
  for (const key in root) if (!isObjectRootKey(key) && NOT_FOR_OBJECTS_SET.has(key)) return true;
  return false;
}

/**
 * The keys nearly every root has, none of them in `NOT_FOR_OBJECTS`: compared (keys read by for-in
 * are interned, so each comparison is of two pointers) before the set is asked.
 */
function isObjectRootKey(key: string): boolean {
  return (
    key === 'type' ||
    key === 'properties' ||
    key === 'required' ||
    key === 'additionalProperties' ||
    key === '$schema' ||
    key === 'description' ||
    key === 'title'
  );
}

/**
 * The root as an object schema: a copy, or with `shareReady` the input itself when the copy would
 * be the same (the caller then copies it before writing to it).
 */
function prepareRoot(
  normalized: unknown,
  options: ProjectInputSchemaOptions,
  warnings: SchemaWarning[],
  shareReady = false,
): JsonSchemaObject {
  if (normalized === true) return { type: 'object', properties: {} };
  if (normalized === false)
    throw unsupported(options, 'its schema is `false`, which accepts no arguments');
  if (typeof normalized !== 'object' || normalized === null || Array.isArray(normalized)) {
    throw unsupported(
      options,
      `its schema is ${Array.isArray(normalized) ? 'an array' : `a ${typeof normalized}`}, not an object schema`,
    );
  }
  if (shareReady && isReadyRoot(normalized as JsonSchemaObject)) {
    return normalized as JsonSchemaObject;
  }
  const root = { ...(normalized as JsonSchemaObject) };
  const type = root.type;
  if (type !== undefined && type !== 'object') {
    if (!Array.isArray(type) || !type.includes('object')) {
      throw unsupported(
        options,
        `its schema has type ${JSON.stringify(type)}, but tool arguments are always an object`,
      );
    }
  }
  root.type = 'object';
  if (root.properties === undefined) root.properties = {};
  if (options.target === 'mcp') return root;
  dropNotForObjects(root, options, warnings);
  mergeRootAlternatives(root, options, warnings);
  return root;
}

/**
 * Whether prepareRoot's copy of a root would hold the same keys and values: an object schema with
 * properties, and nothing to drop or merge. (A root of another prototype than `Object.prototype`
 * fails the shortcut's check, which `walk` then runs again on a copy.)
 */
function isReadyRoot(root: JsonSchemaObject): boolean {
  // `type` and `properties` are read where the pass over the keys finds them: a read by name is
  // the engine's generic load on roots of every shape (about 80 instructions). A key the pass
  // does not see (not enumerable, or inherited) is read by name after it.
  let type: unknown;
  let properties: unknown;
  let seen = 0;
  for (const key in root) {
    if (key === 'type') {
      type = root[key];
      seen |= 1;
    } else if (key === 'properties') {
      properties = root[key];
      seen |= 2;
    } else if (!isObjectRootKey(key) && NOT_FOR_OBJECTS_SET.has(key)) {
      return false;
    }
  }
  if ((seen & 1) === 0) type = root.type;
  if ((seen & 2) === 0) properties = root.properties;
  return (
    type === 'object' &&
    properties !== undefined &&
    root.anyOf === undefined &&
    root.oneOf === undefined
  );
}

/**
 * The root is always an object; keywords for other types (an `enum` of whole argument objects, a
 * `format`) only confuse providers, and Gemini refuses a `format` beside `type: object`.
 */
function dropNotForObjects(
  root: JsonSchemaObject,
  options: ProjectInputSchemaOptions,
  warnings: SchemaWarning[],
): void {
  if (!hasAnyNotForObjects(root)) return;
  for (const keyword of NOT_FOR_OBJECTS) {
    if (!Object.hasOwn(root, keyword)) continue;
    warnings.push({
      code: 'DROPPED_KEYWORD',
      path: `/${keyword}`,
      message: `${options.target} takes an object schema at the root; dropped its \`${keyword}\`.`,
    });
    delete root[keyword];
  }
}

const ROOT_ALTERNATIVES = ['anyOf', 'oneOf'] as const;

/**
 * Anthropic rejects anyOf/oneOf/allOf at the top level and OpenAI strict rejects a root anyOf;
 * offers the union of the alternatives' properties instead, requiring what they all require.
 */
function mergeRootAlternatives(
  root: JsonSchemaObject,
  options: ProjectInputSchemaOptions,
  warnings: SchemaWarning[],
): void {
  for (const keyword of ROOT_ALTERNATIVES) {
    const alternatives = root[keyword];
    if (!Array.isArray(alternatives)) continue;
    // Anthropic rejects anyOf/oneOf/allOf at the top level and OpenAI strict rejects a root anyOf;
    // offer the union of the alternatives' properties instead, requiring what they all require.
    delete root[keyword];
    const properties: Record<string, unknown> = { ...(root.properties as Record<string, unknown>) };
    let required: string[] | undefined;
    for (const alternative of alternatives) {
      if (typeof alternative !== 'object' || alternative === null) continue;
      const branch = alternative as JsonSchemaObject;
      const branchProperties = branch.properties;
      if (typeof branchProperties === 'object' && branchProperties !== null) {
        for (const [name, value] of Object.entries(branchProperties)) {
          if (!Object.hasOwn(properties, name)) {
            Object.defineProperty(properties, name, {
              value,
              enumerable: true,
              writable: true,
              configurable: true,
            });
          }
        }
      }
      const branchRequired = Array.isArray(branch.required) ? (branch.required as string[]) : [];
      required =
        required === undefined
          ? branchRequired
          : required.filter((name) => branchRequired.includes(name));
    }
    root.properties = properties;
    const rootRequired = Array.isArray(root.required) ? (root.required as string[]) : [];
    const allRequired = [...new Set([...rootRequired, ...(required ?? [])])];
    if (allRequired.length > 0) root.required = allRequired;
    const note = `(accepts ${keyword === 'oneOf' ? 'exactly one' : 'any'} of ${alternatives.length} shapes: ${JSON.stringify(alternatives).slice(0, 300)})`;
    warnings.push({
      code: 'MERGED_SCHEMAS',
      path: `/${keyword}`,
      message: `${options.target} takes no \`${keyword}\` at the root; offered the union of its ${alternatives.length} alternatives' properties instead.`,
    });
    root.description = typeof root.description === 'string' ? `${root.description} ${note}` : note;
  }
}

function unsupported(options: ProjectInputSchemaOptions, reason: string): ToolwireError {
  return new ToolwireError({
    code: 'UNSUPPORTED_SCHEMA',
    message: `${subjectOf(options)} cannot be offered to ${options.target}: ${reason}. Fix the tool's inputSchema.`,
  });
}

function subjectOf(options: ProjectInputSchemaOptions): string {
  return options.subject ?? DEFAULT_SUBJECT;
}

function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null || Object.isFrozen(current)) continue;
    Object.freeze(current);
    for (const key of Object.keys(current)) stack.push((current as Record<string, unknown>)[key]);
  }
  return value;
}
