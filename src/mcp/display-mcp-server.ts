import { createSecretMask } from './mask-secrets.js';
import type { McpServerDisplay, McpServerEntry } from './parse-mcp-config.js';

/**
 * How to show a server entry: its `display` (as written, `${VAR}` unexpanded) when it came from a
 * configuration file, else one derived from its `config` with every secret masked. `undefined`
 * for an entry without a command or URL.
 *
 * @example
 * ```ts
 * // "args": ["srv.mjs", "--api-key=${SECRET_TOKEN}"], "url" unset
 * displayMcpServer(entry)?.text; // 'node srv.mjs --api-key=${SECRET_TOKEN}'
 * displayMcpServer({ key: 'x', config: { type: 'http', url: 'http://127.0.0.1:3001/mcp', transport: 'auto', headers: {} } })?.text;
 * // 'http://127.0.0.1:3001/mcp'
 * ```
 */
export function displayMcpServer(entry: McpServerEntry): McpServerDisplay | undefined {
  if (entry.display !== undefined) return entry.display;
  const config = entry.config;
  if (config === undefined) return undefined;
  const mask = createSecretMask(mcpServerSecrets(entry));
  if (config.type === 'http') {
    const url = mask(config.url);
    return { type: 'http', url, text: url };
  }
  const command = mask(config.command);
  const args = config.args.map(mask);
  return { type: 'stdio', command, args, text: [command, ...args].join(' ') };
}

/**
 * Every value of an entry never to print: its `secrets` (from `${VAR}` expansion) and its `env`
 * and header values, also for an entry built by hand without `secrets`.
 *
 * @example
 * ```ts
 * mcpServerSecrets({ key: 'x', config: { type: 'http', url, transport: 'auto', headers: { Authorization: 'Bearer abc123' } } });
 * // ['Bearer abc123']
 * ```
 */
export function mcpServerSecrets(entry: McpServerEntry): string[] {
  const secrets = new Set(entry.secrets ?? []);
  const config = entry.config;
  if (config?.type === 'stdio') for (const value of Object.values(config.env)) secrets.add(value);
  if (config?.type === 'http') {
    for (const value of Object.values(config.headers)) secrets.add(value);
  }
  return [...secrets].filter((secret) => typeof secret === 'string' && secret.length > 0);
}
