/**
 * Follows a local `$ref` (`#`, `#/$defs/x`, `#/definitions/x`, `#/properties/a/items`, any JSON
 * Pointer into the document) and returns what it points at, or `undefined` when it points at
 * nothing. Network and relative-file references are never followed (the MCP spec forbids
 * dereferencing them), so they resolve to `undefined` too.
 *
 * @internal
 * @example
 * ```ts
 * resolveLocalRef({ $defs: { id: { type: 'string' } } }, '#/$defs/id'); // { type: 'string' }
 * ```
 */
export function resolveLocalRef(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let current: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof current !== 'object' || current === null) return undefined;
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
