/**
 * A lossy or notable change an adapter made to a request, returned as data so the caller picks
 * the policy (log it, surface it, fail on it).
 *
 * @example
 * ```ts
 * const { warnings } = projectChatRequest(request);
 * for (const warning of warnings) console.warn(`${warning.tool}: ${warning.message}`);
 * ```
 */
export interface ProjectionWarning {
  /** A stable machine-readable code, such as `NAME_NOT_PROJECTED` or a schema code. */
  code: string;
  /** The canonical name of the tool the warning is about, when it is about one. */
  tool?: string;
  /** A JSON path inside the tool's schema or the request, when there is one. */
  path?: string;
  /** Starts with the subject and says what happened. */
  message: string;
}
