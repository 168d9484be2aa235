import { createToolWireMap } from '../core/create-tool-wire-map.js';
import type { Envelope } from '../core/envelope.js';
import { fitsEnvelope } from '../core/fits-envelope.js';

/** One tool or prompt of one server, as the proxy names it. */
export interface ProxyNameItem {
  /** The hub's canonical name (`<server>__<name>`). */
  readonly canonical: string;
  /** The server key. */
  readonly server: string;
  /** The server's own name. */
  readonly remoteName: string;
}

/** Options of {@link fitProxyNames}. */
export interface FitProxyNamesOptions {
  /** Every item offered, in any order (names depend only on the set). */
  items: readonly ProxyNameItem[];
  /** The rule every listed name must fit (see `clientEnvelope`). */
  envelope: Envelope;
  /**
   * Names issued before (from a names file), per canonical name. They are kept, so a tool keeps
   * its name across restarts and added servers; an entry of a tool that is gone stays reserved.
   */
  pinned?: Readonly<Record<string, string>>;
  /**
   * `server` (the default) lists `<server>__<name>`, so a name never depends on which other servers
   * are configured. `none` lists the server's own name when it fits and no other server offers the
   * same one (as a single-server proxy should), and `<server>__<name>` otherwise: adding a server
   * can then rename a tool, unless a names file pins it.
   */
  prefix?: 'server' | 'none';
}

/** Result of {@link fitProxyNames}. */
export interface FitProxyNamesResult {
  /** The listed name of every item that has one, by canonical name. */
  names: Map<string, string>;
  /** Items whose pinned name no longer fits the envelope: left out until names are updated. */
  stale: Array<{ item: ProxyNameItem; pinned: string; reason: string }>;
}

/**
 * Chooses the name each tool (or prompt) is listed under: a name that fits the client's envelope,
 * so the client passes it to its model unchanged, distinct from every other. Readable first: the
 * canonical name when it fits, `_` for characters the client would rewrite, and a short hash only
 * where names would collide or are too long (the core's wire map decides).
 *
 * @example
 * ```ts
 * const { names } = fitProxyNames({
 *   items: [{ canonical: 'web__get.user', server: 'web', remoteName: 'get.user' }],
 *   envelope: clientEnvelope(resolveClientProfile('claude-code'), 'toolwire'),
 * });
 * names.get('web__get.user'); // 'web__get_user'
 * ```
 */
export function fitProxyNames(options: FitProxyNamesOptions): FitProxyNamesResult {
  const { envelope, items } = options;
  const overrides: Record<string, string> = Object.create(null);
  const taken = new Set<string>();
  const stale: FitProxyNamesResult['stale'] = [];
  const present = new Set(items.map((item) => item.canonical));
  const staleCanonicals = new Set<string>();
  for (const [canonical, wire] of Object.entries(options.pinned ?? {})) {
    if (typeof wire !== 'string' || taken.has(wire) || !fitsEnvelope(wire, envelope)) {
      if (present.has(canonical)) staleCanonicals.add(canonical);
      continue;
    }
    overrides[canonical] = wire;
    taken.add(wire);
  }
  if (options.prefix === 'none') {
    const count = new Map<string, number>();
    for (const item of items) count.set(item.remoteName, (count.get(item.remoteName) ?? 0) + 1);
    for (const item of items) {
      if (overrides[item.canonical] !== undefined || staleCanonicals.has(item.canonical)) continue;
      const wire = item.remoteName;
      if (count.get(wire) !== 1 || taken.has(wire) || !fitsEnvelope(wire, envelope)) continue;
      overrides[item.canonical] = wire;
      taken.add(wire);
    }
  }
  const offered = items.filter((item) => !staleCanonicals.has(item.canonical));
  const map = createToolWireMap(
    offered.map((item) => item.canonical),
    { envelope, overrides },
  );
  const names = new Map<string, string>();
  for (const item of offered) names.set(item.canonical, map.toWire(item.canonical));
  for (const item of items) {
    if (!staleCanonicals.has(item.canonical)) continue;
    const pinned = String(options.pinned?.[item.canonical]);
    stale.push({
      item,
      pinned,
      reason: `Tool "${item.remoteName}" of server "${item.server}" is pinned to "${pinned}" in the names file, which does not fit ${envelope.id} (at most ${envelope.maxLength} of ${envelope.allowedCharacters}) or is pinned twice; it is left out. Run with --update-names to give it a new name.`,
    });
  }
  return { names, stale };
}
