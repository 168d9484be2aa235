import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { NamingPreset } from '../core/naming-preset.js';
import type { LiveConnection } from './connect-mcp-server.js';
import type { McpHubOptions } from './mcp-hub.js';
import type { McpHubTool } from './mcp-hub-tool.js';
import type { McpHubWarning } from './mcp-hub-warning.js';
import type { McpServerStatus } from './mcp-server-status.js';
import type { McpServerConfig } from './parse-mcp-config.js';
import type { HubLimits } from './resolve-hub-limits.js';

/** Everything the hub keeps about one server. @internal */
export interface McpServerRecord {
  key: string;
  config: McpServerConfig | undefined;
  /** The server as written (`${VAR}` unexpanded), for messages. */
  display: string;
  status: McpServerStatus;
  connection: LiveConnection | undefined;
  /** Tools by remote name, in the server's order. */
  listed: Tool[];
  tools: McpHubTool[];
  /** Bumped whenever a connection is replaced or dropped, so that late answers are ignored. */
  generation: number;
  everReady: boolean;
  attempts: number;
  timer: NodeJS.Timeout | undefined;
  /** The refresh that is running, which explicit refreshes join. */
  refreshing: Promise<void> | undefined;
  /** Set by `list_changed` (and `refresh()`); cleared when a listing starts. */
  refreshWanted: boolean;
  /** The pause before one more refresh, after a refresh whose rounds ran out. */
  refreshTimer: NodeJS.Timeout | undefined;
  ready: Promise<void>;
  /** When the server last became ready, to tell a stable server from one that crashes at once. */
  readySince: number;
  /** Notes from listing (pagination, duplicates, unusable schemas), replaced on every listing. */
  listWarnings: McpHubWarning[];
  /** Names this server's tools could not have (lossy presets), replaced whenever names are rebuilt. */
  nameWarnings: McpHubWarning[];
  /** Notes from refreshes that failed, kept until the next good listing. */
  refreshWarnings: McpHubWarning[];
  /** Canonical names this server offered when it was last ready, to explain calls while it is down. */
  known: Set<string>;
}

/**
 * What the lifecycle functions need from the hub that owns the records.
 * @internal
 */
export interface McpHubContext {
  readonly options: McpHubOptions;
  readonly preset: NamingPreset;
  /** The bounds, checked, with their defaults. */
  readonly limits: HubLimits;
  /** True once `close()` began: nothing starts again. */
  closed(): boolean;
  /** Masks every secret of every server in a text (see `maskSecrets`). */
  mask(text: string): string;
  /** Masks the secrets that look like credentials, in tool definitions (see `credentialParts`). */
  definitionMask(text: string): string;
  /** Updates a status and tells the listeners. */
  setStatus(record: McpServerRecord, patch: Partial<McpServerStatus>): void;
  /** Replaces a server's tools (and its listing notes), rebuilds the names and tells the listeners. */
  setTools(record: McpServerRecord, listed: Tool[], warnings: McpHubWarning[]): void;
}

/**
 * A fresh record in the `connecting` state (or `disabled`).
 * @internal
 * @example
 * ```ts
 * const record = createMcpServerRecord('github', config, 'npx -y server-github', status);
 * ```
 */
export function createMcpServerRecord(
  key: string,
  config: McpServerConfig | undefined,
  display: string,
  status: McpServerStatus,
): McpServerRecord {
  return {
    key,
    config,
    display,
    status,
    connection: undefined,
    listed: [],
    tools: [],
    generation: 0,
    everReady: false,
    attempts: 0,
    timer: undefined,
    refreshing: undefined,
    refreshWanted: false,
    refreshTimer: undefined,
    ready: Promise.resolve(),
    readySince: 0,
    listWarnings: [],
    nameWarnings: [],
    refreshWarnings: [],
    known: new Set(),
  };
}
