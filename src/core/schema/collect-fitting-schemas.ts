import { hasValidValue } from './project-keyword.js';
import { fitsRule } from './property-key-rule.js';
import { MAX_SCHEMA_DEPTH } from './schema-limits.js';
import { type Source, TYPE_KEYWORDS } from './schema-tree-context.js';
import { isRecord } from './schema-values.js';
import type { TargetProfile } from './target-profile.js';

/** Keywords whose sub-schema a JSON Schema target keeps as it is when the sub-schema fits. */
const KEPT_SUBSCHEMA = new Set([
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

/**
 * Keywords the projection always rewrites (inlined, merged, dropped silently, converted or
 * copied into a new object), so a node that has one never fits as it is.
 */
const REWRITTEN = new Set([
  '$ref',
  'allOf',
  'nullable',
  'prefixItems',
  'additionalItems',
  'dependencies',
  'patternProperties',
  'dependentSchemas',
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

const SIMPLE_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

/**
 * The sub-schemas of `root` that a JSON Schema target (OpenAI, Anthropic, Bedrock, not strict)
 * takes exactly as they are: projecting one would return an equal schema, no warning and no
 * argument map. One read-only walk; the projection then sends each of them as it is, without a
 * copy, and walks only the paths that change. `undefined` for a target that rewrites nearly every
 * node (strict, Gemini), where the walk would cost more than it saves.
 *
 * The rules are conservative: a node that might change is left to the projection, which decides.
 *
 * @internal
 * @example
 * ```ts
 * const fitting = collectFittingSchemas(root, TARGET_PROFILES.openai, false);
 * fitting?.has(root.properties.path); // true for { type: 'string' }
 * ```
 */
export function collectFittingSchemas(
  root: unknown,
  profile: TargetProfile,
  strict: boolean,
): Set<object> | undefined {
  if (strict || profile.keywords !== null || profile.nullForm !== 'type-array') return undefined;
  const fitting = new Set<object>();
  fits(root, 0, profile, fitting);
  return fitting;
}

function fits(
  value: unknown,
  depth: number,
  profile: TargetProfile,
  fitting: Set<object>,
): boolean {
  // Boolean schemas become `{}` or are dropped; anything else is not a schema.
  if (!isRecord(value) || depth > MAX_SCHEMA_DEPTH) return false;
  const node = value;
  let ok = true;
  const type = node.type;
  let isObject: boolean;
  let isArray: boolean;
  if (typeof type === 'string') {
    if (!SIMPLE_TYPES.has(type)) ok = false;
    isObject = type === 'object';
    isArray = type === 'array';
  } else if (Array.isArray(type)) {
    if (type.length === 0 || !distinct(type)) ok = false;
    for (const entry of type) if (!SIMPLE_TYPES.has(entry as string)) ok = false;
    isObject = type.includes('object');
    isArray = type.includes('array');
  } else {
    if (type !== undefined) ok = false;
    isObject = hasAny(node, TYPE_KEYWORDS.object);
    isArray = hasAny(node, TYPE_KEYWORDS.array);
  }
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue;
    const child = node[key];
    switch (key) {
      case 'type':
        break;
      case 'description':
        if (typeof child !== 'string') ok = false;
        break;
      case 'properties':
        if (!isRecord(child)) ok = false;
        else {
          for (const name in child) {
            if (!Object.hasOwn(child, name)) continue;
            if (!fits(child[name], depth + 1, profile, fitting)) ok = false;
            if (profile.propertyKeys !== null && !fitsRule(name, profile.propertyKeys)) ok = false;
          }
        }
        break;
      case 'required':
        if (!Array.isArray(child) || child.length === 0) ok = false;
        else {
          for (const name of child) if (typeof name !== 'string') ok = false;
          if (!distinct(child)) ok = false;
        }
        break;
      case 'additionalProperties':
        if (typeof child !== 'boolean' && !fits(child, depth + 1, profile, fitting)) ok = false;
        break;
      case 'items':
        if (!fits(child, depth + 1, profile, fitting)) ok = false;
        break;
      case 'anyOf':
      case 'oneOf':
        if (!Array.isArray(child) || child.length === 0) ok = false;
        else for (const branch of child) if (!fits(branch, depth + 1, profile, fitting)) ok = false;
        if (key === 'oneOf' && (!profile.oneOf || Object.hasOwn(node, 'anyOf'))) ok = false;
        break;
      case 'enum':
        if (!Array.isArray(child) || child.length === 0 || profile.enumValues !== 'any') ok = false;
        break;
      case 'const':
        if (!profile.const) ok = false;
        break;
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        // Draft 4's boolean form is rewritten into the 2020-12 bound.
        if (typeof child !== 'number') ok = false;
        break;
      default:
        if (REWRITTEN.has(key) || !hasValidValue(key, child)) ok = false;
        else if (KEPT_SUBSCHEMA.has(key) && !fits(child, depth + 1, profile, fitting)) ok = false;
    }
  }
  // Object schemas always carry `properties`, array schemas `items`; keywords of those shapes on
  // a node of another type are dropped.
  if (isObject ? !isRecord(node.properties) : hasAny(node, OBJECT_STRUCTURE)) ok = false;
  if (isArray ? !isRecord(node.items) : Object.hasOwn(node, 'items')) ok = false;
  if (ok) fitting.add(node);
  return ok;
}

const OBJECT_STRUCTURE = ['properties', 'required', 'additionalProperties'];

/** Whether an array holds no value twice (small arrays without allocating). */
function distinct(values: readonly unknown[]): boolean {
  if (values.length > 16) return new Set(values).size === values.length;
  for (let index = 1; index < values.length; index++) {
    for (let before = 0; before < index; before++) {
      if (values[before] === values[index]) return false;
    }
  }
  return true;
}

function hasAny(node: Source, keys: readonly string[] | undefined): boolean {
  if (keys === undefined) return false;
  for (const key of keys) if (Object.hasOwn(node, key)) return true;
  return false;
}
