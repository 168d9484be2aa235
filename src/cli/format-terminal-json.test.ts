import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTerminalJson } from './format-terminal-json.js';

const RAW = /[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

describe('formatTerminalJson', () => {
  it('is the same JSON value as JSON.stringify, with no raw C1, DEL or bidi character', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary', maxLength: 20 }), (value, text) => {
        const document = { value, text, [text]: 'key' };
        const printed = formatTerminalJson(document);
        expect(printed).not.toMatch(RAW);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: JSON escapes every C0 control.
        expect(printed.slice(0, -1)).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
        expect(JSON.parse(printed)).toEqual(JSON.parse(JSON.stringify(document)));
      }),
      { numRuns: 500 },
    );
    expect(formatTerminalJson({ name: 'a\u202eb\u009b' })).toBe(
      '{\n  "name": "a\\u202eb\\u009b"\n}\n',
    );
  });
});
