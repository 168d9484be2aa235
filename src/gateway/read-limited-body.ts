/** What {@link readLimitedBody} read: the bytes, or that there were too many. */
export type LimitedBody = { tooLarge: false; bytes: Uint8Array } | { tooLarge: true };

/**
 * A body as the gateway reads it: a Web stream, or any async iterable of byte chunks (a server
 * that is not Web-standard passes its own request stream, which costs no stream adapter).
 */
export type BodySource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/**
 * Reads a body up to `maxBytes`, stopping (and cancelling the rest) as soon as it is over: a
 * caller cannot make the gateway hold more than the limit. An empty or missing body is zero bytes.
 *
 * @example
 * ```ts
 * const body = await readLimitedBody(request.body, 32 * 1024 * 1024);
 * if (body.tooLarge) return new Response('too large', { status: 413 });
 * ```
 */
export async function readLimitedBody(
  body: BodySource | null,
  maxBytes: number,
): Promise<LimitedBody> {
  if (body === null) return { tooLarge: false, bytes: new Uint8Array(0) };
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (!isWebStream(body)) {
    // Leaving the loop early returns the iterator, which ends (cancels) the source.
    for await (const value of body) {
      total += value.byteLength;
      if (total > maxBytes) return { tooLarge: true };
      chunks.push(value);
    }
    return { tooLarge: false, bytes: joined(chunks, total) };
  }
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { tooLarge: true };
    }
    chunks.push(value);
  }
  return { tooLarge: false, bytes: joined(chunks, total) };
}

/**
 * A body stream that errors once more than `maxBytes` have passed (for bodies streamed through
 * untouched); `exceeded()` tells afterwards whether that is why it failed.
 *
 * @example
 * ```ts
 * const limited = limitBodyStream(request.body, maxBytes);
 * await fetch(url, { method, body: limited.body, duplex: 'half' });
 * ```
 */
export function limitBodyStream(
  body: BodySource,
  maxBytes: number,
): { body: ReadableStream<Uint8Array>; exceeded: () => boolean } {
  let total = 0;
  let over = false;
  const limited = webStreamOf(body).pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > maxBytes) {
          over = true;
          controller.error(new Error(`Request body: over ${maxBytes} bytes.`));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  return { body: limited, exceeded: () => over };
}

function isWebStream(body: BodySource): body is ReadableStream<Uint8Array> {
  return typeof (body as Partial<ReadableStream<Uint8Array>>).getReader === 'function';
}

// An iterable source as a Web stream, read chunk by chunk as the consumer pulls (back pressure
// reaches the source), its iterator returned when the consumer cancels.
function webStreamOf(body: BodySource): ReadableStream<Uint8Array> {
  if (isWebStream(body)) return body;
  const iterator = body[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done === true) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

function joined(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
