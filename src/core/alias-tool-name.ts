import { nameHash } from './name-hash.js';
import { ToolwireError } from './toolwire-error.js';
import { foldCase, substituteCharacters, type WireMapContext } from './wire-map-context.js';

/** The most alias head characters kept from a shortened server segment when the tool is long. */
const MIN_SERVER_HEAD = 8;
/** Characters kept from each end of a segment too long to be shown whole. */
const WINDOW = 256;
/** Bound of the display-form memo, so a long-running host cannot grow it without end. */
const MAX_CACHED_SERVERS = 1024;

/** What an alias is made of. */
export interface AliasedName {
  /** The canonical name, hashed whole. */
  readonly canonical: string;
  /** The server key shown first, when the name has one. */
  readonly server: string | undefined;
  /** The tool segment shown after it. */
  readonly tool: string;
}

/**
 * The alias of one name, `<server head>_<tool>_<hash>` fitted to the envelope (see the README for
 * the shape): the server shown once, as a prefix of its display form shared by all its tools; the
 * tool segment whole when it fits beside 8 characters of server; the hash of the full canonical
 * name (with `attempt` mixed in after the first try) to tell apart what the words do not.
 * Throws `INVALID_ENVELOPE` when the envelope cannot hold an alias.
 * @internal
 * @example
 * ```ts
 * aliasToolName({ canonical: 'io.github/x__get.env', server: 'io.github/x', tool: 'get.env' }, 0, context);
 * // 'io_github_x_get_env_<8 hash chars>'
 * ```
 */
export function aliasToolName(name: AliasedName, attempt: number, context: WireMapContext): string {
  const { compiled, separator, aliasJoiner: joiner, aliasLeader: leader } = context;
  if (!context.aliasable) {
    throw new ToolwireError({
      code: 'INVALID_ENVELOPE',
      message: `Envelope "${compiled.envelope.id}" cannot hold an alias for "${name.canonical}": aliases need "_" or "-", a-z and 2-7, a character allowed first, and at least 12 characters; pin this name with an override.`,
    });
  }
  const { canonical, server, tool } = name;
  const hash = nameHash(attempt === 0 ? canonical : `${canonical}\u0000${attempt}`);
  const toolPart = displayForm(tool, context);
  let serverPart = '';
  if (server !== undefined) {
    // Every tool of a server shows the same server form; compute it once per server.
    const known = context.serverForms.get(server);
    if (known === undefined) {
      serverPart = displayForm(server, context);
      if (context.serverForms.size >= MAX_CACHED_SERVERS) context.serverForms.clear();
      context.serverForms.set(server, serverPart);
    } else {
      serverPart = known;
    }
  }
  let budget = compiled.maxLength - joiner.length - hash.length;
  for (;;) {
    let head = composeHead(serverPart, toolPart, budget, joiner);
    let alias = head === '' ? hash : head + joiner + hash;
    // With the default separator (two joiners) the parts are folded and trimmed to letters and
    // digits at both ends, so no joint can form it; any other separator is checked.
    if (separator === joiner + joiner) {
      if (compiled.first[alias.charCodeAt(0)] === 1) return alias;
      if (alias.length < compiled.maxLength) return leader + alias;
      budget--;
      continue;
    }
    head = foldSeparator(head, separator, joiner);
    alias = head === '' ? hash : head + joiner + hash;
    // Only the joint between head and hash can still form the separator.
    while (alias.includes(separator) && head !== '') {
      head = head.slice(0, -1);
      alias = head === '' ? hash : head + joiner + hash;
    }
    if (alias.includes(separator)) {
      throw new ToolwireError({
        code: 'INVALID_OPTION',
        message: `Separator "${separator}" cannot be kept out of the alias of "${canonical}"; choose a separator with a character outside a-z and 2-7.`,
      });
    }
    if (compiled.first[alias.charCodeAt(0)] === 1) return alias;
    if (alias.length < compiled.maxLength) return leader + alias;
    budget--;
  }
}

/**
 * The readable form of a segment: letters the envelope takes only in the other case shown in that
 * case, other characters substituted, separator folded away, anything but
 * letters and digits trimmed from both ends. A segment too long to ever be shown whole keeps only a window at each end.
 */
function displayForm(text: string, context: WireMapContext): string {
  if (text.length <= WINDOW * 2) return cleanSegment(text, context);
  return (
    cleanSegment(text.slice(0, WINDOW), context) +
    context.aliasJoiner +
    cleanSegment(text.slice(-WINDOW), context)
  );
}

function cleanSegment(text: string, context: WireMapContext): string {
  return trimJoiner(
    foldSeparator(
      substituteCharacters(foldCase(text, context), context),
      context.separator,
      context.joiner,
    ),
  );
}

function composeHead(server: string, tool: string, budget: number, joiner: string): string {
  if (server === '') return shorten(tool, budget, joiner);
  if (tool === '') return shorten(server, budget, joiner);
  if (server.length + joiner.length + tool.length <= budget) return server + joiner + tool;
  const room = budget - joiner.length - tool.length;
  if (room >= Math.min(MIN_SERVER_HEAD, server.length)) {
    return trimJoiner(server.slice(0, room)) + joiner + tool;
  }
  const serverHead = trimJoiner(server.slice(0, MIN_SERVER_HEAD));
  return serverHead + joiner + shorten(tool, budget - serverHead.length - joiner.length, joiner);
}

/**
 * Shortens a segment that does not fit by cutting its longest words first (`Registrations` ->
 * `Regis`), so every word keeps its start and siblings that differ in any word stay apart. Words
 * are runs of letters and digits, split before a capital that follows a small letter or digit.
 */
function shorten(text: string, budget: number, joiner: string): string {
  if (text.length <= budget) return text;
  if (budget <= joiner.length + 1) return text.slice(0, Math.max(budget, 0));
  const pieces = splitWords(text);
  let punctuation = 0;
  let longest = 0;
  for (const piece of pieces) {
    if (piece.word) longest = Math.max(longest, piece.text.length);
    else punctuation += piece.text.length;
  }
  const lengthAt = (cap: number): number => {
    let total = punctuation;
    for (const piece of pieces) if (piece.word) total += Math.min(piece.text.length, cap);
    return total;
  };
  let low = 1;
  let high = longest;
  if (lengthAt(1) > budget) return cutMiddle(capWords(pieces, 1), budget, joiner);
  // The largest cap whose result fits.
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (lengthAt(middle) <= budget) low = middle;
    else high = middle - 1;
  }
  return capWords(pieces, low);
}

function splitWords(text: string): Array<{ text: string; word: boolean }> {
  const pieces: Array<{ text: string; word: boolean }> = [];
  let start = 0;
  for (let index = 1; index <= text.length; index++) {
    const previous = text.charCodeAt(index - 1);
    const code = text.charCodeAt(index);
    const boundary =
      index === text.length ||
      isAlphanumeric(previous) !== isAlphanumeric(code) ||
      (code >= 65 &&
        code <= 90 &&
        ((previous >= 97 && previous <= 122) || (previous >= 48 && previous <= 57)));
    if (boundary) {
      pieces.push({ text: text.slice(start, index), word: isAlphanumeric(previous) });
      start = index;
    }
  }
  return pieces;
}

function capWords(pieces: ReadonlyArray<{ text: string; word: boolean }>, cap: number): string {
  let result = '';
  for (const piece of pieces) result += piece.word ? piece.text.slice(0, cap) : piece.text;
  return result;
}

/** The last resort for a segment of many one-letter words: keep both ends. */
function cutMiddle(text: string, budget: number, joiner: string): string {
  if (text.length <= budget) return text;
  const front = Math.ceil((budget - joiner.length) / 2);
  const back = budget - joiner.length - front;
  return trimJoiner(text.slice(0, front)) + joiner + trimJoiner(back > 0 ? text.slice(-back) : '');
}

function foldSeparator(text: string, separator: string, joiner: string): string {
  if (separator.length === 1) {
    const replacement = separator === joiner ? (joiner === '_' ? '-' : '_') : joiner;
    return text.split(separator).join(replacement);
  }
  let result = text;
  while (result.includes(separator)) result = result.split(separator).join(separator.slice(0, -1));
  return result;
}

/** Trims what is not a letter or digit from both ends, so joints read cleanly (`v1-0-` + `_`). */
function trimJoiner(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && !isAlphanumeric(text.charCodeAt(start))) start++;
  while (end > start && !isAlphanumeric(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

function isAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}
