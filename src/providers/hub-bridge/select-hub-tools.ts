import type { ToolHubLike, ToolHubTool } from './tool-hub.js';

/** Which of the hub's tools to offer: every one by default. */
export interface HubToolFilter {
  /** Only the tools of these server keys. */
  servers?: readonly string[];
  /** Only these tools, by canonical name. */
  tools?: readonly string[];
  /** Only the tools this predicate keeps (after `servers` and `tools`). */
  filter?: (tool: ToolHubTool) => boolean;
}

/**
 * The hub's tools that pass the filter, in the hub's order.
 *
 * @example
 * ```ts
 * selectHubTools(hub, { servers: ['memory'] }); // only the memory server's tools
 * ```
 */
export function selectHubTools(
  hub: Pick<ToolHubLike, 'tools'>,
  filter: HubToolFilter = {},
): ToolHubTool[] {
  const servers = filter.servers === undefined ? undefined : new Set(filter.servers);
  const names = filter.tools === undefined ? undefined : new Set(filter.tools);
  return hub
    .tools()
    .filter(
      (tool) =>
        (servers === undefined || servers.has(tool.server)) &&
        (names === undefined || names.has(tool.canonical)) &&
        (filter.filter === undefined || filter.filter(tool)),
    );
}

/** The description a provider shows for a hub tool: its description, else its title. */
export function hubToolDescription(tool: ToolHubTool): string | undefined {
  const text = tool.description ?? tool.title;
  return text === undefined || text.length === 0 ? undefined : text;
}
