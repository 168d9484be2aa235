import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ToolwireError } from '../core/toolwire-error.js';
import { parseJsonWithComments, readMcpConfig } from '../mcp/read-mcp-config.js';
import { type ClientProfileInput, resolveClientProfile } from './client-profile.js';
import {
  createMcpProxy,
  type McpProxy,
  type ProxyToolFilter,
  scopeOf,
} from './create-mcp-proxy.js';
import { type NamesFile, readNamesFile, writeNamesFile } from './names-file.js';
import { type ProxyHttpServer, serveProxyHttp } from './serve-proxy-http.js';

/** Options of {@link runProxy}: the flags of `toolwire proxy`. */
export interface RunProxyOptions {
  /** The MCP configuration file of the servers to front. */
  config: string;
  /** The client profile (`--client`). @defaultValue `'generic'` */
  client?: ClientProfileInput;
  /** The key the client registers the proxy under (`--as`). @defaultValue `'toolwire'` */
  as?: string;
  /** Serve streamable HTTP instead of stdio (`--http`). */
  http?: boolean;
  /** HTTP address. @defaultValue `'127.0.0.1'` */
  host?: string;
  /** HTTP port. @defaultValue `8765` */
  port?: number;
  /** Bearer token (`--token`, else `TOOLWIRE_PROXY_TOKEN`). */
  token?: string;
  /** Close HTTP sessions idle this long, in ms; `0` never (`--idle-timeout`, in seconds). @defaultValue 30 minutes */
  idleTimeout?: number;
  /** Origins allowed besides loopback (`--allow-origin`). */
  allowedOrigins?: readonly string[];
  /** The names file (`--names-file`). */
  namesFile?: string;
  /** Issue every name afresh and rewrite the names file (`--update-names`). */
  updateNames?: boolean;
  /** `server:glob` pairs (`--include`), added to the config's `toolwire.servers.<key>.include`. */
  include?: readonly string[];
  /** `server:glob` pairs (`--exclude`). */
  exclude?: readonly string[];
  /** Offer only what fits the client's tool limit (`--fit-limit`). */
  fitLimit?: boolean;
  /** `server` (default) or `none` (`--prefix`). */
  prefix?: 'server' | 'none';
  /** Variables for `${VAR}` in the config. @defaultValue `process.env` */
  env?: Readonly<Record<string, string | undefined>>;
  /** Where notes go; never standard output in stdio mode. */
  log: (line: string) => void;
  /** Standard input and output for stdio mode. @defaultValue the process's */
  stdio?: { input: Readable; output: Writable };
}

/** A running proxy. */
export interface RunningProxy {
  readonly proxy: McpProxy;
  /** Set in HTTP mode. */
  readonly http: ProxyHttpServer | undefined;
  /** Resolves when the proxy has stopped (stdio: the client went away). */
  readonly closed: Promise<void>;
  /** Stops serving and stops every server. */
  close(): Promise<void>;
}

/**
 * Runs `toolwire proxy`: reads the configuration (and its `toolwire` section of per-server
 * `include`/`exclude` globs), starts every server, reports what the client will not get (tools
 * left out, tool-limit overruns), and serves stdio or HTTP until stopped.
 *
 * @example
 * ```ts
 * const running = await runProxy({ config: 'tools.json', client: 'claude-code', log: (line) => process.stderr.write(`${line}\n`) });
 * await running.closed;
 * ```
 */
export async function runProxy(options: RunProxyOptions): Promise<RunningProxy> {
  const profile = resolveClientProfile(options.client ?? 'generic');
  const key = options.as ?? 'toolwire';
  const configPath = resolve(options.config);
  const read = await readMcpConfig({
    path: configPath,
    ...(options.env === undefined ? {} : { env: options.env }),
  });
  const filters = await readFilters(configPath, options);
  const namesPath = options.namesFile === undefined ? undefined : resolve(options.namesFile);
  const names: NamesFile =
    namesPath === undefined ? { version: 1, names: {} } : await readNamesFile(namesPath);
  let writing = Promise.resolve();
  const proxy = createMcpProxy({
    servers: read.servers,
    client: profile,
    as: key,
    filters,
    ...(options.prefix === undefined ? {} : { prefix: options.prefix }),
    ...(options.fitLimit === true ? { limit: 'fit' as const } : {}),
    ...(namesPath === undefined || options.updateNames === true
      ? {}
      : { pinnedNames: names.names }),
    ...(namesPath === undefined
      ? {}
      : {
          onNamesIssued: (scope: string, issued: Readonly<Record<string, string>>) => {
            names.names[scope] =
              options.updateNames === true ? { ...issued } : { ...names.names[scope], ...issued };
            writing = writing
              .then(() => writeNamesFile(namesPath, names))
              .catch((error: unknown) =>
                options.log(
                  `Names file ${namesPath} could not be written (${error instanceof Error ? error.message : String(error)}); names stay as issued until restart.`,
                ),
              );
          },
        }),
    log: options.log,
  });
  await proxy.start();
  for (const status of proxy.hub.servers()) {
    options.log(
      `server "${status.server}": ${status.state}, ${status.toolCount} tools${status.reason === undefined ? '' : ` (${status.reason})`}`,
    );
  }
  const fitted = proxy.tools();
  options.log(
    `offering ${fitted.tools.length} tools to ${profile.title} as "${key}" (scope ${scopeOf(profile, key)}); ${fitted.leftOut.length} left out.`,
  );
  let http: ProxyHttpServer | undefined;
  let closing: Promise<void> | undefined;
  let resolveClosed: () => void = () => {};
  const closed = new Promise<void>((done) => {
    resolveClosed = done;
  });
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await http?.close();
      await proxy.close();
      await writing;
      resolveClosed();
    })();
    return closing;
  };
  if (options.http === true) {
    const token = options.token ?? options.env?.TOOLWIRE_PROXY_TOKEN;
    http = await serveProxyHttp({
      proxy,
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 8765,
      ...(token === undefined || token === '' ? {} : { token }),
      ...(options.allowedOrigins === undefined ? {} : { allowedOrigins: options.allowedOrigins }),
      ...(options.idleTimeout === undefined ? {} : { idleTimeout: options.idleTimeout }),
    });
    options.log(`serving ${http.url}/mcp (and /mcp/<client>, /healthz)`);
  } else {
    const transport = new StdioServerTransport(options.stdio?.input, options.stdio?.output);
    const session = await proxy.connect(transport);
    void session.closed.then(close);
    (options.stdio?.input ?? process.stdin).once('end', () => void close());
  }
  return { proxy, http, closed, close };
}

async function readFilters(
  configPath: string,
  options: RunProxyOptions,
): Promise<Record<string, ProxyToolFilter>> {
  const filters: Record<string, { include?: string[]; exclude?: string[] }> = {};
  const document = parseJsonWithComments(await readFile(configPath, 'utf8'), configPath) as {
    toolwire?: { servers?: Record<string, { include?: unknown; exclude?: unknown }> };
  };
  for (const [server, entry] of Object.entries(document?.toolwire?.servers ?? {})) {
    for (const kind of ['include', 'exclude'] as const) {
      const globs = entry?.[kind];
      if (globs === undefined) continue;
      if (!Array.isArray(globs) || !globs.every((glob) => typeof glob === 'string')) {
        throw new ToolwireError({
          code: 'INVALID_CONFIG',
          message: `Config file ${configPath}: toolwire.servers.${server}.${kind} must be a list of globs such as ["create_*"].`,
        });
      }
      const filter = filters[server] ?? {};
      filters[server] = filter;
      filter[kind] = [...(filter[kind] ?? []), ...globs];
    }
  }
  for (const kind of ['include', 'exclude'] as const) {
    for (const pair of options[kind] ?? []) {
      const at = pair.indexOf(':');
      if (at <= 0) {
        throw new ToolwireError({
          code: 'INVALID_OPTION',
          message: `--${kind} "${pair}" needs the form <server>:<glob>, such as github:create_*.`,
        });
      }
      const server = pair.slice(0, at);
      const filter = filters[server] ?? {};
      filters[server] = filter;
      filter[kind] = [...(filter[kind] ?? []), pair.slice(at + 1)];
    }
  }
  return filters;
}
