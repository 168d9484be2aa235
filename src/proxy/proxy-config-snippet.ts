import { type ClientProfileInput, resolveClientProfile } from './client-profile.js';

/** Options of {@link proxyConfigSnippet}. */
export interface ProxyConfigSnippetOptions {
  /** The client whose configuration the snippet is for. */
  client: ClientProfileInput;
  /** The key to register the proxy under. @defaultValue `'toolwire'` */
  as?: string;
  /** The proxy's configuration file, as the client should pass it (an absolute path is safest). */
  config: string;
  /** More proxy arguments (`--names-file`, ...). */
  args?: readonly string[];
}

/**
 * The snippet to paste into a client's configuration so that it starts the proxy over stdio with
 * the client's own profile: `mcpServers` JSON (Claude Code, Claude Desktop, Cursor, Gemini CLI),
 * VS Code's `servers`, Codex's TOML, or the Agents SDK's Python.
 *
 * @example
 * ```ts
 * proxyConfigSnippet({ client: 'claude-code', config: '/home/me/tools.json' });
 * // {"mcpServers": {"toolwire": {"command": "npx", "args": ["toolwire", "proxy", "/home/me/tools.json", "--client", "claude-code"]}}}
 * ```
 */
export function proxyConfigSnippet(options: ProxyConfigSnippetOptions): string {
  const profile = resolveClientProfile(options.client);
  const key = options.as ?? 'toolwire';
  const args = [
    'toolwire',
    'proxy',
    options.config,
    '--client',
    profile.id,
    ...(key === 'toolwire' ? [] : ['--as', key]),
    ...(options.args ?? []),
  ];
  switch (profile.configStyle) {
    case 'vscode':
      return `${JSON.stringify({ servers: { [key]: { type: 'stdio', command: 'npx', args } } }, null, 2)}\n`;
    case 'codex':
      return `[mcp_servers.${tomlKey(key)}]\ncommand = "npx"\nargs = [${args.map((arg) => JSON.stringify(arg)).join(', ')}]\n`;
    case 'openai-agents':
      return `from agents.mcp import MCPServerStdio\n\nserver = MCPServerStdio(\n    name=${JSON.stringify(key)},\n    params={"command": "npx", "args": ${JSON.stringify(args)}},\n)\n`;
    default:
      return `${JSON.stringify({ mcpServers: { [key]: { command: 'npx', args } } }, null, 2)}\n`;
  }
}

function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : JSON.stringify(key);
}
