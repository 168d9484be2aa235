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
  // Written a segment at a time: `join` of a path that mixes names and indexes cost more than the
  // rest of a warning.
  let pointer = '';
  for (let index = 0; index < path.length; index++) {
    const segment = path[index] as string | number;
    pointer += typeof segment === 'number' ? `/${segment}` : `/${escapeSegment(segment)}`;
  }
  return pointer;
}

/**
 * One path segment as a JSON Pointer writes it (`~` as `~0`, `/` as `~1`).
 *
 * @internal
 * @example
 * ```ts
 * escapeSegment('a/b'); // 'a~1b'
 * ```
 */
export function escapeSegment(segment: string | number): string {
  const text = typeof segment === 'string' ? segment : String(segment);
  // Most keys have neither character: no replacement, no new string.
  if (!text.includes('~') && !text.includes('/')) return text;
  return text.replaceAll('~', '~0').replaceAll('/', '~1');
}
