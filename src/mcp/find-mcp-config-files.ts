import { access } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** Options of {@link findMcpConfigFiles}. */
export interface FindMcpConfigFilesOptions {
  /** The project folder for project-level files. @defaultValue `process.cwd()` */
  cwd?: string;
  /** The user's home. @defaultValue `os.homedir()` */
  home?: string;
  /** The platform whose locations to use. @defaultValue `process.platform` */
  platform?: NodeJS.Platform;
  /** Reads `APPDATA` and `XDG_CONFIG_HOME`. @defaultValue `process.env` */
  env?: Readonly<Record<string, string | undefined>>;
}

/** One well-known configuration location. */
export interface McpConfigLocation {
  /** The client that reads it. */
  client: 'claude-desktop' | 'cursor' | 'vscode' | 'claude-code';
  /** The absolute path. */
  path: string;
  /**
   * `user`: in the user's own folders. `project`: in the working folder, so it comes with whatever
   * was checked out there and can start any command; run it only when the user asks (Claude Code and
   * VS Code ask for trust first).
   */
  scope: 'user' | 'project';
  /** True when the file exists. */
  exists: boolean;
}

/**
 * The places where Claude Desktop, Cursor, VS Code and Claude Code keep their MCP server lists, for
 * this platform and project, each marked with whether the file exists and whether it is the user's
 * own (`scope: 'user'`) or the working folder's (`scope: 'project'`). `toolwire lint` without a
 * target reads the user's files that exist, and project files only with `--project`.
 *
 * @example
 * ```ts
 * const mine = (await findMcpConfigFiles()).filter((location) => location.exists && location.scope === 'user');
 * ```
 */
export async function findMcpConfigFiles(
  options: FindMcpConfigFilesOptions = {},
): Promise<McpConfigLocation[]> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const home = options.home ?? homedir();
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  const appData =
    platform === 'win32'
      ? (env.APPDATA ?? join(home, 'AppData', 'Roaming'))
      : platform === 'darwin'
        ? join(home, 'Library', 'Application Support')
        : (env.XDG_CONFIG_HOME ?? join(home, '.config'));
  // A project path that is also a user path (the working folder is the home) stays a user path:
  // the user ones come first and a path is listed once.
  const candidates: Omit<McpConfigLocation, 'exists'>[] = [
    {
      client: 'claude-desktop',
      path: join(appData, 'Claude', 'claude_desktop_config.json'),
      scope: 'user',
    },
    { client: 'cursor', path: join(home, '.cursor', 'mcp.json'), scope: 'user' },
    { client: 'vscode', path: join(appData, 'Code', 'User', 'mcp.json'), scope: 'user' },
    { client: 'cursor', path: join(cwd, '.cursor', 'mcp.json'), scope: 'project' },
    { client: 'vscode', path: join(cwd, '.vscode', 'mcp.json'), scope: 'project' },
    { client: 'claude-code', path: join(cwd, '.mcp.json'), scope: 'project' },
  ];
  const seen = new Set<string>();
  const locations: McpConfigLocation[] = [];
  for (const candidate of candidates) {
    if (seen.has(candidate.path)) continue;
    seen.add(candidate.path);
    locations.push({ ...candidate, exists: await exists(candidate.path) });
  }
  return locations;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
