import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  type CallToolResult,
  type ClientCapabilities,
  ErrorCode,
  McpError,
  type Tool,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { type NamingPresetInput, resolveNamingPreset } from '../core/naming-preset.js';
import { normalizeInputSchema } from '../core/normalize-input-schema.js';
import { ToolwireError } from '../core/toolwire-error.js';
import {
  connectMcpServer,
  type LiveConnection,
  type StartDiagnostics,
} from './connect-mcp-server.js';
import type { McpServerConfig, McpServerEntry } from './parse-mcp-config.js';

/** Where a server is in its life. */
export type McpServerState =
  | 'connecting'
  | 'ready'
  | 'restarting'
  | 'failed'
  | 'disabled'
  | 'closed';

/** The status of one server, as {@link McpHub.servers} reports it. */
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
  /** Notes that do not stop the server: duplicate names, a failed refresh. */
  warnings: string[];
  /** The last lines the server wrote to stderr (stdio only), for diagnosis. */
  stderr: string[];
}

/** One tool of one server, under its canonical name. */
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
  /** Time for each `tools/list` page, in ms. @defaultValue 30000 */
  listTimeout?: number;
  /** Time for a `tools/call` when the call sets none, in ms. @defaultValue 60000 */
  callTimeout?: number;
  /** Restart crashed servers, or `false` to leave them `failed`. */
  restart?: McpRestartOptions | false;
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
  /** Overrides `callTimeout` for this call, in ms. */
  timeout?: number;
  /** Called with each progress notification; progress also restarts the timeout. */
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

const PAGE_LIMIT = 1000;
const STABLE_AFTER = 60_000;
const VERSION = '0.1.0';

interface ServerRecord {
  key: string;
  config: McpServerConfig | undefined;
  status: McpServerStatus;
  connection: LiveConnection | undefined;
  /** Tools by remote name, in the server's order. */
  listed: Tool[];
  tools: McpHubTool[];
  generation: number;
  everReady: boolean;
  attempts: number;
  timer: NodeJS.Timeout | undefined;
  refreshing: Promise<void> | undefined;
  refreshAgain: boolean;
  ready: Promise<void>;
  /** When the server last became ready, to tell a stable server from one that crashes at once. */
  readySince: number;
  /** Notes from listing (pagination, duplicates, unusable schemas), replaced on every listing. */
  listWarnings: string[];
  /** Names this server's tools could not have (lossy presets), replaced whenever names are rebuilt. */
  nameWarnings: string[];
  /** Notes from refreshes that failed, kept until the next good listing. */
  refreshWarnings: string[];
  /** Canonical names this server offered when it was last ready, to explain calls while it is down. */
  known: Set<string>;
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
  readonly #records = new Map<string, ServerRecord>();
  readonly #listeners = new Set<(event: McpHubEvent) => void>();
  readonly #options: McpHubOptions;
  readonly #preset: ReturnType<typeof resolveNamingPreset>;
  #byCanonical = new Map<string, McpHubTool>();
  #closed = false;
  #started: Promise<void> | undefined;

  constructor(options: McpHubOptions) {
    this.#options = options;
    this.#preset = resolveNamingPreset(options.preset);
    const entries: McpServerEntry[] = Array.isArray(options.servers)
      ? (options.servers as readonly McpServerEntry[]).slice()
      : Object.entries(options.servers as Record<string, McpServerConfig>).map(([key, config]) => ({
          key,
          config,
        }));
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
        status.error = error;
        status.reason = error.message;
      } else if (entry.config === undefined && entry.disabled !== true) {
        status.state = 'failed';
        status.reason = `Server "${entry.key}" has no configuration.`;
      }
      this.#records.set(entry.key, {
        key: entry.key,
        config: entry.config,
        status,
        connection: undefined,
        listed: [],
        tools: [],
        generation: 0,
        everReady: false,
        attempts: 0,
        timer: undefined,
        refreshing: undefined,
        refreshAgain: false,
        ready: Promise.resolve(),
        readySince: 0,
        listWarnings: [],
        nameWarnings: [],
        refreshWarnings: [],
        known: new Set(),
      });
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
        record.ready = this.#connect(record);
        return record.ready;
      }),
    ).then(() => undefined);
    return this.#started;
  }

  /** Every tool of every ready server, sorted by canonical name. */
  tools(): McpHubTool[] {
    return [...this.#byCanonical.values()].sort((a, b) =>
      a.canonical < b.canonical ? -1 : a.canonical > b.canonical ? 1 : 0,
    );
  }

  /** One tool by canonical name, or `undefined`. */
  tool(canonical: string): McpHubTool | undefined {
    return this.#byCanonical.get(canonical);
  }

  /** The status of every server, in configuration order. */
  servers(): McpServerStatus[] {
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

  /** The tools of one server exactly as it listed them, with what `initialize` said. */
  listed(key: string): { tools: Tool[]; status: McpServerStatus } | undefined {
    const record = this.#records.get(key);
    const status = this.server(key);
    return record === undefined || status === undefined
      ? undefined
      : { tools: record.listed.map((tool) => structuredClone(tool)), status };
  }

  /**
   * The live SDK client of a ready server, for requests the hub does not wrap (prompts, resources,
   * completion); `undefined` while the server is not ready.
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
    const tool = this.#byCanonical.get(options.name);
    if (tool === undefined) {
      const owner = [...this.#records.values()].find((record) => record.known.has(options.name));
      if (owner !== undefined && owner.status.state !== 'ready') throw unavailable(owner.status);
      throw new ToolwireError({
        code: 'TOOL_NOT_FOUND',
        message: `Tool "${options.name}" is not offered by any ready server; list the tools again (hub.tools()) and use a canonical name from there.`,
      });
    }
    const record = this.#records.get(tool.server) as ServerRecord;
    const connection = record.connection;
    if (record.status.state !== 'ready' || connection === undefined) {
      throw unavailable(record.status);
    }
    const subject = `Tool "${options.name}" (server "${tool.server}", remote name "${tool.remoteName}")`;
    const timeout = options.timeout ?? this.#options.callTimeout ?? 60_000;
    try {
      const result = await connection.client.callTool(
        { name: tool.remoteName, arguments: options.arguments ?? {} },
        undefined,
        {
          timeout,
          resetTimeoutOnProgress: true,
          ...(options.signal === undefined ? {} : { signal: options.signal }),
          ...(options.onProgress === undefined
            ? {}
            : {
                onprogress: (progress) =>
                  options.onProgress?.({
                    progress: progress.progress,
                    ...(progress.total === undefined ? {} : { total: progress.total }),
                    ...(progress.message === undefined ? {} : { message: progress.message }),
                  }),
              }),
        },
      );
      return result as CallToolResult;
    } catch (error) {
      if (options.signal?.aborted === true) {
        throw new ToolwireError({
          code: 'TOOL_CALL_CANCELLED',
          message: `${subject}: the call was cancelled by the caller.`,
          cause: error,
        });
      }
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        throw new ToolwireError({
          code: 'TOOL_CALL_TIMEOUT',
          message: `${subject}: no answer within ${timeout} ms; the server was sent a cancellation. Raise the timeout if the tool is slow.`,
          cause: error,
        });
      }
      if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
        throw new ToolwireError({
          code: 'SERVER_UNAVAILABLE',
          message: `${subject}: the server closed the connection during the call; it is being restarted, try again.`,
          cause: error,
        });
      }
      throw new ToolwireError({
        code: 'TOOL_CALL_FAILED',
        message: `${subject}: the server answered with an error: ${errorText(error)}.`,
        cause: error,
      });
    }
  }

  /** Lists one server's tools again (or every ready server's), as `list_changed` does. */
  async refresh(key?: string): Promise<void> {
    const records =
      key === undefined ? [...this.#records.values()] : [this.#records.get(key)].filter(isDefined);
    await Promise.all(
      records.filter((record) => record.status.state === 'ready').map((r) => this.#refresh(r)),
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
    clearTimeout(record.timer);
    record.generation++;
    const previous = record.connection;
    record.connection = undefined;
    await previous?.close({ signal: 'SIGKILL' });
    record.attempts = 0;
    this.#setStatus(record, { state: 'connecting' });
    record.ready = this.#connect(record);
    await record.ready;
  }

  /** Stops every server and ends every connection. Calls in flight fail. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all(
      [...this.#records.values()].map(async (record) => {
        clearTimeout(record.timer);
        record.generation++;
        const connection = record.connection;
        record.connection = undefined;
        if (record.status.state !== 'disabled') {
          if (connection !== undefined) record.status.stderr = connection.stderrTail();
          record.status.state = 'closed';
        }
        await connection?.close({ signal: 'SIGTERM' });
      }),
    );
    this.#byCanonical.clear();
    this.#listeners.clear();
  }

  /** Closes the hub at the end of an `await using` block. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  #checkKey(key: string): ToolwireError | undefined {
    try {
      this.#preset.formatName(key, 'tool');
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

  async #connect(record: ServerRecord): Promise<void> {
    const config = record.config;
    if (config === undefined || this.#closed) return;
    const generation = ++record.generation;
    const connectTimeout = this.#options.connectTimeout ?? 30_000;
    let connection: LiveConnection | undefined;
    const diagnostics: StartDiagnostics = { stderr: [], exit: undefined, lastError: undefined };
    try {
      connection = await connectMcpServer({
        diagnostics,
        config,
        clientInfo: this.#options.clientInfo ?? { name: 'toolwire', version: VERSION },
        ...(this.#options.clientCapabilities === undefined
          ? {}
          : { capabilities: this.#options.clientCapabilities }),
        timeout: connectTimeout,
        prepare: (client) => this.#prepare(record, client),
        onClose: () => this.#onClose(record, generation),
      });
    } catch (error) {
      if (generation !== record.generation) return;
      const reason = describeStartFailure(record.key, config, error, connectTimeout, diagnostics);
      record.status.stderr = diagnostics.stderr;
      this.#fail(record, reason, error, undefined);
      return;
    }
    if (generation !== record.generation || this.#closed) {
      await connection.close({ signal: 'SIGKILL' });
      return;
    }
    record.connection = connection;
    try {
      const listing = await this.#listAll(connection.client);
      if (generation !== record.generation) return;
      record.everReady = true;
      record.readySince = Date.now();
      const version = connection.client.getServerVersion();
      const protocol = connection.protocolVersion();
      record.refreshWarnings = [];
      this.#setTools(record, listing.tools, listing.warnings);
      this.#setStatus(record, {
        state: 'ready',
        transport: connection.kind,
        ...(version === undefined
          ? {}
          : { serverInfo: { name: version.name, version: version.version } }),
        ...(protocol === undefined ? {} : { protocolVersion: protocol }),
      });
    } catch (error) {
      if (generation !== record.generation) return;
      record.generation++;
      record.connection = undefined;
      const protocolError = connection.lastError();
      const reason = `Server "${record.key}" started but tools/list failed: ${describeRequestFailure(error, this.#options.listTimeout ?? 30_000)}${protocolError === undefined ? '' : ` (last protocol error: ${protocolError})`}; fix the server or raise the timeout.`;
      this.#fail(record, reason, error, connection);
      await connection.close({ signal: 'SIGKILL' });
    }
  }

  #prepare(record: ServerRecord, client: Client): void {
    this.#options.prepareClient?.(record.key, client);
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      if (record.status.state === 'ready') void this.#refresh(record);
    });
  }

  async #listAll(client: Client): Promise<{ tools: Tool[]; warnings: string[] }> {
    const tools: Tool[] = [];
    const warnings: string[] = [];
    const cursors = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < PAGE_LIMIT; page++) {
      const result = await client.listTools(cursor === undefined ? {} : { cursor }, {
        timeout: this.#options.listTimeout ?? 30_000,
      });
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (cursor === undefined) return { tools, warnings };
      if (cursors.has(cursor)) {
        warnings.push(
          `tools/list returned the cursor ${JSON.stringify(cursor)} twice; listing stopped there.`,
        );
        return { tools, warnings };
      }
      cursors.add(cursor);
    }
    warnings.push(`tools/list gave more than ${PAGE_LIMIT} pages; listing stopped.`);
    return { tools, warnings };
  }

  async #refresh(record: ServerRecord): Promise<void> {
    if (record.refreshing !== undefined) {
      record.refreshAgain = true;
      return record.refreshing;
    }
    const run = async (): Promise<void> => {
      do {
        record.refreshAgain = false;
        const connection = record.connection;
        const generation = record.generation;
        if (connection === undefined || record.status.state !== 'ready') return;
        try {
          const listing = await this.#listAll(connection.client);
          if (generation !== record.generation) return;
          record.refreshWarnings = [];
          this.#setTools(record, listing.tools, listing.warnings);
          this.#setStatus(record, {});
        } catch (error) {
          if (generation !== record.generation) return;
          const note = `Refreshing tools after list_changed failed: ${describeRequestFailure(error, this.#options.listTimeout ?? 30_000)}; the previous tools are kept.`;
          record.refreshWarnings = [note];
          this.#setStatus(record, { reason: note });
        }
      } while (record.refreshAgain);
    };
    record.refreshing = run().finally(() => {
      record.refreshing = undefined;
    });
    return record.refreshing;
  }

  #onClose(record: ServerRecord, generation: number): void {
    if (generation !== record.generation || this.#closed) return;
    const connection = record.connection;
    record.connection = undefined;
    record.generation++;
    const exit = connection?.exit();
    const stderr = connection?.stderrTail() ?? [];
    const how =
      exit === undefined
        ? 'closed the connection'
        : exit.signal !== null
          ? `was killed by ${exit.signal}`
          : `exited with code ${exit.code}`;
    const last = stderr.at(-1);
    const reason = `Server "${record.key}" ${how}${last === undefined ? '' : ` (stderr: ${last})`}`;
    record.status.stderr = stderr;
    this.#setTools(record, [], []);
    // A server that stayed up for a minute starts its restart count afresh.
    if (Date.now() - record.readySince > STABLE_AFTER) record.attempts = 0;
    const restart = this.#options.restart;
    const maxAttempts = restart === false ? 0 : (restart?.maxAttempts ?? 5);
    if (!record.everReady || record.attempts >= maxAttempts) {
      this.#fail(
        record,
        `${reason}; ${maxAttempts === 0 ? 'restarts are off' : `gave up after ${record.attempts} restarts`}.`,
        undefined,
        undefined,
      );
      return;
    }
    const initial = restart === false ? 500 : (restart?.initialDelay ?? 500);
    const cap = restart === false ? 30_000 : (restart?.maxDelay ?? 30_000);
    const delay = Math.min(cap, initial * 2 ** record.attempts);
    record.attempts++;
    this.#setStatus(record, {
      state: 'restarting',
      reason: `${reason}; restart ${record.attempts} of ${maxAttempts} in ${delay} ms.`,
    });
    record.timer = setTimeout(() => {
      record.timer = undefined;
      if (this.#closed) return;
      record.status.restarts++;
      record.ready = this.#connect(record);
    }, delay);
  }

  #fail(
    record: ServerRecord,
    reason: string,
    cause: unknown,
    connection: LiveConnection | undefined,
  ): void {
    if (connection !== undefined) record.status.stderr = connection.stderrTail();
    this.#setTools(record, [], []);
    this.#setStatus(record, {
      state: 'failed',
      reason,
      error: new ToolwireError({
        code: 'SERVER_UNAVAILABLE',
        message: reason,
        ...(cause === undefined ? {} : { cause }),
      }),
    });
  }

  #setStatus(record: ServerRecord, patch: Partial<McpServerStatus>): void {
    const status = record.status;
    Object.assign(status, patch);
    if (patch.state === 'ready') {
      delete status.reason;
      delete status.error;
    }
    this.#emit({ type: 'status', server: record.key, status: { ...status } });
  }

  #setTools(record: ServerRecord, listed: Tool[], listWarnings: string[]): void {
    const warnings: string[] = [...listWarnings];
    const seen = new Set<string>();
    const tools: McpHubTool[] = [];
    for (const tool of listed) {
      if (typeof tool.name !== 'string' || seen.has(tool.name)) {
        warnings.push(`The server lists "${String(tool.name)}" more than once; the first is kept.`);
        continue;
      }
      seen.add(tool.name);
      let inputSchema: Record<string, unknown>;
      try {
        inputSchema = normalizeInputSchema(tool.inputSchema) as Record<string, unknown>;
      } catch (error) {
        // One tool with an unusable schema (cyclic, absurdly deep) is left out, not the server.
        warnings.push(
          `The server lists "${tool.name}" with an input schema toolwire cannot use (${errorText(error)}); the tool is left out.`,
        );
        continue;
      }
      const entry: McpHubTool = {
        canonical: this.#preset.formatName(record.key, tool.name),
        server: record.key,
        remoteName: tool.name,
        inputSchema,
        tool,
      };
      if (tool.title !== undefined) entry.title = tool.title;
      if (tool.description !== undefined) entry.description = tool.description;
      tools.push(entry);
    }
    record.listed = listed;
    record.tools = tools;
    if (tools.length > 0 || listed.length > 0)
      record.known = new Set(tools.map((tool) => tool.canonical));
    record.listWarnings = warnings;
    this.#rebuildNames();
    this.#emit({ type: 'tools', server: record.key, tools: this.#byServer(record.key) });
  }

  #byServer(key: string): McpHubTool[] {
    return this.tools().filter((tool) => tool.server === key);
  }

  // Names are claimed in (server, remote name) order, so who keeps a contested name never depends
  // on which server answered first; lossy presets can make two tools form one name.
  #rebuildNames(): void {
    const all = [...this.#records.values()]
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .flatMap((record) =>
        [...record.tools].sort((a, b) =>
          a.remoteName < b.remoteName ? -1 : a.remoteName > b.remoteName ? 1 : 0,
        ),
      );
    const next = new Map<string, McpHubTool>();
    for (const record of this.#records.values()) record.nameWarnings = [];
    for (const tool of all) {
      const holder = next.get(tool.canonical);
      if (holder === undefined) {
        next.set(tool.canonical, tool);
        continue;
      }
      const record = this.#records.get(tool.server) as ServerRecord;
      record.nameWarnings.push(
        `Tool "${tool.remoteName}" forms the name "${tool.canonical}" under the ${this.#preset.id} preset, which "${holder.remoteName}" of server "${holder.server}" already has; it is left out. Rename a server key or use the toolwire preset.`,
      );
    }
    this.#byCanonical = next;
    for (const record of this.#records.values()) {
      record.status.toolCount = record.tools.filter(
        (tool) => next.get(tool.canonical) === tool,
      ).length;
    }
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

function unavailable(status: McpServerStatus): ToolwireError {
  return new ToolwireError({
    code: 'SERVER_UNAVAILABLE',
    message: `Server "${status.server}" is ${status.state}${status.reason === undefined ? '.' : `: ${status.reason}`}`,
  });
}

function describeStartFailure(
  key: string,
  config: McpServerConfig,
  error: unknown,
  timeout: number,
  diagnostics: StartDiagnostics,
): string {
  const what =
    config.type === 'stdio' ? `"${[config.command, ...config.args].join(' ')}"` : `${config.url}`;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') {
    return `Server "${key}" could not start ${what}: command not found; check "command" and PATH.`;
  }
  const { exit, stderr } = diagnostics;
  const how =
    exit === undefined
      ? describeRequestFailure(error, timeout)
      : exit.signal !== null
        ? `the process was killed by ${exit.signal}`
        : `the process exited with code ${exit.code}`;
  const last = stderr.at(-1);
  const detail =
    last !== undefined
      ? ` (stderr: ${last})`
      : diagnostics.lastError !== undefined
        ? ` (last protocol error: ${diagnostics.lastError})`
        : '';
  const advice =
    config.type === 'stdio'
      ? 'run the command by hand to see why'
      : 'check the URL and that the server is up';
  return `Server "${key}" did not initialise (${what}): ${how}${detail}; ${advice}.`;
}

function describeRequestFailure(error: unknown, timeout: number): string {
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return `no answer within ${timeout} ms`;
  }
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
    return 'the server closed the connection';
  }
  return errorText(error);
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message.replace(/^MCP error -?\d+: /, '');
  return String(error);
}

function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}
