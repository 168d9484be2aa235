/**
 * The word `names` and `lint` both use for how a canonical name goes on the wire: `ok` (as it is),
 * `fixed` (characters substituted, same length, no hash), `alias` (shortened or made unique with a
 * hash).
 * @internal
 * @example
 * ```ts
 * nameFitStatus({ canonical: 'docs__search.v2', wire: 'docs__search_v2' }); // 'fixed'
 * ```
 */
export function nameFitStatus(options: { canonical: string; wire: string }): NameFitStatus {
  const { canonical, wire } = options;
  if (wire === canonical) return 'ok';
  return wire.length === canonical.length ? 'fixed' : 'alias';
}

/** See {@link nameFitStatus}. @internal */
export type NameFitStatus = 'ok' | 'fixed' | 'alias';
