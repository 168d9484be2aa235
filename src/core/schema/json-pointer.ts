/**
 * Renders a path of keys as a JSON Pointer (RFC 6901): `['properties', 'a/b']` becomes
 * `/properties/a~1b`. The empty path is `''`, the whole document.
 *
 * @internal
 * @example
 * ```ts
 * toJsonPointer(['properties', 'path']); // '/properties/path'
 * ```
 */
export function toJsonPointer(path: readonly (string | number)[]): string {
  let pointer = '';
  for (const segment of path) {
    pointer += `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`;
  }
  return pointer;
}
