import fc from 'fast-check';

/** Pieces that break envelopes in every way the design names. */
const TRICKY = [
  '.',
  '/',
  ' ',
  ':',
  '_',
  '-',
  '__',
  '😀',
  'é',
  '日本',
  '\uD800',
  '\uDC00',
  '\u202E',
  '\u0000',
  '\n',
  '__proto__',
  'constructor',
];

const word: fc.Arbitrary<string> = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,9}$/);

/** One piece of a segment: a word, a tricky piece, or arbitrary code points. */
const piece: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: word },
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
);

/** A tool segment: usually short, sometimes empty, sometimes 200+ characters. */
export const toolSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.array(piece, { maxLength: 6 }).map((pieces) => pieces.join('')) },
  { weight: 1, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.oneof(word, fc.constantFrom('_', '-', '.')), { minLength: 40, maxLength: 60 })
      .map((pieces) => pieces.join('').padEnd(200, 'x')),
  },
);

/** A server key: short, registry-style 40-70 characters, or full of tricky pieces. */
export const serverSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: word },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.array(fc.oneof(word, fc.constantFrom('-', '.', '/', '_')), {
          minLength: 12,
          maxLength: 30,
        }),
        fc.integer({ min: 40, max: 70 }),
      )
      .map(([pieces, length]) => pieces.join('').padEnd(length, 'k').slice(0, length)),
  },
  { weight: 2, arbitrary: fc.array(piece, { minLength: 1, maxLength: 4 }).map((p) => p.join('')) },
);

/** A canonical name: mostly `<server>__<tool>`, sometimes without a server or fully arbitrary. */
export const canonicalName: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(serverSegment, toolSegment).map(([s, t]) => `${s}__${t}`) },
  { weight: 1, arbitrary: toolSegment },
  { weight: 1, arbitrary: toolSegment.map((t) => `__${t}`) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
);

/** A set of canonical names where several tools share a server, as hosts send them. */
export const nameSet: fc.Arbitrary<string[]> = fc
  .tuple(
    fc.array(fc.tuple(serverSegment, fc.array(toolSegment, { minLength: 1, maxLength: 6 })), {
      maxLength: 4,
    }),
    fc.array(canonicalName, { maxLength: 6 }),
  )
  .map(([servers, loose]) => [
    ...servers.flatMap(([server, tools]) => tools.map((tool) => `${server}__${tool}`)),
    ...loose,
  ]);
