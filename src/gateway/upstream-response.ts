import type { LimitedBody } from './read-limited-body.js';

/**
 * What the gateway reads of the upstream's answer; a fetch `Response` is one. A client that can
 * read a whole body without building a Web stream offers `readWhole`, which the gateway then uses
 * for the answers it resolves whole (on Node 20 the stream, the `Response` and reading them cost
 * more CPU than resolving a small answer). Its `body` is then built only when read.
 *
 * @example
 * ```ts
 * const answer: UpstreamResponse = await fetch(url, init);
 * const whole = await (answer.readWhole?.(maxBytes) ?? readLimitedBody(answer.body, maxBytes));
 * ```
 */
export interface UpstreamResponse {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly headers: Headers;
  readonly body: ReadableStream<Uint8Array> | null;
  /** The whole body up to `maxBytes` (the rest cancelled), in place of reading `body`. */
  readWhole?(maxBytes: number): Promise<LimitedBody>;
}

/**
 * The statuses whose answers carry no body (the Fetch standard's null body statuses): a
 * `Response` with one of them and a body is a TypeError, and a client reads none for them.
 *
 * @example
 * ```ts
 * const body = NULL_BODY_STATUSES.has(status) ? null : bytes;
 * ```
 */
export const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);
