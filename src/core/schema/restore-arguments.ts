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
 * Turns the arguments a model wrote against a projected schema back into the arguments the MCP
 * server's own schema describes: renamed keys get their original names, the `null`s strict mode
 * forced on optional properties are removed, and enum values sent as strings get their original
 * values. With a `null` map (nothing changed shape) it returns `args` itself. Never mutates `args`.
 *
 * @example
 * ```ts
 * const { argumentMap } = projectInputSchema(tool.inputSchema, { target: 'anthropic' });
 * const args = restoreArguments(toolUse.input, argumentMap); // { 'filter[id]': '42' }
 * await client.callTool({ name: tool.name, arguments: args });
 * ```
 */
export function restoreArguments<T = Record<string, unknown>>(
  args: T,
  argumentMap: ArgumentMap | null | undefined,
): T {
  if (argumentMap === null || argumentMap === undefined) return args;
  return restoreValue(args, argumentMap, argumentMap) as T;
}

function restoreValue(value: unknown, given: ArgumentMap, root: ArgumentMap): unknown {
  const map = followMap(given, root);
  if (map === undefined) return value;
  let current = value;
  if (map.json === true && typeof current === 'string') {
    try {
      return JSON.parse(current);
    } catch {
      return current; // not JSON text after all: pass the string on as the model wrote it
    }
  }
  if (map.values !== undefined && typeof current === 'string') {
    const pair = map.values.find(([wire]) => wire === current);
    if (pair !== undefined) return pair[1];
  }
  if (isRecord(current) && hasObjectPart(map)) current = restoreObject(current, map, root);
  else if (Array.isArray(current) && (map.items !== undefined || map.prefixItems !== undefined)) {
    current = current.map((item, index) => {
      const itemMap =
        map.prefixItems?.[index] ??
        (index >= (map.prefixItems?.length ?? 0) ? map.items : undefined);
      return itemMap === undefined || itemMap === null ? item : restoreValue(item, itemMap, root);
    });
  }
  if (map.anyOf !== undefined) {
    // A branch that asked for JSON text takes any string, so it is the last resort.
    const branch =
      map.anyOf.find(
        (candidate) => candidate.json !== true && fitsShape(current, candidate, root),
      ) ?? map.anyOf.find((candidate) => fitsShape(current, candidate, root));
    if (branch !== undefined) current = restoreValue(current, branch, root);
  }
  return current;
}

function restoreObject(
  value: Record<string, unknown>,
  map: ArgumentMap,
  root: ArgumentMap,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const wire of Object.keys(value)) {
    const item = value[wire];
    if (item === null && map.optionalNulls?.includes(wire)) continue;
    const original =
      map.keys !== undefined && Object.hasOwn(map.keys, wire) ? (map.keys[wire] as string) : wire;
    const childMap = propertyMap(map, wire);
    const restored = childMap === undefined ? item : restoreValue(item, childMap, root);
    setDataProperty(out, original, restored);
  }
  return out;
}

/** Whether a branch's map is about values of this shape (the first that fits is the one used). */
function fitsShape(value: unknown, given: ArgumentMap, root: ArgumentMap, depth = 0): boolean {
  const map = followMap(given, root);
  if (map === undefined || depth > 64) return false;
  if (map.values !== undefined && typeof value === 'string') {
    return map.values.some(([wire]) => wire === value);
  }
  if (map.anyOf?.some((branch) => fitsShape(value, branch, root, depth + 1))) return true;
  if (isRecord(value)) return hasObjectPart(map) && fitsDeclaredKeys(value, map, true);
  if (Array.isArray(value)) return map.items !== undefined || map.prefixItems !== undefined;
  return map.json === true && typeof value === 'string';
}
