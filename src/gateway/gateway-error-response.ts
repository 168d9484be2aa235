import type { GatewayAnswer } from './gateway-answer.js';
import type { GatewayApiFamily } from './match-gateway-api.js';

/** What went wrong, in the gateway's words; each family's SDK gets its own type names. */
export type GatewayErrorKind =
  | 'invalid_request'
  | 'unauthorized'
  | 'too_large'
  | 'upstream_unavailable'
  | 'upstream_timeout'
  | 'stream_interrupted';

const OPENAI_TYPES: Record<GatewayErrorKind, string> = {
  invalid_request: 'invalid_request_error',
  unauthorized: 'authentication_error',
  too_large: 'invalid_request_error',
  upstream_unavailable: 'server_error',
  upstream_timeout: 'server_error',
  stream_interrupted: 'server_error',
};

const ANTHROPIC_TYPES: Record<GatewayErrorKind, string> = {
  invalid_request: 'invalid_request_error',
  unauthorized: 'authentication_error',
  too_large: 'request_too_large',
  upstream_unavailable: 'api_error',
  upstream_timeout: 'timeout_error',
  stream_interrupted: 'api_error',
};

const GOOGLE_STATUSES: Record<GatewayErrorKind, string> = {
  invalid_request: 'INVALID_ARGUMENT',
  unauthorized: 'UNAUTHENTICATED',
  too_large: 'INVALID_ARGUMENT',
  upstream_unavailable: 'UNAVAILABLE',
  upstream_timeout: 'DEADLINE_EXCEEDED',
  stream_interrupted: 'UNAVAILABLE',
};

/**
 * The JSON body of a gateway error in the shape the caller's SDK parses: OpenAI
 * `{ error: { message, type, param, code } }`, Anthropic `{ type: 'error', error: { type, message } }`,
 * Google `{ error: { code, message, status } }`.
 *
 * @example
 * ```ts
 * gatewayErrorBody('anthropic', 413, 'too_large', 'Request body: over 32 MiB.');
 * // { type: 'error', error: { type: 'request_too_large', message: 'Request body: over 32 MiB.' } }
 * ```
 */
export function gatewayErrorBody(
  family: GatewayApiFamily,
  status: number,
  kind: GatewayErrorKind,
  message: string,
): Record<string, unknown> {
  switch (family) {
    case 'openai':
      return {
        error: { message, type: OPENAI_TYPES[kind], param: null, code: `toolwire_${kind}` },
      };
    case 'anthropic':
      return { type: 'error', error: { type: ANTHROPIC_TYPES[kind], message } };
    case 'gemini':
      return { error: { code: status, message, status: GOOGLE_STATUSES[kind] } };
  }
}

const encoder = new TextEncoder();

/**
 * A gateway error as an answer in the caller's API shape (see {@link gatewayErrorBody}).
 *
 * @example
 * ```ts
 * return gatewayErrorAnswer('openai', 400, 'invalid_request', 'Request body: not JSON (Unexpected token).');
 * ```
 */
export function gatewayErrorAnswer(
  family: GatewayApiFamily,
  status: number,
  kind: GatewayErrorKind,
  message: string,
): GatewayAnswer {
  return {
    status,
    statusText: '',
    headers: new Headers({ 'content-type': 'application/json', 'x-toolwire-error': kind }),
    body: encoder.encode(JSON.stringify(gatewayErrorBody(family, status, kind, message))),
  };
}

/**
 * The server-sent event that ends a stream the upstream cut, in the caller's API shape: each SDK
 * raises it as an API error instead of taking a truncated answer for a whole one.
 *
 * @example
 * ```ts
 * controller.enqueue(encoder.encode(gatewayErrorEvent('anthropic', 'Upstream: the stream ended early.')));
 * ```
 */
export function gatewayErrorEvent(family: GatewayApiFamily, message: string): string {
  switch (family) {
    case 'openai': {
      const error = gatewayErrorBody('openai', 502, 'stream_interrupted', message).error as Record<
        string,
        unknown
      >;
      // Chat Completions clients read `error`; Responses clients read an `error` event.
      const data = { type: 'error', code: error.code, message, param: null, error };
      return `event: error\ndata: ${JSON.stringify(data)}\n\n`;
    }
    case 'anthropic':
      return `event: error\ndata: ${JSON.stringify(gatewayErrorBody('anthropic', 502, 'stream_interrupted', message))}\n\n`;
    case 'gemini':
      return `data: ${JSON.stringify(gatewayErrorBody('gemini', 502, 'stream_interrupted', message))}\n\n`;
  }
}
