import { assertServerSegment, resolveSeparator, type ToolNameOptions } from './join-tool-name.js';
import { ToolwireError } from './toolwire-error.js';

/** The two segments of a canonical name. */
export interface SplitToolNameResult {
  /** The host's key for the server. */
  server: string;
  /** The tool segment, usually the remote name. */
  tool: string;
}

/**
 * Splits a canonical name at the first separator, the inverse of {@link joinToolName}.
 * A name without a separator, or with an empty server segment, is `INVALID_SERVER_NAME`.
 *
 * @example
 * ```ts
 * splitToolName('github__create_issue'); // { server: 'github', tool: 'create_issue' }
 * splitToolName('neon____node_version'); // { server: 'neon', tool: '__node_version' }
 * ```
 */
export function splitToolName(canonical: string, options?: ToolNameOptions): SplitToolNameResult {
  const separator = resolveSeparator(options?.separator);
  if (typeof canonical !== 'string') {
    throw new ToolwireError({
      code: 'INVALID_NAME',
      message: `Canonical name must be a string, not ${typeof canonical}.`,
    });
  }
  const at = canonical.indexOf(separator);
  if (at <= 0) {
    throw new ToolwireError({
      code: 'INVALID_SERVER_NAME',
      message: `Canonical name "${canonical}" has ${at === 0 ? 'an empty server segment' : `no separator "${separator}"`}; canonical names are <server>${separator}<tool>.`,
    });
  }
  const server = canonical.slice(0, at);
  const tool = canonical.slice(at + separator.length);
  assertServerSegment(server, tool, separator);
  return { server, tool };
}
