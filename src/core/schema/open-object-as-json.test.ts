import { describe, expect, it } from 'vitest';
import { openObjectAsJson } from './open-object-as-json.js';

describe('openObjectAsJson', () => {
  it('writes the description entry and the warning message with the target label', () => {
    expect(openObjectAsJson('OpenAI strict')).toEqual({
      entry: 'any JSON object, written as JSON text',
      message:
        'OpenAI strict closes every object, and this one takes any keys; asked for it as JSON text in a string.',
    });
  });
});
