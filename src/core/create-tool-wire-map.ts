import {
  type CompiledEnvelope,
  compileEnvelope,
  renderCharacterClass,
} from './compile-envelope.js';
import type { Envelope, EnvelopeInput } from './envelope.js';
import { fitsCompiledEnvelope } from './fits-envelope.js';
import { resolveSeparator } from './join-tool-name.js';
import { nameHash } from './name-hash.js';
import type { ToolIdentity } from './tool-identity.js';
import { ToolwireError } from './toolwire-error.js';

/** Options of {@link createToolWireMap}. */
export interface ToolWireMapOptions {
  /**
   * The provider's name rule, or its id.
   * @defaultValue `'universal'`
   */
  envelope?: EnvelopeInput;
  /**
   * The separator of canonical names (`<server><separator><tool>`).
   * @defaultValue `'__'`
   */
  separator?: string;
  /**
   * Pinned wire names, per canonical name. Each must fit the envelope and be unique; they are
   * reserved before anything else, so even a canonical name that fits cannot take one.
   */
  overrides?: Readonly<Record<string, string>> | ReadonlyMap<string, string>;
}

/**
 * The per-request map between canonical names and the wire names of one envelope. Immutable.
 */
export interface ToolWireMap {
  /** The envelope every wire name fits. */
  readonly envelope: Envelope;
  /** How many distinct canonical names the map holds. */
  readonly size: number;
  /** The wire name of a canonical name; throws `UNKNOWN_NAME` for a name outside the set. */
  toWire(canonical: string): string;
  /** The canonical name of a wire name, or `undefined` when the map does not know it. */
  fromWire(wire: string): string | undefined;
  /** Every `[canonical, wire]` pair, sorted by canonical name (by UTF-16 code unit). */
  entries(): Array<[canonical: string, wire: string]>;
  /**
   * The identity the map was given for a canonical name, or `undefined` for a name given as a
   * plain string (or given with two different identities, which the map cannot choose between).
   */
  identityOf(canonical: string): ToolIdentity | undefined;
}

/**
 * Builds the map between canonical tool names and names that fit a provider's envelope, and back.
 *
 * - A canonical name that fits is sent unchanged and reserved before any alias is chosen.
 * - A name that breaks only the characters is fixed by putting `_` for each code point the envelope
 *   does not allow (and a leading `_` where the first character is not allowed), when that name is
 *   free and shows no other server's name before the separator.
 * - Any other name gets an alias `<server head>_<tool>_<hash>`: the tool segment whole when it fits,
 *   the server segment shortened first, then `_` and 8 characters of a hash of the full canonical
 *   name (FNV-1a 64, base32). Aliases never contain the separator.
 *
 * Names come as plain canonical strings, split at the first separator to find the server, or as
 * {@link ToolIdentity} items (`{ canonical, server, remoteName }`, such as the hub's tools), whose
 * alias shows their own server key and remote tool name whatever the shape of the canonical name
 * (`mcp__<server>__<tool>`, `<server>_<tool>`): pass identities whenever the names were formed by a
 * naming preset other than `toolwire`. Both kinds can be mixed; a name given twice with two
 * different identities is treated as a plain string.
 *
 * The result depends only on the set of names (and their identities), not their order. Results are
 * cached per envelope and separator, so a host that sends the same tool set on every turn pays a
 * lookup per name.
 *
 * @example
 * ```ts
 * const map = createToolWireMap(
 *   ['github__create_issue', 'browser__browser.fetch', 'io-github-example-org-linear-mcp-server__linear_create_project_with_issues'],
 *   { envelope: 'openai' },
 * );
 * map.toWire('github__create_issue'); // 'github__create_issue'
 * map.toWire('browser__browser.fetch'); // 'browser__browser_fetch'
 * map.toWire('io-github-example-org-linear-mcp-server__linear_create_project_with_issues');
 * // 'io-github-example-org_linear_create_project_with_issues_<8 hash chars>'
 * map.fromWire('browser__browser_fetch'); // 'browser__browser.fetch'
 *
 * // Names formed by a preset, with their identity (the hub's tools have these fields):
 * const claude = createToolWireMap(
 *   [{ canonical: 'mcp__io.github.example/server-everything__trigger-long-running-operation', server: 'io.github.example/server-everything', remoteName: 'trigger-long-running-operation' }],
 *   { envelope: 'openai' },
 * );
 * claude.toWire('mcp__io.github.example/server-everything__trigger-long-running-operation');
 * // 'io_github_example_server_trigger-long-running-operation_<8 hash chars>' (not 'mcp_io_…')
 * claude.identityOf('mcp__io.github.example/server-everything__trigger-long-running-operation')?.server;
 * // 'io.github.example/server-everything'
 * ```
 */
export function createToolWireMap(
  names: Iterable<string | ToolIdentity>,
  options?: ToolWireMapOptions,
): ToolWireMap {
  const compiled = compileEnvelope(options?.envelope ?? 'universal');
  const separator = resolveSeparator(options?.separator);
  const context = contextFor(compiled, separator);
  const { list, identities } = collectNames(names);
  const overrides = readOverrides(options?.overrides, compiled);
  if (overrides !== undefined) return buildMap(list, identities, overrides, context);
  // A cheap key finds the candidates; comparing the lists decides. Hosts send the same tool list
  // in the same order on every turn, so this is the common path.
  const key =
    list.length === 0 ? '' : `${list.length}\u0000${list[0]}\u0000${list[list.length - 1]}`;
  const bucket = context.maps.get(key);
  if (bucket !== undefined) {
    for (const cached of bucket) {
      if (sameNames(cached.names, list) && sameIdentities(cached.identities, identities)) {
        return cached.map;
      }
    }
  }
  const map = buildMap(list, identities, undefined, context);
  rememberMap(context, key, list, identities, map);
  return map;
}

// --- Internal helpers ---

/** The most alias head characters kept from a shortened server segment when the tool is long. */
const MIN_SERVER_HEAD = 8;
/** Characters kept from each end of a segment too long to be shown whole. */
const WINDOW = 256;
const SURROGATE = /[\uD800-\uDFFF]/;
/** Bounds of the memo tables, so a long-running host cannot grow them without end. */
const MAX_CACHED_MAPS = 8;
const MAX_CACHED_MAP_NAMES = 32_768;
const MAX_CACHED_SERVERS = 1024;

/**
 * What the map needs to know about one canonical name. Not kept across builds: the whole map is
 * cached per tool set, and keeping names longer costs more in garbage collection than describing
 * them again when a set changes.
 */
interface NameInfo {
  readonly canonical: string;
  /** The canonical name fits the envelope as it is. */
  readonly fits: boolean;
  /**
   * The server: the identity's server key, or for a plain string the raw server segment when the
   * name has one (a separator after a non-empty prefix).
   */
  readonly server: string | undefined;
  /** The tool segment shown in an alias: the identity's remote name, or what follows the server. */
  readonly tool: string;
  /** The substitution-only wire name, when one exists. */
  readonly substitute: string | undefined;
  /** The part of `substitute` before the separator, when it has one. */
  readonly substituteServerPart: string | undefined;
  /** The first alias, computed on demand; later probe attempts are rare and not kept. */
  alias: string | undefined;
}

interface Context {
  readonly compiled: CompiledEnvelope;
  readonly separator: string;
  /** The character put in place of disallowed ones. */
  readonly joiner: string;
  /**
   * The character between alias parts: the joiner, or where the separator is the joiner itself
   * (`_`), the other of `_` and `-`, so an alias can show server and tool words without it.
   */
  readonly aliasJoiner: string;
  /** What is put in front of a name whose first character may not come first (`_` where allowed). */
  readonly leader: string;
  /** The same for an alias, never a character of the separator. */
  readonly aliasLeader: string;
  readonly maps: Map<string, CachedMap[]>;
  /** How many names the cached maps hold together. */
  cachedMapNames: number;
  /** Matches one code point the envelope does not allow (lone surrogates included). */
  readonly disallowed: RegExp;
  /** The envelope can hold an alias: joiner, leader, hash characters and room for them. */
  readonly aliasable: boolean;
  /** Display forms of server segments, shared by every tool of a server. */
  readonly serverForms: Map<string, string>;
}

interface CachedMap {
  readonly names: readonly string[];
  readonly identities: ReadonlyMap<string, ToolIdentity | null> | undefined;
  readonly map: ToolWireMap;
}

/**
 * The identities given, per canonical name; `null` where one name came with two different
 * identities. `undefined` when every name was a plain string (the common, cheaper path).
 */
type Identities = ReadonlyMap<string, ToolIdentity | null> | undefined;

const contexts = new WeakMap<CompiledEnvelope, Map<string, Context>>();

function contextFor(compiled: CompiledEnvelope, separator: string): Context {
  let bySeparator = contexts.get(compiled);
  if (bySeparator === undefined) {
    bySeparator = new Map();
    contexts.set(compiled, bySeparator);
  }
  let context = bySeparator.get(separator);
  if (context === undefined) {
    const joiner = compiled.allowed[95] === 1 ? '_' : compiled.allowed[45] === 1 ? '-' : '';
    const other = joiner === '_' ? '-' : '_';
    const aliasJoiner =
      separator === joiner && compiled.allowed[other.charCodeAt(0)] === 1 ? other : joiner;
    const leaderOf = (preferred: string, avoid: string): string | undefined =>
      [preferred, ...'tTabcdefghijklmnopqrsuvwxyzABCDEFGHIJKLMNOPQRSUVWXYZ_']
        .concat(Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)))
        .find(
          (character) =>
            character !== '' &&
            !avoid.includes(character) &&
            compiled.first[character.charCodeAt(0)] === 1,
        );
    const leader = leaderOf(joiner, '');
    // Only where the separator is one character can a one-character leader form it.
    const aliasLeader = separator.length === 1 ? leaderOf(aliasJoiner, separator) : leader;
    context = {
      compiled,
      separator,
      joiner,
      aliasJoiner,
      leader: leader ?? '',
      aliasLeader: aliasLeader ?? '',
      maps: new Map(),
      cachedMapNames: 0,
      disallowed: new RegExp(`[^${renderCharacterClass(compiled.allowed)}]`, 'gu'),
      aliasable:
        aliasJoiner !== '' &&
        aliasLeader !== undefined &&
        compiled.maxLength >= 12 &&
        hashFits(compiled),
      serverForms: new Map(),
    };
    bySeparator.set(separator, context);
  }
  return context;
}

function collectNames(names: Iterable<string | ToolIdentity>): {
  list: string[];
  identities: Identities;
} {
  if (names === null || typeof names !== 'object' || !(Symbol.iterator in names)) {
    throw new ToolwireError({
      code: 'INVALID_NAME',
      message: 'Tool names must be an iterable of strings or tool identities, such as an array.',
    });
  }
  const given = Array.isArray(names) ? (names as unknown[]) : [...names];
  let list = given as string[];
  let identities: Map<string, ToolIdentity | null> | undefined;
  for (let index = 0; index < given.length; index++) {
    const name = given[index];
    if (typeof name === 'string') {
      if (identities !== undefined) list.push(name);
      continue;
    }
    const identity = readIdentity(name, index);
    if (identities === undefined) {
      // The first identity: from here on the canonical names go to a list of their own.
      identities = new Map();
      list = given.slice(0, index) as string[];
    }
    list.push(identity.canonical);
    const known = identities.get(identity.canonical);
    if (known === undefined) {
      identities.set(identity.canonical, identity);
    } else if (
      known !== null &&
      (known.server !== identity.server || known.remoteName !== identity.remoteName)
    ) {
      // Two tools formed the same canonical name (a lossy preset): choosing either would depend
      // on order, so the name is read as a plain string.
      identities.set(identity.canonical, null);
    }
  }
  return { list, identities };
}

function readIdentity(item: unknown, index: number): ToolIdentity {
  const fields = item as Partial<Record<keyof ToolIdentity, unknown>> | null;
  if (
    fields === null ||
    typeof fields !== 'object' ||
    typeof fields.canonical !== 'string' ||
    typeof fields.server !== 'string' ||
    typeof fields.remoteName !== 'string'
  ) {
    throw new ToolwireError({
      code: 'INVALID_NAME',
      message: `Tool name at position ${index} is ${fields === null ? 'null' : typeof fields === 'object' ? 'an object without string canonical, server and remoteName' : typeof fields}; pass canonical names as strings or { canonical, server, remoteName } identities.`,
    });
  }
  // A copy of the three fields: the caller's object (a hub tool) may carry much more, or change.
  return { canonical: fields.canonical, server: fields.server, remoteName: fields.remoteName };
}

function rememberMap(
  context: Context,
  key: string,
  names: string[],
  identities: Identities,
  map: ToolWireMap,
): void {
  if (names.length > MAX_CACHED_MAP_NAMES) return;
  let count = 0;
  for (const bucket of context.maps.values()) count += bucket.length;
  // Oldest first: a Map iterates in insertion order.
  while (
    (count >= MAX_CACHED_MAPS || context.cachedMapNames + names.length > MAX_CACHED_MAP_NAMES) &&
    context.maps.size > 0
  ) {
    const [oldestKey, oldest] = context.maps.entries().next().value as [
      string,
      Array<{ names: readonly string[] }>,
    ];
    context.maps.delete(oldestKey);
    for (const entry of oldest) context.cachedMapNames -= entry.names.length;
    count -= oldest.length;
  }
  // A copy: the caller may change its array after this call. The identities are already a copy.
  const entry: CachedMap = { names: names.slice(), identities, map };
  const bucket = context.maps.get(key);
  if (bucket === undefined) context.maps.set(key, [entry]);
  else bucket.push(entry);
  context.cachedMapNames += names.length;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

function sameIdentities(a: Identities, b: Identities): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.size !== b.size) return false;
  for (const [canonical, left] of a) {
    const right = b.get(canonical);
    if (right === undefined) return false;
    if (left === null || right === null) {
      if (left !== right) return false;
    } else if (left.server !== right.server || left.remoteName !== right.remoteName) {
      return false;
    }
  }
  return true;
}

function readOverrides(
  overrides: ToolWireMapOptions['overrides'],
  compiled: CompiledEnvelope,
): Map<string, string> | undefined {
  if (overrides === undefined) return undefined;
  const pairs: Array<[string, unknown]> =
    overrides instanceof Map
      ? [...overrides.entries()]
      : Object.keys(overrides).map((key) => [key, (overrides as Record<string, unknown>)[key]]);
  if (pairs.length === 0) return undefined;
  const byWire = new Map<string, string>();
  const result = new Map<string, string>();
  for (const [canonical, wire] of pairs) {
    if (typeof wire !== 'string' || !fitsCompiledEnvelope(wire, compiled)) {
      throw new ToolwireError({
        code: 'INVALID_OVERRIDE',
        message: `Override for "${canonical}": ${JSON.stringify(wire)} does not fit envelope "${compiled.envelope.id}" (characters ${compiled.envelope.allowedCharacters}, at most ${compiled.maxLength}); pin a name that fits.`,
      });
    }
    const other = byWire.get(wire);
    if (other !== undefined) {
      throw new ToolwireError({
        code: 'INVALID_OVERRIDE',
        message: `Override for "${canonical}": "${wire}" is already pinned for "${other}"; pin a different name.`,
      });
    }
    byWire.set(wire, canonical);
    result.set(canonical, wire);
  }
  return result;
}

function buildMap(
  list: readonly string[],
  identities: Identities,
  overrides: Map<string, string> | undefined,
  context: Context,
): ToolWireMap {
  const identityOf = (name: string): ToolIdentity | undefined =>
    identities === undefined ? undefined : (identities.get(name) ?? undefined);
  const { separator } = context;
  const toWire = new Map<string, string>();
  const fromWire = new Map<string, string>();
  /** Shown server part -> the raw server it belongs to. */
  const serverParts = new Map<string, string>();
  /** Pinned wire names, also of names outside the set, which nothing else may take. */
  const reserved = new Set<string>();
  /** Names that need a substitute or an alias; described when their turn comes, not kept. */
  const rest: string[] = [];

  // 1. Overrides, reserved before anything else.
  if (overrides !== undefined) {
    for (const [canonical, wire] of overrides) {
      reserved.add(wire);
      const at = wire.indexOf(separator);
      if (at >= 0) {
        const owner = identityOf(canonical)?.server ?? serverOf(canonical, separator) ?? '';
        serverParts.set(wire.slice(0, at), owner);
      }
    }
  }
  // 2. Names that fit keep their own name; repeated names are seen once.
  const keptWithSeparator: string[] = [];
  for (const name of list) {
    const pinned = overrides?.get(name);
    if (pinned !== undefined) {
      toWire.set(name, pinned);
      fromWire.set(pinned, name);
      continue;
    }
    const fits =
      fitsCompiledEnvelope(name, context.compiled) && !(reserved.size > 0 && reserved.has(name));
    // One operation both records the name and tells a repeat (the size does not grow).
    const size = toWire.size;
    toWire.set(name, fits ? name : PENDING);
    if (toWire.size === size) continue;
    if (fits) {
      // A name sent as it is lives in `toWire` only (mapped to itself); `fromWire` holds the rest.
      if (name.includes(separator)) keptWithSeparator.push(name);
    } else {
      rest.push(name);
    }
  }
  // The server parts that names sent as they are show; only substitutes need to know them.
  let partsKnown = false;
  const knowServerParts = (): void => {
    if (partsKnown) return;
    partsKnown = true;
    for (const name of keptWithSeparator) {
      const identity = identityOf(name);
      if (identity === undefined || hasPlainShape(identity, separator)) {
        const part = name.slice(0, name.indexOf(separator));
        serverParts.set(part, part);
      } else {
        const part = shownServerPart(name, identity, context);
        if (part !== undefined) serverParts.set(part, identity.server);
      }
    }
  };
  const isTaken = (wire: string): boolean =>
    fromWire.has(wire) || toWire.get(wire) === wire || (reserved.size > 0 && reserved.has(wire));

  // 3. Everything else. First try each name's first choice in the order given: when none of them
  // conflicts, that is exactly what the sorted pass below would choose, at a lookup per name.
  let conflict = false;
  let claimedParts: Map<string, string> | undefined;
  for (const name of rest) {
    const info = describeName(name, identityOf(name), context);
    if (info.substituteServerPart !== undefined) knowServerParts();
    let wire: string | undefined;
    if (info.substitute !== undefined) {
      const owner =
        toWire.get(info.substitute) === info.substitute
          ? info.substitute
          : fromWire.get(info.substitute);
      if (owner === undefined) {
        if (
          !(reserved.size > 0 && reserved.has(info.substitute)) &&
          serverPartIsFree(info, serverParts)
        ) {
          wire = info.substitute;
        }
      } else if (owner !== info.substitute && overrides?.get(owner) !== info.substitute) {
        // Taken by another name of this pass: who wins depends on order, so settle it sorted.
        conflict = true;
        break;
      }
    }
    if (wire === undefined) {
      wire = aliasOf(info, 0, context);
      if (isTaken(wire)) {
        conflict = true;
        break;
      }
    }
    if (wire === info.substitute && info.substituteServerPart !== undefined) {
      claimedParts ??= new Map();
      const owner = claimedParts.get(info.substituteServerPart);
      if (owner !== undefined && owner !== info.server) {
        conflict = true;
        break;
      }
      claimedParts.set(info.substituteServerPart, info.server ?? '');
    }
    toWire.set(info.canonical, wire);
    fromWire.set(wire, info.canonical);
  }
  if (conflict) {
    for (const name of rest) {
      const wire = toWire.get(name) as string;
      if (wire !== PENDING) fromWire.delete(wire);
    }
    knowServerParts();
    rest.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const name of rest) {
      const info = describeName(name, identityOf(name), context);
      const wire = claim(info, isTaken, serverParts, context);
      toWire.set(name, wire);
      fromWire.set(wire, name);
    }
  }
  return freezeMap(toWire, fromWire, identities, context.compiled.envelope);
}

/** Marks a name whose wire name is not chosen yet; no wire name is empty. */
const PENDING = '';

/** Chooses the wire name of one name in the deterministic sorted pass; the caller reserves it. */
function claim(
  info: NameInfo,
  isTaken: (wire: string) => boolean,
  serverParts: Map<string, string>,
  context: Context,
): string {
  if (info.substitute !== undefined && substituteIsFree(info, isTaken, serverParts)) {
    if (info.substituteServerPart !== undefined) {
      serverParts.set(info.substituteServerPart, info.server ?? '');
    }
    return info.substitute;
  }
  for (let attempt = 0; ; attempt++) {
    const alias = aliasOf(info, attempt, context);
    if (!isTaken(alias)) return alias;
  }
}

function substituteIsFree(
  info: NameInfo,
  isTaken: (wire: string) => boolean,
  serverParts: ReadonlyMap<string, string>,
): boolean {
  return !isTaken(info.substitute as string) && serverPartIsFree(info, serverParts);
}

/** True when no other server shows the server part this name's substitute would show. */
function serverPartIsFree(info: NameInfo, serverParts: ReadonlyMap<string, string>): boolean {
  if (info.substituteServerPart === undefined) return true;
  const owner = serverParts.get(info.substituteServerPart);
  return owner === undefined || owner === info.server;
}

function serverOf(name: string, separator: string): string | undefined {
  const at = name.indexOf(separator);
  return at > 0 ? name.slice(0, at) : undefined;
}

/**
 * The text a wire name made from an identity's canonical name shows before its tool: everything
 * before `<separator><remote name>` when the name ends so (`toolwire`, `claude-code`), otherwise
 * everything before the last separator. Only compared between names, to keep one server from
 * showing the text another server's names show.
 */
function shownServerPart(
  wire: string,
  identity: ToolIdentity,
  context: Context,
): string | undefined {
  const { canonical, remoteName } = identity;
  const { separator } = context;
  const tail = separator + remoteName;
  // Substitution works per code point, so the tail's substitution is the wire name's tail.
  const at =
    canonical.length > tail.length && canonical.endsWith(tail)
      ? wire.length - substituteCharacters(tail, context).length
      : wire.lastIndexOf(separator);
  return at > 0 ? wire.slice(0, at) : undefined;
}

function describeName(
  canonical: string,
  identity: ToolIdentity | undefined,
  context: Context,
): NameInfo {
  const { compiled, separator, joiner, leader } = context;
  // An identity of the shape `<server><separator><tool>` says what splitting says: such names are
  // handled exactly as plain strings, so the two never disagree.
  const shaped =
    identity !== undefined && !hasPlainShape(identity, separator) ? identity : undefined;
  const at = shaped === undefined ? canonical.indexOf(separator) : -1;
  const server = shaped?.server ?? (at > 0 ? canonical.slice(0, at) : undefined);
  const tool =
    shaped?.remoteName ??
    (server === undefined ? canonical : canonical.slice(server.length + separator.length));
  const fits = fitsCompiledEnvelope(canonical, compiled);
  let substitute: string | undefined;
  let substituteServerPart: string | undefined;
  // Each code point becomes one character, so only a name within the limit, or one whose astral
  // characters (two code units each) bring it within the limit, can fit after substitution.
  const mayFit =
    canonical.length <= compiled.maxLength ||
    (canonical.length <= compiled.maxLength * 2 && SURROGATE.test(canonical));
  if (!fits && joiner !== '' && mayFit) {
    const whole = substituteCharacters(canonical, context);
    const needsLeader = compiled.first[whole.charCodeAt(0)] !== 1 && leader !== '';
    const candidate = needsLeader ? leader + whole : whole;
    if (candidate !== canonical && fitsCompiledEnvelope(candidate, compiled) && shaped) {
      // The server is known whatever the shape; substitution must not add a separator, and no
      // other server may show the same text before the tool.
      if (countOf(candidate, separator) === countOf(canonical, separator)) {
        substitute = candidate;
        substituteServerPart = shownServerPart(candidate, shaped, context);
      }
    } else if (candidate !== canonical && fitsCompiledEnvelope(candidate, compiled)) {
      // The text before the first separator must be this name's own server, or nothing at all.
      const head = server === undefined ? '' : substituteCharacters(server, context);
      const prefix = needsLeader ? leader : '';
      const shown = candidate.indexOf(separator);
      const shapeKept = server === undefined ? shown < 0 : shown === prefix.length + head.length;
      if (shapeKept) {
        substitute = candidate;
        substituteServerPart = server === undefined ? undefined : prefix + head;
      }
    }
  }
  return {
    canonical,
    fits,
    server,
    tool,
    substitute,
    substituteServerPart,
    alias: undefined,
  };
}

/** True when the identity's canonical name is `<server><separator><tool>`, split where it joins. */
function hasPlainShape(identity: ToolIdentity, separator: string): boolean {
  const { canonical, server } = identity;
  return (
    canonical.length === server.length + separator.length + identity.remoteName.length &&
    canonical.indexOf(separator) === server.length &&
    canonical.startsWith(server) &&
    canonical.endsWith(identity.remoteName)
  );
}

function countOf(text: string, separator: string): number {
  let count = 0;
  for (
    let at = text.indexOf(separator);
    at >= 0;
    at = text.indexOf(separator, at + separator.length)
  ) {
    count++;
  }
  return count;
}

/** Puts the joiner in place of every code point the envelope does not allow. */
function substituteCharacters(text: string, context: Context): string {
  context.disallowed.lastIndex = 0;
  return text.replace(context.disallowed, context.joiner);
}

function aliasOf(info: NameInfo, attempt: number, context: Context): string {
  if (attempt > 0) return buildAlias(info, attempt, context);
  info.alias ??= buildAlias(info, 0, context);
  return info.alias;
}

/** `<server head>_<tool>_<hash>`, fitted to the envelope; see the README for the shape. */
function buildAlias(info: NameInfo, attempt: number, context: Context): string {
  const { compiled, separator, aliasJoiner: joiner, aliasLeader: leader } = context;
  if (!context.aliasable) {
    throw new ToolwireError({
      code: 'INVALID_ENVELOPE',
      message: `Envelope "${compiled.envelope.id}" cannot hold an alias for "${info.canonical}": aliases need "_" or "-", a-z and 2-7, a character allowed first, and at least 12 characters; pin this name with an override.`,
    });
  }
  const { canonical, server, tool } = info;
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

function hashFits(compiled: CompiledEnvelope): boolean {
  for (const character of 'abcdefghijklmnopqrstuvwxyz234567') {
    if (compiled.allowed[character.charCodeAt(0)] !== 1) return false;
  }
  return true;
}

/**
 * The readable form of a segment: substituted characters, separator folded away, anything but
 * letters and digits trimmed from both ends. A segment too long to ever be shown whole keeps only a window at each end.
 */
function displayForm(text: string, context: Context): string {
  if (text.length <= WINDOW * 2) return cleanSegment(text, context);
  return (
    cleanSegment(text.slice(0, WINDOW), context) +
    context.aliasJoiner +
    cleanSegment(text.slice(-WINDOW), context)
  );
}

function cleanSegment(text: string, context: Context): string {
  return trimJoiner(
    foldSeparator(substituteCharacters(text, context), context.separator, context.joiner),
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

function freezeMap(
  toWire: Map<string, string>,
  fromWire: Map<string, string>,
  identities: Identities,
  envelope: Envelope,
): ToolWireMap {
  let sorted: Array<[string, string]> | undefined;
  return Object.freeze({
    envelope,
    size: toWire.size,
    toWire(canonical: string): string {
      const wire = toWire.get(canonical);
      if (wire === undefined) {
        throw new ToolwireError({
          code: 'UNKNOWN_NAME',
          message: `Tool "${String(canonical)}" is not in this wire map; build the map from every name the request carries.`,
        });
      }
      return wire;
    },
    fromWire(wire: string): string | undefined {
      return fromWire.get(wire) ?? (toWire.get(wire) === wire ? wire : undefined);
    },
    entries(): Array<[string, string]> {
      sorted ??= [...toWire.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      return sorted.map(([canonical, wire]) => [canonical, wire]);
    },
    identityOf(canonical: string): ToolIdentity | undefined {
      const identity = identities?.get(canonical);
      // A copy, so no caller can change what the map was built from.
      return identity === undefined || identity === null ? undefined : { ...identity };
    },
  });
}
