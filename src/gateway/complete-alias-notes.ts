import type { ToolWireMap } from '../core/create-tool-wire-map.js';
import { DEFAULT_SEPARATOR } from '../core/join-tool-name.js';

/** Options of {@link completeAliasNotes}. */
export interface CompleteAliasNotesOptions {
  /** The projected `tools` of a Responses API request (wire names, alias notes added). */
  tools: unknown[];
  /** The request's wire-name map. */
  map: ToolWireMap;
  /** The separator of canonical names. @defaultValue `'__'` */
  separator?: string;
}

/** The longest canonical name a note is completed for; a longer one keeps its bounded note. */
export const MAX_WHOLE_NOTE_NAME = 512;

// The note the projection appends to a renamed tool's description, at the end (see describeAlias).
const ALIAS_NOTE = /(?:^|\n\n)\((?:MCP server "([^"]*)", )?tool "([^"]*)"\)$/;
const ELLIPSIS = '…';

/**
 * The alias note of a canonical name, whole: `(MCP server "<server>", tool "<tool>")` split at
 * the first separator, or `(tool "<name>")`; quotes, backslashes and control characters shown as
 * spaces, as in the projection's own note.
 *
 * @example
 * ```ts
 * wholeAliasNote('atlassian__getJiraIssue'); // '(MCP server "atlassian", tool "getJiraIssue")'
 * ```
 */
export function wholeAliasNote(canonical: string, separator: string = DEFAULT_SEPARATOR): string {
  const at = canonical.indexOf(separator);
  const plain = (text: string): string =>
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
    text.replace(/[\u0000-\u001f\u007f"\\]/g, ' ');
  return at > 0
    ? `(MCP server "${plain(canonical.slice(0, at))}", tool "${plain(canonical.slice(at + separator.length))}")`
    : `(tool "${plain(canonical)}")`;
}

/**
 * Completes the alias notes the projection cut short (server segments over 48 characters, tool
 * segments over 96) in the tools of a Responses API request, so the stored response the upstream
 * keeps names each renamed tool whole: `GET /v1/responses/{id}` is then resolved from the
 * response alone (see createStoredResponseResolver), with no state in the gateway. Only notes
 * already there are completed, and only for names up to {@link MAX_WHOLE_NOTE_NAME} characters;
 * the input is returned as it is when no note was cut, and never mutated.
 *
 * @example
 * ```ts
 * const tools = completeAliasNotes({ tools: projected.tools, map: projected.map });
 * ```
 */
export function completeAliasNotes(options: CompleteAliasNotesOptions): unknown[] {
  const separator = options.separator ?? DEFAULT_SEPARATOR;
  let out: unknown[] | undefined;
  options.tools.forEach((tool, index) => {
    if (typeof tool !== 'object' || tool === null) return;
    const { name, description } = tool as { name?: unknown; description?: unknown };
    if (typeof name !== 'string' || typeof description !== 'string') return;
    // Only a cut note has an ellipsis before a closing quote.
    if (!description.endsWith('")') || !description.includes(`${ELLIPSIS}"`)) return;
    const canonical = options.map.fromWire(name);
    if (canonical === undefined || canonical === name) return;
    if (canonical.length > MAX_WHOLE_NOTE_NAME) return;
    const note = ALIAS_NOTE.exec(description);
    if (note === null) return;
    const whole = wholeAliasNote(canonical, separator);
    const completed = note.index === 0 ? whole : `${description.slice(0, note.index)}\n\n${whole}`;
    out ??= [...options.tools];
    out[index] = { ...(tool as object), description: completed };
  });
  return out ?? options.tools;
}
