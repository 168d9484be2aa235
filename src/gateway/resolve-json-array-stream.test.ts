import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveJsonArrayStream } from './resolve-json-array-stream.js';

const encoder = new TextEncoder();

function streamOf(pieces: Uint8Array[], cut = false): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[index++];
      if (piece !== undefined) controller.enqueue(piece);
      else if (cut) controller.error(new Error('socket hang up'));
      else controller.close();
    },
  });
}

// Splits the bytes at the given cut points (UTF-8 sequences and JSON tokens split anywhere).
function split(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    if (point > start) pieces.push(bytes.slice(start, point));
    start = point;
  }
  return pieces;
}

async function collect(options: Parameters<typeof resolveJsonArrayStream>[0]): Promise<string> {
  return new Response(resolveJsonArrayStream(options)).text();
}

const element = fc.dictionary(
  fc.string({ maxLength: 6 }),
  fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('}', ']', '{', '"', '\\', '\u00e9\u{1f600}', ',\r\n['),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer()), { maxLength: 3 }),
  ),
  { maxKeys: 4 },
);

describe('resolveJsonArrayStream', () => {
  it('should give back every element, in order, however the array is cut into chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(element, { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.boolean(),
        async (elements, cuts, pretty) => {
          const text = pretty
            ? `[${elements.map((item) => JSON.stringify(item, null, 2)).join('\r\n,')}]`
            : JSON.stringify(elements);
          const seen: unknown[] = [];
          const out = await collect({
            body: streamOf(split(encoder.encode(text), cuts)),
            family: 'gemini',
            resolveEvent: (event) => {
              seen.push(event);
              return [event];
            },
            maxElementLength: 1 << 20,
          });
          expect(JSON.parse(out)).toEqual(elements);
          expect(seen).toEqual(elements);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('should send what the resolver returns: changed, dropped or split elements', async () => {
    const text = '[{"n":1},{"n":2},{"n":3}]';
    const out = await collect({
      body: streamOf([encoder.encode(text)]),
      family: 'gemini',
      resolveEvent: (event) => {
        const n = (event as { n: number }).n;
        return n === 1 ? [{ n: 10 }] : n === 2 ? [] : [event, { n: 4 }];
      },
      maxElementLength: 1000,
    });
    expect(JSON.parse(out)).toEqual([{ n: 10 }, { n: 3 }, { n: 4 }]);
  });

  it('should pass an unchanged element on as its own text', async () => {
    const element = '{ "candidates" :\n  [ ] }';
    const out = await collect({
      body: streamOf([encoder.encode(`[${element}\r\n]`)]),
      family: 'gemini',
      resolveEvent: (event) => [event],
      maxElementLength: 1000,
    });
    expect(out).toBe(`[${element}]`);
  });

  it('should close a cut array with an error element and report it', async () => {
    const outcomes: string[] = [];
    const out = await collect({
      body: streamOf([encoder.encode('[{"a":1},{"b":')], true),
      family: 'gemini',
      resolveEvent: (event) => [event],
      maxElementLength: 1000,
      onEnd: (outcome) => outcomes.push(outcome.state),
    });
    const parsed = JSON.parse(out) as unknown[];
    expect(parsed[0]).toEqual({ a: 1 });
    expect(parsed[1]).toMatchObject({ error: { code: 502, status: 'UNAVAILABLE' } });
    expect(outcomes).toEqual(['interrupted']);
  });

  it('should stop holding an element over the bound', async () => {
    const out = await collect({
      body: streamOf([encoder.encode('[{"a":"'), encoder.encode('x'.repeat(100))]),
      family: 'gemini',
      resolveEvent: (event) => [event],
      maxElementLength: 50,
    });
    const parsed = JSON.parse(out) as { error: { message: string } }[];
    expect(parsed).toHaveLength(1);
    expect(parsed[0]?.error.message).toContain('over 50 characters');
  });

  it('should resolve a body that is one object rather than an array', async () => {
    const out = await collect({
      body: streamOf([encoder.encode('{"n":'), encoder.encode('1}')]),
      family: 'gemini',
      resolveEvent: () => [{ n: 2 }],
      maxElementLength: 1000,
    });
    expect(JSON.parse(out)).toEqual({ n: 2 });
  });
});
