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
  if (path.length === 0) return '';
  for (const segment of path) {
    if (typeof segment === 'string' && segment !== escapeSegment(segment)) {
      let pointer = '';
      for (const each of path) pointer += `/${escapeSegment(each)}`;
      return pointer;
    }
  }
  // Nothing to escape (nearly every path): one string, not one per segment.
  return `/${path.join('/')}`;
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
