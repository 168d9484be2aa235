import { describe, expect, it } from 'vitest';
import { movedKeyword } from './moved-keyword.js';

describe('movedKeyword', () => {
  it('writes a string as it reads in the description, and as JSON in the warning', () => {
    expect(movedKeyword('Gemini', 'pattern', '^a"b$')).toEqual({
      entry: 'pattern: ^a"b$',
      message: 'Gemini does not take `pattern: "^a\\"b$"` here; moved it into the description.',
    });
  });

  it('writes any other value as its JSON in both', () => {
    expect(movedKeyword('OpenAI (strict)', 'default', { a: [1, null] })).toEqual({
      entry: 'default: {"a":[1,null]}',
      message:
        'OpenAI (strict) does not take `default: {"a":[1,null]}` here; moved it into the description.',
    });
  });
});
