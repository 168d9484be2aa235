import type { NamingPreset } from '../core/naming-preset.js';
import type { McpHubTool } from './mcp-hub-tool.js';
import type { McpHubWarning } from './mcp-hub-warning.js';

/** Options of {@link claimCanonicalNames}. @internal */
export interface ClaimCanonicalNamesOptions {
  /** Each server's tools, by server key. */
  servers: ReadonlyMap<string, readonly McpHubTool[]>;
  /** The name prefix of every configured server, started or not (see {@link serverNamePrefix}). */
  prefixes: ReadonlyMap<string, string>;
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
 * Decides which tool holds each canonical name. Lossy presets can make two tools form one name:
 *
 * - Across servers, a name that two configured servers can form is given to neither, whatever
 *   either lists and whatever the key order: a tool whose name falls among another server's names
 *   (server `a` listing `b__echo` forms `mcp__a__b__echo` under `claude-code`, which is server
 *   `a__b`'s prefix) is left out, and so is any name two servers' tools both formed.
 * - Within one server, the tool whose remote name sorts first keeps the name.
 *
 * So a call by canonical name never reaches a server other than the one the name stands for.
 * @internal
 * @example
 * ```ts
 * const { byCanonical, warnings } = claimCanonicalNames({ servers, prefixes, preset });
 * ```
 */
export function claimCanonicalNames(
  options: ClaimCanonicalNamesOptions,
): ClaimCanonicalNamesResult {
  const { preset, prefixes } = options;
  const byCanonical = new Map<string, McpHubTool>();
  const warnings = new Map<string, McpHubWarning[]>();
  const contested = new Map<string, McpHubTool[]>();
  for (const [server, tools] of options.servers) {
    const list: McpHubWarning[] = [];
    warnings.set(server, list);
    const own = prefixes.get(server);
    // The other servers whose names lie inside this server's names (usually none).
    const inside =
      own === undefined
        ? []
        : [...prefixes].filter(
            ([other, prefix]) =>
              other !== server && prefix.length > own.length && prefix.startsWith(own),
          );
    for (const tool of [...tools].sort((a, b) => compare(a.remoteName, b.remoteName))) {
      const owner = inside.find(([, prefix]) => tool.canonical.startsWith(prefix));
      if (owner !== undefined) {
        list.push(ambiguous(tool, owner[0], preset));
        continue;
      }
      const holder = byCanonical.get(tool.canonical);
      if (holder === undefined) {
        byCanonical.set(tool.canonical, tool);
      } else if (holder.server === server) {
        list.push({
          code: 'NAME_TAKEN',
          server,
          tool: tool.remoteName,
          message: `Server "${server}": tool "${tool.remoteName}" forms the name "${tool.canonical}" under the ${preset.id} preset, which its tool "${holder.remoteName}" already has; it is left out. Rename the tool on the server or use the toolwire preset.`,
        });
      } else {
        contested.set(tool.canonical, [...(contested.get(tool.canonical) ?? [holder]), tool]);
      }
    }
  }
  // A preset without the prefix shape (a custom one) can still let two servers form one name.
  for (const [canonical, tools] of contested) {
    byCanonical.delete(canonical);
    for (const tool of tools) {
      const other = tools.find((candidate) => candidate.server !== tool.server) as McpHubTool;
      warnings.get(tool.server)?.push(ambiguous(tool, other.server, preset));
    }
  }
  return { byCanonical, warnings };
}

/**
 * The text every canonical name of a server starts with under a preset (`mcp__github__` under
 * `claude-code`), found by forming two names: a name another server can also form starts with
 * both servers' prefixes.
 * @internal
 * @example
 * ```ts
 * serverNamePrefix(NAMING_PRESETS['claude-code'], 'a__b'); // 'mcp__a__b__'
 * ```
 */
export function serverNamePrefix(preset: NamingPreset, server: string): string {
  const first = preset.formatName(server, 'x');
  const second = preset.formatName(server, 'y');
  let length = 0;
  while (length < first.length && first[length] === second[length]) length++;
  return first.slice(0, length);
}

/**
 * The servers none of whose names can be given: each server whose every name another configured
 * server can also form (its prefix starts with the other's, or equals it), with those others.
 * @internal
 * @example
 * ```ts
 * findShadowedServers(new Map([['a', 'mcp__a__'], ['a__b', 'mcp__a__b__']])); // Map { 'a__b' => ['a'] }
 * ```
 */
export function findShadowedServers(prefixes: ReadonlyMap<string, string>): Map<string, string[]> {
  const shadowed = new Map<string, string[]>();
  const sorted = [...prefixes].sort(([, a], [, b]) => compare(a, b));
  // Sorted, a prefix comes right before the prefixes that start with it.
  for (let index = 0; index < sorted.length; index++) {
    const [server, prefix] = sorted[index] as [string, string];
    for (let next = index + 1; next < sorted.length; next++) {
      const [other, otherPrefix] = sorted[next] as [string, string];
      if (!otherPrefix.startsWith(prefix)) break;
      shadowed.set(other, [...(shadowed.get(other) ?? []), server]);
      if (otherPrefix === prefix) shadowed.set(server, [...(shadowed.get(server) ?? []), other]);
    }
  }
  return shadowed;
}

function ambiguous(tool: McpHubTool, other: string, preset: NamingPreset): McpHubWarning {
  return {
    code: 'NAME_AMBIGUOUS',
    server: tool.server,
    tool: tool.remoteName,
    message: `Server "${tool.server}": tool "${tool.remoteName}" forms the name "${tool.canonical}" under the ${preset.id} preset, which server "${other}" can also form; it is given to neither, so that a call cannot reach the wrong server. Rename one of the server keys or use the toolwire preset.`,
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
