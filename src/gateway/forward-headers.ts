// Hop-by-hop headers (RFC 9110 section 7.6.1) belong to one connection and are never forwarded;
// the length and encoding are recomputed for the body actually sent.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

/** The prefix of the gateway's own headers, which never reach the upstream. */
export const GATEWAY_HEADER_PREFIX = 'x-toolwire-';

/**
 * The headers to send upstream: the caller's, authentication included and untouched, without
 * hop-by-hop headers (and those the `connection` header names), `host`, `content-length` (the
 * body may have changed), `accept-encoding` (the gateway reads the answer) and the gateway's own
 * `x-toolwire-*` headers.
 *
 * @example
 * ```ts
 * await fetch(upstreamUrl, { method: 'POST', headers: forwardRequestHeaders(request.headers), body });
 * ```
 */
export function forwardRequestHeaders(headers: Headers): Headers {
  const named = connectionHeaders(headers);
  const out = new Headers();
  headers.forEach((value, key) => {
    if (HOP_BY_HOP.has(key) || named.has(key) || key === 'accept-encoding') return;
    if (key.startsWith(GATEWAY_HEADER_PREFIX)) return;
    out.append(key, value);
  });
  return out;
}

/**
 * The upstream answer's headers to send back: without hop-by-hop headers, and without
 * `content-length` and `content-encoding` (fetch has decoded the body, and a rewritten body has
 * another length).
 *
 * @example
 * ```ts
 * return new Response(body, { status: upstream.status, headers: forwardResponseHeaders(upstream.headers) });
 * ```
 */
export function forwardResponseHeaders(headers: Headers): Headers {
  const named = connectionHeaders(headers);
  const out = new Headers();
  headers.forEach((value, key) => {
    if (HOP_BY_HOP.has(key) || named.has(key) || key === 'content-encoding') return;
    out.append(key, value);
  });
  return out;
}

function connectionHeaders(headers: Headers): Set<string> {
  const connection = headers.get('connection');
  if (connection === null) return new Set();
  return new Set(connection.split(',').map((name) => name.trim().toLowerCase()));
}
