import type { ToolwireError } from '../core/toolwire-error.js';
import type { McpHubWarning } from './mcp-hub-warning.js';

/** Where a server is in its life. */
export type McpServerState =
  | 'connecting'
  | 'ready'
  | 'restarting'
  | 'failed'
  | 'disabled'
  | 'closed';

/**
 * The status of one server, as `McpHub.servers()` reports it.
 *
 * @example
 * ```ts
 * const status: McpServerStatus = hub.server('github')!;
 * if (status.state === 'failed') console.error(status.reason, status.stderr.at(-1));
 * ```
 */
export interface McpServerStatus {
  /** The server key. */
  server: string;
  /** Where it is in its life. */
  state: McpServerState;
  /** Why it is not ready (`failed`, `restarting`), or the last problem a ready server had. */
  reason?: string;
  /** The error behind `reason`, when there is one. */
  error?: ToolwireError;
  /** `stdio`, `streamable-http` or `sse`, once connected. */
  transport?: 'stdio' | 'streamable-http' | 'sse';
  /** What the server says it is, from `initialize`. */
  serverInfo?: { name: string; version: string };
  /** The protocol version agreed at `initialize`. */
  protocolVersion?: string;
  /** How many tools it offers now. */
  toolCount: number;
  /** How many times it has been restarted after a crash. */
  restarts: number;
  /** Notes that do not stop the server: duplicate names, tools left out, a failed refresh. */
  warnings: McpHubWarning[];
  /** The last lines the server wrote to stderr (stdio only), for diagnosis. */
  stderr: string[];
}
