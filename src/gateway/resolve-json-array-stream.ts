import { gatewayErrorBody } from './gateway-error-response.js';
import type { GatewayApiFamily } from './match-gateway-api.js';
import {
  type EventStreamOutcome,
  pumpScannedStream,
  type StreamScanner,
} from './pump-scanned-stream.js';

/** Options of {@link resolveJsonArrayStream}. */
export interface ResolveJsonArrayStreamOptions {
  /** The upstream's body: a JSON array whose elements arrive one after another. */
  body: ReadableStream<Uint8Array>;
  /** The caller's SDK family, for the error element of a cut stream. */
  family: GatewayApiFamily;
  /** Resolves one parsed element into the elements to send on, in order. */
  resolveEvent: (event: unknown) => unknown[];
  /** The largest element held while it arrives, in characters (the stream errors above it). */
  maxElementLength: number;
  /** Called once when the stream ends: complete, cut by the upstream, or cancelled by the caller. */
  onEnd?: (outcome: EventStreamOutcome) => void;
}

const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;

/**
 * Passes on a stream that is one JSON array written element by element (Gemini's
 * `streamGenerateContent` without `alt=sse`: `[{...}\r\n,{...}\r\n]`), each element resolved as
 * soon as its closing brace arrives: nothing waits for the end of the array, and only the element
 * still arriving is held (bounded by `maxElementLength`). An element the resolver leaves unchanged
 * goes out as its own text. An upstream that fails, ends before the closing bracket, or sends
 * something that is not an array of objects gets a last element in the caller's error shape
 * (`{"error":{"code":502,...}}`) and the array closed, so the caller never takes a cut answer for a
 * whole one. A body that is a single object (not an array) is resolved as one element.
 * Cancelling the returned stream cancels the upstream body.
 *
 * @example
 * ```ts
 * const body = resolveJsonArrayStream({ body: upstream.body, family: 'gemini', resolveEvent, maxElementLength: 1 << 25 });
 * return new Response(body, { headers: { 'content-type': 'application/json' } });
 * ```
 */
export function resolveJsonArrayStream(
  options: ResolveJsonArrayStreamOptions,
): ReadableStream<Uint8Array> {
  // Where the scan is: before the array, between elements, inside one, after the array.
  let state: 'before' | 'between' | 'element' | 'after' = 'before';
  let single = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let element = '';
  let sent = 0;

  const emit = (text: string): string => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error('an element of the array is not JSON');
    }
    const events = options.resolveEvent(parsed);
    let out = '';
    for (const event of events) {
      const piece = event === parsed && events.length === 1 ? text : JSON.stringify(event);
      out += sent++ === 0 ? piece : `,\r\n${piece}`;
    }
    return out;
  };

  // Scans one decoded piece, returning the text to pass on for the elements it completes.
  const scan = (text: string): string => {
    let out = '';
    let start = state === 'element' ? 0 : -1;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (state === 'element') {
        if (inString) {
          if (escaped) escaped = false;
          else if (code === BACKSLASH) escaped = true;
          else if (code === QUOTE) inString = false;
        } else if (code === QUOTE) {
          inString = true;
        } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
          depth++;
        } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
          depth--;
          if (depth === 0) {
            element += text.slice(start, index + 1);
            out += emit(element);
            element = '';
            state = single ? 'after' : 'between';
          }
        }
        continue;
      }
      // Whatever follows the closing bracket cannot change what was passed on.
      if (state === 'after' || code === 32 || code === 10 || code === 13 || code === 9) continue;
      if (state === 'before' && code === OPEN_BRACKET) {
        out += '[';
        state = 'between';
      } else if ((state === 'before' || state === 'between') && code === OPEN_BRACE) {
        if (state === 'before') single = true;
        state = 'element';
        depth = 1;
        start = index;
      } else if (state === 'between' && code === COMMA && sent > 0) {
        // The separator is written again before the next element.
      } else if (state === 'between' && code === CLOSE_BRACKET) {
        out += ']';
        state = 'after';
      } else {
        throw new Error(`unexpected "${text[index]}" where an element of the array belongs`);
      }
    }
    if (state === 'element') {
      element += text.slice(start);
      if (element.length > options.maxElementLength) {
        throw new Error(`an element of the array is over ${options.maxElementLength} characters`);
      }
    }
    return out;
  };

  const scanner: StreamScanner = {
    scan,
    complete: () => state === 'after',
    interruption(reason) {
      const error = JSON.stringify(
        gatewayErrorBody(
          options.family,
          502,
          'stream_interrupted',
          `Upstream stream interrupted: ${reason}. The answer is incomplete; retry the request.`,
        ),
      );
      // Closed as the caller's parser expects: an array ends with the error element and `]`.
      let tail = '';
      if (state === 'before') tail = `[${error}]`;
      else if (!single) tail = `${sent > 0 ? ',\r\n' : ''}${error}]`;
      else tail = sent > 0 ? '' : error;
      state = 'after';
      return tail;
    },
  };
  return pumpScannedStream({
    body: options.body,
    scanner,
    unfinished: 'the upstream ended the stream before the end of the array',
    ...(options.onEnd === undefined ? {} : { onEnd: options.onEnd }),
  });
}
