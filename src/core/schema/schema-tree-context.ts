import type { JsonSchemaObject } from '../json-schema.js';
import { ToolwireError } from '../toolwire-error.js';
import type { ArgumentMap } from './argument-map.js';
import type { FittingSchema } from './collect-fitting-schemas.js';
import { escapeSegment, toJsonPointer } from './json-pointer.js';
import type { SchemaWarning, SchemaWarningCode } from './schema-warning.js';
import type { TargetProfile } from './target-profile.js';

/**
 * What is thrown when a schema cannot be made OpenAI-strict; the caller catches it and projects
 * again without strict. Plain data, not an `Error`: it never leaves the projection, and capturing
 * a stack for each of the many schemas that fall back would cost more than the walk.
 *
 * @internal
 */
export interface StrictFailure {
  /** The JSON Pointer of the node that cannot be made strict. */
  readonly strictPath: string;
  /** Why, starting with the subject ("Schema at ..."). */
  readonly message: string;
}

/** Whether a thrown value is a {@link StrictFailure}. @internal */
export function isStrictFailure(value: unknown): value is StrictFailure {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<StrictFailure>).strictPath === 'string'
  );
}

/** Inlining `$ref`s can multiply a schema; past this many projected nodes toolwire gives up. @internal */
export const MAX_PROJECTED_NODES = 50_000;

/** The state of one projection. @internal */
export interface TreeContext {
  readonly profile: TargetProfile;
  readonly strict: boolean;
  readonly root: unknown;
  readonly warnings: SchemaWarning[];
  readonly refs: string[];
  // The three collections below are made when first needed: most schemas never need them, and
  // the walk of a first-seen schema should allocate only what it writes.
  /** Recursive `$ref`s kept as `$defs` (targets that take recursion), by ref. */
  definitions: Map<string, Definition> | undefined;
  /** Recursive `$ref`s unrolled so far (one warning each). */
  unrolled: Set<string> | undefined;
  /** Strict only: JSON Pointers of alternatives that have a sibling other than `null`. */
  crowdedBranches: Set<string> | undefined;
  /** Sub-schemas the target takes as they are (see `collectFittingSchemas`), when known. */
  readonly fitting: ReadonlyMap<object, FittingSchema> | undefined;
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

/** A projected schema and the map back, or `NEVER` for a schema that accepts nothing. @internal */
export type Projected = { schema: JsonSchemaObject; map: ArgumentMap | null } | typeof NEVER;

/** @internal */
export const NEVER: unique symbol = Symbol('toolwire.never');

/** Where a node sits in the original schema, as JSON Pointer segments. @internal */
export type Path = readonly (string | number)[];

/** A schema node as read from the input. @internal */
export type Source = Record<string, unknown>;

/** An {@link ArgumentMap} while it is being built. @internal */
export interface MutableMap {
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

/** Counts one projected (or merged) node against the cap that stops `$ref` and `allOf` bombs. */
export function countNode(context: TreeContext, path: Path): void {
  context.nodes++;
  if (context.nodes > MAX_PROJECTED_NODES) {
    throw new ToolwireError({
      code: 'UNSUPPORTED_SCHEMA',
      message: `Schema at "${toJsonPointer(path)}" grows past ${MAX_PROJECTED_NODES} nodes once its $refs are inlined for ${context.profile.label}. Simplify the schema or share less through $defs.`,
    });
  }
}

/** Records one lossy change at `path`. @internal */
export function warn(
  context: TreeContext,
  code: SchemaWarningCode,
  path: Path,
  message: string,
): void {
  context.warnings.push({ code, path: toJsonPointer(path), message });
}

/**
 * Records one lossy change at the keyword `key` of the node at `path`: what `warn` records at
 * `[...path, key]`, without a path made for it (Gemini moves hundreds of keywords per catalog).
 * @internal
 */
export function warnAtKey(
  context: TreeContext,
  code: SchemaWarningCode,
  path: Path,
  key: string,
  message: string,
): void {
  context.warnings.push({ code, path: `${toJsonPointer(path)}/${escapeSegment(key)}`, message });
}

/** The finished map of a node, or `null` when nothing changed shape there. @internal */
export function finishMap(map: MutableMap): ArgumentMap | null {
  if (map.values !== undefined && map.values.length === 0) delete map.values;
  for (const _ in map) return map;
  return null;
}

/** The keywords that constrain each JSON type (so a split type array keeps them apart). @internal */
export const TYPE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
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
