import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonMemberSpan } from './json-member-span.js';

const runs = Number(process.env.PROPERTY_RUNS ?? 200);

/** JSON text of an object with the given members, in order, with the given whitespace. */
function objectText(members: Array<[string, string]>, space: string): string {
  return `{${space}${members.map(([key, value]) => `${key}${space}:${space}${value}`).join(`${space},${space}`)}${space}}`;
}

describe('jsonMemberSpan', () => {
  it('finds the top-level member wherever it is, past nested look-alikes, escapes and whitespace (property)', () => {
    const id = fc.oneof(fc.string(), fc.integer(), fc.constant('toolwire-relay-7'));
    // Values that hold an "id" of their own, strings full of quotes, brackets and backslashes.
    const decoy = fc.oneof(
      fc.jsonValue(),
      id.map((value) => ({ id: value, nested: [{ id: value }] })),
      fc.string().map((text) => `"id":"toolwire-relay-7"}\\${text}\\"{[`),
    );
    fc.assert(
      fc.property(
        id,
        fc.array(fc.tuple(fc.constantFrom('result', 'jsonrpc', 'error', 'x"id', 'id\\'), decoy), {
          maxLength: 4,
        }),
        fc.nat(),
        fc.constantFrom('', ' ', '\n\t ', '\r\n'),
        fc.boolean(),
        (value, others, at, space, escapedKey) => {
          const members: Array<[string, string]> = others.map(([key, other]) => [
            JSON.stringify(key),
            JSON.stringify(other, null, space === '' ? undefined : 1),
          ]);
          const key = escapedKey ? '"\\u0069d"' : '"id"';
          members.splice(at % (members.length + 1), 0, [key, JSON.stringify(value)]);
          const text = objectText(members, space);
          const span = jsonMemberSpan(text, 'id');
          expect(span).toBeDefined();
          if (span === undefined) return;
          expect(JSON.parse(text.slice(span.start, span.end))).toEqual(value);
          const swapped = `${text.slice(0, span.start)}"swapped"${text.slice(span.end)}`;
          expect(JSON.parse(swapped)).toEqual({ ...JSON.parse(text), id: 'swapped' });
        },
      ),
      { numRuns: runs },
    );
  });

  it('takes the last of duplicate keys, as JSON.parse does, and says when there is none', () => {
    const text = '{"id":1,"result":{},"id":2}';
    const span = jsonMemberSpan(text, 'id');
    expect(span && text.slice(span.start, span.end)).toBe('2');
    expect(jsonMemberSpan('{"result":{"id":1}}', 'id')).toBeUndefined();
    expect(jsonMemberSpan('{}', 'id')).toBeUndefined();
    expect(jsonMemberSpan('[{"id":1}]', 'id')).toBeUndefined();
  });
});
