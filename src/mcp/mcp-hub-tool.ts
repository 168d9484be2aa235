import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/**
 * One tool of one server, under its canonical name. `{ canonical, server, remoteName }` is the
 * tool's identity: the host's name, and where and under which name calls are dispatched.
 *
 * Every configured secret a server echoes into a definition (title, description, any text in its
 * schemas, annotations or `_meta`) is `***` here, and so in every definition a model is given: a
 * secret must not reach a model provider through a tool either. A tool whose own name or an object
 * key quotes a secret cannot be masked and still be called, so it is left out with an
 * `UNUSABLE_TOOL` warning. `remoteName` is always the server's own.
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
  /** The tool as the server listed it (with configured secrets masked). */
  tool: Tool;
}
