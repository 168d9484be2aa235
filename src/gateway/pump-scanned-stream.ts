/** How a resolved stream ended. */
export interface EventStreamOutcome {
  /** `complete`: the API's own end was seen; `interrupted`: the upstream stopped early. */
  state: 'complete' | 'interrupted' | 'cancelled';
  /** What cut it, when it was cut. */
  reason?: string;
}

/** What a stream format adds to the pump: how to cut text into what can be passed on. */
export interface StreamScanner {
  /**
   * Scans the next piece of decoded text and returns the text that can be passed on now (empty
   * while a unit is still arriving). `last` is set once, at the upstream's end, with what the
   * decoder still held. Throws to cut the stream, the error's message saying why.
   */
  scan(text: string, last: boolean): string;
  /** Whether what was scanned ends as the API ends a whole answer. */
  complete(): boolean;
  /** The text that ends a cut stream in the caller's shape (an error event or element). */
  interruption(reason: string): string;
}

/** Options of {@link pumpScannedStream}. */
export interface PumpScannedStreamOptions {
  /** The upstream's body. */
  body: ReadableStream<Uint8Array>;
  /** The stream format's scanner. */
  scanner: StreamScanner;
  /** Why the stream is cut when the upstream ends before the scanner saw the API's end. */
  unfinished: string;
  /** Called once when the stream ends: complete, cut by the upstream, or cancelled by the caller. */
  onEnd?: (outcome: EventStreamOutcome) => void;
  /** Called when the caller cancels the stream (the upstream body is cancelled with it). */
  onCancel?: (reason: unknown) => void;
}

const encoder = new TextEncoder();

/**
 * The one pull loop of the gateway's resolved streams: reads the upstream only when the caller
 * asks (nothing read ahead), decodes UTF-8 across chunk boundaries, hands the text to the format's
 * `scan`, and passes on what it returns as soon as there is some. An upstream that fails, ends
 * before the API's end, or sends what the scanner cannot take ends the caller's stream with the
 * scanner's interruption text (an error in the caller's shape), so an SDK raises an error instead
 * of returning a half answer. Cancelling the returned stream cancels the upstream body.
 *
 * @example
 * ```ts
 * const body = pumpScannedStream({ body: upstream.body, scanner, unfinished: 'the upstream ended early' });
 * return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
 * ```
 */
export function pumpScannedStream(options: PumpScannedStreamOptions): ReadableStream<Uint8Array> {
  const { scanner } = options;
  const reader = options.body.getReader();
  const decoder = new TextDecoder();
  let ended = false;
  const end = (outcome: EventStreamOutcome): void => {
    if (ended) return;
    ended = true;
    options.onEnd?.(outcome);
  };
  const interrupt = (controller: ReadableStreamDefaultController<Uint8Array>, reason: string) => {
    const tail = scanner.interruption(reason);
    if (tail.length > 0) controller.enqueue(encoder.encode(tail));
    controller.close();
    // The upstream may still be sending (the scanner refused what came): stop it.
    void reader.cancel().catch(() => undefined);
    end({ state: 'interrupted', reason });
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // Read until something can be passed on (or the upstream ends).
        for (;;) {
          let chunk: Awaited<ReturnType<typeof reader.read>>;
          try {
            chunk = await reader.read();
          } catch (error) {
            interrupt(controller, describe(error));
            return;
          }
          let out: string;
          try {
            out = chunk.done
              ? scanner.scan(decoder.decode(), true)
              : scanner.scan(decoder.decode(chunk.value, { stream: true }), false);
          } catch (error) {
            interrupt(controller, describe(error));
            return;
          }
          if (out.length > 0) controller.enqueue(encoder.encode(out));
          if (chunk.done) {
            if (scanner.complete()) {
              controller.close();
              end({ state: 'complete' });
            } else {
              interrupt(controller, options.unfinished);
            }
            return;
          }
          if (out.length > 0) return;
        }
      },
      cancel(reason) {
        end({ state: 'cancelled' });
        options.onCancel?.(reason);
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    const detail = cause instanceof Error ? cause.message : undefined;
    return detail === undefined ? error.message : `${error.message} (${detail})`;
  }
  return String(error);
}
