import { readFile } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { ToolwireError } from '../core/toolwire-error.js';
import { displayMcpServer, mcpServerSecrets } from '../mcp/display-mcp-server.js';
import { findMcpConfigFiles } from '../mcp/find-mcp-config-files.js';
import { createSecretMask } from '../mcp/mask-secrets.js';
import type { McpCatalog } from '../mcp/parse-catalog.js';
import { parseCatalog } from '../mcp/parse-catalog.js';
import { type McpServerEntry, parseMcpConfig } from '../mcp/parse-mcp-config.js';
import { parseJsonWithComments } from '../mcp/read-mcp-config.js';

/** What a command was pointed at. */
export interface TargetOptions {
  /** A config file, a catalog file, or `-` for standard input; none means the usual config files. */
  target?: string | undefined;
  /**
   * With no target, also run the working folder's configs (`./.mcp.json`, `./.vscode/mcp.json`,
   * `./.cursor/mcp.json`), not only the user's own. They come with the checkout and can start any
   * command, so this is off unless asked for (`--project`).
   */
  project?: boolean | undefined;
  /** A streamable HTTP (or SSE) endpoint. */
  url?: string | undefined;
  /** Headers sent to `url`. */
  headers?: Record<string, string> | undefined;
  /** A command line after `--` that starts a stdio server. */
  command?: string[] | undefined;
  /** The server key for a single server (a catalog, `--url`, a command). */
  server?: string | undefined;
  /** Connect and list timeout, in ms. */
  timeout: number;
  /** Where progress lines go (standard error), or `undefined` for none. */
  progress?: ((line: string) => void) | undefined;
  /** Environment for `${VAR}` expansion. */
  env: Readonly<Record<string, string | undefined>>;
  /** The working folder. */
  cwd: string;
  /** Reads standard input (for `-`). */
  readStdin: () => Promise<string>;
}

/** A server that could not be listed, with why. */
export interface TargetFailure {
  server: string;
  state: 'failed' | 'disabled';
  reason: string;
  stderr: string[];
}

/** What was loaded: the catalogs of the servers that answered, and the servers that did not. */
export interface LoadedTarget {
  /** What was read or started, for the report header. */
  description: string;
  /** One catalog per server that was listed, in configuration order. */
  catalogs: McpCatalog[];
  /** Servers that failed or are disabled, in configuration order. */
  failures: TargetFailure[];
  /** Notes on the input itself (left-out tools, keys defined twice). */
  warnings: string[];
}

/**
 * Loads the tools a command works on: reads a catalog, or starts the servers of a config (or one
 * `--url` / `-- command` server), lists their tools, and stops them again.
 * @internal
 * @example
 * ```ts
 * const { catalogs, failures } = await loadTarget({ target: 'examples/mcp.json', timeout: 30_000, env: process.env, cwd: process.cwd(), readStdin });
 * ```
 */
export async function loadTarget(options: TargetOptions): Promise<LoadedTarget> {
  if (options.command !== undefined && options.command.length > 0) {
    const [command, ...args] = options.command as [string, ...string[]];
    const server = options.server ?? serverKeyFromCommand(options.command);
    return listServers(
      [{ key: server, config: { type: 'stdio', command, args, env: {} } }],
      `command: ${options.command.join(' ')}`,
      [],
      options,
    );
  }
  if (options.url !== undefined) {
    if (!URL.canParse(options.url)) {
      throw new ToolwireError({
        code: 'INVALID_OPTION',
        message: `URL "${options.url}" is not a valid URL; pass e.g. --url http://127.0.0.1:3001/mcp.`,
      });
    }
    const server = options.server ?? new URL(options.url).hostname.replace(/[^A-Za-z0-9_-]/g, '-');
    return listServers(
      [
        {
          key: server,
          config: {
            type: 'http',
            url: options.url,
            transport: 'auto',
            headers: options.headers ?? {},
          },
        },
      ],
      `url: ${options.url}`,
      [],
      options,
    );
  }
  if (options.target === undefined) return loadDefaultConfigs(options);
  const isStdin = options.target === '-';
  const path = isStdin ? '<stdin>' : resolve(options.cwd, options.target);
  let text: string;
  try {
    text = isStdin ? await options.readStdin() : await readFile(path, 'utf8');
  } catch (error) {
    throw new ToolwireError({
      code: 'INVALID_CONFIG',
      message: `File ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); check the path.`,
      cause: error,
    });
  }
  const document = parseJsonWithComments(text, isStdin ? 'Standard input' : `File ${path}`);
  if (isConfig(document)) {
    const parsed = parseMcpConfig({
      document,
      env: options.env,
      ...(isStdin ? {} : { baseDirectory: resolve(path, '..') }),
      source: `Config file ${path}`,
    });
    return listServers(parsed.servers, `config: ${options.target}`, [], options);
  }
  // The server key: --server, else the one the catalog names (captures do), else the file name.
  const named =
    typeof document === 'object' && document !== null && !Array.isArray(document)
      ? (document as { server?: unknown }).server
      : undefined;
  const fallback = isStdin ? undefined : basename(path, extname(path));
  const server = options.server ?? (typeof named === 'string' ? named : fallback);
  const parsed = parseCatalog({
    document,
    source: isStdin ? 'Standard input' : `Catalog ${path}`,
    ...(server === undefined ? {} : { server }),
  });
  return {
    description: `catalog: ${options.target}`,
    catalogs: parsed.catalogs,
    failures: [],
    warnings: parsed.warnings,
  };
}

async function loadDefaultConfigs(options: TargetOptions): Promise<LoadedTarget> {
  const found = (await findMcpConfigFiles({ cwd: options.cwd, env: options.env })).filter(
    (location) => location.exists,
  );
  // A config in the working folder comes with the checkout (an untrusted clone, a CI job) and can
  // start any command: it runs only when named or with --project.
  const locations = found.filter(
    (location) => location.scope === 'user' || options.project === true,
  );
  const skipped = found.filter((location) => !locations.includes(location));
  const howToRun =
    skipped.length === 0
      ? ''
      : `${skipped.map((location) => location.path).join(', ')} ${skipped.length === 1 ? 'is a project config' : 'are project configs'} from the working folder and ${skipped.length === 1 ? 'was' : 'were'} not run (${skipped.length === 1 ? 'it' : 'they'} can start any command); to run ${skipped.length === 1 ? 'it' : 'them'}, name ${skipped.length === 1 ? 'it' : 'one'} as the target or add --project.`;
  if (locations.length === 0) {
    throw new ToolwireError({
      code: 'INVALID_CONFIG',
      message: `No target given and no Claude Desktop, Cursor or VS Code user config found; pass a config or catalog file, --url URL, or -- command args.${howToRun === '' ? '' : ` ${howToRun}`}`,
    });
  }
  const servers: McpServerEntry[] = [];
  const warnings: string[] = howToRun === '' ? [] : [howToRun];
  if (howToRun !== '') options.progress?.(howToRun);
  const seen = new Map<string, string>();
  for (const location of locations) {
    const text = await readFile(location.path, 'utf8');
    const parsed = parseMcpConfig({
      document: parseJsonWithComments(text, `Config file ${location.path}`),
      env: options.env,
      baseDirectory: resolve(location.path, '..'),
      source: `Config file ${location.path}`,
    });
    for (const entry of parsed.servers) {
      const first = seen.get(entry.key);
      if (first !== undefined) {
        warnings.push(
          `Server "${entry.key}" in ${location.path} is also in ${first}; the first is used.`,
        );
        continue;
      }
      seen.set(entry.key, location.path);
      servers.push(entry);
    }
  }
  return listServers(
    servers,
    `configs: ${locations.map((location) => location.path).join(', ')}`,
    warnings,
    options,
  );
}

async function listServers(
  servers: McpServerEntry[],
  description: string,
  warnings: string[],
  options: TargetOptions,
): Promise<LoadedTarget> {
  // The MCP SDK loads only when servers are started, not for catalogs.
  const { createMcpHub } = await import('../mcp/mcp-hub.js');
  // Every value a `${VAR}` expanded, and every env and header value, is masked in whatever this
  // returns or reports (the hub masks its own reasons and stderr; a server may also echo a secret
  // in its tool list). Sources are shown as written, with `${VAR}` unexpanded.
  const secrets = servers.flatMap((entry) => mcpServerSecrets(entry));
  const mask = createSecretMask(secrets);
  const hub = createMcpHub({
    servers,
    restart: false,
    connectTimeout: options.timeout,
    listTimeout: options.timeout,
  });
  const report = options.progress;
  const progress = report === undefined ? undefined : (line: string) => report(mask(line));
  const connecting = servers.filter((entry) => entry.config !== undefined && !entry.disabled);
  if (progress !== undefined && connecting.length > 0) {
    progress(`connecting ${connecting.length} server${connecting.length === 1 ? '' : 's'}...`);
    hub.subscribe((event) => {
      if (event.type !== 'status') return;
      const { status } = event;
      if (status.state === 'ready') {
        progress(`  ok      ${status.server}: ${status.toolCount} tools`);
      } else if (status.state === 'failed') {
        progress(`  failed  ${status.server}: ${status.reason ?? 'unknown reason'}`);
      }
    });
  }
  try {
    await hub.start();
    const catalogs: McpCatalog[] = [];
    const failures: TargetFailure[] = [];
    for (const status of hub.servers()) {
      if (status.state === 'ready') {
        const listed = hub.listed(status.server);
        const entry = servers.find((server) => server.key === status.server);
        const catalog: McpCatalog = {
          server: status.server,
          how: 'tools/list live',
          tools: (listed?.tools ?? []) as McpCatalog['tools'],
        };
        const shown = entry === undefined ? undefined : displayMcpServer(entry);
        if (shown !== undefined) {
          catalog.source =
            shown.type === 'stdio'
              ? `stdio:${shown.text}`
              : `${status.transport ?? 'http'}:${shown.url}`;
        }
        if (status.serverInfo !== undefined) catalog.serverInfo = status.serverInfo;
        if (status.protocolVersion !== undefined) catalog.protocolVersion = status.protocolVersion;
        catalogs.push(catalog);
        warnings.push(...status.warnings.map((warning) => warning.message));
      } else {
        failures.push({
          server: status.server,
          state: status.state === 'disabled' ? 'disabled' : 'failed',
          reason: status.reason ?? (status.state === 'disabled' ? 'disabled in the config' : ''),
          stderr: status.stderr,
        });
      }
    }
    const loaded = { description, catalogs, failures, warnings };
    return secrets.length === 0 ? loaded : maskStrings(loaded, mask);
  } finally {
    await hub.close();
  }
}

function maskStrings<T>(value: T, mask: (text: string) => string): T {
  if (typeof value === 'string') return mask(value) as T;
  if (Array.isArray(value)) return value.map((entry) => maskStrings(entry, mask)) as T;
  if (typeof value !== 'object' || value === null) return value;
  // fromEntries defines own properties, so a `__proto__` key in a tool schema stays a key.
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [mask(key), maskStrings(entry, mask)]),
  ) as T;
}

function isConfig(document: unknown): boolean {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return false;
  const record = document as Record<string, unknown>;
  const servers = record.servers;
  return (
    record.mcpServers !== undefined ||
    (servers !== undefined && typeof servers === 'object' && !Array.isArray(servers)) ||
    (typeof record.mcp === 'object' && record.mcp !== null)
  );
}

function serverKeyFromCommand(command: string[]): string {
  // `npx -y @scope/server-x` and `node node_modules/x/dist/index.js` both name the server by the
  // first argument that looks like a package or a script, minus a version tag and build folders.
  const word =
    command.slice(1).find((argument) => !argument.startsWith('-') && /[/.@]/.test(argument)) ??
    command[0] ??
    'server';
  const segments = word
    .replace(/@[^/@]*$/, '')
    .split(/[\\/]/)
    .filter((segment) => segment.length > 0);
  const last = segments.pop();
  if (last !== undefined) segments.push(basename(last, extname(last)));
  while (
    segments.length > 1 &&
    /^(index|main|cli|dist|build|lib|src|bin)$/.test(segments.at(-1) as string)
  ) {
    segments.pop();
  }
  const key = (segments.at(-1) ?? 'server').replace(/[^A-Za-z0-9_-]/g, '-').replace(/^-+|-+$/g, '');
  return key.length > 0 ? key : 'server';
}
