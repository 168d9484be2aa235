import { gatewayErrorEvent } from './gateway-error-response.js';
import type { GatewayApi, GatewayApiFamily } from './match-gateway-api.js';
import {
  type EventStreamOutcome,
  pumpScannedStream,
  type StreamScanner,
} from './pump-scanned-stream.js';

export type { EventStreamOutcome } from './pump-scanned-stream.js';

/** Options of {@link resolveEventStream}. */
export interface ResolveEventStreamOptions {
  /** The upstream's server-sent event stream. */
  body: ReadableStream<Uint8Array>;
  /** The API, which says how a complete stream ends. */
  api: GatewayApi;
  /** The caller's SDK family, for the error event. */
  family: GatewayApiFamily;
  /**
   * Resolves one parsed `data:` payload into the payloads to send on; `undefined` passes every
   * event through as it came (a request that went out unchanged).
   */
  resolveEvent: ((event: unknown) => unknown[]) | undefined;
  /** Called once when the stream ends: complete, cut by the upstream, or cancelled by the caller. */
  onEnd?: (outcome: EventStreamOutcome) => void;
  /** Called when the caller cancels the stream (the upstream request is cancelled with it). */
  onCancel?: (reason: unknown) => void;
  /**
   * The longest event held while it arrives, in characters (the stream is cut above it).
   * @defaultValue 67108864
   */
  maxEventLength?: number;
}

const BOUNDARY = /\r\n\r\n|\n\n|\r\r/g;
/** The longest event held while it arrives, by default, in characters. */
const DEFAULT_MAX_EVENT_LENGTH = 64 * 1024 * 1024;

/**
 * Passes a server-sent event stream on event by event, each `data:` payload through
 * `resolveEvent` (canonical names, restored arguments): nothing is read ahead of the caller, and
 * only an incomplete event (bounded by `maxEventLength`) and the argument pieces the adapter holds
 * back wait. An event the resolver leaves unchanged goes out byte for byte. An upstream that
 * fails or ends before the API's end of stream (`[DONE]`, `message_stop`, `response.completed`, a
 * Gemini `finishReason`) gets an error event in the caller's shape, so the SDK raises an error
 * instead of returning a half answer. Cancelling the returned stream cancels the upstream body.
 *
 * @example
 * ```ts
 * const body = resolveEventStream({ body: upstream.body, api: 'anthropic-messages', family: 'anthropic', resolveEvent });
 * return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
 * ```
 */
export function resolveEventStream(options: ResolveEventStreamOptions): ReadableStream<Uint8Array> {
  const maxEventLength = options.maxEventLength ?? DEFAULT_MAX_EVENT_LENGTH;
  let buffer = '';
  let complete = false;
  const scanner: StreamScanner = {
    scan(text, last) {
      // Every boundary in the buffer was consumed: a new one ends in the new text, and starts at
      // most three characters before it (so a long event is not searched again on each chunk).
      let from = Math.max(0, buffer.length - 3);
      buffer += text;
      let out = '';
      let start = 0;
      for (;;) {
        BOUNDARY.lastIndex = from;
        const match = BOUNDARY.exec(buffer);
        if (match === null) break;
        out += processEvent(buffer.slice(start, match.index), match[0]);
        start = from = match.index + match[0].length;
      }
      if (start > 0) buffer = buffer.slice(start);
      if (last && buffer.length > 0) {
        out += processEvent(buffer, '\n\n');
        buffer = '';
      }
      if (buffer.length > maxEventLength) {
        throw new Error(`an event is over ${maxEventLength} characters`);
      }
      return out;
    },
    complete: () => complete,
    interruption: (reason) =>
      gatewayErrorEvent(
        options.family,
        `Upstream stream interrupted: ${reason}. The answer is incomplete; retry the request.`,
      ),
  };
  return pumpScannedStream({
    body: options.body,
    scanner,
    unfinished: 'the upstream ended the stream before its last event',
    ...(options.onEnd === undefined ? {} : { onEnd: options.onEnd }),
    ...(options.onCancel === undefined ? {} : { onCancel: options.onCancel }),
  });

  function processEvent(block: string, separator: string): string {
    let name: string | undefined;
    let data: string | undefined;
    for (const line of block.split(/\r\n|\n|\r/)) {
      if (line.startsWith('data:')) {
        const value = line.slice(line.startsWith('data: ') ? 6 : 5);
        data = data === undefined ? value : `${data}\n${value}`;
      } else if (line.startsWith('event:')) {
        name = line.slice(line.startsWith('event: ') ? 7 : 6);
      }
    }
    if (!complete) complete = endsStream(options.api, name, data);
    const raw = `${block}${separator}`;
    if (options.resolveEvent === undefined || data === undefined || data === '[DONE]') return raw;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return raw;
    }
    const events = options.resolveEvent(parsed);
    if (events.length === 1 && events[0] === parsed) return raw;
    let out = '';
    for (const event of events) {
      const type =
        typeof event === 'object' && event !== null
          ? (event as { type?: unknown }).type
          : undefined;
      const eventName = name === undefined ? undefined : typeof type === 'string' ? type : name;
      out += `${eventName === undefined ? '' : `event: ${eventName}\n`}data: ${JSON.stringify(event)}\n\n`;
    }
    return out;
  }
}

function endsStream(api: GatewayApi, name: string | undefined, data: string | undefined): boolean {
  switch (api) {
    case 'openai-chat':
      return data === '[DONE]' || name === 'error';
    case 'openai-responses':
      return (
        name === 'response.completed' ||
        name === 'response.failed' ||
        name === 'response.incomplete' ||
        name === 'error'
      );
    case 'anthropic-messages':
    case 'anthropic-count-tokens':
      return name === 'message_stop' || name === 'error';
    case 'gemini-generate':
    case 'gemini-stream':
      // A quote before the key: inside a JSON string value the quotes would be escaped.
      return data !== undefined && (data.includes('"finishReason":') || data.includes('"error":'));
  }
}
