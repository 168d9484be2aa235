/**
 * The types of the bridge from an MCP hub to a provider, listed once: every adapter entry
 * re-exports them with `export type * from`, so a new bridge type is added here only.
 */

export type { HubTurnOutput, HubTurnRunner } from './create-hub-turn-runner.js';
export type {
  HubRunOptions,
  HubToolsOptions,
  HubTurnInput,
  HubTurnOptions,
  HubTurnResult,
} from './hub-tools-options.js';
export type { ToolResultLimits } from './read-tool-result.js';
export type {
  HubCallSettings,
  HubToolCall,
  HubToolCallOutcome,
  HubToolCallProgress,
} from './run-hub-tool-calls.js';
export type { HubToolFilter } from './select-hub-tools.js';
export type {
  ToolCallProgress,
  ToolCallResult,
  ToolHubCallOptions,
  ToolHubLike,
  ToolHubTool,
} from './tool-hub.js';
