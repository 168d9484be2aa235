import { resolve } from 'node:path';
import type { Command } from 'commander';
import { ToolwireError } from '../../core/toolwire-error.js';
import { proxyConfigSnippet } from '../../proxy/proxy-config-snippet.js';
import { runProxy } from '../../proxy/run-proxy.js';
import type { CliContext } from '../cli-context.js';

/** The flags of `toolwire proxy`. @internal */
export interface ProxyFlags {
  client?: string;
  as?: string;
  http?: boolean;
  host?: string;
  port?: string;
  token?: string;
  allowOrigin?: string[];
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

/**
 * Registers `toolwire proxy` with the command line.
 * @internal
 * @example
 * ```ts
 * registerProxyCommand(program, context); // toolwire proxy servers.json --client claude-code
 * ```
 */
export function registerProxyCommand(program: Command, context: CliContext): void {
  const collect = (value: string, previous: string[] = []) => [...previous, value];
  program
    .command('proxy')
    .argument('[config]', 'MCP configuration file of the servers to front')
    .description(
      'One MCP server in front of many, with names and schemas the client keeps (stdio, or --http).',
    )
    .option(
      '--client <client>',
      'client profile: claude-code, claude-desktop, cursor, vscode, gemini-cli, codex, openai-agents, generic',
    )
    .option('--as <key>', 'the key the client registers the proxy under (default toolwire)')
    .option('--http', 'serve streamable HTTP instead of stdio')
    .option('--host <host>', 'HTTP address (default 127.0.0.1; others need a token)')
    .option('--port <port>', 'HTTP port (default 8765)')
    .option('--token <token>', 'bearer token for HTTP (or TOOLWIRE_PROXY_TOKEN)')
    .option('--allow-origin <origin>', 'an Origin allowed besides loopback (repeatable)', collect)
    .option('--names-file <path>', 'pin issued names in this file (commit it)')
    .option('--update-names', 'issue every name afresh and rewrite the names file')
    .option(
      '--include <server:glob>',
      'offer only matching tools of a server (repeatable)',
      collect,
    )
    .option('--exclude <server:glob>', 'leave out matching tools of a server (repeatable)', collect)
    .option('--fit-limit', "offer only the tools that fit the client's tool limit")
    .option('--prefix <mode>', 'server (default): server__tool; none: bare names when unique')
    .option('--print-config <client>', "print the snippet for that client's configuration")
    .action((config: string | undefined, flags: ProxyFlags) =>
      runProxyCommand(config, flags, context),
    );
}
