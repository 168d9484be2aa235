// PROVISIONAL stand-in for the lead's createToolWireMap (branch main). Same contract, simpler
// aliasing; replaced by main's file at merge. Do not ship.
import { compileEnvelope } from './compile-envelope.js';
import type { Envelope, EnvelopeInput } from './envelope.js';
import { fitsEnvelope } from './fits-envelope.js';
import { ToolwireError } from './toolwire-error.js';

/** Options of {@link createToolWireMap}. */
export interface ToolWireMapOptions {
  envelope?: EnvelopeInput;
  separator?: string;
  overrides?: Readonly<Record<string, string>>;
}

/** Canonical <-> wire names for one tool set and one envelope. */
export interface ToolWireMap {
  readonly envelope: Envelope;
  readonly size: number;
  toWire(canonical: string): string;
  fromWire(wire: string): string | undefined;
  entries(): [string, string][];
}

/**
 * Provisional.
 * @example
 * ```ts
 * createToolWireMap(['a__b']).toWire('a__b'); // 'a__b'
 * ```
 */
export function createToolWireMap(
  names: Iterable<string>,
  options: ToolWireMapOptions = {},
): ToolWireMap {
  const compiled = compileEnvelope(options.envelope ?? 'universal');
  const separator = options.separator ?? '__';
  const sorted = [...new Set(names)].sort();
  const toWire = new Map<string, string>();
  const fromWire = new Map<string, string>();
  for (const name of sorted) {
    if (fitsEnvelope(name, compiled.envelope)) {
      toWire.set(name, name);
      fromWire.set(name, name);
    }
  }
  for (const name of sorted) {
    if (toWire.has(name)) continue;
    let fixed = '';
    for (const character of name) {
      fixed += character.length === 1 && compiled.allowed[character.charCodeAt(0)] === 1 ? character : '_';
    }
    if (compiled.first[fixed.charCodeAt(0)] !== 1) fixed = `_${fixed}`;
    let wire = fixed;
    if (wire.length > compiled.maxLength || fromWire.has(wire) || wire.includes(separator) && wire !== fixed) {
      const at = fixed.indexOf(separator.replace(/[^A-Za-z0-9_-]/g, '_'));
      const server = at > 0 ? fixed.slice(0, at) : '';
      const tool = at > 0 ? fixed.slice(at + separator.length) : fixed;
      let attempt = 0;
      do {
        const hash = hash8(`${name}\u0000${attempt}`);
        const room = compiled.maxLength - 9;
        const toolPart = tool.split(separator).join('_').slice(0, Math.max(0, room - 1));
        const head = server.split(separator).join('_').slice(0, Math.max(0, room - toolPart.length - 1));
        wire = `${head ? `${head}_` : ''}${toolPart}`.slice(0, room) + `_${hash}`;
        if (compiled.first[wire.charCodeAt(0)] !== 1) wire = `_${wire.slice(1)}`;
        attempt++;
      } while (fromWire.has(wire));
    }
    toWire.set(name, wire);
    fromWire.set(wire, name);
  }
  return {
    envelope: compiled.envelope,
    size: toWire.size,
    toWire(canonical: string): string {
      const wire = toWire.get(canonical);
      if (wire === undefined) {
        throw new ToolwireError({ code: 'UNKNOWN_NAME', message: `Tool "${canonical}" is not in this map.` });
      }
      return wire;
    },
    fromWire: (wire: string): string | undefined => fromWire.get(wire),
    entries: (): [string, string][] => [...toWire.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
  };
}

function hash8(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let index = 0; index < text.length; index++) {
    h1 = Math.imul(h1 ^ text.charCodeAt(index), 16777619) >>> 0;
    h2 = Math.imul(h2 ^ text.charCodeAt(index), 2246822519) >>> 0;
  }
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let out = '';
  let bits = h1 * 2 ** 8 + (h2 & 0xff);
  for (let index = 0; index < 8; index++) {
    out += alphabet[bits % 32];
    bits = Math.floor(bits / 32);
  }
  return out;
}
