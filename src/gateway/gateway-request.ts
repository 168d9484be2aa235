import type { BodySource } from './read-limited-body.js';

/**
 * What the gateway reads of a request: a Web `Request` is one, and so is the lighter object a
 * server that is not Web-standard builds (Node's `http`), whose body can be its own request
 * stream. On Node 20 a `Request` with a streamed body and a signal costs more CPU to build and
 * read than the gateway's own work on a small request.
 *
 * @example
 * ```ts
 * const answer = await gateway.handle({ method: 'POST', url, headers, body: incoming, signal });
 * ```
 */
export interface GatewayRequest {
  readonly method: string;
  /** The whole URL, as `Request.url` gives it. */
  readonly url: string;
  readonly headers: Headers;
  readonly body: BodySource | null;
  /** Aborted when the caller goes away; the upstream request is cancelled with it. */
  readonly signal: AbortSignal;
}
