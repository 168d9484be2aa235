import type { ToolResultLimits } from './read-tool-result.js';
import type { HubCallSettings } from './run-hub-tool-calls.js';
import type { HubToolFilter } from './select-hub-tools.js';
import type { ToolHubLike } from './tool-hub.js';

/** Options of every `*ToolsFromHub` bridge: the hub and which of its tools to offer. */
export interface HubToolsOptions extends HubToolFilter {
  /** The hub (`McpHub` from `toolwire/mcp`, or anything with `tools()`). */
  hub: Pick<ToolHubLike, 'tools'>;
}

/** Options of every `run*ToolCalls` bridge besides the model's response. */
export interface HubRunOptions extends HubCallSettings, ToolResultLimits {
  /** The hub that runs the calls (`McpHub` from `toolwire/mcp` fits). */
  hub: ToolHubLike;
}
