import type { JsonSchemaObject } from '../json-schema.js';
import type { ArgumentMap } from './argument-map.js';
import { isPlainObject } from './collect-fitting-schemas.js';
import { droppedKeyword } from './dropped-keyword.js';
import { escapeSegment, toJsonPointer } from './json-pointer.js';
import { movedKeyword } from './moved-keyword.js';
import { openObjectAsJson } from './open-object-as-json.js';
import { closedBranchMap } from './project-alternatives.js';
import { closeStrictObject, isCommonObject } from './project-strict-object.js';
import { resolveLocalRef } from './resolve-local-ref.js';
import { SILENT_KEYWORDS } from './schema-keywords.js';
import type { Source, StrictFailure } from './schema-tree-context.js';
import { setKey } from './schema-values.js';
import type { SchemaWarning } from './schema-warning.js';
import {
  acceptsNull,
  makeNullable,
  STRICT_MAX_CHARACTERS,
  STRICT_MAX_ENUM_VALUES,
  STRICT_MAX_NESTING,
  STRICT_MAX_PROPERTIES,
} from './strict-schema-rules.js';
import { TARGET_PROFILES, type TargetProfile } from './target-profile.js';
import { oneOfAsAnyOfMessage } from './warn-one-of-as-any-of.js';

/**
 * What {@link projectCommonStrictSchema} gives: the strict schema, its argument map and the
 * warnings the walk would give, in its order (none: `undefined`). @internal
 */
export interface CommonStrictSchema {
  readonly schema: JsonSchemaObject;
  readonly argumentMap: ArgumentMap | null;
  readonly warnings: SchemaWarning[] | undefined;
}

/**
 * OpenAI strict in one pass, for a schema made only of common objects (see `isCommonObject`),
 * of leaves (a `type` other than object, a string description and title, a string enum, bounds,
 * a pattern, a format, the `items` of an array, and the `default`, `minLength`, `maxLength`,
 * `optional` and vendor keywords strict does not take), of objects below the root that take any keys (asked for as JSON text)
 * and of alternatives (`anyOf`, or `oneOf`, which strict sends as `anyOf`) of such leaves, common
 * objects, alternatives and `{ type: "null" }` (an optional parameter as Pydantic writes it):
 * what the fitting check, the walk, `projectStrictObject` and `projectStrictAlternatives` give
 * together, with the walk's warnings for what a leaf moves into its description, in the walk's
 * order. For a schema strict fails, the walk's strict failure when the first node the walk fails
 * at is one this pass reaches and knows (see `findFailure`), also past local `$ref`s (see
 * `followRefs`), so that the caller falls back without the strict walk. `undefined` for any other
 * schema, for one with a `$ref` strict takes, and for one that nears a limit, all of which the
 * walk takes from the start (nothing here writes to the input). `owned`: whether `root` is
 * toolwire's copy (see `projectRoot`).
 *
 * @internal
 * @example
 * ```ts
 * projectCommonStrictSchema({ type: 'object', properties: { q: { type: 'string', default: 'a' } } }, true);
 * // { schema: { type: 'object', properties: { q: { type: ['string', 'null'], description: '(default: a)' } },
 * //   required: ['q'], additionalProperties: false }, argumentMap: { optionalNulls: ['q'] },
 * //   warnings: [{ code: 'MOVED_TO_DESCRIPTION', path: '/properties/q/default', message: '...' }] }
 * ```
 */
export function projectCommonStrictSchema(
  root: JsonSchemaObject,
  owned: boolean,
): CommonStrictSchema | StrictFailure | undefined {
  const pass: Pass = {
    properties: 0,
    characters: 0,
    nodes: 0,
    path: [],
    warnings: undefined,
    map: null,
    failure: undefined,
    root,
    refs: ['#'],
    referenced: false,
  };
  const projected = commonObject(root, 0, pass);
  if (projected === undefined) return pass.failure;
  // Past a `$ref` the pass only looks for the walk's failure: it writes no inlined node.
  if (pass.referenced || pass.characters > STRICT_MAX_CHARACTERS) return undefined;
  let schema = projected.schema;
  // The walk writes to its result's root, so it never gives back the input's own.
  if (schema === root && !owned) schema = { ...root };
  return { schema, argumentMap: projected.map, warnings: pass.warnings };
}

/**
 * What the walk counts against strict's limits and its own, so far; the path of the node being
 * read (segments pushed on the way down and popped on the way up, read for a warning and for its
 * depth); the warnings so far, made when the first is; the argument map of the last leaf
 * projected (an array of objects has one), which its reader takes and resets.
 */
interface Pass {
  properties: number;
  characters: number;
  nodes: number;
  readonly path: (string | number)[];
  warnings: SchemaWarning[] | undefined;
  map: ArgumentMap | null;
  /** The walk's first strict failure, when this pass reached it (see `findFailure`). */
  failure: StrictFailure | undefined;
  /** The schema local `$ref`s point into. */
  readonly root: JsonSchemaObject;
  /** The `$ref`s followed on the way to the node being read, after the root's own `#`. */
  readonly refs: string[];
  /**
   * Whether a `$ref` was followed: from then on the pass reads on only to find the walk's strict
   * failure (see `followRefs`), and leaves a schema strict takes to the walk.
   */
  referenced: boolean;
}

/**
 * Far below the limits of the check (100,000 nodes) and of the walk (50,000 projected nodes):
 * a schema this large is left to the walk, which knows where each limit falls.
 */
const MAX_COMMON_NODES = 20_000;
/**
 * A node this many path segments deep is left to the walk, far below `MAX_SCHEMA_DEPTH`: below
 * it come at most a property or an array's items and a leaf's (4 more), and a test holds the sum
 * under the walk's limit, so that a change to either is seen.
 * @internal
 */
export const MAX_COMMON_DEPTH = 64;

const NO_NAMES: readonly string[] = [];

/**
 * A common object at `nesting` levels of `properties` (as `strictNesting` counts them), closed as
 * `projectStrictObject` closes it, or `undefined` when it or anything under it is not common.
 */
function commonObject(
  input: unknown,
  nesting: number,
  pass: Pass,
): { schema: JsonSchemaObject; map: ArgumentMap | null } | undefined {
  if (!isCommonObject(input, nesting === 0)) {
    findFailure(input, nesting, nesting === 0, false, pass);
    return undefined;
  }
  if (nesting >= STRICT_MAX_NESTING) return undefined;
  const node = input as Source;
  const properties = node.properties as Source | undefined;
  // The check reads the properties of a plain object only (see `isPlainObject`).
  if (properties !== undefined && !isPlainObject(properties)) return undefined;
  const names = properties === undefined ? NO_NAMES : Object.keys(properties);
  pass.properties += names.length;
  pass.nodes += names.length + 1;
  if (pass.properties > STRICT_MAX_PROPERTIES || pass.nodes > MAX_COMMON_NODES) return undefined;
  const built: Source = {};
  let maps: Record<string, ArgumentMap> | undefined;
  let same = properties !== undefined;
  const path = pass.path;
  // Which properties are optional is known before they are projected (from a short list: a
  // long one is left to `closeStrictObject`), so that a leaf is written nullable at once, not
  // copied by `makeNullable` after.
  const required = node.required as readonly unknown[] | undefined;
  const listed = required === undefined || required.length <= 32;
  for (let index = 0; index < names.length; index++) {
    const name = names[index] as string;
    const child = (properties as Source)[name];
    path.push('properties', name);
    // A property named `properties` counts as one more level, as the walk's path counts it.
    const childNesting = nesting + (name === 'properties' ? 2 : 1);
    const nullable = listed && (required === undefined || !includes(required, name));
    const schema = commonNode(child, childNesting, nullable, pass);
    if (schema === undefined) return undefined;
    path.pop();
    path.pop();
    const map = pass.map;
    if (map !== null) {
      pass.map = null;
      maps ??= {};
      setKey(maps, name, map);
    }
    if (schema !== child) same = false;
    pass.characters += name.length;
    setKey(built, name, schema);
  }
  return closeStrictObject(node, names, built, same, maps, undefined, NO_NAMES, listed);
}

/**
 * A property's schema or an array's items, as this pass takes them: a leaf, a common object at
 * `nesting`, alternatives of leaves and null, or an object that takes any keys (as JSON text);
 * its argument map is left in `pass.map` for the caller to take. With `nullable` (an optional
 * property's), it is written to take null, as `closeStrictObject` would write it with
 * `makeNullable`. `undefined` when the node is none of these.
 */
function commonNode(
  input: unknown,
  nesting: number,
  nullable: boolean,
  pass: Pass,
): JsonSchemaObject | undefined {
  const schema = leaf(input, nesting, nullable, pass);
  if (schema !== undefined) return schema;
  const projected = commonObject(input, nesting, pass);
  if (projected !== undefined) {
    pass.map = projected.map;
    return nullable ? makeNullable(projected.schema) : projected.schema;
  }
  const written = alternatives(input, nesting, nullable, pass);
  if (written !== undefined) return written;
  // Tried late: the nodes before are the common ones, and this one is no common object.
  const text = anyObjectAsText(input, pass);
  if (text !== undefined) return nullable && !acceptsNull(text) ? makeNullable(text) : text;
  if (pass.failure !== undefined) return undefined;
  const depth = pass.refs.length;
  const target = followRefs(input, pass);
  if (target === undefined || target === input) return undefined;
  const referenced = commonNode(target, nesting, false, pass);
  while (pass.refs.length > depth) pass.refs.pop();
  return referenced;
}

/**
 * The node a chain of `$ref`s alone ends at, as the walk follows it (`followRefs` in
 * resolve-schema-node.ts, which reads the target under the ref's path), with the refs pushed on
 * `pass.refs` for the caller to pop; the input itself when it is no `$ref`. `undefined` for a ref
 * this pass leaves to the walk: one already followed on the way here (recursion), one that
 * points outside the schema or at no plain object, one beside other keywords. The walk's
 * projection of the target is the same as of the target inline, so the pass reads on to find the
 * walk's failure, but it gives no schema (see `Pass.referenced`): the walk writes refs it meets
 * again as `$defs`, which this pass does not.
 */
function followRefs(input: unknown, pass: Pass): unknown {
  let node = input;
  for (;;) {
    const ref = onlyRef(node);
    if (ref === undefined) return node;
    if (ref === null || pass.refs.includes(ref)) return undefined;
    const target = resolveLocalRef(pass.root, ref);
    if (!isPlainObject(target)) return undefined;
    pass.refs.push(ref);
    pass.referenced = true;
    node = target;
  }
}

/**
 * The `$ref` of a node that holds a `$ref` and nothing else, `undefined` for a node without a
 * `$ref`, `null` for one this pass does not follow (beside other keywords, or no string).
 */
function onlyRef(input: unknown): string | null | undefined {
  if (!isPlainObject(input)) return undefined;
  let ref: unknown;
  let keys = 0;
  for (const key in input) {
    keys++;
    if (key === '$ref') ref = input.$ref;
  }
  if (ref === undefined) return undefined;
  return keys === 1 && typeof ref === 'string' ? ref : null;
}

/**
 * Records the walk's strict failure at a node this pass does not take, when the walk fails
 * there before anything else: an object that takes properties beyond those it declares, one that
 * takes any keys among alternatives with another branch than null (`crowded`), or a node that
 * accepts any value. Past a limit the walk checks first, it is left to the walk to say which.
 */
function findFailure(
  input: unknown,
  nesting: number,
  root: boolean,
  crowded: boolean,
  pass: Pass,
): void {
  let reason: string;
  switch (openness(input, root)) {
    case DECLARED_OPEN:
      // `projectObjectSchema` counts the properties and the nesting before it reads the rest.
      pass.properties += Object.keys((input as Source).properties ?? EMPTY).length;
      if (pass.properties > STRICT_MAX_PROPERTIES || nesting >= STRICT_MAX_NESTING) return;
      reason = 'it allows properties beyond those it declares';
      break;
    case FREE_FORM:
      // Asked for as JSON text by the walk, unless other branches would take that text too.
      if (!crowded) return;
      reason = 'it offers an object with any keys among alternatives';
      break;
    case ANY_VALUE:
      reason = 'it accepts any value, and strict mode needs a type';
      break;
    default:
      return;
  }
  const strictPath = toJsonPointer(pass.path);
  pass.failure = {
    strictPath,
    message: `Schema at "${strictPath}" cannot be made OpenAI-strict: ${reason}.`,
  };
}

/** `openness`: an object the walk does not close (it takes keys beyond those it declares). */
const DECLARED_OPEN = 1;
/** `openness`: an object below the root that takes any keys at all (see `isFreeFormObject`). */
const FREE_FORM = 2;
/** `openness`: a node with no type, nothing to infer one from and nothing to resolve. */
const ANY_VALUE = 3;

/**
 * Which of the nodes the walk fails strict at, or asks for as JSON text, a node is (0: none, or
 * not known here). An object schema the walk reads as one (`type: "object"`, nothing to resolve,
 * no alternatives, no enum, not nullable) that takes keys beyond those it declares fails in
 * `projectObjectSchema` before anything else of it is read, unless it is a free-form object
 * below the root; a node of annotations only (no `type`, no keyword to infer one from) fails in
 * `projectResolved` before anything else of it is read.
 */
function openness(input: unknown, root: boolean): number {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return 0;
  const prototype = Object.getPrototypeOf(input);
  if (prototype !== Object.prototype && prototype !== null) return 0;
  // With a polluted Object.prototype the walk reads inherited keywords this check does not see.
  for (const _ in EMPTY) return 0;
  const node = input as Source;
  let typed = false;
  let annotated = true;
  let additional: unknown;
  // Whether the keys it takes are limited by anything (see `isFreeFormObject`).
  let limited = false;
  for (const key in node) {
    const value = node[key];
    switch (key) {
      case 'type':
        if (value !== 'object') return 0;
        typed = true;
        break;
      case 'properties':
        if (!isPlainObject(value)) return 0;
        for (const _ in value) limited = true;
        annotated = false;
        break;
      case 'additionalProperties':
        additional = value;
        annotated = false;
        break;
      case 'patternProperties':
      case 'propertyNames':
      case 'unevaluatedProperties':
        limited = true;
        annotated = false;
        break;
      case '$ref':
      case 'allOf':
      case 'anyOf':
      case 'oneOf':
      case 'enum':
      case 'const':
      case 'nullable':
        return 0;
      case 'description':
      case 'title':
      case 'default':
      case 'examples':
        break;
      default:
        if (!SILENT_KEYWORDS.has(key)) annotated = false;
    }
  }
  if (!typed) return annotated ? ANY_VALUE : 0;
  if (additional === undefined || additional === false) {
    // Below the root, an object that declares nothing and is not closed takes any keys.
    return root || limited || additional === false ? 0 : FREE_FORM;
  }
  if (root || limited || !isAnything(additional)) return DECLARED_OPEN;
  return FREE_FORM;
}

/** Whether `additionalProperties` lets any value in: `true` or an empty schema. */
function isAnything(value: unknown): boolean {
  if (value === true) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

const EMPTY = {};

/**
 * A leaf as the walk projects it: the input's own node when strict takes it as it is (the fitting
 * check finds it fits), else rebuilt as `projectResolved` writes it, with a `default`, a
 * `minLength`, a `maxLength` or a format strict does not list moved into the description and a
 * warning for each, and `optional` or a vendor keyword dropped with a warning. An array's items are a leaf or a common object at `nesting` (the level an
 * object here is at); the argument map of an array of objects is left in `pass.map`. With
 * `nullable` (an optional property's), it is written nullable, as `makeNullable` writes it when
 * the object is closed. Also a `const` beside a type other than array, and a list of two or more
 * types other than array and object beside annotations, a `default` and dropped keywords.
 * `undefined` for any other node. Its enum values are counted against strict's size limit, as the walk counts
 * them.
 */
function leaf(
  input: unknown,
  nesting: number,
  nullable: boolean,
  pass: Pass,
): JsonSchemaObject | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const prototype = Object.getPrototypeOf(input);
  if (prototype !== Object.prototype && (prototype !== null || Array.isArray(input))) {
    return undefined;
  }
  const node = input as Source;
  let type: unknown;
  let values: unknown;
  let items: unknown;
  let format: unknown;
  let counts = false;
  // A `const` (which strict keeps, and `makeNullable` writes as alternatives with null), and
  // whether a keyword narrows the values of the type, which this pass leaves to the walk beside a
  // list of types.
  let constant = false;
  let narrows = false;
  // Whether a keyword moves into the description, which makes the node a new one.
  let moves = false;
  // How many keys the node has, its description, and whether that comes before its type.
  let keys = 0;
  let description: unknown;
  let describedFirst = false;
  for (const key in node) {
    const value = node[key];
    keys++;
    switch (key) {
      case 'type':
        type = value;
        break;
      case 'description':
        if (typeof value !== 'string') return undefined;
        description = value;
        describedFirst = type === undefined;
        break;
      case 'title':
        if (typeof value !== 'string') return undefined;
        break;
      case 'pattern':
        if (typeof value !== 'string') return undefined;
        narrows = true;
        break;
      case 'enum':
        values = value;
        break;
      case 'const':
        constant = true;
        break;
      case 'items':
        items = value;
        break;
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        if (typeof value !== 'number' || Number.isNaN(value)) return undefined;
        narrows = true;
        break;
      case 'multipleOf':
        if (typeof value !== 'number' || !(value > 0)) return undefined;
        narrows = true;
        break;
      case 'minItems':
      case 'maxItems':
        if (!isCount(value)) return undefined;
        counts = true;
        break;
      case 'format':
        format = value;
        break;
      case 'default':
        moves = true;
        break;
      case 'minLength':
      case 'maxLength':
        // A count the walk moves; any other value it drops, with another warning.
        if (!isCount(value)) return undefined;
        narrows = true;
        moves = true;
        break;
      default:
        if (!isDropped(key)) return undefined;
        moves = true;
    }
  }
  if (constant && values !== undefined) return undefined;
  // A list of two or more types of values, without keywords that narrow them.
  if (Array.isArray(type)) {
    if (
      narrows ||
      counts ||
      constant ||
      values !== undefined ||
      items !== undefined ||
      format !== undefined ||
      !isScalarList(type)
    ) {
      return undefined;
    }
    const kept = moves ? rebuiltLeaf(node, type, undefined, true, false, pass) : node;
    return nullable && !acceptsNull(kept as JsonSchemaObject)
      ? makeNullable(kept as JsonSchemaObject)
      : (kept as JsonSchemaObject);
  }
  // A format strict does not list for the type moves into the description (one that is no
  // string the walk drops, with another warning).
  let listed = true;
  if (format !== undefined && !listsFormat(type, format)) {
    if (typeof format !== 'string') return undefined;
    listed = false;
    moves = true;
  }
  let projectedItems: JsonSchemaObject | undefined;
  switch (type) {
    case 'string':
      if (items !== undefined || counts) return undefined;
      if (values !== undefined && !countEnum(values, pass)) return undefined;
      break;
    case 'number':
    case 'integer':
    case 'boolean':
      if (items !== undefined || values !== undefined || counts) return undefined;
      break;
    case 'array':
      if (values !== undefined || constant || pass.path.length >= MAX_COMMON_DEPTH) {
        return undefined;
      }
      pass.nodes++;
      pass.path.push('items');
      projectedItems = commonNode(items, nesting, false, pass);
      if (projectedItems === undefined) return undefined;
      pass.path.pop();
      // As `projectArraySchema` maps the items of an array.
      if (pass.map !== null) pass.map = { items: pass.map };
      if (projectedItems !== items) moves = true;
      break;
    default:
      return undefined;
  }
  if (constant) {
    // `makeNullable` writes a constant as alternatives with null, after the rest is written.
    const kept = moves ? rebuiltLeaf(node, type, undefined, listed, false, pass) : node;
    return (nullable ? makeNullable(kept as JsonSchemaObject) : kept) as JsonSchemaObject;
  }
  if (moves) return rebuiltLeaf(node, type, projectedItems, listed, nullable, pass);
  if (!nullable) return node as JsonSchemaObject;
  // As `makeNullable` copies it, written as a literal for the shapes servers write most (a type,
  // and a description before or after it): a spread of nodes of many shapes costs several times
  // as much.
  if (keys === 1) return { type: [type, 'null'] } as JsonSchemaObject;
  if (keys === 2 && description !== undefined) {
    return (
      describedFirst ? { description, type: [type, 'null'] } : { type: [type, 'null'], description }
    ) as JsonSchemaObject;
  }
  return makeNullable(node as JsonSchemaObject);
}

/**
 * A leaf that loses keywords into its description or drops them, in the walk's key order: `enum`
 * or `const`, `type`, `items`, the keywords strict takes in the node's order, then the
 * description. `nullable` is for a leaf of one type and no `const`.
 */
function rebuiltLeaf(
  node: Source,
  type: string | readonly string[],
  items: JsonSchemaObject | undefined,
  listed: boolean,
  nullable: boolean,
  pass: Pass,
): JsonSchemaObject {
  const values = node.enum;
  // Nullable as `makeNullable` writes it: `null` added to the type and to the enum, in place.
  const written = nullable ? [type, 'null'] : type;
  // A literal for the first keys, and the rest through `setKey`, whose store knows no hidden
  // class: hidden classes of nodes built key by key die at each full collection, and code that
  // was optimised for them is thrown away ('weak objects').
  const out: Source =
    values !== undefined
      ? { enum: nullable ? [...(values as unknown[]), null] : values, type: written }
      : Object.hasOwn(node, 'const')
        ? { const: node.const, type: written }
        : { type: written };
  if (items !== undefined) setKey(out, 'items', items);
  let described: string | undefined;
  // Own keys only: the prototype is Object.prototype, checked clean by `isCommonObject` above
  // this node, or none; every key was read by `leaf`, none of them `__proto__`.
  for (const key in node) {
    switch (key) {
      case 'type':
      case 'enum':
      case 'const':
      case 'items':
      case 'description':
        break;
      case 'format':
        if (listed) setKey(out, key, node.format);
        else described = describe(described, key, node.format, pass);
        break;
      case 'default':
      case 'minLength':
      case 'maxLength':
        described = describe(described, key, node[key], pass);
        break;
      default:
        if (isDropped(key)) drop(key, pass);
        else setKey(out, key, node[key]);
    }
  }
  const description = describedText(node.description, described);
  if (description !== undefined) setKey(out, 'description', description);
  return out as JsonSchemaObject;
}

/**
 * Whether the walk drops a keyword of a leaf with a warning (see `projectKeyword`): `optional`,
 * which some servers write beside `required`, or a vendor keyword other than the silent ones.
 */
function isDropped(key: string): boolean {
  return key === 'optional' || (key.startsWith('x-') && !SILENT_KEYWORDS.has(key));
}

/** The walk's warning for a keyword dropped from the node at `pass.path` (see `projectKeyword`). */
function drop(key: string, pass: Pass): void {
  addWarning(pass, {
    code: 'DROPPED_KEYWORD',
    path: `${toJsonPointer(pass.path)}/${escapeSegment(key)}`,
    message: droppedKeyword(STRICT_PROFILE.label, key),
  });
}

/** Adds a warning after the pass's others, making the list with the first. */
function addWarning(pass: Pass, warning: SchemaWarning): void {
  if (pass.warnings === undefined) pass.warnings = [warning];
  else pass.warnings.push(warning);
}

/**
 * Alternatives (`anyOf`, or `oneOf` with the walk's warning) of the branches `projectedBranch`
 * takes, beside a title, a description, a `default` and keywords dropped without a word: written
 * as `projectStrictAlternatives` writes them (the branches as `projectedBranch` gives them, the
 * title, the description with the `default` moved into it), their maps as it writes them left in
 * `pass.map`. A branch that is a `$ref` alone is read at its target (see `followRefs`).
 * `undefined` for any other node.
 */
function alternatives(
  input: unknown,
  nesting: number,
  nullable: boolean,
  pass: Pass,
): JsonSchemaObject | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const prototype = Object.getPrototypeOf(input);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  const path = pass.path;
  // Alternatives of alternatives (through `$ref`s, any number of levels) are left to the walk
  // this deep, as nested arrays are.
  if (path.length >= MAX_COMMON_DEPTH) return undefined;
  const node = input as Source;
  let branches: unknown;
  let exclusive: unknown;
  let title = false;
  let defaults = false;
  let kept = true;
  for (const key in node) {
    switch (key) {
      case 'anyOf':
        branches = node.anyOf;
        break;
      case 'oneOf':
        exclusive = node.oneOf;
        kept = false;
        break;
      case 'title':
        if (typeof node.title !== 'string') return undefined;
        title = true;
        break;
      case 'description':
        if (typeof node.description !== 'string') return undefined;
        break;
      case 'default':
        defaults = true;
        kept = false;
        break;
      default:
        if (!SILENT_KEYWORDS.has(key)) return undefined;
        kept = false;
    }
  }
  if (exclusive !== undefined) {
    // Strict fails at `anyOf` beside `oneOf`: left to the walk.
    if (branches !== undefined) return undefined;
    branches = exclusive;
  }
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  pass.nodes += branches.length;
  if (pass.nodes > MAX_COMMON_NODES) return undefined;
  // As `projectAlternatives` counts the branches other than `{ type: "null" }`.
  let others = 0;
  for (let index = 0; index < branches.length; index++) {
    // A hole of a sparse array is no branch, which the walk skips: left to it.
    if (!(index in branches)) return undefined;
    const branch: unknown = branches[index];
    if (!(typeof branch === 'object' && branch !== null && (branch as Source).type === 'null')) {
      others++;
    }
  }
  // Strict sends `oneOf` as `anyOf`, and says so before anything under it.
  if (exclusive !== undefined) {
    addWarning(pass, {
      code: 'ONE_OF_AS_ANY_OF',
      path: toJsonPointer(path),
      message: oneOfAsAnyOfMessage(STRICT_PROFILE.label),
    });
  }
  path.push('anyOf', 0);
  let schemas: JsonSchemaObject[] | undefined;
  let maps: ArgumentMap[] | undefined;
  for (let index = 0; index < branches.length; index++) {
    const branch: unknown = branches[index];
    path[path.length - 1] = index;
    const depth = pass.refs.length;
    const target = followRefs(branch, pass);
    const schema =
      target === undefined ? undefined : projectedBranch(target, nesting, others, pass);
    while (pass.refs.length > depth) pass.refs.pop();
    if (schema === undefined) return undefined;
    const map = pass.map;
    if (map !== null) {
      // As `projectStrictAlternatives` writes the branches' maps: an empty one for each branch
      // without, once any branch has one; an object's names its keys (see `closedBranchMap`).
      pass.map = null;
      if (maps === undefined) {
        maps = [];
        for (let before = 0; before < index; before++) maps.push({});
      }
      maps.push(closedBranchMap(schema, map) as ArgumentMap);
    } else {
      maps?.push({});
    }
    if (schema !== branch && schemas === undefined) {
      schemas = (branches as JsonSchemaObject[]).slice(0, index);
    }
    schemas?.push(schema);
  }
  path.pop();
  path.pop();
  if (maps !== undefined) pass.map = { anyOf: maps };
  // `oneOf` is written as `anyOf`, in a list of the walk's own.
  const anyOf = schemas ?? (exclusive === undefined ? branches : branches.slice());
  const written = writtenAlternatives(
    node,
    anyOf,
    kept && schemas === undefined,
    title,
    defaults,
    pass,
  );
  // With a null branch it takes null; without, only when a branch does (alternatives, say).
  return nullable && others === branches.length && !acceptsNull(written)
    ? makeNullable(written)
    : written;
}

/**
 * One branch among `others` that are not `{ type: "null" }`, as the walk projects it: null as it
 * is, a leaf, a common object, alternatives, or an object that takes any keys when it is the only
 * other branch; its argument map left in `pass.map`. `undefined` for any other node, with the
 * walk's failure recorded when it fails there.
 */
function projectedBranch(
  branch: unknown,
  nesting: number,
  others: number,
  pass: Pass,
): JsonSchemaObject | undefined {
  if (isBareNullBranch(branch)) return branch as JsonSchemaObject;
  const schema = leaf(branch, nesting, false, pass);
  if (schema !== undefined) return schema;
  // Among other branches than null, the walk fails strict at an object that takes any keys.
  if (others === 1) {
    const text = anyObjectAsText(branch, pass);
    if (text !== undefined) return text;
  }
  if (isCommonObject(branch, false)) {
    const projected = commonObject(branch, nesting, pass);
    if (projected === undefined) return undefined;
    pass.map = projected.map;
    return projected.schema;
  }
  const written = alternatives(branch, nesting, false, pass);
  // (Alternatives are no node `findFailure` knows: a failure found under them stays.)
  if (written === undefined) findFailure(branch, nesting, false, others > 1, pass);
  return written;
}

/**
 * Alternatives as `projectStrictAlternatives` writes them: the input's node when it `keeps` it,
 * else the branches, the title and the description with a `default` moved into it.
 */
function writtenAlternatives(
  node: Source,
  anyOf: unknown,
  keeps: boolean,
  title: boolean,
  defaults: boolean,
  pass: Pass,
): JsonSchemaObject {
  if (keeps) return node as JsonSchemaObject;
  const description = describedText(
    node.description,
    defaults ? describe(undefined, 'default', node.default, pass) : undefined,
  );
  // One literal per shape, as `closeStrictObject` writes objects: nodes built key by key take
  // hidden classes that die at each full collection, and code optimised for them is thrown away.
  if (title) {
    return (
      description === undefined
        ? { anyOf, title: node.title }
        : { anyOf, title: node.title, description }
    ) as JsonSchemaObject;
  }
  return (description === undefined ? { anyOf } : { anyOf, description }) as JsonSchemaObject;
}

/**
 * An object below the root that takes any keys (`type: "object"`, or `object` and `null` in a
 * list, no properties declared,
 * `additionalProperties` absent, `true` or `{}`), with only a string title and description and
 * keywords dropped without a word beside it: asked for as JSON text in a string, as the walk asks
 * for it (`projectResolved`), with its warning and a map that says to parse the text back, left in
 * `pass.map`. `undefined` for any other node. The caller knows the node is below the root and,
 * among alternatives, the only branch other than null (else the walk fails strict there).
 */
function anyObjectAsText(input: unknown, pass: Pass): JsonSchemaObject | undefined {
  if (!isPlainObject(input)) return undefined;
  // With a polluted Object.prototype the walk reads inherited keywords this check does not see.
  for (const _ in EMPTY) return undefined;
  const node = input as Source;
  let type: unknown;
  for (const key in node) {
    const value = node[key];
    switch (key) {
      case 'type':
        if (value !== 'object' && !isObjectOrNull(value)) return undefined;
        type = value;
        break;
      case 'properties':
        if (!isPlainObject(value)) return undefined;
        for (const _ in value) return undefined;
        break;
      case 'additionalProperties':
        if (value !== true && !(isPlainObject(value) && isAnything(value))) return undefined;
        break;
      case 'title':
      case 'description':
        if (typeof value !== 'string') return undefined;
        break;
      default:
        if (!SILENT_KEYWORDS.has(key)) return undefined;
    }
  }
  if (type === undefined) return undefined;
  const asked = openObjectAsJson(STRICT_PROFILE.label);
  addWarning(pass, {
    code: 'OPEN_OBJECT_AS_JSON',
    path: toJsonPointer(pass.path),
    message: asked.message,
  });
  pass.map = { json: true };
  // The walk writes the string in the object's place, beside null in the list's order.
  const out: Source = {
    type:
      type === 'object'
        ? 'string'
        : (type as string[])[0] === 'null'
          ? ['null', 'string']
          : ['string', 'null'],
  };
  if (node.title !== undefined) out.title = node.title;
  finishDescription(out, node.description, asked.entry);
  return out as JsonSchemaObject;
}

/** Whether a type is the list of `object` and `null`, in either order. */
function isObjectOrNull(type: unknown): boolean {
  if (!Array.isArray(type) || type.length !== 2) return false;
  const [first, second] = type as unknown[];
  return (first === 'object' && second === 'null') || (first === 'null' && second === 'object');
}

/**
 * Whether a branch is exactly `{ type: "null" }`, which the walk sends as it is (unlike the
 * fitting check's `isNullBranch`, which allows other keys beside the type).
 */
function isBareNullBranch(branch: unknown): boolean {
  if (typeof branch !== 'object' || branch === null) return false;
  if (Object.getPrototypeOf(branch) !== Object.prototype) return false;
  let typed = false;
  for (const key in branch) {
    if (key !== 'type' || (branch as Source).type !== 'null') return false;
    typed = true;
  }
  return typed;
}

/**
 * The walk's warning for a keyword moved into the description of the node at `pass.path` (see
 * `projectKeyword`), and the text so far with the keyword's, as `finishNode` joins them.
 */
function describe(described: string | undefined, key: string, value: unknown, pass: Pass): string {
  const moved = movedKeyword(STRICT_PROFILE.label, key, value);
  addWarning(pass, {
    code: 'MOVED_TO_DESCRIPTION',
    // The keywords moved here need no escaping, unlike the names on the path.
    path: `${toJsonPointer(pass.path)}/${key}`,
    message: moved.message,
  });
  return described === undefined ? moved.entry : `${described}; ${moved.entry}`;
}

/** Writes the description last, with what moved into it in parentheses (see `finishNode`). */
function finishDescription(out: Source, description: unknown, described: string | undefined): void {
  const text = describedText(description, described);
  if (text !== undefined) out.description = text;
}

/** The description with what moved into it in parentheses, or `undefined` for none at all. */
function describedText(description: unknown, described: string | undefined): unknown {
  if (described === undefined) return description;
  return description === undefined ? `(${described})` : `${description as string} (${described})`;
}

/** Whether a type is a list of two or more distinct types of values other than arrays and objects. */
function isScalarList(types: readonly unknown[]): boolean {
  if (types.length < 2) return false;
  for (let index = 0; index < types.length; index++) {
    const type = types[index];
    if (
      type !== 'string' &&
      type !== 'number' &&
      type !== 'integer' &&
      type !== 'boolean' &&
      type !== 'null'
    ) {
      return false;
    }
    for (let before = 0; before < index; before++) if (types[before] === type) return false;
  }
  return true;
}

/** Whether a list holds a name (by `===`). */
function includes(list: readonly unknown[], name: string): boolean {
  for (let index = 0; index < list.length; index++) if (list[index] === name) return true;
  return false;
}

/** Whether a value is a count (a non-negative integer), as JSON Schema's counting keywords take. */
function isCount(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) >= 0;
}

/** Whether strict takes a format beside a type (it lists formats per type). */
function listsFormat(type: unknown, format: unknown): boolean {
  if (typeof type !== 'string' || !Object.hasOwn(FORMATS, type)) return false;
  return (FORMATS[type] as readonly string[]).includes(format as string);
}

const STRICT_PROFILE = TARGET_PROFILES.openaiStrict as TargetProfile;

/** The formats strict takes, per type. */
const FORMATS: Readonly<Record<string, readonly string[]>> = STRICT_PROFILE.formats ?? {};

/** Whether enum values are strings strict takes as they are; their characters are counted. */
function countEnum(values: unknown, pass: Pass): boolean {
  if (!Array.isArray(values) || values.length === 0 || values.length > STRICT_MAX_ENUM_VALUES) {
    return false;
  }
  let characters = 0;
  for (let index = 0; index < values.length; index++) {
    const value: unknown = values[index];
    if (typeof value !== 'string') return false;
    characters += value.length;
  }
  pass.characters += characters;
  return true;
}
