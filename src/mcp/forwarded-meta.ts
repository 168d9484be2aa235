/**
 * A caller's `_meta` as a server gets it from the hub when the hub asks for no progress of its
 * own (when it does, its own token replaces the caller's): without the caller's progress token,
 * which means nothing to this server. `undefined` when the token was all it held; a `_meta`
 * without a token is returned as it is.
 *
 * @internal
 * @example
 * ```ts
 * forwardedMeta({ progressToken: 7, traceparent: '00-...' }); // { traceparent: '00-...' }
 * ```
 */
export function forwardedMeta(
  meta: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (meta === undefined || !Object.hasOwn(meta, 'progressToken')) return meta;
  const { progressToken: _token, ...rest } = meta;
  return Object.keys(rest).length === 0 ? undefined : rest;
}
