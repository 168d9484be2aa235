import { aliasToolName } from './alias-tool-name.js';
import type { ToolWireMap } from './create-tool-wire-map.js';
import type { Envelope } from './envelope.js';
import { fitsCompiledEnvelope } from './fits-envelope.js';
import type { ToolIdentity } from './tool-identity.js';
import { ToolwireError } from './toolwire-error.js';
import { substituteCharacters, type WireMapContext } from './wire-map-context.js';

/**
 * The identities given, per canonical name; `null` where one name came with two different
 * identities. `undefined` when every name was a plain string (the common, cheaper path).
 * @internal
 */
export type IdentitiesByName = ReadonlyMap<string, ToolIdentity | null> | undefined;

const SURROGATE = /[\uD800-\uDFFF]/;

/** Marks a name whose wire name is not chosen yet; no wire name is empty. */
const PENDING = '';

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

/**
 * Builds the map of one tool set, in two passes: names that fit (and pinned overrides) first, then
 * the rest, each taking its substitute when that is free and shows no other server, otherwise its
 * alias. The rest are first tried in the order given; only when two of them contend is the pass
 * repeated in code-unit order, so the result depends on the set alone.
 * @internal
 * @example
 * ```ts
 * const map = buildToolWireMap(['a__b.c'], undefined, undefined, wireMapContext(compileEnvelope('openai'), '__'));
 * map.toWire('a__b.c'); // 'a__b_c'
 * ```
 */
export function buildToolWireMap(
  list: readonly string[],
  identities: IdentitiesByName,
  overrides: ReadonlyMap<string, string> | undefined,
  context: WireMapContext,
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

/** Chooses the wire name of one name in the deterministic sorted pass; the caller reserves it. */
function claim(
  info: NameInfo,
  isTaken: (wire: string) => boolean,
  serverParts: Map<string, string>,
  context: WireMapContext,
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
  context: WireMapContext,
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
  context: WireMapContext,
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

function aliasOf(info: NameInfo, attempt: number, context: WireMapContext): string {
  if (attempt > 0) return aliasToolName(info, attempt, context);
  info.alias ??= aliasToolName(info, 0, context);
  return info.alias;
}

function freezeMap(
  toWire: Map<string, string>,
  fromWire: Map<string, string>,
  identities: IdentitiesByName,
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
