/**
 * @module toolwire/mcp
 * Node-only: the MCP hub (many servers over stdio and streamable HTTP, canonical names, dispatch by
 * remote name), configuration files, catalogs, and the guards for server authors.
 */

// The name-only pieces are pure and live in src/core; they are offered here too, beside the guard.
export {
  type CheckToolNamesOptions,
  type CheckToolNamesResult,
  checkToolNames,
  type ToolNameCheck,
  type ToolNameEnvelopeCheck,
  type ToolNameInput,
} from '../core/check-tool-names.js';
export {
  type DeriveToolNameOptions,
  type DeriveToolNameResult,
  deriveToolName,
} from '../core/derive-tool-name.js';
export {
  type EnvelopeFit,
  type EnvelopeRule,
  type EnvelopeViolation,
  explainEnvelopeFit,
} from '../core/explain-envelope-fit.js';
export {
  NAMING_PRESETS,
  type NamingPreset,
  type NamingPresetId,
  type NamingPresetInput,
  resolveNamingPreset,
} from '../core/naming-preset.js';
export { displayMcpServer, mcpServerSecrets } from './display-mcp-server.js';
export {
  type FindMcpConfigFilesOptions,
  findMcpConfigFiles,
  type McpConfigLocation,
} from './find-mcp-config-files.js';
export {
  type GuardableMcpServer,
  type GuardToolNamesOptions,
  type GuardToolNamesResult,
  guardToolNames,
} from './guard-tool-names.js';
export { createSecretMask, maskSecrets, SECRET_MASK } from './mask-secrets.js';
export {
  createMcpHub,
  McpHub,
  type McpHubCallOptions,
  type McpHubEvent,
  type McpHubOptions,
  type McpHubRelayOptions,
  type McpRestartOptions,
} from './mcp-hub.js';
export type { McpHubTool } from './mcp-hub-tool.js';
export type { McpHubWarning, McpHubWarningCode } from './mcp-hub-warning.js';
export type { McpServerState, McpServerStatus } from './mcp-server-status.js';
export {
  type CatalogTool,
  type McpCatalog,
  type ParseCatalogOptions,
  type ParseCatalogResult,
  parseCatalog,
} from './parse-catalog.js';
export {
  type McpConfigFormat,
  type McpHttpServerConfig,
  type McpServerConfig,
  type McpServerDisplay,
  type McpServerEntry,
  type McpStdioServerConfig,
  type ParseMcpConfigOptions,
  type ParseMcpConfigResult,
  parseMcpConfig,
} from './parse-mcp-config.js';
export {
  type ReadMcpConfigOptions,
  type ReadMcpConfigResult,
  readMcpConfig,
} from './read-mcp-config.js';
export type { McpListLimits } from './resolve-hub-limits.js';
export type { RelayedToolResponse, RelaySignal } from './tool-call-relay.js';
