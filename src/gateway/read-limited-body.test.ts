import { describe, expect, it } from 'vitest';
import { limitBodyStream, readLimitedBody } from './read-limited-body.js';

const bytes = (...values: number[]) => new Uint8Array(values);

// An async iterable of chunks, as Node's request stream is, that records being returned early.
function chunks(pieces: Uint8Array[]): AsyncIterable<Uint8Array> & { returned: boolean } {
  const source = {
    returned: false,
    async *[Symbol.asyncIterator]() {
      try {
        for (const piece of pieces) yield piece;
      } finally {
        source.returned = true;
      }
    },
  };
  return source;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<number[]> {
  const out: number[] = [];
  for await (const piece of stream as unknown as AsyncIterable<Uint8Array>) out.push(...piece);
  return out;
}

describe('readLimitedBody', () => {
  it('should join the chunks of an async iterable body, as of a Web stream', async () => {
    const read = await readLimitedBody(chunks([bytes(1, 2), bytes(3), bytes(4, 5)]), 5);
    expect(read).toEqual({ tooLarge: false, bytes: bytes(1, 2, 3, 4, 5) });
    const web = await readLimitedBody(new Response(bytes(1, 2, 3)).body, 5);
    expect(web).toEqual({ tooLarge: false, bytes: bytes(1, 2, 3) });
  });

  it('should stop an async iterable body as soon as it is over the limit, ending the source', async () => {
    const source = chunks([bytes(1, 2), bytes(3, 4), bytes(5, 6)]);
    expect(await readLimitedBody(source, 3)).toEqual({ tooLarge: true });
    expect(source.returned).toBe(true);
  });

  it('should read an empty or missing body as zero bytes', async () => {
    expect(await readLimitedBody(chunks([]), 3)).toEqual({ tooLarge: false, bytes: bytes() });
    expect(await readLimitedBody(null, 3)).toEqual({ tooLarge: false, bytes: bytes() });
  });
});

describe('limitBodyStream', () => {
  it('should stream an async iterable body through as a Web stream, within the limit', async () => {
    const limited = limitBodyStream(chunks([bytes(1), bytes(2, 3)]), 3);
    expect(await readAll(limited.body)).toEqual([1, 2, 3]);
    expect(limited.exceeded()).toBe(false);
  });

  it('should fail an async iterable body over the limit and say so', async () => {
    const limited = limitBodyStream(chunks([bytes(1, 2), bytes(3, 4)]), 3);
    await expect(readAll(limited.body)).rejects.toThrow('over 3 bytes');
    expect(limited.exceeded()).toBe(true);
  });
});
