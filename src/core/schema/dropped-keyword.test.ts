import { describe, expect, it } from 'vitest';
import { droppedKeyword } from './dropped-keyword.js';

describe('droppedKeyword', () => {
  it('names the target and the keyword', () => {
    expect(droppedKeyword('Gemini', 'x-order')).toBe('Gemini does not take `x-order`; dropped it.');
  });
});
