import type { JsonSchemaObject } from '../json-schema.js';
import type { ArgumentMap } from './argument-map.js';
import { fittingSchema, projectSchemaTree } from './project-schema-tree.js';
import { fitPropertyKeys, fitsRule } from './property-key-rule.js';
import {
  type MutableMap,
  NEVER,
  type Path,
  type Source,
  type TreeContext,
  warn,
} from './schema-tree-context.js';
import { compactJson, isRecord, sameArray, sameEntries, setKey } from './schema-values.js';
import {
  acceptsNull,
  makeNullable,
  STRICT_MAX_NESTING,
  STRICT_MAX_PROPERTIES,
  strictFail,
  strictNesting,
} from './strict-schema-rules.js';

/**
 * Projects an object schema's `properties`, `required` and `additionalProperties`: keys renamed
 * where the target restricts them, and under strict every object closed and every property
 * required (optional ones made nullable). @internal
 */
export function projectObjectSchema(
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
  const rule = profile.propertyKeys;
  // Keys that all fit keep their names: no map of wire names to build.
  const wireNames =
    rule === null || names.every((name) => fitsRule(name, rule))
      ? undefined
      : fitPropertyKeys(names, rule);
  // Made when the first property differs from the input's (under strict, from the start: it
  // makes optional properties nullable in place); until then the input's own object stands.
  let properties: Source | undefined = context.strict ? {} : undefined;
  let propertyMaps: Record<string, ArgumentMap> | undefined;
  let keys: Record<string, string> | undefined;
  // Properties that accept nothing are left out; the rest are present under their wire names.
  let dropped: Set<string> | undefined;
  if (context.strict) {
    context.strictProperties += names.length;
    if (context.strictProperties > STRICT_MAX_PROPERTIES) {
      strictFail(context, path, `it has more than ${STRICT_MAX_PROPERTIES} properties`);
    }
    if (strictNesting(path) >= STRICT_MAX_NESTING) {
      strictFail(context, path, `it nests objects more than ${STRICT_MAX_NESTING} levels deep`);
    }
    // Before the properties: most strict failures are open objects, and a failure found after
    // walking every property cost that walk for nothing.
    if (node.additionalProperties !== undefined && node.additionalProperties !== false) {
      strictFail(context, path, 'it allows properties beyond those it declares');
    }
  }
  const childDepth = path.length + 2;
  for (let index = 0; index < names.length; index++) {
    const name = names[index] as string;
    const child = source[name];
    // A property that fits needs no path of its own; only a walked one does.
    const fitting = fittingSchema(child, childDepth, context);
    const projected =
      fitting === undefined
        ? projectSchemaTree(child, [...path, 'properties', name], context)
        : undefined;
    if (projected === NEVER) {
      properties ??= copyOfFirst(source, names, index);
      dropped ??= new Set();
      dropped.add(name);
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
    const schema = projected === undefined ? (fitting as JsonSchemaObject) : projected.schema;
    if (properties === undefined && (wire !== name || schema !== child)) {
      properties = copyOfFirst(source, names, index);
    }
    if (properties !== undefined) setKey(properties, wire, schema);
    if (projected !== undefined && projected.map !== null) {
      propertyMaps ??= {};
      setKey(propertyMaps, wire, projected.map);
    }
    if (wire !== name) {
      keys ??= {};
      setKey(keys, wire, name);
    }
  }
  const requiredList = requiredNames(node.required);
  let required: string[];
  if (!context.strict && declaresAsTheyAre(requiredList, source, dropped, wireNames)) {
    // Most objects require names they declare, as they are: the list stands (only read below).
    required = requiredList as string[];
  } else {
    required = [];
    for (const name of requiredList) {
      const wire =
        !isOwnEnumerable.call(source, name) || dropped?.has(name) === true
          ? undefined
          : (wireNames?.get(name) ?? name);
      if (wire !== undefined) required.push(wire);
      else if (profile.keywords === null && !context.strict) required.push(name);
      else if (context.strict)
        strictFail(context, path, `required property "${name}" is not declared`);
    }
  }

  if (context.strict) {
    const optionalNulls: string[] = [];
    for (const wire of presentWires(names, dropped, wireNames)) {
      if (required.includes(wire)) continue;
      // Strict mode requires every property; an optional one becomes nullable, and a null there
      // means "absent" (also when the property accepted null before: servers treat an optional
      // null as absent, and the model has no other way to leave it out).
      const built = properties as Source;
      const schema = built[wire] as JsonSchemaObject;
      if (!acceptsNull(schema)) setKey(built, wire, makeNullable(schema));
      optionalNulls.push(wire);
      required.push(wire);
    }
    if (optionalNulls.length > 0) map.optionalNulls = optionalNulls;
  }

  if (names.length > 0 || !profile.omitEmptyProperties) {
    if (properties === undefined) {
      // Every property as it was, under its own name: the input's object (a new empty one when
      // the input has none to keep).
      out.properties = source === node.properties ? source : {};
    } else {
      out.properties = sameEntries(properties, node.properties) ? node.properties : properties;
    }
  }
  if (required.length > 0) {
    out.required = sameArray(required, node.required) ? node.required : required;
  } else if (context.strict) out.required = [];
  if (keys !== undefined) map.keys = keys;
  if (propertyMaps !== undefined) map.properties = propertyMaps;

  const additional = node.additionalProperties;
  if (context.strict) {
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
          map.declared = presentWires(names, dropped, wireNames);
        }
      }
    }
  } else if (additional !== undefined && additional !== false) {
    // Dropping `additionalProperties: false` is not reported: it only stops the model inventing
    // keys, and the server still validates. Dropping a schema or `true` loses meaning.
    describeAdditionalProperties(additional, described, path, context);
  }
}

/**
 * Moves `additionalProperties` (not `false`) into the description of the object at `path`, for a
 * target that does not take it; the walk and the rebuild of a schema that fits (see
 * `FITTING_WARNS`) both write it so. @internal
 */
export function describeAdditionalProperties(
  additional: unknown,
  described: string[],
  path: Path,
  context: TreeContext,
): void {
  described.push(
    additional === true || (isRecord(additional) && Object.keys(additional).length === 0)
      ? 'other properties allowed'
      : `other properties: ${compactJson(additional)}`,
  );
  warn(
    context,
    'MOVED_TO_DESCRIPTION',
    [...path, 'additionalProperties'],
    `${context.profile.label} does not take \`additionalProperties\`; moved it into the description.`,
  );
}

const isOwnEnumerable = Object.prototype.propertyIsEnumerable;

/** Whether every name is a property kept under its own name. */
function declaresAsTheyAre(
  names: readonly string[],
  source: Source,
  dropped: ReadonlySet<string> | undefined,
  wireNames: ReadonlyMap<string, string> | undefined,
): boolean {
  for (const name of names) {
    if (!isOwnEnumerable.call(source, name) || dropped?.has(name) === true) return false;
    if (wireNames !== undefined && wireNames.get(name) !== name) return false;
  }
  return true;
}

/** A new object with the first `count` properties of `source`, under their own names. */
function copyOfFirst(source: Source, names: readonly string[], count: number): Source {
  const copy: Source = {};
  for (let index = 0; index < count; index++) {
    const name = names[index] as string;
    setKey(copy, name, source[name]);
  }
  return copy;
}

/** The wire names of the properties kept, in their order. */
function presentWires(
  names: readonly string[],
  dropped: ReadonlySet<string> | undefined,
  wireNames: ReadonlyMap<string, string> | undefined,
): string[] {
  const wires: string[] = [];
  for (const name of names) {
    if (dropped?.has(name) !== true) wires.push(wireNames?.get(name) ?? name);
  }
  return wires;
}
const NO_NAMES: readonly string[] = Object.freeze([]);

/** The distinct string names of `required`, first occurrences in order (what a `Set` of them gives). */
function requiredNames(value: unknown): readonly string[] {
  if (!Array.isArray(value) || value.length === 0) return NO_NAMES;
  // Lists of a few names, as nearly all are, are checked without building a set.
  if (value.length > 16) {
    return [...new Set(value.filter((name): name is string => typeof name === 'string'))];
  }
  let names: string[] | undefined;
  for (let index = 0; index < value.length; index++) {
    const name: unknown = value[index];
    if (typeof name !== 'string' || value.indexOf(name) !== index) {
      names ??= value.slice(0, index) as string[];
      continue;
    }
    names?.push(name);
  }
  return names ?? (value as string[]);
}
