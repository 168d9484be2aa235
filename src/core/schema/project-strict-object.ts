import type { JsonSchemaObject } from '../json-schema.js';
import type { ArgumentMap } from './argument-map.js';
import { fittingSchema, projectSchemaTree } from './project-schema-tree.js';
import { SILENT_KEYWORDS } from './schema-keywords.js';
import {
  type MutableMap,
  NEVER,
  type Path,
  type Projected,
  type Source,
  type TreeContext,
} from './schema-tree-context.js';
import { sameArray, sameEntries, setKey } from './schema-values.js';
import {
  acceptsNull,
  makeNullable,
  STRICT_MAX_NESTING,
  STRICT_MAX_PROPERTIES,
  strictFail,
  strictNesting,
} from './strict-schema-rules.js';

/**
 * OpenAI strict, the object schema servers write most (`type: "object"`, `properties`,
 * `required`, `additionalProperties: false`, a title and a description): closed, every property
 * required and the optional ones made nullable, with the `optionalNulls` map, in one pass. Gives
 * exactly what the walk (`projectResolved` and `projectObjectSchema`) gives, in the same key
 * order, with the same strict failures in the same order; `undefined` for any other node, decided
 * before anything is projected or counted, so that the walk can take it from the start.
 *
 * @internal
 * @example
 * ```ts
 * projectStrictObject({ type: 'object', properties: { q: { type: 'string' } } }, [], context);
 * // { schema: { type: 'object', properties: { q: { type: ['string', 'null'] } }, required: ['q'],
 * //   additionalProperties: false }, map: { optionalNulls: ['q'] } }
 * ```
 */
export function projectStrictObject(
  input: unknown,
  path: Path,
  context: TreeContext,
): Projected | undefined {
  if (!isCommonObject(input, path.length === 0)) return undefined;
  const node = input as Source;
  const properties = node.properties as Source | undefined;
  const names = properties === undefined ? NO_NAMES : Object.keys(properties);
  context.strictProperties += names.length;
  if (context.strictProperties > STRICT_MAX_PROPERTIES) {
    strictFail(context, path, `it has more than ${STRICT_MAX_PROPERTIES} properties`);
  }
  if (strictNesting(path) >= STRICT_MAX_NESTING) {
    strictFail(context, path, `it nests objects more than ${STRICT_MAX_NESTING} levels deep`);
  }
  const built: Source = {};
  let maps: Record<string, ArgumentMap> | undefined;
  // Whether every property is still the input's own schema: `built` then holds the input's
  // `properties` as they are (the same keys, from Object.keys), with no comparison afterwards.
  let same = properties !== undefined;
  const childDepth = path.length + 2;
  // Indexed loops throughout: a for-of allocates an iterator and a result per step until the
  // function is optimised, and a cold projection runs much of its code before that.
  for (let index = 0; index < names.length; index++) {
    const name = names[index] as string;
    const child = (properties as Source)[name];
    // A property that fits is sent without a path of its own; only a walked one needs it.
    let schema = fittingSchema(child, childDepth, context);
    if (schema === undefined) {
      const projected = projectSchemaTree(child, [...path, 'properties', name], context);
      if (projected === NEVER) {
        strictFail(context, path, `property "${name}" accepts no value`);
        continue;
      }
      schema = projected.schema;
      if (projected.map !== null) {
        maps ??= {};
        setKey(maps, name, projected.map);
      }
    }
    context.strictCharacters += name.length;
    if (schema !== child) same = false;
    setKey(built, name, schema);
  }
  return closeStrictObject(node, names, built, same, maps, context, path);
}

/**
 * The second half of {@link projectStrictObject}, shared with the one-pass strict path
 * (`projectCommonStrictSchema`): given the common object `node`, its property names and their
 * projected schemas in `built` (`same` when each is the input's own), every property required,
 * the optional ones made nullable, the node written as one of four literals. With `context`, an
 * undeclared required name is the walk's strict failure at `path`; without one it gives
 * `undefined`, so that the one-pass path leaves the schema to the walk. `nulled`: the caller
 * already wrote every property the node does not require to take null.
 *
 * @internal
 * @example
 * ```ts
 * closeStrictObject(node, ['q'], { q: { type: 'string' } }, false, undefined, undefined, []);
 * // { schema: { type: 'object', properties: { q: { type: ['string', 'null'] } }, required: ['q'],
 * //   additionalProperties: false }, map: { optionalNulls: ['q'] } }
 * ```
 */
export function closeStrictObject(
  node: Source,
  names: readonly string[],
  built: Source,
  same: boolean,
  maps: Record<string, ArgumentMap> | undefined,
  context: TreeContext | undefined,
  path: Path,
  nulled = false,
): { schema: JsonSchemaObject; map: ArgumentMap | null } | undefined {
  const properties = node.properties as Source | undefined;
  const required: string[] = [];
  const requiredSource = node.required;
  // Long lists are looked up in a set; short ones scanned (cheaper than building the set).
  const lookup = names.length > 32 ? new Set<string>() : undefined;
  if (Array.isArray(requiredSource)) {
    for (let index = 0; index < requiredSource.length; index++) {
      const name: unknown = requiredSource[index];
      if (typeof name !== 'string' || isListed(required, lookup, name)) continue;
      // `built` holds exactly the names: a short list is scanned, which costs less than
      // `Object.hasOwn` with a name read from a list (a string not yet looked up as a key).
      if (lookup === undefined ? !isListed(names, undefined, name) : !Object.hasOwn(built, name)) {
        if (context === undefined) return undefined;
        strictFail(context, path, `required property "${name}" is not declared`);
      }
      required.push(name);
      lookup?.add(name);
    }
  }
  // Strict mode requires every property; an optional one becomes nullable, and a null there
  // means "absent" (see projectObjectSchema).
  let optionalNulls: string[] | undefined;
  for (let index = 0; index < names.length; index++) {
    const name = names[index] as string;
    if (isListed(required, lookup, name)) continue;
    if (!nulled) {
      const schema = built[name] as JsonSchemaObject;
      if (!acceptsNull(schema)) {
        setKey(built, name, makeNullable(schema));
        same = false;
      }
    }
    optionalNulls ??= [];
    optionalNulls.push(name);
    required.push(name);
  }
  const outProperties = same ? properties : built;
  const outRequired =
    required.length > 0 && sameArray(required, requiredSource) ? requiredSource : required;
  // One literal per shape (with or without a title and a description): every such node then has
  // the literal's own hidden class, which lives as long as this function. Built key by key, the
  // hidden classes die with the nodes at each full collection and are made again, and code that
  // was optimised for them is thrown away.
  const title = node.title;
  const description = node.description;
  let out: Source;
  if (title === undefined) {
    out =
      description === undefined
        ? {
            type: 'object',
            properties: outProperties,
            required: outRequired,
            additionalProperties: false,
          }
        : {
            type: 'object',
            properties: outProperties,
            required: outRequired,
            additionalProperties: false,
            description,
          };
  } else {
    out =
      description === undefined
        ? {
            type: 'object',
            properties: outProperties,
            required: outRequired,
            additionalProperties: false,
            title,
          }
        : {
            type: 'object',
            properties: outProperties,
            required: outRequired,
            additionalProperties: false,
            title,
            description,
          };
  }
  let map: MutableMap | null = null;
  if (optionalNulls !== undefined) {
    map = maps === undefined ? { optionalNulls } : { optionalNulls, properties: maps };
  } else if (maps !== undefined) {
    map = { properties: maps };
  }
  // The input's node is sent as it is only when it is already closed, with the same properties
  // and required list: compared in full only then (nearly every object strict walks changes).
  const kept =
    node.additionalProperties === false &&
    out.properties === properties &&
    out.required === requiredSource &&
    sameEntries(out, node);
  return { schema: kept ? node : out, map };
}

const NO_NAMES: readonly string[] = [];
const EMPTY = {};

/**
 * Whether a node is an object schema of only the keys {@link projectStrictObject} writes as the
 * walk does: no `$ref` or `allOf` to resolve, no alternatives, nothing moved into the description
 * and no warning, not an open object (which the walk asks for as JSON text below the root).
 *
 * @internal
 * @example
 * ```ts
 * isCommonObject({ type: 'object', properties: { q: { type: 'string' } } }, false); // true
 * ```
 */
export function isCommonObject(input: unknown, root: boolean): boolean {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return false;
  const prototype = Object.getPrototypeOf(input);
  if (prototype !== Object.prototype && prototype !== null) return false;
  // With a polluted Object.prototype the walk reads inherited keywords this check does not see.
  for (const _ in EMPTY) return false;
  const node = input as Source;
  let typed = false;
  let declares = false;
  let closed = false;
  // Own keys only, in order, with no list made: the prototype is Object.prototype (clean, as
  // checked above) or none. `type` is read here too, not by name: a named read of nodes of many
  // shapes misses V8's cache of property lookups for each new shape, after every collection.
  for (const key in node) {
    const value = node[key];
    switch (key) {
      case 'type':
        if (value !== 'object') return false;
        typed = true;
        break;
      case 'properties': {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
        declares = hasOwnKey(value);
        break;
      }
      case 'required':
        if (!Array.isArray(value)) return false;
        break;
      case 'additionalProperties':
        if (value !== false) return false;
        closed = true;
        break;
      case 'title':
      case 'description':
        if (typeof value !== 'string') return false;
        break;
      default:
        if (!SILENT_KEYWORDS.has(key)) return false;
    }
  }
  // Below the root an object that takes any keys is asked for as JSON text, with a warning.
  return typed && (root || declares || closed);
}

/** Whether an object has an own enumerable string key (what `Object.keys` would list). */
function hasOwnKey(value: object): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return true;
  return false;
}

/** Whether `name` is in `list`, through `lookup` when there is one (it holds the same names). */
function isListed(list: readonly string[], lookup: Set<string> | undefined, name: string): boolean {
  if (lookup !== undefined) return lookup.has(name);
  for (let index = 0; index < list.length; index++) if (list[index] === name) return true;
  return false;
}
