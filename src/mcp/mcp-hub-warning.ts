/** What a hub warning is about. Codes are part of the public contract: match on them, never on messages. */
export type McpHubWarningCode =
  /** The server lists one remote name more than once; the first is kept. */
  | 'DUPLICATE_TOOL'
  /** A tool's definition cannot be used (no name, a schema toolwire cannot walk, a name that quotes a secret); it is left out. */
  | 'UNUSABLE_TOOL'
  /** Under a lossy naming preset, the tool forms a name another tool of the server already has. */
  | 'NAME_TAKEN'
  /** Under a lossy naming preset, another server can form the tool's name; neither is given it. */
  | 'NAME_AMBIGUOUS'
  /** `tools/list` returned a cursor it had returned before; listing stopped there. */
  | 'CURSOR_REPEATED'
  /** `tools/list` gave more pages than the hub follows; listing stopped. */
  | 'PAGE_LIMIT'
  /** A refresh after `notifications/tools/list_changed` failed; the previous tools are kept. */
  | 'REFRESH_FAILED';

/**
 * A note about one server that does not stop it (a tool left out, a listing cut short), shaped
 * like the projection warnings: a typed `code` to branch on and a `message` that starts with the
 * subject.
 *
 * @example
 * ```ts
 * const warning: McpHubWarning = {
 *   code: 'DUPLICATE_TOOL',
 *   server: 'github',
 *   tool: 'search',
 *   message: 'Server "github" lists "search" more than once; the first is kept.',
 * };
 * for (const status of hub.servers()) {
 *   for (const { code, message } of status.warnings) if (code !== 'DUPLICATE_TOOL') console.warn(message);
 * }
 * ```
 */
export interface McpHubWarning {
  /** Machine-readable kind. */
  readonly code: McpHubWarningCode;
  /** The server key. */
  readonly server: string;
  /** The remote name of the tool the warning is about, when it is about one. */
  readonly tool?: string;
  /** Human-readable, starting with the subject (the server), saying what happened and what to do. */
  readonly message: string;
}
