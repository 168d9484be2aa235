/**
 * POSTs `chunks` pieces of `size` bytes as a chunked body (no content-length), so that a body
 * limit must hold while the body is read, not only from the header.
 */
export function postChunked(url: string, chunks: number, size: number): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    body: new ReadableStream({
      start(controller) {
        for (let index = 0; index < chunks; index++) {
          controller.enqueue(new TextEncoder().encode('x'.repeat(size)));
        }
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit);
}
