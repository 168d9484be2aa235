import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  CompleteRequestSchema,
  CreateMessageRequestSchema,
  CreateMessageResultSchema,
  ElicitRequestSchema,
  ElicitResultSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListRootsRequestSchema,
  ListRootsResultSchema,
  ListToolsRequestSchema,
  LoggingMessageNotificationSchema,
  McpError,
  type Prompt,
  PromptListChangedNotificationSchema,
  ReadResourceRequestSchema,
  type Resource,
  ResourceListChangedNotificationSchema,
  type ResourceTemplate,
  ResourceUpdatedNotificationSchema,
  RootsListChangedNotificationSchema,
  type ServerNotification,
  type ServerRequest,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { resolveNamingPreset } from '../core/naming-preset.js';
import { restoreArguments } from '../core/schema/restore-arguments.js';
import { ToolwireError } from '../core/toolwire-error.js';
import { createMcpHub, type McpHub, type McpHubOptions } from '../mcp/mcp-hub.js';
import type { RelaySignal } from '../mcp/tool-call-relay.js';
import {
  type ClientProfile,
  type ClientProfileInput,
  clientEnvelope,
  resolveClientProfile,
} from './client-profile.js';
import { fitProxyNames } from './fit-proxy-names.js';
import { type FitProxyToolsResult, fitProxyTools, type ProxyTool } from './fit-proxy-tools.js';
import { interceptToolCalls, type ToolCallAnswer } from './intercept-tool-calls.js';
import { matchGlob } from './match-glob.js';

/** Which tools of one server the proxy offers, by remote name. */
export interface ProxyToolFilter {
  /** Globs (`*`, `?`); when given, only matching tools are offered. */
  include?: readonly string[];
  /** Globs; matching tools are not offered, even when included. */
  exclude?: readonly string[];
}

/** Options of {@link createMcpProxy}. */
export interface McpProxyOptions
  extends Omit<McpHubOptions, 'clientCapabilities' | 'prepareClient'> {
  /** The client profile of sessions that do not choose one. @defaultValue `'generic'` */
  client?: ClientProfileInput;
  /** The key under which clients register the proxy (`--as`). @defaultValue `'toolwire'` */
  as?: string;
  /** See `fitProxyNames`: `server` (default) or `none`. */
  prefix?: 'server' | 'none';
  /** Past a profile's tool limit: `report` (default) or `fit` (see `fitProxyTools`). */
  limit?: 'report' | 'fit';
  /** Per-server tool filters, by server key. */
  filters?: Readonly<Record<string, ProxyToolFilter>>;
  /** Names issued before, per scope (`<profile>/<key>`), then per canonical name. */
  pinnedNames?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Called when a scope lists a tool whose name is not pinned yet, with every name it lists. */
  onNamesIssued?: (scope: string, names: Readonly<Record<string, string>>) => void;
  /** Where notes go (left-out tools, duplicate URIs, servers that go down). @defaultValue none */
  log?: (line: string) => void;
  /** How the proxy introduces itself to its clients. */
  serverInfo?: { name: string; version: string };
}

/** One upstream's state, as `GET /healthz` reports it. */
export interface ProxyHealth {
  /** `ok` when every enabled server is ready. */
  status: 'ok' | 'degraded';
  servers: Array<{ server: string; state: string; tools: number; restarts: number }>;
}

/** One client connected to the proxy. */
export interface ProxySession {
  /** The profile this session's names are fitted to. */
  readonly profile: ClientProfile;
  /** The SDK server speaking to the client. */
  readonly server: Server;
  /** Resolves when the session has ended, from either side. */
  readonly closed: Promise<void>;
  /** Ends the session. */
  close(): Promise<void>;
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

interface SessionRecord extends ProxySession {
  readonly scope: string;
  readonly subscriptions: Set<string>;
  initialized: boolean;
}

interface Caller {
  session: SessionRecord;
  extra: Extra;
}

interface Extras {
  client: Client;
  prompts: Prompt[];
  resources: Resource[];
  templates: ResourceTemplate[];
}

interface View {
  profile: ClientProfile;
  fitted: FitProxyToolsResult;
  byName: Map<string, ProxyTool>;
  prompts: Map<string, { server: string; remoteName: string; prompt: Prompt }>;
  promptNames: Map<string, string>;
}

const VERSION = '0.1.0';
const PAGE_LIMIT = 100;

/**
 * One MCP server in front of many: every tool, prompt and resource of every configured server,
 * under names the connecting client passes to its model unchanged (see `fitProxyTools`). Create
 * it with {@link createMcpProxy}, `start()` it, then `connect()` a transport per client session
 * (stdio, or one streamable HTTP transport per session through `serveProxyHttp`); every session
 * shares the one hub.
 */
export class McpProxy {
  readonly hub: McpHub;
  readonly #options: McpProxyOptions;
  readonly #defaultProfile: ClientProfile;
  readonly #key: string;
  readonly #sessions = new Set<SessionRecord>();
  readonly #views = new Map<string, View>();
  /** Names a scope listed before, to tell a call to a server that went down from a wrong name. */
  readonly #known = new Map<string, Map<string, string>>();
  readonly #extras = new Map<string, Extras>();
  readonly #callers = new Map<string, Caller[]>();
  readonly #preset = resolveNamingPreset('toolwire');
  readonly #issued = new Map<string, Record<string, string>>();
  readonly #reported = new Set<string>();
  #notifyTimer: NodeJS.Immediate | undefined;
  #pending = { tools: false, prompts: false, resources: false };
  #closed = false;

  constructor(options: McpProxyOptions) {
    this.#options = options;
    this.#defaultProfile = resolveClientProfile(options.client ?? 'generic');
    this.#key = options.as ?? 'toolwire';
    clientEnvelope(this.#defaultProfile, this.#key);
    const {
      client: _client,
      as: _as,
      prefix,
      limit,
      filters,
      pinnedNames,
      ...hubOptions
    } = options;
    this.hub = createMcpHub({
      ...hubOptions,
      clientInfo: options.clientInfo ?? { name: 'toolwire-proxy', version: VERSION },
      clientCapabilities: {
        sampling: {},
        elicitation: { form: {}, url: {} },
        roots: { listChanged: true },
      },
      prepareClient: (server, client) => this.#prepareClient(server, client),
    });
    this.hub.subscribe((event) => {
      if (event.type === 'tools') {
        this.#views.clear();
        this.#schedule('tools');
        return;
      }
      const client = this.hub.client(event.server);
      const extras = this.#extras.get(event.server);
      if (client === undefined && extras !== undefined) {
        this.#extras.delete(event.server);
        this.#views.clear();
        this.#schedule('prompts');
        this.#schedule('resources');
      } else if (client !== undefined && extras?.client !== client) {
        void this.#loadExtras(event.server, client);
      }
    });
  }

  /** The profile of sessions that do not choose one. */
  get profile(): ClientProfile {
    return this.#defaultProfile;
  }

  /** The key clients register the proxy under. */
  get key(): string {
    return this.#key;
  }

  /** Starts every server; resolves when each is ready or failed (read `hub.servers()`). */
  async start(): Promise<void> {
    await this.hub.start();
    await Promise.all(
      this.hub
        .servers()
        .filter((status) => status.state === 'ready')
        .map((status) => {
          const client = this.hub.client(status.server);
          return client === undefined ? undefined : this.#loadExtras(status.server, client);
        }),
    );
  }

  /**
   * The tools listed to one client profile, with the tools left out and why. `scope` defaults to
   * the proxy's own profile.
   */
  tools(client?: ClientProfileInput): FitProxyToolsResult {
    return this.#view(client === undefined ? this.#defaultProfile : resolveClientProfile(client))
      .fitted;
  }

  /** How many client sessions are connected. */
  sessions(): number {
    return this.#sessions.size;
  }

  /** Each upstream's state, without reasons (they can name commands and paths). */
  health(): ProxyHealth {
    const servers = this.hub.servers().map((status) => ({
      server: status.server,
      state: status.state,
      tools: status.toolCount,
      restarts: status.restarts,
    }));
    const ok = servers.every((server) => server.state === 'ready' || server.state === 'disabled');
    return { status: ok ? 'ok' : 'degraded', servers };
  }

  /**
   * Serves one client over `transport` (a `StdioServerTransport`, or a streamable HTTP transport
   * of one session) with names fitted to `client` (the proxy's profile by default).
   */
  async connect(transport: Transport, client?: ClientProfileInput): Promise<ProxySession> {
    const profile = client === undefined ? this.#defaultProfile : resolveClientProfile(client);
    const server = new Server(
      {
        name: this.#options.serverInfo?.name ?? 'toolwire-proxy',
        version: this.#options.serverInfo?.version ?? VERSION,
        // VS Code forms its prefix from the title: the key the client knows the proxy by.
        title: this.#key,
      },
      {
        capabilities: {
          tools: { listChanged: true },
          prompts: { listChanged: true },
          resources: { subscribe: true, listChanged: true },
          completions: {},
          logging: {},
        },
      },
    );
    let ended: () => void = () => {};
    const closed = new Promise<void>((resolve) => {
      ended = resolve;
    });
    const session: SessionRecord = {
      profile,
      server,
      closed,
      scope: scopeOf(profile, this.#key),
      subscriptions: new Set(),
      initialized: false,
      close: async () => {
        await server.close();
      },
    };
    this.#install(session);
    server.oninitialized = () => {
      session.initialized = true;
    };
    server.onclose = () => {
      ended();
      this.#sessions.delete(session);
      for (const callers of this.#callers.values()) {
        for (let index = callers.length - 1; index >= 0; index--)
          if (callers[index]?.session === session) callers.splice(index, 1);
      }
    };
    this.#sessions.add(session);
    await server.connect(transport);
    interceptToolCalls({
      transport,
      server,
      call: (params, extra, signal) => this.#callTool(session, params, extra, signal),
    });
    return session;
  }

  /** Ends every session and stops every server. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#notifyTimer !== undefined) clearImmediate(this.#notifyTimer);
    await Promise.all([...this.#sessions].map((session) => session.close().catch(() => {})));
    await this.hub.close();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  // --- Views: the tools and prompts of one profile ---

  #view(profile: ClientProfile): View {
    const scope = scopeOf(profile, this.#key);
    const cached = this.#views.get(scope);
    if (cached !== undefined) return cached;
    const order = this.hub.servers().map((status) => status.server);
    const sources = this.hub.tools().filter((tool) => this.#allowed(tool.server, tool.remoteName));
    const pinned = this.#options.pinnedNames?.[scope];
    const issued = this.#issued.get(scope);
    const fitted = fitProxyTools({
      tools: sources,
      profile,
      key: this.#key,
      ...(pinned === undefined && issued === undefined
        ? {}
        : { pinned: { ...(issued ?? {}), ...(pinned ?? {}) } }),
      ...(this.#options.prefix === undefined ? {} : { prefix: this.#options.prefix }),
      ...(this.#options.limit === undefined ? {} : { limit: this.#options.limit }),
      serverOrder: order,
    });
    const byName = new Map(fitted.tools.map((tool) => [tool.name, tool]));
    let known = this.#known.get(scope);
    if (known === undefined) {
      known = new Map();
      this.#known.set(scope, known);
    }
    for (const tool of fitted.tools) known.set(tool.name, tool.server);
    this.#recordIssued(scope, fitted.names, pinned);
    this.#report(scope, fitted);
    const { prompts, promptNames } = this.#fitPrompts(profile);
    const view: View = { profile, fitted, byName, prompts, promptNames };
    this.#views.set(scope, view);
    return view;
  }

  #allowed(server: string, remoteName: string): boolean {
    const filter = this.#options.filters?.[server];
    if (filter === undefined) return true;
    if (filter.include !== undefined && !filter.include.some((glob) => matchGlob(remoteName, glob)))
      return false;
    return !(filter.exclude ?? []).some((glob) => matchGlob(remoteName, glob));
  }

  // Names stay what they were first issued as for the life of the proxy, names file or not, so a
  // client's cached list never goes stale because another server came or went.
  #recordIssued(
    scope: string,
    names: Record<string, string>,
    pinned: Readonly<Record<string, string>> | undefined,
  ): void {
    let issued = this.#issued.get(scope);
    if (issued === undefined) {
      issued = {};
      this.#issued.set(scope, issued);
    }
    let fresh = false;
    for (const [canonical, wire] of Object.entries(names)) {
      if (issued[canonical] === undefined) issued[canonical] = wire;
      if (pinned?.[canonical] === undefined) fresh = true;
    }
    if (fresh) this.#options.onNamesIssued?.(scope, { ...(pinned ?? {}), ...issued });
  }

  #report(scope: string, fitted: FitProxyToolsResult): void {
    const log = this.#options.log;
    if (log === undefined) return;
    for (const tool of fitted.leftOut) {
      const note = `${scope}: ${tool.reason}`;
      if (this.#reported.has(note)) continue;
      this.#reported.add(note);
      log(note);
    }
    if (fitted.overLimit !== undefined) {
      const { limit, count, servers } = fitted.overLimit;
      const note = `${scope}: ${count} tools pass the client's limit of ${limit} (${servers.map((s) => `${s.server}: ${s.count}`).join(', ')}); exclude tools per server, or pass --fit-limit to offer the first ${limit}.`;
      if (!this.#reported.has(note)) {
        this.#reported.add(note);
        log(note);
      }
    }
  }

  #fitPrompts(profile: ClientProfile): Pick<View, 'prompts' | 'promptNames'> {
    const items: Array<{ canonical: string; server: string; remoteName: string; prompt: Prompt }> =
      [];
    for (const [server, extras] of this.#extras) {
      for (const prompt of extras.prompts) {
        try {
          const canonical = this.#preset.formatName(server, prompt.name);
          items.push({ canonical, server, remoteName: prompt.name, prompt });
        } catch {
          this.#options.log?.(`Prompt "${prompt.name}" of server "${server}" has no usable name.`);
        }
      }
    }
    const prompts: View['prompts'] = new Map();
    const promptNames = new Map<string, string>();
    if (items.length === 0) return { prompts, promptNames };
    const { names } = fitProxyNames({
      items,
      envelope: clientEnvelope(profile, this.#key),
      ...(this.#options.prefix === undefined ? {} : { prefix: this.#options.prefix }),
    });
    for (const item of items) {
      const name = names.get(item.canonical);
      if (name === undefined) continue;
      prompts.set(name, {
        server: item.server,
        remoteName: item.remoteName,
        prompt: { ...item.prompt, name },
      });
      promptNames.set(item.canonical, name);
    }
    return { prompts, promptNames };
  }

  // --- Upstream clients: prompts, resources, and what servers ask of clients ---

  #prepareClient(server: string, client: Client): void {
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
      void this.#loadExtras(server, client, ['prompts']);
    });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      void this.#loadExtras(server, client, ['resources']);
    });
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      for (const session of this.#sessions) {
        if (session.subscriptions.has(notification.params.uri))
          void session.server.sendResourceUpdated(notification.params).catch(() => {});
      }
    });
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      const caller = this.#callers.get(server)?.at(-1);
      if (caller !== undefined) {
        void caller.extra.sendNotification(notification as ServerNotification).catch(() => {});
        return;
      }
      for (const session of this.#sessions)
        if (session.initialized)
          void session.server.sendLoggingMessage(notification.params).catch(() => {});
    });
    client.setRequestHandler(CreateMessageRequestSchema, (request, extra) =>
      this.#forward(server, request, 'sampling', extra.signal, (caller, signal) =>
        caller.extra.sendRequest(request as ServerRequest, CreateMessageResultSchema, { signal }),
      ),
    );
    client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
      this.#forward(server, request, 'elicitation', extra.signal, (caller, signal) =>
        caller.extra.sendRequest(request as ServerRequest, ElicitResultSchema, { signal }),
      ),
    );
    client.setRequestHandler(ListRootsRequestSchema, (request, extra) =>
      this.#forward(server, request, 'roots', extra.signal, (caller, signal) =>
        caller.extra.sendRequest(request as ServerRequest, ListRootsResultSchema, { signal }),
      ),
    );
  }

  // A server's request goes to the client whose call it is serving: the latest call in flight to
  // that server (MCP does not say which call a server-to-client request belongs to over stdio),
  // or, with none, the first session that can answer it.
  async #forward<T>(
    server: string,
    request: { method: string },
    capability: 'sampling' | 'elicitation' | 'roots',
    signal: AbortSignal,
    send: (caller: Caller, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const can = (session: SessionRecord) =>
      session.server.getClientCapabilities()?.[capability] !== undefined;
    const callers = this.#callers.get(server) ?? [];
    let caller = callers.at(-1);
    if (caller === undefined) {
      for (const session of this.#sessions) {
        if (session.initialized && can(session)) {
          caller = { session, extra: sessionExtra(session) };
          break;
        }
      }
    }
    if (caller === undefined || !can(caller.session)) {
      throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
    }
    return send(caller, signal);
  }

  async #loadExtras(
    server: string,
    client: Client,
    parts: Array<'prompts' | 'resources'> = ['prompts', 'resources'],
  ): Promise<void> {
    const capabilities = client.getServerCapabilities() ?? {};
    const timeout = this.#options.listTimeout ?? 30_000;
    const previous = this.#extras.get(server);
    const extras: Extras =
      previous?.client === client
        ? previous
        : { client, prompts: [], resources: [], templates: [] };
    this.#extras.set(server, extras);
    try {
      if (parts.includes('prompts') && capabilities.prompts !== undefined) {
        extras.prompts = await listAll((cursor) =>
          client
            .listPrompts(cursor === undefined ? {} : { cursor }, { timeout })
            .then((page) => ({ items: page.prompts, next: page.nextCursor })),
        );
      }
      if (parts.includes('resources') && capabilities.resources !== undefined) {
        extras.resources = await listAll((cursor) =>
          client
            .listResources(cursor === undefined ? {} : { cursor }, { timeout })
            .then((page) => ({ items: page.resources, next: page.nextCursor })),
        );
        extras.templates = await listAll((cursor) =>
          client
            .listResourceTemplates(cursor === undefined ? {} : { cursor }, { timeout })
            .then((page) => ({ items: page.resourceTemplates, next: page.nextCursor })),
        );
      }
    } catch (error) {
      this.#options.log?.(
        `Server "${server}": listing its prompts or resources failed (${errorText(error)}); they are left out until it lists them again.`,
      );
    }
    if (this.#extras.get(server) !== extras) return;
    this.#views.clear();
    if (parts.includes('prompts')) this.#schedule('prompts');
    if (parts.includes('resources')) this.#schedule('resources');
  }

  #resources(): { resources: Resource[]; owners: Map<string, string> } {
    const owners = new Map<string, string>();
    const resources: Resource[] = [];
    for (const key of this.hub.servers().map((status) => status.server)) {
      const extras = this.#extras.get(key);
      if (extras === undefined) continue;
      for (const resource of extras.resources) {
        const owner = owners.get(resource.uri);
        if (owner !== undefined) {
          const note = `Resource "${resource.uri}" is offered by "${owner}" and "${key}"; "${owner}" (first in the configuration) keeps it.`;
          if (!this.#reported.has(note)) {
            this.#reported.add(note);
            this.#options.log?.(note);
          }
          continue;
        }
        owners.set(resource.uri, key);
        resources.push(resource);
      }
    }
    return { resources, owners };
  }

  #templates(): Array<{ server: string; template: ResourceTemplate }> {
    const seen = new Set<string>();
    const out: Array<{ server: string; template: ResourceTemplate }> = [];
    for (const key of this.hub.servers().map((status) => status.server)) {
      for (const template of this.#extras.get(key)?.templates ?? []) {
        if (seen.has(template.uriTemplate)) continue;
        seen.add(template.uriTemplate);
        out.push({ server: key, template });
      }
    }
    return out;
  }

  #ownerOf(uri: string): Client {
    const owner = this.#resources().owners.get(uri);
    if (owner !== undefined) return this.#clientOf(owner);
    for (const { server, template } of this.#templates()) {
      try {
        if (new UriTemplate(template.uriTemplate).match(uri) !== null)
          return this.#clientOf(server);
      } catch {
        // a template the SDK cannot parse matches nothing
      }
    }
    const withResources = [...this.#extras.entries()].filter(
      ([, extras]) => extras.client.getServerCapabilities()?.resources !== undefined,
    );
    if (withResources.length === 1) return (withResources[0] as [string, Extras])[1].client;
    throw new McpError(ErrorCode.InvalidParams, `Resource ${uri} not found`);
  }

  #clientOf(server: string): Client {
    const client = this.hub.client(server);
    if (client === undefined) {
      const status = this.hub.server(server);
      throw new McpError(
        ErrorCode.InternalError,
        `Server "${server}" is ${status?.state ?? 'unknown'}; try again when it is ready.`,
      );
    }
    return client;
  }

  // --- Notifications to clients ---

  #schedule(kind: 'tools' | 'prompts' | 'resources'): void {
    if (this.#closed) return;
    this.#pending[kind] = true;
    // Coalesce: a server that restarts sends several events in one turn.
    this.#notifyTimer ??= setImmediate(() => {
      this.#notifyTimer = undefined;
      const pending = this.#pending;
      this.#pending = { tools: false, prompts: false, resources: false };
      for (const session of this.#sessions) {
        if (!session.initialized) continue;
        if (pending.tools) void session.server.sendToolListChanged().catch(() => {});
        if (pending.prompts) void session.server.sendPromptListChanged().catch(() => {});
        if (pending.resources) void session.server.sendResourceListChanged().catch(() => {});
      }
    });
  }

  // --- Requests from clients ---

  #install(session: SessionRecord): void {
    const { server, profile } = session;
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: this.#view(profile).fitted.tools.map((tool) => tool.tool),
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const answer = await this.#callTool(session, request.params, extra);
      return 'relayed' in answer ? answer.relayed.result() : answer.result;
    });
    server.setRequestHandler(ListPromptsRequestSchema, () => ({
      prompts: [...this.#view(profile).prompts.values()]
        .map((entry) => entry.prompt)
        .sort((a, b) => compare(a.name, b.name)),
    }));
    server.setRequestHandler(GetPromptRequestSchema, async (request, extra) => {
      const entry = this.#view(profile).prompts.get(request.params.name);
      if (entry === undefined) {
        throw new McpError(ErrorCode.InvalidParams, `Prompt ${request.params.name} not found`);
      }
      return this.#withCaller(entry.server, session, extra, () =>
        this.#clientOf(entry.server).getPrompt(
          { ...request.params, name: entry.remoteName },
          { signal: extra.signal },
        ),
      );
    });
    server.setRequestHandler(ListResourcesRequestSchema, () => ({
      resources: this.#resources().resources,
    }));
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
      resourceTemplates: this.#templates().map((entry) => entry.template),
    }));
    server.setRequestHandler(ReadResourceRequestSchema, (request, extra) =>
      this.#ownerOf(request.params.uri).readResource(request.params, { signal: extra.signal }),
    );
    server.setRequestHandler(SubscribeRequestSchema, async (request, extra) => {
      await this.#ownerOf(request.params.uri).subscribeResource(request.params, {
        signal: extra.signal,
      });
      session.subscriptions.add(request.params.uri);
      return {};
    });
    server.setRequestHandler(UnsubscribeRequestSchema, async (request, extra) => {
      session.subscriptions.delete(request.params.uri);
      const stillWanted = [...this.#sessions].some((other) =>
        other.subscriptions.has(request.params.uri),
      );
      if (!stillWanted) {
        await this.#ownerOf(request.params.uri).unsubscribeResource(request.params, {
          signal: extra.signal,
        });
      }
      return {};
    });
    server.setRequestHandler(CompleteRequestSchema, async (request, extra) => {
      const { ref } = request.params;
      if (ref.type === 'ref/prompt') {
        const entry = this.#view(profile).prompts.get(ref.name);
        if (entry === undefined)
          throw new McpError(ErrorCode.InvalidParams, `Prompt ${ref.name} not found`);
        return this.#clientOf(entry.server).complete(
          { ...request.params, ref: { ...ref, name: entry.remoteName } },
          { signal: extra.signal },
        );
      }
      return this.#ownerOf(ref.uri).complete(request.params, { signal: extra.signal });
    });
    server.setRequestHandler(SetLevelRequestSchema, async (request) => {
      await Promise.all(
        this.hub.servers().map(async (status) => {
          const client = this.hub.client(status.server);
          if (client?.getServerCapabilities()?.logging === undefined) return;
          await client.setLoggingLevel(request.params.level).catch((error: unknown) => {
            this.#options.log?.(
              `Server "${status.server}": logging/setLevel failed (${errorText(error)}).`,
            );
          });
        }),
      );
      return {};
    });
    server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
      for (const status of this.hub.servers()) {
        await this.hub
          .client(status.server)
          ?.sendRootsListChanged()
          .catch(() => {});
      }
    });
  }

  async #callTool(
    session: SessionRecord,
    params: {
      name: string;
      arguments?: Record<string, unknown> | undefined;
      _meta?: { progressToken?: string | number | undefined } | undefined;
    },
    extra: Extra,
    // The fast path's own, lighter than the AbortSignal of `extra` (see interceptToolCalls).
    signal: RelaySignal = extra.signal,
  ): Promise<ToolCallAnswer> {
    // The session's scope is its view's key: no need to form it again on every call.
    const view = this.#views.get(session.scope) ?? this.#view(session.profile);
    const tool = view.byName.get(params.name);
    if (tool === undefined) {
      const server = this.#known.get(session.scope)?.get(params.name);
      if (server !== undefined) {
        const status = this.hub.server(server);
        return errorResult(
          `Tool "${params.name}" is not available: server "${server}" is ${status?.state ?? 'gone'}${status?.reason === undefined ? '' : ` (${status.reason})`}. Try again when it is ready.`,
        );
      }
      // As the SDK's own servers answer: a tool result the model can read, not a protocol error.
      return errorResult(`Tool ${params.name} not found; list the tools again.`);
    }
    const token = params._meta?.progressToken;
    const args = restoreArguments(params.arguments ?? {}, tool.argumentMap);
    // The client's progress token, on every update the server sends for this call.
    const onProgress =
      token === undefined
        ? undefined
        : (update: Record<string, unknown>) => {
            void extra
              .sendNotification({
                method: 'notifications/progress',
                params: { progressToken: token, ...update },
              } as ServerNotification)
              .catch(() => {});
          };
    const caller = this.#enter(tool.server, session, extra);
    try {
      // A stdio server's answer comes back as the line it sent, to pass on byte for byte.
      const relayed = this.hub.relayToolCall({
        name: tool.canonical,
        arguments: args,
        signal,
        meta: params._meta,
        onProgress,
      });
      if (relayed !== undefined) return { relayed: await relayed };
      return {
        result: await this.hub.callTool({
          name: tool.canonical,
          arguments: args,
          signal: extra.signal,
          meta: params._meta,
          ...(onProgress === undefined ? {} : { onProgress }),
        }),
      };
    } catch (error) {
      if (!ToolwireError.isInstance(error)) throw error;
      const cause = error.cause;
      if (error.code === 'TOOL_CALL_FAILED' && cause instanceof McpError) {
        throw new McpError(cause.code, errorText(cause), cause.data);
      }
      if (error.code === 'TOOL_CALL_CANCELLED') {
        throw new McpError(ErrorCode.RequestTimeout, error.message);
      }
      return errorResult(error.message.replace(`Tool "${tool.canonical}"`, `Tool "${tool.name}"`));
    } finally {
      this.#leave(tool.server, caller);
    }
  }

  async #withCaller<T>(
    server: string,
    session: SessionRecord,
    extra: Extra,
    run: () => Promise<T>,
  ): Promise<T> {
    const caller = this.#enter(server, session, extra);
    try {
      return await run();
    } finally {
      this.#leave(server, caller);
    }
  }

  // The calls in flight per server, latest last: whose client a server's request goes to.
  #enter(server: string, session: SessionRecord, extra: Extra): Caller {
    let callers = this.#callers.get(server);
    if (callers === undefined) {
      callers = [];
      this.#callers.set(server, callers);
    }
    const caller: Caller = { session, extra };
    callers.push(caller);
    return caller;
  }

  #leave(server: string, caller: Caller): void {
    const callers = this.#callers.get(server);
    const index = callers?.indexOf(caller) ?? -1;
    if (index !== -1) callers?.splice(index, 1);
  }
}
/**
 * Creates an {@link McpProxy} over the servers of a configuration. Call `start()`, then
 * `connect()` one transport per client (or hand the proxy to `serveProxyHttp`).
 *
 * @example
 * ```ts
 * const { servers } = await readMcpConfig({ path: 'mcp.json' });
 * const proxy = createMcpProxy({ servers, client: 'claude-code', log: (line) => console.error(line) });
 * await proxy.start();
 * await proxy.connect(new StdioServerTransport());
 * ```
 */
export function createMcpProxy(options: McpProxyOptions): McpProxy {
  return new McpProxy(options);
}

/** The names-file scope of one profile under one key. */
export function scopeOf(profile: ClientProfile, key: string): string {
  return `${profile.id}/${key}`;
}

function sessionExtra(session: SessionRecord): Extra {
  return {
    signal: new AbortController().signal,
    requestId: 0,
    sendNotification: (notification) => session.server.notification(notification),
    sendRequest: (request, schema, options) => session.server.request(request, schema, options),
  } as Extra;
}

async function listAll<T>(
  page: (cursor: string | undefined) => Promise<{ items: T[]; next: string | undefined }>,
): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let count = 0; count < PAGE_LIMIT; count++) {
    const result = await page(cursor);
    items.push(...result.items);
    if (result.next === undefined || seen.has(result.next)) break;
    seen.add(result.next);
    cursor = result.next;
  }
  return items;
}

function errorResult(text: string): { result: CallToolResult } {
  return { result: { content: [{ type: 'text', text }], isError: true } };
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message.replace(/^MCP error -?\d+: /, '');
  return String(error);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
