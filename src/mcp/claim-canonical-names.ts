import type { NamingPreset } from '../core/naming-preset.js';
import type { McpHubTool } from './mcp-hub-tool.js';
import type { McpHubWarning } from './mcp-hub-warning.js';

/** Options of {@link claimCanonicalNames}. @internal */
export interface ClaimCanonicalNamesOptions {
  /** Each server's tools, by server key. */
  servers: ReadonlyMap<string, readonly McpHubTool[]>;
  preset: NamingPreset;
}

/** The result of {@link claimCanonicalNames}. @internal */
export interface ClaimCanonicalNamesResult {
  /** The tool that holds each canonical name. */
  byCanonical: Map<string, McpHubTool>;
  /** The tools that did not get their name, by server key. */
  warnings: Map<string, McpHubWarning[]>;
}

/**
 * Decides which tool holds each canonical name. Names are claimed in (server, remote name)
 * order, so who keeps a contested name never depends on which server answered first; lossy
 * presets can make two tools form one name.
 * @internal
 * @example
 * ```ts
 * const { byCanonical, warnings } = claimCanonicalNames({ servers: new Map([['one', tools]]), preset });
 * ```
 */
export function claimCanonicalNames(
  options: ClaimCanonicalNamesOptions,
): ClaimCanonicalNamesResult {
  const { preset } = options;
  const all = [...options.servers.entries()]
    .sort(([a], [b]) => compare(a, b))
    .flatMap(([, tools]) => [...tools].sort((a, b) => compare(a.remoteName, b.remoteName)));
  const byCanonical = new Map<string, McpHubTool>();
  const warnings = new Map<string, McpHubWarning[]>();
  for (const key of options.servers.keys()) warnings.set(key, []);
  for (const tool of all) {
    const holder = byCanonical.get(tool.canonical);
    if (holder === undefined) {
      byCanonical.set(tool.canonical, tool);
      continue;
    }
    warnings.get(tool.server)?.push({
      code: 'NAME_TAKEN',
      server: tool.server,
      tool: tool.remoteName,
      message: `Server "${tool.server}": tool "${tool.remoteName}" forms the name "${tool.canonical}" under the ${preset.id} preset, which "${holder.remoteName}" of server "${holder.server}" already has; it is left out. Rename a server key or use the toolwire preset.`,
    });
  }
  return { byCanonical, warnings };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
