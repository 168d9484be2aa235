import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventStreamOutcome } from './pump-scanned-stream.js';
import { resolveEventStream } from './resolve-event-stream.js';

const encoder = new TextEncoder();

function streamOf(
  pieces: Uint8Array[],
  options: { cut?: boolean; onCancel?: (reason: unknown) => void } = {},
): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[index++];
      if (piece !== undefined) controller.enqueue(piece);
      else if (options.cut === true) controller.error(new Error('socket hang up'));
      else controller.close();
    },
    cancel: (reason) => options.onCancel?.(reason),
  });
}

// Splits the bytes at the given cut points (UTF-8 sequences and line ends split anywhere).
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

const payload = fc.dictionary(
  fc.string({ maxLength: 6 }),
  fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('\n\n', '\r\n', 'data: x', '\u00e9\u{1f600}'),
    fc.integer(),
  ),
  { maxKeys: 3 },
);
const separator = fc.constantFrom('\n\n', '\r\n\r\n', '\r\r');

// An Anthropic stream: named events, the last one message_stop.
function anthropicText(events: { payload: object; separator: string }[]): string {
  const newline = (text: string) => (text === '\r\r' ? '\r' : text.slice(0, text.length / 2));
  return [...events, { payload: { type: 'message_stop' }, separator: '\n\n' }]
    .map(
      ({ payload: data, separator: end }) =>
        `event: ${(data as { type?: unknown }).type === 'message_stop' ? 'message_stop' : 'delta'}${newline(end)}data: ${JSON.stringify(data)}${end}`,
    )
    .join('');
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe('resolveEventStream', () => {
  it('should pass every event on byte for byte, in order, however the stream is cut into chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ payload, separator }), { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        async (events, cuts) => {
          const text = anthropicText(events);
          const seen: unknown[] = [];
          const outcomes: EventStreamOutcome[] = [];
          const out = await collect(
            resolveEventStream({
              body: streamOf(split(encoder.encode(text), cuts)),
              api: 'anthropic-messages',
              family: 'anthropic',
              resolveEvent: (event) => {
                seen.push(event);
                return [event];
              },
              onEnd: (outcome) => outcomes.push(outcome),
            }),
          );
          expect(out).toBe(text);
          expect(seen).toEqual([...events.map((event) => event.payload), { type: 'message_stop' }]);
          expect(outcomes).toEqual([{ state: 'complete' }]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('should send what the resolver returns, named by each event type', async () => {
    const text =
      'event: a\ndata: {"n":1}\n\nevent: a\ndata: {"n":2}\n\nevent: message_stop\ndata: {}\n\n';
    const out = await collect(
      resolveEventStream({
        body: streamOf([encoder.encode(text)]),
        api: 'anthropic-messages',
        family: 'anthropic',
        resolveEvent: (event) => {
          const n = (event as { n?: number }).n;
          return n === 1 ? [{ type: 'renamed', n: 10 }] : n === 2 ? [] : [event];
        },
      }),
    );
    expect(out).toBe(
      'event: renamed\ndata: {"type":"renamed","n":10}\n\nevent: message_stop\ndata: {}\n\n',
    );
  });

  it('should end a cut stream with an error event and report it', async () => {
    for (const cut of [true, false]) {
      const outcomes: EventStreamOutcome[] = [];
      const out = await collect(
        resolveEventStream({
          body: streamOf([encoder.encode('event: a\ndata: {"n":1}\n\nevent: a\ndata: {"n"')], {
            cut,
          }),
          api: 'anthropic-messages',
          family: 'anthropic',
          resolveEvent: (event) => [event],
          onEnd: (outcome) => outcomes.push(outcome),
        }),
      );
      const blocks = out.split('\n\n').filter((block) => block.length > 0);
      expect(blocks[0]).toBe('event: a\ndata: {"n":1}');
      expect(blocks.at(-1)).toMatch(/^event: error\ndata: .*Upstream stream interrupted/);
      expect(outcomes).toHaveLength(1);
      expect(outcomes[0]?.state).toBe('interrupted');
      expect(outcomes[0]?.reason).toBe(
        cut ? 'socket hang up' : 'the upstream ended the stream before its last event',
      );
    }
  });

  it('should stop holding an event over the bound, and stop the upstream', async () => {
    let cancelled = false;
    const outcomes: EventStreamOutcome[] = [];
    const pieces = Array.from({ length: 1000 }, () => encoder.encode('x'.repeat(10)));
    const out = await collect(
      resolveEventStream({
        body: streamOf([encoder.encode('data: '), ...pieces], {
          onCancel: () => {
            cancelled = true;
          },
        }),
        api: 'openai-chat',
        family: 'openai',
        resolveEvent: (event) => [event],
        maxEventLength: 50,
        onEnd: (outcome) => outcomes.push(outcome),
      }),
    );
    expect(out).toMatch(/^event: error\ndata: /);
    expect(out).toContain('over 50 characters');
    expect(outcomes[0]?.state).toBe('interrupted');
    expect(cancelled).toBe(true);
  });

  it('should cancel the upstream when the caller cancels, and report it once', async () => {
    let cancelled: unknown;
    const outcomes: EventStreamOutcome[] = [];
    const reasons: unknown[] = [];
    const stream = resolveEventStream({
      body: streamOf([encoder.encode('data: {"n":1}\n\n'), encoder.encode('data: {"n":2}\n\n')], {
        onCancel: (reason) => {
          cancelled = reason;
        },
      }),
      api: 'openai-chat',
      family: 'openai',
      resolveEvent: undefined,
      onEnd: (outcome) => outcomes.push(outcome),
      onCancel: (reason) => reasons.push(reason),
    });
    const reader = stream.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: {"n":1}\n\n');
    await reader.cancel('gone');
    expect(cancelled).toBe('gone');
    expect(reasons).toEqual(['gone']);
    expect(outcomes).toEqual([{ state: 'cancelled' }]);
  });
});
