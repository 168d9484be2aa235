import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, ClientCapabilities, Tool } from '@modelcontextprotocol/sdk/types.js';
import { type NamingPresetInput, resolveNamingPreset } from '../core/naming-preset.js';
import { ToolwireError } from '../core/toolwire-error.js';
import { callMcpTool, callSubject, callTimeouts } from './call-mcp-tool.js';
import {
  claimCanonicalNames,
  findShadowedServers,
  serverNamePrefix,
} from './claim-canonical-names.js';
import { credentialParts } from './credential-parts.js';
import { errorText, maskError, unavailableError } from './describe-mcp-failure.js';
import { displayMcpServer, mcpServerSecrets } from './display-mcp-server.js';
import { maskListedTools } from './mask-listed-tools.js';
import { createSecretMask } from './mask-secrets.js';
import type { McpHubTool } from './mcp-hub-tool.js';
import type { McpHubWarning } from './mcp-hub-warning.js';
import {
  createMcpServerRecord,
  type McpHubContext,
  type McpServerRecord,
} from './mcp-server-record.js';
import type { McpServerStatus } from './mcp-server-status.js';
import type {
  McpHttpServerConfig,
  McpServerConfig,
  McpServerEntry,
  McpStdioServerConfig,
} from './parse-mcp-config.js';
import { refreshServerTools } from './refresh-server-tools.js';
import { type McpListLimits, resolveHubLimits } from './resolve-hub-limits.js';
import { closeServer, connectServer, restartServer } from './supervise-mcp-server.js';
import { toHubTools } from './to-hub-tools.js';
import type { RelayedToolResponse, RelaySignal } from './tool-call-relay.js';

/** Something that changed in the hub. */
export type McpHubEvent =
  | { type: 'status'; server: string; status: McpServerStatus }
  | { type: 'tools'; server: string; tools: readonly McpHubTool[] };

/** How crashed servers are restarted. */
export interface McpRestartOptions {
  /** Restarts in a row before the server is left `failed`. @defaultValue 5 */
  maxAttempts?: number;
  /** Delay before the first restart, in ms; it doubles each time. @defaultValue 500 */
  initialDelay?: number;
  /** The longest delay, in ms. @defaultValue 30000 */
  maxDelay?: number;
}

/** Options of {@link createMcpHub}. */
export interface McpHubOptions {
  /** The servers, as {@link parseMcpConfig} returns them, or a record of configs by key. */
  servers: readonly McpServerEntry[] | Readonly<Record<string, McpServerConfig>>;
  /** How canonical names are formed. @defaultValue `'toolwire'` (`server__tool`) */
  preset?: NamingPresetInput;
  /** How the hub introduces itself in `initialize`. @defaultValue `{ name: 'toolwire', version }` */
  clientInfo?: { name: string; version: string };
  /** Time for a server to start and answer `initialize`, in ms. @defaultValue 30000 */
  connectTimeout?: number;
  /** Time for each `tools/list` page, in ms (`listLimits.maxTime` bounds all pages). @defaultValue 30000 */
  listTimeout?: number;
  /** Total bounds on one server's listing: tools, bytes, time, pages. A server past one fails alone. */
  listLimits?: McpListLimits;
  /**
   * The largest message a server may send, in bytes (over stdio and HTTP); a server past it is
   * disconnected with a reason that says so. @defaultValue 10485760 (10 MiB, the MCP SDK's stdio limit)
   */
  maxMessageBytes?: number;
  /** Time for a `tools/call` when the call sets none, in ms. @defaultValue 60000 */
  callTimeout?: number;
  /**
   * The total time of a call whose progress notifications keep restarting its timeout, when the
   * call sets none, in ms. @defaultValue ten times the call's timeout
   */
  callTotalTimeout?: number;
  /** Restart crashed servers, or `false` to leave them `failed`. */
  restart?: McpRestartOptions | false;
  /**
   * More values never to show, beside each entry's `secrets` and its `env` and header values.
   * Every secret is masked (`***`) in every `reason`, `error`, warning, stderr line and rejected
   * call the hub produces, and in every tool definition it shows (see {@link McpHubTool}).
   */
  secrets?: readonly string[];
  /**
   * What the hub declares to every server it connects (a proxy declares the sampling, elicitation
   * and roots it forwards to its own clients). @defaultValue `{}`
   */
  clientCapabilities?: ClientCapabilities;
  /**
   * Called with each server's SDK client before it connects (again after every restart), to
   * install handlers for server-to-client requests and notifications the hub does not handle.
   */
  prepareClient?: (server: string, client: Client) => void;
}

/** Options of {@link McpHub.callTool}. */
export interface McpHubCallOptions {
  /** The canonical name. */
  name: string;
  /** The arguments, passed to the server unchanged. */
  arguments?: Record<string, unknown>;
  /** Cancels the call; the server is sent `notifications/cancelled`. */
  signal?: AbortSignal;
  /**
   * Overrides `callTimeout` for this call, in ms: a number above 0 and at most 2147483647
   * (`INVALID_OPTION` otherwise).
   */
  timeout?: number;
  /** The most the call may take however much progress comes, in ms. @defaultValue `callTotalTimeout`, else ten times `timeout` */
  totalTimeout?: number;
  /** Called with each progress notification; progress restarts the timeout (within `totalTimeout`). */
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /**
   * The caller's `_meta` (trace context, a client's own keys), sent on to the server. Its
   * `progressToken` is not: the hub sends its own when `onProgress` is set, and none otherwise.
   */
  meta?: Record<string, unknown> | undefined;
}

/** Options of {@link McpHub.relayToolCall}. */
export interface McpHubRelayOptions extends Omit<McpHubCallOptions, 'onProgress' | 'signal'> {
  /** Cancels the call (an `AbortSignal`, or a lighter object with its members that the relay reads). */
  signal?: RelaySignal;
  /** Called with each progress notification's params, without the token. */
  onProgress?: ((params: Record<string, unknown>) => void) | undefined;
}

/**
 * Connects many MCP servers and offers their tools under canonical names. One server that fails
 * to start, crashes or hangs leaves the others working, and its status says why. A server that
 * crashes after it was ready is restarted with exponential backoff; a server that never started is
 * left `failed` (its configuration is the likely problem; call {@link McpHub.restart} to retry).
 * `notifications/tools/list_changed` refreshes that server's tools.
 *
 * Calls go by canonical name and are dispatched with the server's own name, with a timeout and
 * cancellation. Create it with {@link createMcpHub}.
 *
 * @example
 * ```ts
 * const { servers } = await readMcpConfig({ path: 'claude_desktop_config.json' });
 * await using hub = createMcpHub({ servers });
 * await hub.start();
 * for (const status of hub.servers()) console.log(status.server, status.state, status.reason ?? '');
 * const result = await hub.callTool({ name: 'memory__read_graph', arguments: {} });
 * ```
 */
export class McpHub {
  readonly #records = new Map<string, McpServerRecord>();
  readonly #listeners = new Set<(event: McpHubEvent) => void>();
  readonly #context: McpHubContext;
  /** The name prefix of every server whose key the preset takes, started or not. */
  readonly #prefixes = new Map<string, string>();
  /** Servers that are never started, with why (their names are ambiguous). */
  readonly #refused = new Map<string, ToolwireError>();
  #byCanonical = new Map<string, McpHubTool>();
  /**
   * Set when a server's tools changed and the names were not claimed again yet. Names are claimed
   * over every server's tools, so claiming after each server's listing would cost the square of
   * the servers at start; they are claimed when next read instead (or at once for listeners).
   */
  #namesStale = false;
  #closed = false;
  #started: Promise<void> | undefined;

  constructor(options: McpHubOptions) {
    const preset = resolveNamingPreset(options.preset);
    const entries: McpServerEntry[] = Array.isArray(options.servers)
      ? (options.servers as readonly McpServerEntry[]).slice()
      : Object.entries(options.servers as Record<string, McpServerConfig>).map(([key, config]) => ({
          key,
          config: completeServerConfig(config),
        }));
    // One mask for every server: a message about one server may quote another's value.
    const secrets = [
      ...entries.flatMap((entry) => mcpServerSecrets(entry)),
      ...(options.secrets ?? []),
    ];
    const mask = createSecretMask(secrets);
    // Tool definitions are masked only where a value looks like a credential (see credentialParts).
    const definitionMask = createSecretMask(credentialParts(secrets));
    this.#context = {
      options,
      preset,
      limits: resolveHubLimits(options),
      closed: () => this.#closed,
      mask,
      definitionMask,
      setStatus: (record, patch) => this.#setStatus(record, patch),
      setTools: (record, listed, warnings) => this.#setTools(record, listed, warnings),
    };
    for (const entry of entries) {
      if (this.#records.has(entry.key)) {
        throw new ToolwireError({
          code: 'INVALID_CONFIG',
          message: `Server "${entry.key}" is configured twice; give each server its own key.`,
        });
      }
      const status: McpServerStatus = {
        server: entry.key,
        state: entry.disabled === true ? 'disabled' : 'connecting',
        toolCount: 0,
        restarts: 0,
        warnings: [],
        stderr: [],
      };
      const error = entry.error ?? this.#checkKey(entry.key);
      if (error !== undefined) {
        status.state = 'failed';
        status.error = maskError(error, mask);
        status.reason = status.error.message;
      } else if (entry.config === undefined && entry.disabled !== true) {
        status.state = 'failed';
        status.reason = `Server "${entry.key}" has no configuration.`;
      }
      const display = displayMcpServer(entry)?.text ?? entry.key;
      this.#records.set(entry.key, createMcpServerRecord(entry.key, entry.config, display, status));
      if (this.#checkKey(entry.key) === undefined) {
        this.#prefixes.set(entry.key, serverNamePrefix(preset, entry.key));
      }
    }
    // Decided on the keys alone, so that no listing and no key order can move a name.
    for (const [key, others] of findShadowedServers(this.#prefixes)) {
      const record = this.#records.get(key) as McpServerRecord;
      if (record.status.state === 'disabled') continue;
      const error = new ToolwireError({
        code: 'INVALID_SERVER_NAME',
        message: `Server "${key}": under the ${preset.id} preset every name it forms (${this.#prefixes.get(key)}...) can also be formed by server ${others.map((other) => `"${other}"`).join(', ')}, so a call could reach the wrong server; it is not started. Rename one of the server keys or use the toolwire preset.`,
      });
      Object.assign(record.status, { state: 'failed', error, reason: error.message });
      this.#refused.set(key, error);
    }
  }

  /**
   * Starts every server at once and resolves when each is `ready` or `failed`. It never rejects
   * because of a server: read {@link McpHub.servers} for what happened.
   */
  start(): Promise<void> {
    this.#started ??= Promise.all(
      [...this.#records.values()].map((record) => {
        if (record.status.state !== 'connecting') return Promise.resolve();
        record.ready = connectServer(this.#context, record);
        return record.ready;
      }),
    ).then(() => undefined);
    return this.#started;
  }

  /** Every tool of every ready server, sorted by canonical name. */
  tools(): McpHubTool[] {
    return [...this.#names().values()].sort((a, b) =>
      a.canonical < b.canonical ? -1 : a.canonical > b.canonical ? 1 : 0,
    );
  }

  /** One tool by canonical name, or `undefined`. */
  tool(canonical: string): McpHubTool | undefined {
    return this.#names().get(canonical);
  }

  /** The status of every server, in configuration order. */
  servers(): McpServerStatus[] {
    this.#names();
    return [...this.#records.values()].map((record) => ({
      ...record.status,
      warnings: [...record.listWarnings, ...record.nameWarnings, ...record.refreshWarnings],
      stderr: record.connection?.stderrTail() ?? record.status.stderr,
    }));
  }

  /** The status of one server, or `undefined` when no server has that key. */
  server(key: string): McpServerStatus | undefined {
    return this.servers().find((status) => status.server === key);
  }

  /** The tools of one server as it listed them (secrets masked), with what `initialize` said. */
  listed(key: string): { tools: Tool[]; status: McpServerStatus } | undefined {
    const record = this.#records.get(key);
    const status = this.server(key);
    return record === undefined || status === undefined
      ? undefined
      : { tools: record.listed.map((tool) => structuredClone(tool)), status };
  }

  /**
   * The live SDK client of a ready server, for requests the hub does not wrap (prompts, resources,
   * completion, logging); `undefined` while the server is not ready.
   */
  client(key: string): Client | undefined {
    const record = this.#records.get(key);
    return record?.status.state === 'ready' ? record.connection?.client : undefined;
  }

  /** Listens to status and tool changes; returns the function that stops listening. */
  subscribe(listener: (event: McpHubEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Calls a tool by canonical name. The server receives its own name. A server that is not ready
   * is `SERVER_UNAVAILABLE` with the reason; a timeout is `TOOL_CALL_TIMEOUT`, an abort
   * `TOOL_CALL_CANCELLED`, a protocol error `TOOL_CALL_FAILED`. A result with `isError: true` is a
   * result, returned as it is.
   */
  async callTool(options: McpHubCallOptions): Promise<CallToolResult> {
    const tool = this.#names().get(options.name);
    if (tool === undefined) {
      const owner = [...this.#records.values()].find((record) => record.known.has(options.name));
      if (owner !== undefined && owner.status.state !== 'ready') {
        throw unavailableError(owner.status);
      }
      throw new ToolwireError({
        code: 'TOOL_NOT_FOUND',
        message: `Tool "${options.name}" is not offered by any ready server; list the tools again (hub.tools()) and use a canonical name from there.`,
      });
    }
    const record = this.#records.get(tool.server) as McpServerRecord;
    const connection = record.connection;
    if (record.status.state !== 'ready' || connection === undefined) {
      throw unavailableError(record.status);
    }
    try {
      return await callMcpTool({
        connection,
        tool,
        call: options,
        defaultTimeout: this.#context.limits.callTimeout,
        defaultTotalTimeout: this.#context.limits.callTotalTimeout,
        restarts: this.#context.options.restart !== false,
      });
    } catch (error) {
      throw ToolwireError.isInstance(error) ? maskError(error, this.#context.mask) : error;
    }
  }

  /**
   * Calls a tool as {@link McpHub.callTool} does, through the line relay of a ready stdio server:
   * the call goes out as one line and the server's response line comes back as it was sent (to
   * be passed on byte for byte), with the same typed errors. `undefined` when the tool's server
   * has no relay (HTTP, not ready, or an unknown name): use `callTool`, which says why.
   */
  relayToolCall(options: McpHubRelayOptions): Promise<RelayedToolResponse> | undefined {
    const tool = this.#names().get(options.name);
    if (tool === undefined) return undefined;
    const record = this.#records.get(tool.server) as McpServerRecord;
    const relay = record.connection?.relay;
    if (record.status.state !== 'ready' || relay === undefined) return undefined;
    const subject = callSubject(options.name, tool);
    try {
      const { timeout, totalTimeout } = callTimeouts(
        {
          call: options,
          defaultTimeout: this.#context.limits.callTimeout,
          defaultTotalTimeout: this.#context.limits.callTotalTimeout,
        },
        subject,
      );
      // The relay masks its errors itself (it was made with the hub's mask, see connectMcpServer).
      return relay.call({
        remoteName: tool.remoteName,
        arguments: options.arguments,
        meta: options.meta,
        timeout,
        totalTimeout: Math.max(timeout, totalTimeout),
        signal: options.signal,
        onProgress: options.onProgress,
        subject,
        server: tool.server,
        restarts: this.#context.options.restart !== false,
      });
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Lists one server's tools again (or every ready server's), as `list_changed` does. */
  async refresh(key?: string): Promise<void> {
    const records =
      key === undefined
        ? [...this.#records.values()]
        : [this.#records.get(key)].filter((record) => record !== undefined);
    await Promise.all(
      records
        .filter((record) => record.status.state === 'ready')
        .map((record) => refreshServerTools(this.#context, record)),
    );
  }

  /** Reconnects one server now, whatever its state (not a disabled one). */
  async restart(key: string): Promise<void> {
    const record = this.#records.get(key);
    if (record === undefined) {
      throw new ToolwireError({
        code: 'SERVER_NOT_FOUND',
        message: `Server "${key}" is not configured; use one of ${[...this.#records.keys()].join(', ')}.`,
      });
    }
    if (record.config === undefined || record.status.state === 'disabled') return;
    const refused = this.#refused.get(key);
    if (refused !== undefined) throw refused;
    await restartServer(this.#context, record);
  }

  /** Stops every server and ends every connection. Calls in flight fail. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all([...this.#records.values()].map((record) => closeServer(record)));
    this.#byCanonical.clear();
    this.#namesStale = false;
    this.#listeners.clear();
  }

  /** Closes the hub at the end of an `await using` block. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  #checkKey(key: string): ToolwireError | undefined {
    try {
      this.#context.preset.formatName(key, 'tool');
      return undefined;
    } catch (error) {
      return ToolwireError.isInstance(error)
        ? error
        : new ToolwireError({
            code: 'INVALID_SERVER_NAME',
            message: `Server "${key}": ${errorText(error)}.`,
          });
    }
  }

  #setStatus(record: McpServerRecord, patch: Partial<McpServerStatus>): void {
    const status = record.status;
    const { mask } = this.#context;
    Object.assign(status, patch);
    if (patch.reason !== undefined) status.reason = mask(patch.reason);
    if (patch.error !== undefined) status.error = maskError(patch.error, mask);
    if (patch.state === 'ready') {
      delete status.reason;
      delete status.error;
    }
    if (this.#listeners.size === 0) return;
    // The status carries the tool count, which claiming the names decides.
    this.#names();
    this.#emit({ type: 'status', server: record.key, status: { ...status } });
  }

  #setTools(record: McpServerRecord, listed: Tool[], listWarnings: McpHubWarning[]): void {
    // Everything the hub shows of a tool, and so every definition a model is given, is masked.
    const shown = maskListedTools({
      server: record.key,
      listed,
      mask: this.#context.definitionMask,
    });
    const built = toHubTools({
      server: record.key,
      listed: shown.tools,
      preset: this.#context.preset,
    });
    record.listed = shown.tools;
    record.tools = built.tools;
    if (built.tools.length > 0 || listed.length > 0) {
      record.known = new Set(built.tools.map((tool) => tool.canonical));
    }
    record.listWarnings = [...listWarnings, ...shown.warnings, ...built.warnings].map((warning) =>
      this.#maskWarning(warning),
    );
    this.#namesStale = true;
    if (this.#listeners.size === 0) return;
    const names = this.#names();
    this.#emit({
      type: 'tools',
      server: record.key,
      tools: record.tools
        .filter((tool) => names.get(tool.canonical) === tool)
        .sort((a, b) => (a.canonical < b.canonical ? -1 : a.canonical > b.canonical ? 1 : 0)),
    });
  }

  /** The tool that holds each canonical name, claimed again first when tools changed. */
  #names(): Map<string, McpHubTool> {
    if (this.#namesStale) {
      this.#namesStale = false;
      this.#rebuildNames();
    }
    return this.#byCanonical;
  }

  #rebuildNames(): void {
    const claimed = claimCanonicalNames({
      servers: new Map([...this.#records.values()].map((record) => [record.key, record.tools])),
      prefixes: this.#prefixes,
      preset: this.#context.preset,
    });
    this.#byCanonical = claimed.byCanonical;
    for (const record of this.#records.values()) {
      record.nameWarnings = (claimed.warnings.get(record.key) ?? []).map((warning) =>
        this.#maskWarning(warning),
      );
      record.status.toolCount = record.tools.filter(
        (tool) => claimed.byCanonical.get(tool.canonical) === tool,
      ).length;
    }
  }

  #maskWarning(warning: McpHubWarning): McpHubWarning {
    const { mask } = this.#context;
    const message = mask(warning.message);
    const tool = warning.tool === undefined ? undefined : mask(warning.tool);
    if (message === warning.message && tool === warning.tool) return warning;
    return { ...warning, message, ...(tool === undefined ? {} : { tool }) };
  }

  #emit(event: McpHubEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // a listener's failure is its own
      }
    }
  }
}

/**
 * Creates an {@link McpHub}. Call `start()` to connect the servers.
 *
 * @example
 * ```ts
 * const hub = createMcpHub({
 *   servers: { memory: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: {} } },
 * });
 * await hub.start();
 * hub.tools().map((tool) => tool.canonical); // ['memory__add_observations', ...]
 * await hub.close();
 * ```
 */
export function createMcpHub(options: McpHubOptions): McpHub {
  return new McpHub(options);
}

/**
 * A config written by hand in code may leave out what a config file reader fills in (`type`,
 * `args`, `env`, `headers`, `transport`); fill those in, so that `{ command: 'npx', args: [...] }`
 * works as it does in a config file instead of failing at connect.
 */
function completeServerConfig(config: McpServerConfig): McpServerConfig {
  if (config === null || typeof config !== 'object') return config;
  const loose = config as Partial<McpStdioServerConfig> & Partial<McpHttpServerConfig>;
  if (loose.type === 'http' || (loose.type === undefined && typeof loose.url === 'string')) {
    return {
      ...loose,
      type: 'http',
      transport: loose.transport ?? 'auto',
      headers: loose.headers ?? {},
    } as McpHttpServerConfig;
  }
  if (loose.type === 'stdio' || (loose.type === undefined && typeof loose.command === 'string')) {
    return {
      ...loose,
      type: 'stdio',
      args: loose.args ?? [],
      env: loose.env ?? {},
    } as McpStdioServerConfig;
  }
  return config;
}
