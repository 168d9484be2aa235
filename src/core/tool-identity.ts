/**
 * Who a tool is, carried whole instead of parsed out of its canonical name: the canonical name the
 * host formed (by any naming preset), the server key and the server's own tool name. The hub's
 * `McpHubTool` has these three fields, so `hub.tools()` can be passed wherever identities are
 * taken.
 *
 * A canonical name is a string made by a preset (`mcp__<server>__<tool>` under `claude-code`,
 * `<server>_<tool>` under `agent-framework`); splitting it again at a separator finds the wrong
 * server for presets whose names do not have the shape `<server>__<tool>`. An identity never needs
 * splitting.
 *
 * @example
 * ```ts
 * const identity: ToolIdentity = {
 *   canonical: 'mcp__github__create_issue',
 *   server: 'github',
 *   remoteName: 'create_issue',
 * };
 * createToolWireMap([identity], { envelope: 'openai', separator: '__' });
 * ```
 */
export interface ToolIdentity {
  /** The host's stable name for the tool, formed by its naming preset. */
  canonical: string;
  /** The server key, as the host's configuration names the server. */
  server: string;
  /** The server's own name of the tool, used for `tools/call`. */
  remoteName: string;
}
