import { isRecord } from '../is-record.js';
import {
  type ArgumentMap,
  fitsDeclaredKeys,
  followMap,
  hasObjectPart,
  propertyMap,
  setDataProperty,
} from './argument-map.js';

/**
 * The reverse of {@link restoreArguments}: writes arguments the MCP server's schema describes in
 * the projected schema's terms (keys renamed, `null` for absent optional properties in strict
 * mode, enum values as strings). Use it to replay past tool calls in history, so that they match
 * the schema sent with the request. With a `null` map it returns `args` itself.
 *
 * @example
 * ```ts
 * const { argumentMap } = projectInputSchema(tool.inputSchema, { target: 'openai', strict: true });
 * projectArguments({ path: 'a.txt' }, argumentMap); // { path: 'a.txt', limit: null }
 * ```
 */
export function projectArguments<T = Record<string, unknown>>(
  args: T,
  argumentMap: ArgumentMap | null | undefined,
): T {
  if (argumentMap === null || argumentMap === undefined) return args;
  return projectValue(args, argumentMap, argumentMap) as T;
}

function projectValue(value: unknown, given: ArgumentMap, root: ArgumentMap): unknown {
  const map = followMap(given, root);
  if (map === undefined) return value;
  if (map.json === true) return JSON.stringify(value);
  if (map.values !== undefined) {
    const text = JSON.stringify(value);
    const pair = map.values.find(
      ([, original]) => original === value || JSON.stringify(original) === text,
    );
    if (pair !== undefined) return pair[0];
  }
  let current = value;
  if (isRecord(current) && hasObjectPart(map)) current = projectObject(current, map, root);
  else if (Array.isArray(current) && (map.items !== undefined || map.prefixItems !== undefined)) {
    current = current.map((item, index) => {
      const itemMap =
        map.prefixItems?.[index] ??
        (index >= (map.prefixItems?.length ?? 0) ? map.items : undefined);
      return itemMap === undefined || itemMap === null ? item : projectValue(item, itemMap, root);
    });
  }
  if (map.anyOf !== undefined) {
    // A branch that asks for JSON text takes any value, so it is the last resort.
    // (Alternatives nested in an alternative count: `anyOf: [anyOf: [object, null], null]`.)
    const branch =
      map.anyOf.find((candidate) => fitsOriginalShape(current, candidate, root)) ??
      map.anyOf.find((candidate) => takesJsonText(candidate, root));
    if (branch !== undefined) current = projectValue(current, branch, root);
  }
  return current;
}

function projectObject(
  value: Record<string, unknown>,
  map: ArgumentMap,
  root: ArgumentMap,
): Record<string, unknown> {
  const wireOf = new Map<string, string>();
  for (const [wire, original] of Object.entries(map.keys ?? {})) wireOf.set(original, wire);
  const out: Record<string, unknown> = {};
  for (const original of Object.keys(value)) {
    const wire = wireOf.get(original) ?? original;
    const childMap = propertyMap(map, wire);
    const item = value[original];
    const projected = childMap === undefined ? item : projectValue(item, childMap, root);
    setDataProperty(out, wire, projected);
  }
  for (const wire of map.optionalNulls ?? []) {
    if (!Object.hasOwn(out, wire)) {
      setDataProperty(out, wire, null);
    }
  }
  return out;
}

function fitsOriginalShape(
  value: unknown,
  given: ArgumentMap,
  root: ArgumentMap,
  depth = 0,
): boolean {
  const map = followMap(given, root);
  if (map === undefined || depth > 64) return false;
  if (map.values !== undefined) {
    const text = JSON.stringify(value);
    if (map.values.some(([, original]) => JSON.stringify(original) === text)) return true;
  }
  if (map.anyOf?.some((branch) => fitsOriginalShape(value, branch, root, depth + 1))) return true;
  if (isRecord(value)) return hasObjectPart(map) && fitsDeclaredKeys(value, map, false);
  if (Array.isArray(value)) return map.items !== undefined || map.prefixItems !== undefined;
  return false;
}

function takesJsonText(given: ArgumentMap, root: ArgumentMap, depth = 0): boolean {
  const map = followMap(given, root);
  if (map === undefined || depth > 64) return false;
  return (
    map.json === true ||
    (map.anyOf?.some((branch) => takesJsonText(branch, root, depth + 1)) ?? false)
  );
}
