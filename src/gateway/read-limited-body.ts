/** What {@link readLimitedBody} read: the bytes, or that there were too many. */
export type LimitedBody = { tooLarge: false; bytes: Uint8Array } | { tooLarge: true };

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
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<LimitedBody> {
  if (body === null) return { tooLarge: false, bytes: new Uint8Array(0) };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
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
  if (chunks.length === 1) return { tooLarge: false, bytes: chunks[0] as Uint8Array };
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { tooLarge: false, bytes };
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
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): { body: ReadableStream<Uint8Array>; exceeded: () => boolean } {
  let total = 0;
  let over = false;
  const limited = body.pipeThrough(
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
