import { ToolwireError } from './toolwire-error.js';

/** Options of {@link joinToolName} and {@link splitToolName}. */
export interface ToolNameOptions {
  /**
   * What joins the server segment and the tool segment.
   * @defaultValue `'__'`
   */
  separator?: string;
}

/** The default separator between the server segment and the tool segment of a canonical name. */
export const DEFAULT_SEPARATOR = '__';

/**
 * Builds a canonical name, `<server><separator><tool>`. The tool segment is kept as it is (it may
 * even contain the separator); the server segment must be one that {@link splitToolName} reads
 * back: not empty, without the separator, and not ending in a way that makes the separator start
 * early (`a_` + `__` would read as server `a`).
 *
 * @example
 * ```ts
 * joinToolName('github', 'create_issue'); // 'github__create_issue'
 * joinToolName('github', 'create_issue', { separator: '--' }); // 'github--create_issue'
 * ```
 */
export function joinToolName(server: string, tool: string, options?: ToolNameOptions): string {
  const separator = resolveSeparator(options?.separator);
  assertServerSegment(server, tool, separator);
  if (typeof tool !== 'string') {
    throw new ToolwireError({
      code: 'INVALID_NAME',
      message: `Tool name of server "${server}" must be a string, not ${typeof tool}.`,
    });
  }
  return server + separator + tool;
}

/**
 * Checks a separator option.
 * @internal
 */
export function resolveSeparator(separator: unknown): string {
  if (separator === undefined) return DEFAULT_SEPARATOR;
  if (typeof separator !== 'string' || separator.length === 0) {
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message: `Separator must be a non-empty string, not ${JSON.stringify(separator)}.`,
    });
  }
  return separator;
}

/**
 * Throws `INVALID_SERVER_NAME` unless `server` can be the server segment of a canonical name.
 * @internal
 */
export function assertServerSegment(server: unknown, tool: unknown, separator: string): void {
  const subject = `Server "${String(server)}"${typeof tool === 'string' ? ` (tool "${tool}")` : ''}`;
  if (typeof server !== 'string' || server.length === 0) {
    throw new ToolwireError({
      code: 'INVALID_SERVER_NAME',
      message: `${subject}: the server segment must be a non-empty string; give the server a key.`,
    });
  }
  const at = (server + separator).indexOf(separator);
  if (at !== server.length) {
    throw new ToolwireError({
      code: 'INVALID_SERVER_NAME',
      message:
        at < server.length - separator.length + 1
          ? `${subject}: the server segment contains the separator "${separator}"; rename the server key.`
          : `${subject}: the server segment ends so that the separator "${separator}" would be read too early; rename the server key.`,
    });
  }
}
