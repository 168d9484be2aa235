import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonLineBuffer } from './json-line-buffer.js';

const runs = Number(process.env.PROPERTY_RUNS ?? 100);

function drain(buffer: JsonLineBuffer): unknown[] {
  const messages: unknown[] = [];
  for (let message = buffer.readMessage(); message !== null; message = buffer.readMessage())
    messages.push(message);
  return messages;
}

describe('JsonLineBuffer', () => {
  it('gives the same lines and messages however the bytes are cut into chunks (property)', () => {
    const message = fc.record({
      jsonrpc: fc.constant('2.0'),
      id: fc.nat(),
      method: fc.string({ unit: 'grapheme', maxLength: 12 }),
    });
    fc.assert(
      fc.property(
        fc.array(message, { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.boolean(),
        (messages, cuts, crlf) => {
          const bytes = Buffer.from(
            messages.map((item) => `${JSON.stringify(item)}${crlf ? '\r\n' : '\n'}`).join(''),
          );
          const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort(
            (a, b) => a - b,
          );
          const buffer = new JsonLineBuffer(1024 * 1024, () => {});
          const taken: string[] = [];
          buffer.take = (line) => {
            taken.push(line.toString());
            return false;
          };
          const read: unknown[] = [];
          let from = 0;
          for (const point of [...points, bytes.length]) {
            buffer.append(bytes.subarray(from, point));
            read.push(...drain(buffer));
            from = point;
          }
          expect(read).toEqual(messages);
          expect(taken).toEqual(
            messages.map((item) => `${JSON.stringify(item)}${crlf ? '\r' : ''}`),
          );
        },
      ),
      { numRuns: runs },
    );
  });

  it('skips lines the take hook claims and blank lines, and throws past the size limit', () => {
    const buffer = new JsonLineBuffer(64, () => {});
    buffer.take = (line) => line.includes('"mine"');
    buffer.append(
      Buffer.from('{"jsonrpc":"2.0","method":"mine"}\n\n  \n{"jsonrpc":"2.0","method":"x"}\n'),
    );
    expect(drain(buffer)).toEqual([{ jsonrpc: '2.0', method: 'x' }]);
    const errors: Error[] = [];
    const small = new JsonLineBuffer(40, (error) => errors.push(error));
    expect(() => small.append(Buffer.from(`{"jsonrpc":"2.0","method":"${'x'.repeat(20)}`))).toThrow(
      /more than 40 bytes/,
    );
    expect(errors).toHaveLength(1);
    // The part read so far was dropped: the next line is read whole, alone.
    small.append(Buffer.from('{"jsonrpc":"2.0","method":"a"}\n'));
    expect(drain(small)).toEqual([{ jsonrpc: '2.0', method: 'a' }]);
  });
});
