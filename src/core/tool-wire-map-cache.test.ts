import { describe, expect, it } from 'vitest';
import { buildToolWireMap } from './build-tool-wire-map.js';
import { compileEnvelope } from './compile-envelope.js';
import { cachedToolWireMap } from './tool-wire-map-cache.js';
import { wireMapContext } from './wire-map-context.js';

describe('cachedToolWireMap', () => {
  const context = wireMapContext(compileEnvelope('anthropic'), '::');
  const build = (names: string[], identities?: Map<string, null>) => {
    let built = 0;
    const map = cachedToolWireMap(context, names, identities, () => {
      built++;
      return buildToolWireMap(names, identities, undefined, context);
    });
    return { map, built };
  };

  it('should build a set once and hand back the same map for the same names in the same order', () => {
    const first = build(['c1::a', 'c1::b']);
    const again = build(['c1::a', 'c1::b']);
    expect(first.built).toBe(1);
    expect(again.built).toBe(0);
    expect(again.map).toBe(first.map);
    expect(build(['c1::a', 'c1::b', 'c1::c']).built).toBe(1);
  });

  it('should keep a copy of the names, so a caller changing its array later changes nothing', () => {
    const names = ['c2::a', 'c2::b'];
    const first = build(names);
    names[1] = 'c2::changed';
    expect(build(['c2::a', 'c2::b']).map).toBe(first.map);
  });

  it('should tell the same names with and without identities apart', () => {
    const plain = build(['c3::a']);
    const carried = build(['c3::a'], new Map([['c3::a', null]]));
    expect(carried.built).toBe(1);
    expect(carried.map).not.toBe(plain.map);
  });

  it('should keep at most 8 sets, dropping the oldest', () => {
    const oldest = build(['c4::0']);
    for (let index = 1; index <= 8; index++) build([`c4::${index}`]);
    expect(build(['c4::8']).built).toBe(0);
    expect(build(['c4::0']).built).toBe(1);
    expect(oldest.built).toBe(1);
  });
});
