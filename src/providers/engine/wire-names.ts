import type { RequestProjection } from '../../core/projection/create-request-projection.js';
import type { NameResolution } from '../../core/projection/name-resolution.js';
import type { NameSite } from './wire-format.js';
import { isRecord, type Json, updatePath, withProperty } from './wire-path.js';

/**
 * The name maps of one request: the flat one, and with namespaces one for namespace names and one
 * for member names (separate wire fields, each fitted on its own). `grouped`: see
 * `WireFormat.group`.
 * @internal
 */
export interface WireNames {
  readonly flat: RequestProjection;
  readonly namespace: RequestProjection | undefined;
  readonly member: RequestProjection | undefined;
  readonly separator: string;
  readonly grouped: ReadonlyMap<string, string>;
}

/**
 * The canonical name of a namespace member: the flat name it was grouped from, else
 * `<namespace><separator><member>`.
 * @internal
 */
export function memberCanonical(names: WireNames, space: string, member: string): string {
  return names.grouped.get(`${space}\u0000${member}`) ?? space + names.separator + member;
}

/** The holder's field with the name (`null`: the value at the site is the name). @internal */
export function nameField(site: NameSite): string | null {
  return site.name === undefined ? 'name' : site.name;
}

/**
 * The name a holder at a site carries, its field, and its namespace when it is a member of one.
 * @internal
 */
export function siteNames(
  holder: unknown,
  site: NameSite,
  hasNamespaces: boolean,
): { name: unknown; space: string | undefined; field: string | null } {
  const field = nameField(site);
  if (field === null) return { name: holder, space: undefined, field };
  if (!isRecord(holder)) return { name: undefined, space: undefined, field };
  const space = hasNamespaces && site.namespace !== undefined ? holder[site.namespace] : undefined;
  return { name: holder[field], space: typeof space === 'string' ? space : undefined, field };
}

/**
 * A name holder (a history call, a choice) with its names projected, and the tool names inside
 * its arguments (`argumentNameTools`).
 * @internal
 */
export function projectName(holder: unknown, site: NameSite, names: WireNames): unknown {
  const { flat } = names;
  const { name, space, field } = siteNames(holder, site, names.namespace !== undefined);
  if (typeof name !== 'string') return holder;
  if (field === null) return flat.toWire(name);
  const record = holder as Json;
  if (space !== undefined) {
    const next = withProperty(record, site.namespace as string, names.namespace?.toWire(space));
    return withProperty(next, field, names.member?.toWire(name));
  }
  const next = withProperty(record, field, flat.toWire(name));
  if (site.arguments === undefined || !flat.hasArgumentNames(name)) return next;
  const args = readArguments(record[site.arguments], site.text === true);
  const projected = flat.projectArguments(name, args);
  if (projected === args) return next;
  const value = site.text === true ? JSON.stringify(projected) : projected;
  return withProperty(next, site.arguments, value);
}

/**
 * Arguments as an object: JSON text parsed (`undefined` when it does not parse).
 * @internal
 */
export function readArguments(value: unknown, text: boolean): unknown {
  if (!text) return value;
  if (typeof value !== 'string') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/**
 * A returned call with its names resolved to canonical names and, with `restore`, its arguments
 * restored to the server's shape.
 * @internal
 */
export function resolveCall(
  holder: unknown,
  site: NameSite,
  names: WireNames,
  resolutions: NameResolution[],
  restore: boolean,
): { holder: unknown; canonical: string | undefined } {
  const { name, space, field } = siteNames(holder, site, names.namespace !== undefined);
  if (field === null || typeof name !== 'string') return { holder, canonical: undefined };
  let next = holder as Json;
  let canonical: string | undefined;
  if (space !== undefined) {
    const namespace = (names.namespace as RequestProjection).resolve(space);
    const member = (names.member as RequestProjection).resolve(name);
    resolutions.push(namespace, member);
    const both = namespace.canonical !== undefined && member.canonical !== undefined;
    const key = `${namespace.canonical}\u0000${member.canonical}`;
    const flat = both ? names.grouped.get(key) : undefined;
    canonical =
      flat ?? (both ? `${namespace.canonical}${names.separator}${member.canonical}` : undefined);
    // A namespace toolwire made from an MCP server: the host gets the flat canonical name back.
    next = withProperty(
      next,
      site.namespace as string,
      flat === undefined ? namespace.name : undefined,
    );
    next = withProperty(next, field, flat ?? member.name);
  } else {
    const resolution = names.flat.resolve(name);
    resolutions.push(resolution);
    canonical = resolution.canonical;
    next = withProperty(next, field, resolution.name);
  }
  const args = site.arguments === undefined ? undefined : next[site.arguments];
  if (!restore || args === undefined || canonical === undefined) return { holder: next, canonical };
  const restored =
    site.text !== true
      ? names.flat.restoreArguments(canonical, args)
      : typeof args === 'string'
        ? names.flat.restoreArgumentsText(canonical, args)
        : undefined;
  if (restored === undefined) return { holder: next, canonical };
  resolutions.push(...restored.resolutions);
  const value = 'text' in restored ? restored.text : restored.arguments;
  return { holder: withProperty(next, site.arguments as string, value), canonical };
}

/** `value` with the calls at every site resolved and their arguments restored. @internal */
export function resolveCalls<TValue>(
  value: TValue,
  sites: readonly NameSite[],
  names: WireNames,
  resolutions: NameResolution[],
): TValue {
  let resolved = value;
  for (const site of sites)
    resolved = updatePath(resolved, site.at, (holder) => {
      return resolveCall(holder, site, names, resolutions, true).holder;
    });
  return resolved;
}
