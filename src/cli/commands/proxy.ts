import { resolve } from 'node:path';
import { ToolwireError } from '../../core/toolwire-error.js';
import { proxyConfigSnippet } from '../../proxy/proxy-config-snippet.js';
import type { CliContext } from '../cli-context.js';
import type { CommandSpec } from '../command-spec.js';

/** The flags of `toolwire proxy`. @internal */
export interface ProxyFlags {
  client?: string;
  as?: string;
  http?: boolean;
  host?: string;
  port?: string;
  token?: string;
  allowOrigin?: string[];
  idleTimeout?: string;
  namesFile?: string;
  updateNames?: boolean;
  include?: string[];
  exclude?: string[];
  fitLimit?: boolean;
  prefix?: string;
  printConfig?: string;
}

/**
 * Runs `toolwire proxy [config]` with parsed flags: prints a client snippet (`--print-config`),
 * or serves until the client goes away (stdio) or the process is stopped (HTTP). In stdio mode
 * nothing but protocol reaches standard output; notes go to standard error.
 * @internal
 * @example
 * ```ts
 * await runProxyCommand('tools.json', { client: 'claude-code' }, context);
 * ```
 */
export async function runProxyCommand(
  config: string | undefined,
  flags: ProxyFlags,
  context: CliContext,
): Promise<void> {
  const path = config ?? context.env.TOOLWIRE_PROXY_CONFIG;
  if (path === undefined || path === '') {
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message:
        'Proxy: name the configuration file of the servers to front (toolwire proxy servers.json), or set TOOLWIRE_PROXY_CONFIG.',
    });
  }
  if (flags.printConfig !== undefined) {
    context.stdout(
      proxyConfigSnippet({
        client: flags.printConfig,
        config: resolve(context.cwd, path),
        ...(flags.as === undefined ? {} : { as: flags.as }),
        ...(flags.namesFile === undefined
          ? {}
          : { args: ['--names-file', resolve(context.cwd, flags.namesFile)] }),
      }),
    );
    return;
  }
  const prefix = flags.prefix;
  if (prefix !== undefined && prefix !== 'server' && prefix !== 'none') {
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message: `--prefix "${prefix}" is not known; use server or none.`,
    });
  }
  const port = flags.port === undefined ? undefined : Number(flags.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536)) {
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message: `--port "${flags.port}" is not a port number (0-65535).`,
    });
  }
  const idleSeconds = flags.idleTimeout === undefined ? undefined : Number(flags.idleTimeout);
  if (
    idleSeconds !== undefined &&
    !(Number.isInteger(idleSeconds) && idleSeconds >= 0 && idleSeconds <= 2_147_483)
  ) {
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message: `--idle-timeout "${flags.idleTimeout}" is not a whole number of seconds (0 keeps idle sessions open; default 1800).`,
    });
  }
  // Loaded on use: the other commands run without the MCP SDK installed.
  const { runProxy } = await import('../../proxy/run-proxy.js');
  const running = await runProxy({
    config: resolve(context.cwd, path),
    env: context.env,
    log: (line) => context.stderr(`toolwire proxy: ${line}\n`),
    ...(flags.client === undefined ? {} : { client: flags.client }),
    ...(flags.as === undefined ? {} : { as: flags.as }),
    ...(flags.http === true ? { http: true } : {}),
    ...(flags.host === undefined ? {} : { host: flags.host }),
    ...(port === undefined ? {} : { port }),
    ...(flags.token === undefined ? {} : { token: flags.token }),
    ...(flags.allowOrigin === undefined ? {} : { allowedOrigins: flags.allowOrigin }),
    ...(idleSeconds === undefined ? {} : { idleTimeout: idleSeconds * 1000 }),
    ...(flags.namesFile === undefined ? {} : { namesFile: resolve(context.cwd, flags.namesFile) }),
    ...(flags.updateNames === true ? { updateNames: true } : {}),
    ...(flags.include === undefined ? {} : { include: flags.include }),
    ...(flags.exclude === undefined ? {} : { exclude: flags.exclude }),
    ...(flags.fitLimit === true ? { fitLimit: true } : {}),
    ...(prefix === undefined ? {} : { prefix }),
  });
  const stop = () => void running.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await running.closed;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

const collect = (value: string, previous: unknown): string[] => [
  ...((previous as string[] | undefined) ?? []),
  value,
];

/**
 * `toolwire proxy [config]`: one MCP server in front of many, with names and schemas the client
 * keeps.
 * @internal
 * @example
 * ```ts
 * await runCli({ args: ['proxy', 'servers.json', '--print-config', 'claude-code'] });
 * ```
 */
export const proxyCommand: CommandSpec = {
  name: 'proxy',
  summary: 'One MCP server in front of many, with names and schemas the client keeps.',
  positionals: [
    {
      name: 'config',
      required: false,
      description: 'MCP configuration file of the servers to front (or TOOLWIRE_PROXY_CONFIG)',
    },
  ],
  options: [
    {
      name: 'client',
      type: 'string',
      valueName: '<client>',
      description:
        'client profile: claude-code, claude-desktop, cursor, vscode, gemini-cli, codex, openai-agents, generic (default)',
    },
    {
      name: 'as',
      type: 'string',
      valueName: '<key>',
      description: 'the key the client registers the proxy under (default toolwire)',
    },
    { name: 'http', type: 'boolean', description: 'serve streamable HTTP instead of stdio' },
    {
      name: 'host',
      type: 'string',
      valueName: '<host>',
      description: 'HTTP address (default 127.0.0.1; any other needs a token)',
    },
    { name: 'port', type: 'string', valueName: '<port>', description: 'HTTP port (default 8765)' },
    {
      name: 'token',
      type: 'string',
      valueName: '<token>',
      description: 'bearer token for HTTP (or TOOLWIRE_PROXY_TOKEN)',
    },
    {
      name: 'allow-origin',
      type: 'string',
      valueName: '<origin>',
      repeatable: true,
      parse: collect,
      description: 'an Origin allowed besides loopback (repeatable)',
    },
    {
      name: 'idle-timeout',
      type: 'string',
      valueName: '<seconds>',
      description: 'close HTTP sessions idle this long (default 1800; 0 never)',
    },
    {
      name: 'names-file',
      type: 'string',
      valueName: '<path>',
      description: 'pin issued names in this file (commit it)',
    },
    {
      name: 'update-names',
      type: 'boolean',
      description: 'issue every name afresh and rewrite the names file',
    },
    {
      name: 'include',
      type: 'string',
      valueName: '<server:glob>',
      repeatable: true,
      parse: collect,
      description: 'offer only matching tools of a server (repeatable)',
    },
    {
      name: 'exclude',
      type: 'string',
      valueName: '<server:glob>',
      repeatable: true,
      parse: collect,
      description: 'leave out matching tools of a server (repeatable)',
    },
    {
      name: 'fit-limit',
      type: 'boolean',
      description: "offer only the tools that fit the client's tool limit",
    },
    {
      name: 'prefix',
      type: 'string',
      valueName: '<mode>',
      description: 'server (default): server__tool; none: bare names where unique',
    },
    {
      name: 'print-config',
      type: 'string',
      valueName: '<client>',
      description: "print the snippet for that client's configuration and exit",
    },
  ],
  notes: [
    'Stdio by default: nothing but protocol goes to standard output; notes go to standard error.',
    'Per-server filters can also live in the config: {"toolwire": {"servers": {"github": {"exclude": ["delete_*"]}}}}.',
  ],
  run: async (parsed, context) => {
    const options = parsed.options as Record<string, unknown>;
    const flags: ProxyFlags = {};
    const text = (name: string) => options[name] as string | undefined;
    const list = (name: string) => options[name] as string[] | undefined;
    const set = <K extends keyof ProxyFlags>(key: K, value: ProxyFlags[K] | undefined) => {
      if (value !== undefined) flags[key] = value;
    };
    set('client', text('client'));
    set('as', text('as'));
    set('http', options.http === true ? true : undefined);
    set('host', text('host'));
    set('port', text('port'));
    set('token', text('token'));
    set('allowOrigin', list('allow-origin'));
    set('idleTimeout', text('idle-timeout'));
    set('namesFile', text('names-file'));
    set('updateNames', options['update-names'] === true ? true : undefined);
    set('include', list('include'));
    set('exclude', list('exclude'));
    set('fitLimit', options['fit-limit'] === true ? true : undefined);
    set('prefix', text('prefix'));
    set('printConfig', text('print-config'));
    await runProxyCommand(parsed.positionals[0], flags, context);
  },
};
