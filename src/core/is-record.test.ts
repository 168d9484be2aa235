import { describe, expect, it } from 'vitest';
import { isRecord } from './is-record.js';

describe('isRecord', () => {
  it('should take plain and class objects, and nothing else', () => {
    expect([{}, { a: 1 }, new Date(), Object.create(null)].every(isRecord)).toBe(true);
    expect([null, undefined, [], 'x', 1, true, () => {}].some(isRecord)).toBe(false);
  });
});
