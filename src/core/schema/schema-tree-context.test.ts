import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toJsonPointer } from './json-pointer.js';
import { type TreeContext, warn, warnAtKey } from './schema-tree-context.js';

describe('warnAtKey', () => {
  it('should record at a keyword the path warn records for the path one segment longer', () => {
    // Segments from a few characters, `~` and `/` among them, so that escaped and plain paths
    // are both common, before the key and in it.
    const text = fc.string({ unit: fc.constantFrom('a', '~', '/', '0'), maxLength: 4 });
    const segment = fc.oneof(text, fc.nat({ max: 20 }));
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), text, (path, key) => {
        const byKey = { warnings: [] } as unknown as TreeContext;
        const byPath = { warnings: [] } as unknown as TreeContext;
        warnAtKey(byKey, 'DROPPED_KEYWORD', path, key, 'm');
        warn(byPath, 'DROPPED_KEYWORD', [...path, key], 'm');
        expect(byKey.warnings).toEqual(byPath.warnings);
        expect(byKey.warnings[0]?.path).toBe(toJsonPointer([...path, key]));
      }),
      { numRuns: 1000 },
    );
  });
});
