import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonMemberSpans } from './json-member-spans.js';

const runs = Number(process.env.PROPERTY_RUNS ?? 200);

/** JSON text of an object with the given members, in order, with the given whitespace. */
function objectText(members: Array<[string, string]>, space: string): string {
  return `{${space}${members.map(([key, value]) => `${key}${space}:${space}${value}`).join(`${space},${space}`)}${space}}`;
}

const memberValue = (bytes: Buffer, key: string) => {
  const span = jsonMemberSpans(bytes)?.get(key);
  return span === undefined ? undefined : JSON.parse(bytes.toString('utf8', span.start, span.end));
};

describe('jsonMemberSpans', () => {
  it('finds each top-level member wherever it is, past nested look-alikes, escapes, non-ASCII text and whitespace (property)', () => {
    const id = fc.oneof(fc.string(), fc.integer(), fc.constant('toolwire-relay-7'));
    const text = fc.string({ unit: 'grapheme', maxLength: 30 });
    // Values that hold an "id" of their own, strings full of quotes, brackets and backslashes.
    const decoy = fc.oneof(
      fc.jsonValue(),
      text,
      id.map((value) => ({ id: value, nested: [{ id: value }] })),
      text.map((value) => `"id":"toolwire-relay-7"}\\${value}\\"{[`),
    );
    fc.assert(
      fc.property(
        id,
        fc.uniqueArray(
          fc.tuple(fc.constantFrom('result', 'jsonrpc', 'error', 'x"id', 'id\\', 'é'), decoy),
          { maxLength: 4, selector: ([key]) => key },
        ),
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
          const bytes = Buffer.from(objectText(members, space));
          const parsed = JSON.parse(bytes.toString());
          const spans = jsonMemberSpans(bytes);
          expect([...(spans?.keys() ?? [])].sort()).toEqual(Object.keys(parsed).sort());
          for (const name of Object.keys(parsed))
            expect(memberValue(bytes, name)).toEqual(parsed[name]);
          const span = spans?.get('id');
          if (span === undefined) throw new Error('no id found');
          const swapped = Buffer.concat([
            bytes.subarray(0, span.start),
            Buffer.from('"swapped"'),
            bytes.subarray(span.end),
          ]);
          expect(JSON.parse(swapped.toString())).toEqual({ ...parsed, id: 'swapped' });
        },
      ),
      { numRuns: runs },
    );
  });

  it('takes the last of duplicate keys, as JSON.parse does, and refuses what is not an object', () => {
    expect(memberValue(Buffer.from('{"id":1,"result":{},"id":2}'), 'id')).toBe(2);
    expect(jsonMemberSpans(Buffer.from('{"result":{"id":1}}'))?.get('id')).toBeUndefined();
    expect(jsonMemberSpans(Buffer.from('{}'))?.size).toBe(0);
    for (const text of ['[{"id":1}]', '{"id":1', '{"id":"1}', '{"id":1}x', '{"id":}', 'null'])
      expect(jsonMemberSpans(Buffer.from(text)), text).toBeUndefined();
  });
});
