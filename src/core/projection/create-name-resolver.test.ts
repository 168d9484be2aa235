import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createToolWireMap, type ToolWireMap } from '../create-tool-wire-map.js';
import { createNameResolver } from './create-name-resolver.js';

const HASH_SUFFIX = /[-_][a-z2-7]{8}$/;

/** The lenient key: case ignored, `-` read as `_`. */
function key(text: string): string {
  return text.toLowerCase().replaceAll('-', '_');
}

/**
 * Every tool of the map that `received` matches under any rule, computed from the map alone: its
 * wire name or canonical name up to case and separator, or its alias with the hash left off.
 */
function matchingTools(map: ToolWireMap, received: string): Set<string> {
  const found = new Set<string>();
  for (const [canonical, wire] of map.entries()) {
    if (key(received) === key(wire) || key(received) === key(canonical)) found.add(canonical);
    const substituted = wire.length === canonical.length;
    if (wire !== canonical && !substituted && HASH_SUFFIX.test(wire)) {
      if (key(received) === key(wire.replace(HASH_SUFFIX, ''))) found.add(canonical);
    }
  }
  return found;
}

describe('createNameResolver', () => {
  it('should call a name ambiguous when one tool matches by case and another by separator', () => {
    const map = createToolWireMap(['srv__Get_item', 'srv__get-item'], { envelope: 'openai' });
    const resolve = createNameResolver(map, { lenient: true });
    expect(resolve('srv__get_item')).toEqual({
      received: 'srv__get_item',
      name: 'srv__get_item',
      canonical: undefined,
      method: 'ambiguous',
      candidates: ['srv__Get_item', 'srv__get-item'],
    });
    // Each alone still resolves by its own rule.
    expect(resolve('SRV__GET-ITEM')).toMatchObject({ method: 'ambiguous' });
    expect(resolve('srv__Get_item')).toMatchObject({ canonical: 'srv__Get_item', method: 'exact' });
  });

  it("should call an alias with its hash dropped ambiguous when it equals another tool's name up to case", () => {
    const long = `a-very-long-server-key-from-a-registry-somewhere__${'x'.repeat(30)}`;
    const first = createToolWireMap([long], { envelope: 'openai' });
    const stem = first.toWire(long).replace(HASH_SUFFIX, '');
    const other = stem.toUpperCase();
    const map = createToolWireMap([long, other], { envelope: 'openai' });
    expect(map.toWire(long).replace(HASH_SUFFIX, '')).toBe(stem);
    const resolve = createNameResolver(map, { lenient: true });
    expect(resolve(stem)).toMatchObject({
      canonical: undefined,
      method: 'ambiguous',
      candidates: [other, long].sort(),
    });
  });

  it('should resolve a dropped hash joined by - (aliases under a single _ separator)', () => {
    const name = 'my.server_get-env';
    const map = createToolWireMap([name], { envelope: 'openai', separator: '_' });
    const wire = map.toWire(name);
    expect(wire).toMatch(/-[a-z2-7]{8}$/);
    const resolve = createNameResolver(map, { lenient: true });
    expect(resolve(wire.slice(0, -9))).toMatchObject({ canonical: name, method: 'hash-dropped' });
  });

  it('never returns a tool when a different tool matches the received name under any rule', () => {
    const word = fc.constantFrom('get', 'Get', 'GET', 'item', 'Item', 'list', 'x');
    const joint = fc.constantFrom('_', '-', '.', '__');
    const segment = fc
      .tuple(word, fc.array(fc.tuple(joint, word), { maxLength: 3 }))
      .map(([head, rest]) => head + rest.map(([j, w]) => j + w).join(''));
    const server = fc.constantFrom('srv', 'Srv', 'io.github.example/a-long-registry-server-key');
    const names = fc.uniqueArray(
      fc
        .tuple(server, segment, fc.boolean())
        .map(([s, t, pad]) => (pad ? `${s}__${t}_${'z'.repeat(40)}` : `${s}__${t}`)),
      { minLength: 1, maxLength: 8 },
    );
    const transform = fc.constantFrom('upper', 'lower', 'dash', 'underscore', 'drop-hash', 'same');
    fc.assert(
      fc.property(names, fc.nat(), transform, fc.boolean(), (list, pick, how, useCanonical) => {
        const map = createToolWireMap(list, { envelope: 'openai' });
        const resolve = createNameResolver(map, { lenient: true });
        const chosen = list[pick % list.length] as string;
        const base = useCanonical ? chosen : map.toWire(chosen);
        const received =
          how === 'upper'
            ? base.toUpperCase()
            : how === 'lower'
              ? base.toLowerCase()
              : how === 'dash'
                ? base.replaceAll('_', '-')
                : how === 'underscore'
                  ? base.replaceAll('-', '_')
                  : how === 'drop-hash'
                    ? base.replace(HASH_SUFFIX, '')
                    : base;
        const resolution = resolve(received);
        const matches = matchingTools(map, received);
        if (resolution.method === 'exact') {
          expect(map.fromWire(received)).toBe(resolution.canonical);
          return;
        }
        if (resolution.canonical !== undefined) {
          expect([...matches]).toEqual([resolution.canonical]);
        } else if (resolution.method === 'ambiguous') {
          expect(resolution.candidates).toEqual([...matches].sort());
          expect(matches.size).toBeGreaterThan(1);
        } else {
          expect(matches.size).toBe(0);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
