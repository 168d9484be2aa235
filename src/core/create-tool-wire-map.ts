import { buildToolWireMap, type IdentitiesByName } from './build-tool-wire-map.js';
import { type CompiledEnvelope, compileEnvelope } from './compile-envelope.js';
import type { Envelope, EnvelopeInput } from './envelope.js';
import { fitsCompiledEnvelope } from './fits-envelope.js';
import { resolveSeparator } from './join-tool-name.js';
import type { ToolIdentity } from './tool-identity.js';
import { cachedToolWireMap } from './tool-wire-map-cache.js';
import { ToolwireError } from './toolwire-error.js';
import { wireMapContext } from './wire-map-context.js';

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
  const context = wireMapContext(compiled, separator);
  const { list, identities } = collectNames(names);
  const overrides = readOverrides(options?.overrides, compiled);
  if (overrides !== undefined) return buildToolWireMap(list, identities, overrides, context);
  return cachedToolWireMap(context, list, identities, () =>
    buildToolWireMap(list, identities, undefined, context),
  );
}

function collectNames(names: Iterable<string | ToolIdentity>): {
  list: string[];
  identities: IdentitiesByName;
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
