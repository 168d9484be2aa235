/**
 * One structured log entry per request: what was asked and what happened, never bodies, header
 * values, query strings (a Gemini key can ride in `?key=`) or secrets.
 *
 * @example
 * ```ts
 * createGateway({ upstream, log: (entry) => console.error(JSON.stringify(entry)) });
 * // {"method":"POST","path":"/v1/messages","api":"anthropic-messages","model":"claude-sonnet-5","tools":212,"renamed":37,"status":200,"upstreamStatus":200,"stream":true,"outcome":"complete","latencyMs":412.5}
 * ```
 */
export interface GatewayLogEntry {
  /** When the request arrived (milliseconds since the epoch); left out of logged lines. */
  start: number;
  /** The HTTP method. */
  method: string;
  /** The path, without the query string. */
  path: string;
  /** The API matched, or `pass-through`. */
  api: string;
  /** The envelope applied, when one other than the API's own was. */
  envelope?: string | undefined;
  /** The schema target applied, when one other than the API's own was. */
  schemaTarget?: string | undefined;
  /** The model the request names. */
  model?: string | undefined;
  /** How many tools the request offers. */
  tools?: number;
  /** How many names went out under another wire name. */
  renamed?: number;
  /** A stored response read back: renamed tools whose caller's names could not be recovered. */
  unresolved?: number;
  /** How many projection warnings (lossy schema rewrites, names not projected). */
  warnings?: number;
  /** Whether the answer is streamed. */
  stream?: boolean;
  /** The status sent to the caller. */
  status?: number;
  /** The upstream's status, when it answered. */
  upstreamStatus?: number;
  /** For streams: how the stream ended. */
  outcome?: 'complete' | 'interrupted' | 'cancelled';
  /** Milliseconds from arrival to the end of the answer (streams: to the last event). */
  latencyMs?: number;
  /** Internal: the entry waits for its stream to end. */
  pending?: boolean;
}
