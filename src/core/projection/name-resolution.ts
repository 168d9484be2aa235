/**
 * How a name that came back from a provider was resolved:
 * - `exact`: it is a wire name of this request.
 * - `canonical`: it is a canonical name of this request (copied from a description or a listing).
 * - `case`: lenient; it matches one name of the request when letter case is ignored.
 * - `separator`: lenient; it matches one name when case is ignored and `-` and `_` are swapped.
 * - `hash-dropped`: lenient; it matches one alias with its `_<8 base32>` (or `-<8 base32>`) hash
 *   suffix left off.
 * - `ambiguous`: lenient; more than one tool matches under any of the lenient rules together (one
 *   by case and another by separator is ambiguous too), so it passes through unchanged.
 * - `unknown`: nothing matches; it passes through unchanged so the host can answer "tool not found".
 */
export type NameResolutionMethod =
  | 'exact'
  | 'canonical'
  | 'case'
  | 'separator'
  | 'hash-dropped'
  | 'ambiguous'
  | 'unknown';

/**
 * The outcome of resolving one name.
 *
 * @example
 * ```ts
 * const resolution = projection.resolve('github_create_issue_abcdefgh');
 * if (resolution.canonical === undefined) reply(`Tool ${resolution.name} not found`);
 * ```
 */
export interface NameResolution {
  /** The name as the provider sent it. */
  received: string;
  /** The name to hand to the host: the canonical name, or `received` unchanged when unresolved. */
  name: string;
  /** The canonical name, or `undefined` when the name is unknown or ambiguous. */
  canonical: string | undefined;
  /** How it was resolved. */
  method: NameResolutionMethod;
  /** For `ambiguous`: the canonical names that matched, sorted. */
  candidates?: string[];
}
