import { gatewayErrorEvent } from './gateway-error-response.js';
import type { GatewayApi, GatewayApiFamily } from './match-gateway-api.js';

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
}

/** How an event stream ended. */
export interface EventStreamOutcome {
  /** `complete`: the API's own end was seen; `interrupted`: the upstream stopped early. */
  state: 'complete' | 'interrupted' | 'cancelled';
  /** What cut it, when it was cut. */
  reason?: string;
}

const encoder = new TextEncoder();
const BOUNDARY = /\r\n\r\n|\n\n|\r\r/;

/**
 * Passes a server-sent event stream on event by event, each `data:` payload through
 * `resolveEvent` (canonical names, restored arguments): nothing is read ahead of the caller, and
 * only an incomplete event and the argument pieces the adapter holds back wait. An event the
 * resolver leaves unchanged goes out byte for byte. An upstream that fails or ends before the
 * API's end of stream (`[DONE]`, `message_stop`, `response.completed`, a Gemini `finishReason`)
 * gets an error event in the caller's shape, so the SDK raises an error instead of returning a
 * half answer. Cancelling the returned stream cancels the upstream body.
 *
 * @example
 * ```ts
 * const body = resolveEventStream({ body: upstream.body, api: 'anthropic-messages', family: 'anthropic', resolveEvent });
 * return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
 * ```
 */
export function resolveEventStream(options: ResolveEventStreamOptions): ReadableStream<Uint8Array> {
  const reader = options.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let complete = false;
  let ended = false;
  const end = (outcome: EventStreamOutcome): void => {
    if (ended) return;
    ended = true;
    options.onEnd?.(outcome);
  };
  const interrupt = (controller: ReadableStreamDefaultController<Uint8Array>, reason: string) => {
    controller.enqueue(
      encoder.encode(
        gatewayErrorEvent(
          options.family,
          `Upstream stream interrupted: ${reason}. The answer is incomplete; retry the request.`,
        ),
      ),
    );
    controller.close();
    end({ state: 'interrupted', reason });
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // Read until at least one whole event can be passed on (or the upstream ends).
        for (;;) {
          let chunk: Awaited<ReturnType<typeof reader.read>>;
          try {
            chunk = await reader.read();
          } catch (error) {
            interrupt(controller, describe(error));
            return;
          }
          if (chunk.done) {
            buffer += decoder.decode();
            let out = buffer.length > 0 ? processEvent(buffer, '\n\n') : '';
            buffer = '';
            if (out.length > 0) controller.enqueue(encoder.encode(out));
            out = '';
            if (complete) {
              controller.close();
              end({ state: 'complete' });
            } else {
              interrupt(controller, 'the upstream ended the stream before its last event');
            }
            return;
          }
          buffer += decoder.decode(chunk.value, { stream: true });
          let out = '';
          for (;;) {
            const match = BOUNDARY.exec(buffer);
            if (match === null) break;
            const block = buffer.slice(0, match.index);
            buffer = buffer.slice(match.index + match[0].length);
            out += processEvent(block, match[0]);
          }
          if (out.length > 0) {
            controller.enqueue(encoder.encode(out));
            return;
          }
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

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    const detail = cause instanceof Error ? cause.message : undefined;
    return detail === undefined ? error.message : `${error.message} (${detail})`;
  }
  return String(error);
}
