import { type MutableMap, type Path, type TreeContext, warn } from './schema-tree-context.js';

/**
 * Asks for any JSON value as JSON text in a string, where the target needs a type and the node at
 * `path` accepts any value: the map says to parse the argument back, the description says so,
 * and a warning says it. Written by the walk and by the fitting rebuild, which must say it alike;
 * the caller writes `type: string`.
 *
 * @internal
 * @example
 * ```ts
 * askAnyValueAsJson(context, ['properties', 'tags'], described, map);
 * // map.json === true; described ends with 'any JSON value, written as JSON text'
 * ```
 */
export function askAnyValueAsJson(
  context: TreeContext,
  path: Path,
  described: string[],
  map: MutableMap,
): void {
  map.json = true;
  described.push('any JSON value, written as JSON text');
  warn(
    context,
    'TYPE_ASSUMED',
    path,
    `${context.profile.label} needs a type, and this schema accepts any value; asked for it as JSON text in a string.`,
  );
}
