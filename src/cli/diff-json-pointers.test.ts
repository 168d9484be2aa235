import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffJsonPointers } from './diff-json-pointers.js';

describe('diffJsonPointers', () => {
  it('names each difference once at its pointer', () => {
    const before = {
      type: 'object',
      properties: { query: { type: 'string' }, 'a/b~c': { type: 'number' } },
      required: ['query'],
    };
    const after = {
      required: ['query', 'limit'],
      type: 'object',
      properties: { query: { type: 'integer' }, limit: { type: 'integer', minimum: 1 } },
    };
    expect(diffJsonPointers({ before, after }).changes).toEqual([
      { pointer: '/properties/query/type', change: 'changed' },
      { pointer: '/properties/a~1b~0c', change: 'removed' },
      { pointer: '/properties/limit', change: 'added' },
      { pointer: '/required/1', change: 'added' },
    ]);
    expect(diffJsonPointers({ before: 'a', after: 'b' }).changes).toEqual([
      { pointer: '', change: 'changed' },
    ]);
    expect(diffJsonPointers({ before: [1], after: { 0: 1 } }).changes).toEqual([
      { pointer: '', change: 'changed' },
    ]);
  });

  it('finds nothing between equal values whatever their key order, and something otherwise', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (left, right) => {
        const reordered = JSON.parse(
          JSON.stringify(left, (_, value) =>
            typeof value === 'object' && value !== null && !Array.isArray(value)
              ? Object.fromEntries(Object.entries(value).reverse())
              : value,
          ),
        );
        expect(diffJsonPointers({ before: left, after: reordered }).changes).toEqual([]);
        const same = JSON.stringify(sortKeys(left)) === JSON.stringify(sortKeys(right));
        const result = diffJsonPointers({ before: left, after: right });
        expect(result.changes.length === 0 && result.more === 0).toBe(same);
      }),
      { numRuns: 500 },
    );
  });

  it('bounds the list and counts the rest, and survives deep nesting', () => {
    const before = Object.fromEntries(
      Array.from({ length: 50 }, (_, index) => [`k${index}`, index]),
    );
    const result = diffJsonPointers({ before, after: {}, limit: 5 });
    expect(result.changes).toHaveLength(5);
    expect(result.more).toBe(45);
    let deep: unknown = 1;
    for (let depth = 0; depth < 100_000; depth += 1) deep = [deep];
    expect(diffJsonPointers({ before: deep, after: [] }).changes).toEqual([
      { pointer: '/0', change: 'removed' },
    ]);
  });
});

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}
