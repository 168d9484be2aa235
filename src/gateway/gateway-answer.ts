/**
 * A gateway's answer as plain parts: what a `Response` holds, without building one. A body the
 * gateway holds whole is bytes (written in one go by a server that can), a streamed one a Web
 * stream.
 *
 * @example
 * ```ts
 * const answer = await gateway.handle(request);
 * const response = new Response(answer.body, answer);
 * ```
 */
export interface GatewayAnswer {
  status: number;
  statusText: string;
  headers: Headers;
  body: Uint8Array | ReadableStream<Uint8Array> | null;
}
