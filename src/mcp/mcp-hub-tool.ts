import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/**
 * One tool of one server, under its canonical name. `{ canonical, server, remoteName }` is the
 * tool's identity: the host's name, and where and under which name calls are dispatched.
 *
 * @example
 * ```ts
 * const tool: McpHubTool | undefined = hub.tool('github__search_issues');
 * tool?.remoteName; // 'search_issues', what tools/call sends
 * ```
 */
export interface McpHubTool {
  /** The host's stable name for the tool (by the naming preset), stored in history. */
  canonical: string;
  /** The server key. */
  server: string;
  /** The server's own name, always used for `tools/call`. */
  remoteName: string;
  /** The human title, when the server gives one. */
  title?: string;
  /** The description, when the server gives one. */
  description?: string;
  /** The input schema, normalised (a copy; every object schema has `properties`). */
  inputSchema: Record<string, unknown>;
  /** The tool exactly as the server listed it. */
  tool: Tool;
}
