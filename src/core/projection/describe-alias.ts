import { DEFAULT_SEPARATOR } from '../join-tool-name.js';
import type { ToolIdentity } from '../tool-identity.js';

/** Options of {@link describeAlias}. */
export interface DescribeAliasOptions {
  /** The tool's canonical name. */
  canonical: string;
  /** The tool's description as the server gave it; absent or empty gives the note alone. */
  description?: string | null | undefined;
  /**
   * The separator of canonical names, read only when no `identity` is given.
   * @defaultValue `'__'`
   */
  separator?: string;
  /**
   * The tool's server key and remote name (for example from `map.identityOf(canonical)` or the
   * hub's tool). When given, the note names them as they are, whatever the shape of the canonical
   * name (`mcp__<server>__<tool>` would otherwise read as server `mcp`).
   */
  identity?: Pick<ToolIdentity, 'server' | 'remoteName'> | undefined;
  /**
   * Name the server and tool whole instead of cut at {@link ALIAS_NOTE_MAX_SERVER} and
   * {@link ALIAS_NOTE_MAX_TOOL} characters, so the canonical name can be read back from the note
   * alone (a stored response resolved without the request that made it). Only up to
   * {@link ALIAS_NOTE_MAX_WHOLE} characters of server and tool together; longer ones keep the
   * bounded note.
   * @defaultValue `false`
   */
  whole?: boolean;
}

/** The longest server segment quoted in a note; longer ones are cut with `…`. */
export const ALIAS_NOTE_MAX_SERVER = 48;
/** The longest tool segment quoted in a note; longer ones are cut with `…`. */
export const ALIAS_NOTE_MAX_TOOL = 96;
/** The longest server and tool, together, that a whole note names uncut. */
export const ALIAS_NOTE_MAX_WHOLE = 512;

/**
 * The description an aliased tool is sent with: the server's description followed by a short,
 * bounded note naming its canonical server and tool, so the model knows what the alias calls.
 * The note never exceeds 200 characters, whatever the names (with `whole`, 200 plus
 * {@link ALIAS_NOTE_MAX_WHOLE}).
 *
 * @example
 * ```ts
 * describeAlias({ canonical: 'atlassian-rovo-mcp__getJiraIssue', description: 'Get an issue.' });
 * // 'Get an issue.\n\n(MCP server "atlassian-rovo-mcp", tool "getJiraIssue")'
 * describeAlias({
 *   canonical: 'mcp__atlassian-rovo-mcp__getJiraIssue',
 *   identity: { server: 'atlassian-rovo-mcp', remoteName: 'getJiraIssue' },
 * });
 * // '(MCP server "atlassian-rovo-mcp", tool "getJiraIssue")'
 * describeAlias({ canonical: `server__${'t'.repeat(120)}`, whole: true });
 * // '(MCP server "server", tool "ttt…ttt")' with all 120 characters of the tool
 * ```
 */
export function describeAlias(options: DescribeAliasOptions): string {
  const { canonical, identity } = options;
  let server: string | undefined;
  let tool = canonical;
  if (identity !== undefined) {
    server = identity.server;
    tool = identity.remoteName;
  } else {
    const separator = options.separator ?? DEFAULT_SEPARATOR;
    const at = canonical.indexOf(separator);
    if (at > 0) {
      server = canonical.slice(0, at);
      tool = canonical.slice(at + separator.length);
    }
  }
  // A remote party names tools: even a whole note stays bounded.
  const whole =
    options.whole === true && (server?.length ?? 0) + tool.length <= ALIAS_NOTE_MAX_WHOLE;
  const serverMax = whole ? ALIAS_NOTE_MAX_WHOLE : ALIAS_NOTE_MAX_SERVER;
  const toolMax = whole ? ALIAS_NOTE_MAX_WHOLE : ALIAS_NOTE_MAX_TOOL;
  const note =
    server !== undefined
      ? `(MCP server "${bound(server, serverMax)}", tool "${bound(tool, toolMax)}")`
      : `(tool "${bound(tool, toolMax)}")`;
  const description = options.description;
  return typeof description === 'string' && description.length > 0
    ? `${description}\n\n${note}`
    : note;
}

function bound(text: string, max: number): string {
  // Only the part that can show is read, so a megabyte name costs no more than a short one.
  const end = Math.min(text.length, max + 1);
  let clean = true;
  for (let index = 0; index < end; index++) {
    if (isSpecial(text.charCodeAt(index))) {
      clean = false;
      break;
    }
  }
  let plain = clean ? text.slice(0, end) : '';
  if (!clean) {
    // Quotes, backslashes and control characters would break the one-line note; show them as spaces.
    for (let index = 0; index < end; index++) {
      plain += isSpecial(text.charCodeAt(index)) ? ' ' : text[index];
    }
  }
  if (plain.length <= max) return plain;
  let cut = plain.slice(0, max - 1);
  // Never leave half of a surrogate pair at the cut.
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function isSpecial(code: number): boolean {
  return code < 32 || code === 127 || code === 34 || code === 92;
}
