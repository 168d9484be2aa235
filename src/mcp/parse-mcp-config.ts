import { isAbsolute, resolve } from 'node:path';
import { isRecord } from '../core/is-record.js';
import { ToolwireError } from '../core/toolwire-error.js';

/** A server started as a child process that speaks MCP over stdin and stdout. */
export interface McpStdioServerConfig {
  /** Always `stdio`. */
  type: 'stdio';
  /** The executable, such as `npx` or `node`. */
  command: string;
  /** Its arguments. */
  args: string[];
  /** Variables added to a minimal inherited environment (PATH, HOME and the like, as the MCP SDK picks). */
  env: Record<string, string>;
  /** The working directory; a relative one in a config file is resolved against the file's folder. */
  cwd?: string;
}

/** A server reached over HTTP. */
export interface McpHttpServerConfig {
  /** Always `http`. */
  type: 'http';
  /** The endpoint, such as `http://127.0.0.1:3001/mcp`. */
  url: string;
  /**
   * `streamable-http` only, `sse` (the older HTTP+SSE transport) only, or `auto`: streamable HTTP
   * first and SSE when the server answers that with a 4xx, as the MCP SDK recommends.
   */
  transport: 'auto' | 'streamable-http' | 'sse';
  /** Headers sent with every request, such as `Authorization`. */
  headers: Record<string, string>;
}

/** How to reach one server. */
export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/**
 * How a server entry reads as written, for anything the project prints or writes: `${VAR}`
 * references stay unexpanded, so a secret passed in an argument or a URL is never shown.
 *
 * @example
 * ```ts
 * // "args": ["srv.mjs", "--api-key=${SECRET_TOKEN}"] with SECRET_TOKEN=sk-LEAKME
 * entry.display; // { type: 'stdio', command: 'node', args: ['srv.mjs', '--api-key=${SECRET_TOKEN}'], text: 'node srv.mjs --api-key=${SECRET_TOKEN}' }
 * ```
 */
export type McpServerDisplay =
  | {
      /** A stdio server. */
      type: 'stdio';
      /** `command` as written. */
      command: string;
      /** `args` as written. */
      args: readonly string[];
      /** The command line as written, `command` and `args` joined by spaces. */
      text: string;
    }
  | {
      /** A server reached over HTTP. */
      type: 'http';
      /** `url` as written. */
      url: string;
      /** The URL as written. */
      text: string;
    };

/**
 * One server of a configuration: usable, disabled, or broken with a reason.
 *
 * `config` holds expanded values, for connecting only. Print `display` (the entry as written) and
 * mask `secrets` in anything else that may quote them (see `maskSecrets`).
 *
 * @example
 * ```ts
 * // { "command": "node", "args": ["srv.mjs", "--api-key=${SECRET_TOKEN}"] }, SECRET_TOKEN=sk-LEAKME
 * entry.config?.args; // ['srv.mjs', '--api-key=sk-LEAKME'] (to start the server, never to print)
 * entry.display?.text; // 'node srv.mjs --api-key=${SECRET_TOKEN}'
 * entry.secrets; // ['sk-LEAKME']
 * maskSecrets(serverErrorText, entry.secrets ?? []); // sk-LEAKME becomes ***
 * ```
 */
export interface McpServerEntry {
  /** The server's key in the file; it becomes the server segment of canonical names. */
  key: string;
  /** How to reach it, when the entry could be read. */
  config?: McpServerConfig;
  /** Set when the entry says `"disabled": true`; such servers are not started. */
  disabled?: boolean;
  /** Why the entry cannot be used (a missing variable, a missing command); the other servers still start. */
  error?: ToolwireError;
  /** The entry as written (`${VAR}` unexpanded), for display; absent when it has no command or URL. */
  display?: McpServerDisplay;
  /**
   * Values never to print or write: every value a `${VAR}` expansion took from the environment,
   * every `env` value and every header value. Defaults written in the file (`${VAR:-default}`),
   * `${workspaceFolder}` and `${userHome}` are not secrets.
   */
  secrets?: readonly string[];
}

/** The layout a configuration was read in. */
export type McpConfigFormat = 'mcpServers' | 'servers';

/** Options of {@link parseMcpConfig}. */
export interface ParseMcpConfigOptions {
  /** The parsed JSON document. */
  document: unknown;
  /** Variables for `${VAR}` expansion. @defaultValue `process.env` */
  env?: Readonly<Record<string, string | undefined>>;
  /** The folder the configuration came from: relative `cwd` values are resolved against it. */
  baseDirectory?: string;
  /** What `${workspaceFolder}` expands to (VS Code). @defaultValue `baseDirectory` */
  workspaceFolder?: string;
  /** What `${userHome}` expands to. @defaultValue `HOME` or `USERPROFILE` from `env` */
  home?: string;
  /** Named in messages. */
  source?: string;
}

/** The result of {@link parseMcpConfig}. */
export interface ParseMcpConfigResult {
  /** `mcpServers` (Claude Desktop, Cursor, Claude Code) or `servers` (VS Code). */
  format: McpConfigFormat;
  /** Every server, in file order, each usable, disabled, or broken with its reason. */
  servers: McpServerEntry[];
}

/**
 * Reads an MCP client configuration: the `mcpServers` layout of Claude Desktop, Cursor and Claude
 * Code, or VS Code's `servers` layout (also nested in settings as `mcp.servers`). Strings in
 * `command`, `args`, `env`, `cwd`, `url` and `headers` expand `${VAR}`, `${env:VAR}` and
 * `${VAR:-default}` from the environment, and `${workspaceFolder}` and `${userHome}`.
 *
 * A document that is not a configuration at all is an `INVALID_CONFIG` error; a single bad entry
 * (an unset variable, no `command` or `url`, a VS Code `${input:...}` prompt) is returned with its
 * `error` so that the others still start.
 *
 * @example
 * ```ts
 * const { servers } = parseMcpConfig({
 *   document: { mcpServers: { github: { command: 'npx', args: ['-y', 'server-github'], env: { TOKEN: '${GITHUB_TOKEN}' } } } },
 *   env: { GITHUB_TOKEN: 'ghp_example' },
 * });
 * servers[0].config; // { type: 'stdio', command: 'npx', args: ['-y', 'server-github'], env: { TOKEN: 'ghp_example' } }
 * servers[0].display?.text; // 'npx -y server-github' (print this, never config)
 * servers[0].secrets; // ['ghp_example']
 * ```
 */
export function parseMcpConfig(options: ParseMcpConfigOptions): ParseMcpConfigResult {
  const { document } = options;
  const source = options.source ?? 'MCP configuration';
  if (!isRecord(document)) {
    throw new ToolwireError({
      code: 'INVALID_CONFIG',
      message: `${source}: expected a JSON object with "mcpServers" or "servers", not ${describe(document)}.`,
    });
  }
  let format: McpConfigFormat;
  let table: unknown;
  if (document.mcpServers !== undefined) {
    format = 'mcpServers';
    table = document.mcpServers;
  } else if (document.servers !== undefined) {
    format = 'servers';
    table = document.servers;
  } else if (isRecord(document.mcp) && document.mcp.servers !== undefined) {
    format = 'servers';
    table = document.mcp.servers;
  } else {
    throw new ToolwireError({
      code: 'INVALID_CONFIG',
      message: `${source}: has neither "mcpServers" (Claude Desktop, Cursor) nor "servers" (VS Code); add one mapping server keys to { command, args } or { url }.`,
    });
  }
  if (!isRecord(table)) {
    throw new ToolwireError({
      code: 'INVALID_CONFIG',
      message: `${source}: "${format}" must be an object mapping server keys to server entries, not ${describe(table)}.`,
    });
  }
  const env = options.env ?? process.env;
  const context: ExpandContext = {
    env,
    workspaceFolder: options.workspaceFolder ?? options.baseDirectory,
    home: options.home ?? env.HOME ?? env.USERPROFILE,
  };
  const servers = Object.entries(table).map(([key, entry]): McpServerEntry => {
    const display = writtenDisplay(entry);
    const secrets = new Set<string>();
    let read: McpServerEntry;
    try {
      read = readEntry(key, entry, { ...context, secrets }, options.baseDirectory);
    } catch (error) {
      if (!ToolwireError.isInstance(error)) throw error;
      read = { key, error };
    }
    if (read.disabled === true) return read;
    if (display !== undefined) read.display = display;
    read.secrets = [...secrets].filter((secret) => secret.length > 0);
    return read;
  });
  return { format, servers };
}

interface ExpandContext {
  env: Readonly<Record<string, string | undefined>>;
  workspaceFolder: string | undefined;
  home: string | undefined;
  /** Collects every value taken from the environment. */
  secrets?: Set<string>;
}

// The entry as written: only plain strings are shown (anything else is an error reported apart).
function writtenDisplay(entry: unknown): McpServerDisplay | undefined {
  if (!isRecord(entry)) return undefined;
  const url = entry.url ?? entry.serverUrl;
  if (typeof url === 'string') return { type: 'http', url, text: url };
  if (typeof entry.command !== 'string') return undefined;
  const args = Array.isArray(entry.args)
    ? entry.args.filter((argument): argument is string => typeof argument === 'string')
    : [];
  return {
    type: 'stdio',
    command: entry.command,
    args,
    text: [entry.command, ...args].join(' '),
  };
}

function readEntry(
  key: string,
  entry: unknown,
  context: ExpandContext,
  baseDirectory: string | undefined,
): McpServerEntry {
  const subject = `Server "${key}"`;
  if (!isRecord(entry)) {
    throw configError(subject, `must be an object with "command" or "url", not ${describe(entry)}`);
  }
  if (entry.disabled === true) return { key, disabled: true };
  const expand = (value: unknown, field: string): string => {
    if (typeof value !== 'string') {
      throw configError(subject, `"${field}" must be a string, not ${describe(value)}`);
    }
    return expandVariables(value, context, subject, field);
  };
  const type = entry.type === undefined ? undefined : expand(entry.type, 'type');
  const url = entry.url ?? entry.serverUrl;
  if (url !== undefined || type === 'http' || type === 'sse' || type === 'streamable-http') {
    if (url === undefined) throw configError(subject, `has type "${type}" but no "url"`);
    const expanded = expand(url, 'url');
    if (!URL.canParse(expanded)) {
      // The URL as written: its expanded form may carry a secret.
      throw configError(subject, `"url" is not a valid URL: ${JSON.stringify(url)}`);
    }
    return {
      key,
      config: {
        type: 'http',
        url: expanded,
        transport:
          type === 'sse'
            ? 'sse'
            : type === 'streamable-http' || type === 'streamableHttp'
              ? 'streamable-http'
              : 'auto',
        headers: readStringTable(entry.headers, 'headers', expand, subject, context.secrets),
      },
    };
  }
  if (type !== undefined && type !== 'stdio') {
    throw configError(subject, `has unknown type "${type}"; use stdio, http or sse`);
  }
  if (entry.command === undefined) {
    throw configError(subject, 'has neither "command" (a local server) nor "url" (a remote one)');
  }
  const command = expand(entry.command, 'command');
  if (command.trim().length === 0) throw configError(subject, '"command" is empty');
  if (entry.args !== undefined && !Array.isArray(entry.args)) {
    throw configError(subject, `"args" must be an array of strings, not ${describe(entry.args)}`);
  }
  const args = (entry.args ?? []).map((argument: unknown, index: number) =>
    expand(argument, `args[${index}]`),
  );
  const config: McpStdioServerConfig = {
    type: 'stdio',
    command,
    args,
    env: readStringTable(entry.env, 'env', expand, subject, context.secrets),
  };
  if (entry.cwd !== undefined) {
    const cwd = expand(entry.cwd, 'cwd');
    config.cwd =
      baseDirectory !== undefined && !isAbsolute(cwd) ? resolve(baseDirectory, cwd) : cwd;
  }
  return { key, config };
}

function readStringTable(
  value: unknown,
  field: string,
  expand: (value: unknown, field: string) => string,
  subject: string,
  secrets: Set<string> | undefined,
): Record<string, string> {
  if (value === undefined) return {};
  if (!isRecord(value)) {
    throw configError(subject, `"${field}" must be an object of strings, not ${describe(value)}`);
  }
  const table: Record<string, string> = {};
  for (const [name, item] of Object.entries(value)) {
    table[name] =
      typeof item === 'number' || typeof item === 'boolean'
        ? String(item)
        : expand(item, `${field}.${name}`);
    // Every env and header value is a secret, written in the file or not.
    secrets?.add(table[name] as string);
  }
  return table;
}

const VARIABLE = /\$\{([^}]*)\}/g;

/**
 * Expands `${VAR}`, `${env:VAR}`, `${VAR:-default}`, `${workspaceFolder}` and `${userHome}`.
 * @internal
 * @example
 * ```ts
 * expandVariables('${HOME}/x', { env: { HOME: '/home/a' }, workspaceFolder: undefined, home: undefined }, 'Server "a"', 'cwd'); // '/home/a/x'
 * ```
 */
export function expandVariables(
  text: string,
  context: ExpandContext,
  subject: string,
  field: string,
): string {
  return text.replace(VARIABLE, (_match, body: string) => {
    if (body.startsWith('input:')) {
      throw configError(
        subject,
        `"${field}" asks for the VS Code input "\${${body}}", which only VS Code can prompt for; put the value in an environment variable and write \${env:NAME}`,
      );
    }
    if (body === 'workspaceFolder' && context.workspaceFolder !== undefined) {
      return context.workspaceFolder;
    }
    if (body === 'userHome' && context.home !== undefined) return context.home;
    const name = body.startsWith('env:') ? body.slice(4) : body;
    const fallbackAt = name.indexOf(':-');
    const variable = fallbackAt === -1 ? name : name.slice(0, fallbackAt);
    const value = context.env[variable];
    if (value !== undefined && value !== '') {
      context.secrets?.add(value);
      return value;
    }
    if (fallbackAt !== -1) return name.slice(fallbackAt + 2);
    if (value === '') return '';
    throw configError(
      subject,
      `"${field}" uses \${${body}}, but ${variable} is not set; export it, or write \${${variable}:-default}`,
    );
  });
}

function configError(subject: string, reason: string): ToolwireError {
  return new ToolwireError({ code: 'INVALID_CONFIG', message: `${subject} ${reason}.` });
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `the string ${JSON.stringify(value)}` : typeof value;
}
