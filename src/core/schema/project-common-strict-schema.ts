import type { JsonSchemaObject } from '../json-schema.js';
import type { ArgumentMap } from './argument-map.js';
import { isPlainObject } from './collect-fitting-schemas.js';
import { closeStrictObject, isCommonObject } from './project-strict-object.js';
import { MAX_SCHEMA_DEPTH } from './schema-limits.js';
import type { Source } from './schema-tree-context.js';
import { setKey } from './schema-values.js';
import type { SchemaWarning } from './schema-warning.js';
import {
  STRICT_MAX_CHARACTERS,
  STRICT_MAX_ENUM_VALUES,
  STRICT_MAX_NESTING,
  STRICT_MAX_PROPERTIES,
} from './strict-schema-rules.js';
import { TARGET_PROFILES, type TargetProfile } from './target-profile.js';

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
 * OpenAI strict in one pass, for a schema made only of common objects (see `isCommonObject`)
 * and of leaves strict takes as they are (a `type` other than object, a string description and
 * title, a string enum, bounds, a pattern, a format strict lists, the `items` of an array): what
 * the fitting check, the walk and `projectStrictObject` give together, without the check's list
 * of fitting nodes or the walk's paths. `undefined` for any other schema, and for one that strict fails or that nears a limit,
 * all of which the walk takes from the start (nothing here writes to the input or warns).
 * `owned`: whether `root` is toolwire's copy (see `projectRoot`).
 *
 * @internal
 * @example
 * ```ts
 * projectCommonStrictSchema({ type: 'object', properties: { q: { type: 'string' } } }, true);
 * // { schema: { type: 'object', properties: { q: { type: ['string', 'null'] } }, required: ['q'],
 * //   additionalProperties: false }, argumentMap: { optionalNulls: ['q'] } }
 * ```
 */
export function projectCommonStrictSchema(
  root: JsonSchemaObject,
  owned: boolean,
): CommonStrictSchema | undefined {
  const tally: Tally = { properties: 0, characters: 0, nodes: 0 };
  const projected = commonObject(root, 0, tally);
  if (projected === undefined || tally.characters > STRICT_MAX_CHARACTERS) return undefined;
  let schema = projected.schema;
  // The walk writes to its result's root, so it never gives back the input's own.
  if (schema === root && !owned) schema = { ...root };
  return { schema, argumentMap: projected.map, warnings: undefined };
}

/** What the walk counts against strict's limits and its own, so far. */
interface Tally {
  properties: number;
  characters: number;
  nodes: number;
}

/**
 * Far below the limits of the check (100,000 nodes) and of the walk (50,000 projected nodes):
 * a schema this large is left to the walk, which knows where each limit falls.
 */
const MAX_COMMON_NODES = 20_000;
/** A chain of `items` this deep is left to the walk, far below `MAX_SCHEMA_DEPTH`. */
const MAX_ITEMS_DEPTH = 32;

const NO_NAMES: readonly string[] = [];

/**
 * A common object at `nesting` levels of `properties` (as `strictNesting` counts them), closed as
 * `projectStrictObject` closes it, or `undefined` when it or anything under it is not common.
 */
function commonObject(
  input: unknown,
  nesting: number,
  tally: Tally,
): { schema: JsonSchemaObject; map: ArgumentMap | null } | undefined {
  if (!isCommonObject(input, nesting === 0) || nesting >= STRICT_MAX_NESTING) return undefined;
  const node = input as Source;
  const properties = node.properties as Source | undefined;
  // The check reads the properties of a plain object only (see `isPlainObject`).
  if (properties !== undefined && !isPlainObject(properties)) return undefined;
  const names = properties === undefined ? NO_NAMES : Object.keys(properties);
  tally.properties += names.length;
  tally.nodes += names.length + 1;
  if (tally.properties > STRICT_MAX_PROPERTIES || tally.nodes > MAX_COMMON_NODES) return undefined;
  const built: Source = {};
  let maps: Record<string, ArgumentMap> | undefined;
  let same = properties !== undefined;
  for (let index = 0; index < names.length; index++) {
    const name = names[index] as string;
    const child = (properties as Source)[name];
    let schema: JsonSchemaObject;
    if (isLeaf(child, 0, tally)) {
      schema = child as JsonSchemaObject;
    } else {
      // A property named `properties` counts as one more level, as the walk's path counts it.
      const projected = commonObject(child, nesting + (name === 'properties' ? 2 : 1), tally);
      if (projected === undefined) return undefined;
      schema = projected.schema;
      if (projected.map !== null) {
        maps ??= {};
        setKey(maps, name, projected.map);
      }
      if (schema !== child) same = false;
    }
    tally.characters += name.length;
    setKey(built, name, schema);
  }
  return closeStrictObject(node, names, built, same, maps, undefined, NO_NAMES);
}

/**
 * Whether a node is one the fitting check finds strict takes as it is, of the few keywords most
 * leaves have; its enum values are counted against strict's size limit, as the check counts them.
 */
function isLeaf(input: unknown, depth: number, tally: Tally): boolean {
  if (typeof input !== 'object' || input === null) return false;
  const prototype = Object.getPrototypeOf(input);
  if (prototype !== Object.prototype && (prototype !== null || Array.isArray(input))) return false;
  const node = input as Source;
  let type: unknown;
  let values: unknown;
  let items: unknown;
  let format: unknown;
  let counts = false;
  for (const key in node) {
    const value = node[key];
    switch (key) {
      case 'type':
        type = value;
        break;
      case 'description':
      case 'title':
      case 'pattern':
        if (typeof value !== 'string') return false;
        break;
      case 'enum':
        values = value;
        break;
      case 'items':
        items = value;
        break;
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        if (typeof value !== 'number' || Number.isNaN(value)) return false;
        break;
      case 'multipleOf':
        if (typeof value !== 'number' || !(value > 0)) return false;
        break;
      case 'minItems':
      case 'maxItems':
        if (!Number.isInteger(value) || (value as number) < 0) return false;
        counts = true;
        break;
      case 'format':
        format = value;
        break;
      default:
        return false;
    }
  }
  // A format strict does not list for the type moves into the description.
  if (format !== undefined && !listsFormat(type, format)) return false;
  switch (type) {
    case 'string':
      if (items !== undefined || counts) return false;
      return values === undefined || countEnum(values, tally);
    case 'number':
    case 'integer':
    case 'boolean':
      return items === undefined && values === undefined && !counts;
    case 'array':
      if (values !== undefined || depth >= MAX_ITEMS_DEPTH) return false;
      tally.nodes++;
      return isLeaf(items, depth + 1, tally);
    default:
      return false;
  }
}

/** Whether strict takes a format beside a type (it lists formats per type). */
function listsFormat(type: unknown, format: unknown): boolean {
  if (typeof type !== 'string' || !Object.hasOwn(FORMATS, type)) return false;
  return (FORMATS[type] as readonly string[]).includes(format as string);
}

/** The formats strict takes, per type. */
const FORMATS: Readonly<Record<string, readonly string[]>> =
  (TARGET_PROFILES.openaiStrict as TargetProfile).formats ?? {};

/** Whether enum values are strings strict takes as they are; their characters are counted. */
function countEnum(values: unknown, tally: Tally): boolean {
  if (!Array.isArray(values) || values.length === 0 || values.length > STRICT_MAX_ENUM_VALUES) {
    return false;
  }
  let characters = 0;
  for (let index = 0; index < values.length; index++) {
    const value: unknown = values[index];
    if (typeof value !== 'string') return false;
    characters += value.length;
  }
  tally.characters += characters;
  return true;
}

// The walk's own limit on depth is far beyond what this path takes (`STRICT_MAX_NESTING` levels
// of objects and `MAX_ITEMS_DEPTH` of items); checked here so that a change to either is seen.
if (2 * STRICT_MAX_NESTING + MAX_ITEMS_DEPTH + 2 > MAX_SCHEMA_DEPTH) {
  throw new Error('projectCommonStrictSchema: its limits exceed MAX_SCHEMA_DEPTH');
}
