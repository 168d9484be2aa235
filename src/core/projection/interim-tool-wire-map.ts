import { compileEnvelope } from '../compile-envelope.js';
import type { Envelope, EnvelopeInput } from '../envelope.js';
import { DEFAULT_SEPARATOR, resolveSeparator } from '../join-tool-name.js';
import { ToolwireError } from '../toolwire-error.js';

/**
 * The per-request map between canonical and wire names, as the core's `createToolWireMap`
 * contract describes it.
 * @internal
 */
export interface ToolWireMap {
  readonly envelope: Envelope;
  readonly size: number;
  toWire(canonical: string): string;
  fromWire(wire: string): string | undefined;
  entries(): [string, string][];
}

/** Options of the interim map, matching the core's contract. @internal */
export interface InterimToolWireMapOptions {
  envelope?: EnvelopeInput;
  separator?: string;
  overrides?: Readonly<Record<string, string>>;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * Stand-in for the core's `createToolWireMap` until it lands on main, written to its contract
 * (fit, identity, bijection, order independence, `_`-substitution, `<head>_<tool>_<hash>`
 * aliases). Replaced by the core's map in `tool-wire-map-seam.ts`; nothing else imports it.
 * @internal
 */
export function createInterimToolWireMap(
  names: Iterable<string>,
  options: InterimToolWireMapOptions = {},
): ToolWireMap {
  const compiled = compileEnvelope(options.envelope ?? 'universal');
  const separator = resolveSeparator(options.separator ?? DEFAULT_SEPARATOR);
  const unique = [...new Set(names)].sort(compareCodeUnits);
  const toWire = new Map<string, string>();
  const fromWire = new Map<string, string>();
  const fits = (name: string): boolean => {
    if (name.length === 0 || name.length > compiled.maxLength) return false;
    if (compiled.first[name.charCodeAt(0)] !== 1) return false;
    for (let index = 1; index < name.length; index++) {
      if (compiled.allowed[name.charCodeAt(index)] !== 1) return false;
    }
    return true;
  };
  for (const name of unique) {
    if (typeof name !== 'string') {
      throw new ToolwireError({ code: 'INVALID_NAME', message: 'Tool name must be a string.' });
    }
  }
  for (const [canonical, wire] of Object.entries(options.overrides ?? {})) {
    if (!fits(wire) || fromWire.has(wire)) {
      throw new ToolwireError({
        code: 'INVALID_OVERRIDE',
        message: `Override "${wire}" for "${canonical}" does not fit envelope "${compiled.envelope.id}" or is pinned twice; pick another wire name.`,
      });
    }
    toWire.set(canonical, wire);
    fromWire.set(wire, canonical);
  }
  for (const name of unique) {
    if (!toWire.has(name) && fits(name) && !fromWire.has(name)) {
      toWire.set(name, name);
      fromWire.set(name, name);
    }
  }
  const substituted: string[] = [];
  for (const name of unique) {
    if (toWire.has(name)) continue;
    let fixed = '';
    for (let index = 0; index < name.length; index++) {
      const code = name.charCodeAt(index);
      const table = index === 0 ? compiled.first : compiled.allowed;
      fixed += code < 128 && table[code] === 1 ? name[index] : '_';
    }
    if (name.length > 0 && name.length <= compiled.maxLength && !fixed.includes(separator)) {
      if (!fromWire.has(fixed) && !unique.includes(fixed)) {
        toWire.set(name, fixed);
        fromWire.set(fixed, name);
        continue;
      }
    }
    substituted.push(name);
  }
  for (const name of substituted) {
    const at = name.indexOf(separator);
    const server = at > 0 ? name.slice(0, at) : '';
    const tool = at > 0 ? name.slice(at + separator.length) : name;
    for (let attempt = 0; ; attempt++) {
      const hash = hash40(attempt === 0 ? name : `${name}\u0000${attempt}`);
      const room = compiled.maxLength - 9;
      let toolPart = clean(tool, compiled.allowed, separator);
      let serverPart = clean(server, compiled.allowed, separator);
      if (toolPart.length > room) toolPart = toolPart.slice(0, room);
      const serverRoom = Math.max(0, room - toolPart.length - 1);
      serverPart = serverPart.slice(0, Math.min(serverRoom, 16));
      let head = serverPart.length > 0 ? `${serverPart}_${toolPart}` : toolPart;
      if (head.length === 0 || compiled.first[head.charCodeAt(0)] !== 1) {
        head = `t${head}`.slice(0, room);
      }
      let alias = `${head}_${hash}`;
      while (alias.includes(separator)) alias = alias.replace(separator, '_'.repeat(1));
      alias = alias.replace(/_+/g, (run) => (run.length >= 2 && separator === '__' ? '_' : run));
      if (!fits(alias) || fromWire.has(alias) || unique.includes(alias)) continue;
      toWire.set(name, alias);
      fromWire.set(alias, name);
      break;
    }
  }
  const entries = [...toWire.entries()].sort((left, right) => compareCodeUnits(left[0], right[0]));
  return {
    envelope: compiled.envelope,
    size: toWire.size,
    toWire(canonical: string): string {
      const wire = toWire.get(canonical);
      if (wire === undefined) {
        throw new ToolwireError({
          code: 'UNKNOWN_NAME',
          message: `Tool "${canonical}" is not in this map; build the map from every name in the request.`,
        });
      }
      return wire;
    },
    fromWire: (wire: string) => fromWire.get(wire),
    entries: () => entries.map(([canonical, wire]) => [canonical, wire]),
  };
}

function clean(text: string, allowed: Uint8Array, separator: string): string {
  let result = '';
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    result += code < 128 && allowed[code] === 1 ? text[index] : '_';
  }
  return result.split(separator).join('_');
}

function hash40(text: string): string {
  let first = 0x811c9dc5;
  let second = 0x01000193 ^ 0x5bd1e995;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 0x01000193) >>> 0;
    second = Math.imul(second ^ code, 0x5bd1e995) >>> 0;
  }
  const value = first * 256 + (second & 0xff);
  let result = '';
  let rest = value;
  for (let index = 0; index < 8; index++) {
    result = (BASE32[rest % 32] ?? 'a') + result;
    rest = Math.floor(rest / 32);
  }
  return result;
}

function compareCodeUnits(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
