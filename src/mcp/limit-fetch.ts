/** A `fetch` as the MCP SDK's HTTP transports take it. @internal */
export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * Wraps `fetch` so that no message a server sends over HTTP can be larger than
 * `maxMessageBytes`: a JSON body is counted as a whole, an event stream per event (the bytes
 * since the last blank line). Past the limit the body fails with an error that says so, before
 * the rest is read.
 * @internal
 * @example
 * ```ts
 * new StreamableHTTPClientTransport(url, { fetch: limitFetch(fetch, 10 * 1024 * 1024, onOversize) });
 * ```
 */
export function limitFetch(
  base: FetchLike,
  maxMessageBytes: number,
  onOversize: (error: Error) => void,
): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (response.body === null || [101, 204, 205, 304].includes(response.status)) return response;
    const eventStream = (response.headers.get('content-type') ?? '').includes('text/event-stream');
    // A body whose declared length is within the limit is taken as it is (fetch refuses a body
    // longer than its Content-Length), which spares a stream per response.
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (!eventStream && Number.isSafeInteger(declared) && declared <= maxMessageBytes) {
      return response;
    }
    const counted = response.body.pipeThrough(
      countMessageBytes(maxMessageBytes, onOversize, eventStream),
    );
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/**
 * Counts the bytes of an event stream per event (the bytes since the last blank line) and fails
 * the stream, after telling `onOversize`, when one event passes `maxMessageBytes`.
 * @internal
 * @example
 * ```ts
 * body.pipeThrough(countEventStream(10 * 1024 * 1024, onOversize));
 * ```
 */
export function countEventStream(
  maxMessageBytes: number,
  onOversize: (error: Error) => void,
): TransformStream<Uint8Array, Uint8Array> {
  return countMessageBytes(maxMessageBytes, onOversize, true);
}

function countMessageBytes(
  maxMessageBytes: number,
  onOversize: (error: Error) => void,
  eventStream: boolean,
): TransformStream<Uint8Array, Uint8Array> {
  let size = 0;
  // The last two bytes seen, to find a blank line split across chunks.
  let previous = 0;
  let beforePrevious = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      const fail = (): void => {
        const error = new Error(
          `the server sent a message of more than ${maxMessageBytes} bytes (the maxMessageBytes limit)`,
        );
        onOversize(error);
        controller.error(error);
      };
      let start = 0;
      if (eventStream) {
        for (let index = 0; index < chunk.length; index++) {
          const byte = chunk[index] as number;
          if (
            byte === 0x0a &&
            (previous === 0x0a || (previous === 0x0d && beforePrevious === 0x0a))
          ) {
            // The event that ends here counts whole, even when it came in this one chunk.
            if (size + index + 1 - start > maxMessageBytes) return fail();
            size = 0;
            start = index + 1;
          }
          beforePrevious = previous;
          previous = byte;
        }
      }
      size += chunk.length - start;
      if (size > maxMessageBytes) return fail();
      controller.enqueue(chunk);
    },
  });
}
