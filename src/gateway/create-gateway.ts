import { type Envelope, resolveEnvelope } from '../core/envelope.js';
import { isRecord } from '../core/is-record.js';
import type { ProjectionOptions } from '../core/projection/create-request-projection.js';
import type { SchemaTarget } from '../core/schema/schema-target.js';
import { ToolwireError } from '../core/toolwire-error.js';
import {
  createStoredResponseResolver,
  type StoredResponseResolver,
} from './create-stored-response-resolver.js';
import { forwardRequestHeaders, forwardResponseHeaders } from './forward-headers.js';
import type { GatewayAnswer } from './gateway-answer.js';
import { type GatewayErrorKind, gatewayErrorAnswer } from './gateway-error-response.js';
import type { GatewayLogEntry } from './gateway-log-entry.js';
import type { GatewayRequest } from './gateway-request.js';
import { type GatewayApiFamily, type GatewayRoute, matchGatewayApi } from './match-gateway-api.js';
import { type ApiProjection, projectApiRequest } from './project-api-request.js';
import { type LimitedBody, limitBodyStream, readLimitedBody } from './read-limited-body.js';
import { replaceWireNames } from './replace-wire-names.js';
import { resolveEventStream } from './resolve-event-stream.js';
import { resolveJsonArrayStream } from './resolve-json-array-stream.js';
import {
  type ResolvedUpstreamProfile,
  resolveSchemaTarget,
  resolveUpstreamProfile,
  type UpstreamProfile,
} from './upstream-profile.js';
import { NULL_BODY_STATUSES, type UpstreamResponse } from './upstream-response.js';

/** Options of {@link createGateway}. */
export interface GatewayOptions {
  /** Where to forward: a base URL, or a profile with the upstream's envelope and schema target. */
  upstream: string | UpstreamProfile;
  /**
   * The gateway's own bearer token. When set, every request must carry it in
   * `x-toolwire-token: <token>` or `proxy-authorization: Bearer <token>` (the `authorization`
   * header is the upstream's and goes through untouched); both are removed before forwarding.
   */
  token?: string;
  /**
   * The largest request body accepted, in bytes (413 above it). Also bounds a JSON answer read
   * back from the upstream.
   * @defaultValue 33554432 (32 MiB)
   */
  maxBodyBytes?: number;
  /**
   * How long to wait for the upstream's response headers, in milliseconds (504 after).
   * @defaultValue 600000
   */
  upstreamTimeout?: number;
  /**
   * Projection options for every request: `separator`, `lenient`, `describeAliases`, `overrides`
   * (the envelope and schema target come from the upstream profile).
   */
  projection?: Omit<ProjectionOptions, 'envelope'>;
  /** One structured entry per request (never bodies or header values). */
  log?: (entry: GatewayLogEntry) => void;
  /**
   * The fetch used to reach the upstream, called as `fetch(url, init)` (the runtime's own by
   * default). The `toolwire gateway` command passes one on Node's HTTP client with kept-alive
   * connections, which costs far less CPU per request than Node 20's fetch.
   */
  fetch?: (url: string, init: RequestInit) => Promise<UpstreamResponse>;
}

/** A gateway: a Web-standard fetch handler, the same on Node, Workers, Deno and Bun. */
export interface Gateway {
  /** Answers one request. Never rejects: failures are answers in the caller's API shape. */
  fetch(request: Request): Promise<Response>;
  /**
   * The same answer as {@link Gateway.fetch}, for a server that is not Web-standard: it takes a
   * request-like object (whose body may be any async iterable of bytes) and gives the answer as
   * plain parts, so no `Request`, `Response` or stream adapter is built for a body held whole.
   * Node 20 spends more CPU on those than on the gateway's own work for a small request.
   *
   * @example
   * ```ts
   * const answer = await gateway.handle({ method: 'POST', url, headers, body: incoming, signal });
   * outgoing.writeHead(answer.status, answer.statusText, Object.fromEntries(answer.headers));
   * ```
   */
  handle(request: GatewayRequest): Promise<GatewayAnswer>;
  /** The validated upstream profile. */
  readonly upstream: ResolvedUpstreamProfile;
}

/** The header that picks another envelope for one request (`x-toolwire-envelope: bedrock`). */
export const ENVELOPE_HEADER = 'x-toolwire-envelope';
/** The header that picks another schema target for one request. */
export const SCHEMA_TARGET_HEADER = 'x-toolwire-schema-target';
/**
 * The header of a stored response read back (`GET /v1/responses/{id}`) that says how many renamed
 * tools could not be traced back to the caller's names (their calls keep the wire names).
 */
export const UNRESOLVED_HEADER = 'x-toolwire-unresolved';
/** The header that carries the gateway's own token. */
export const TOKEN_HEADER = 'x-toolwire-token';

const DEFAULT_MAX_BODY = 32 * 1024 * 1024;
const DEFAULT_TIMEOUT = 600_000;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Creates an LLM gateway: apps point their SDK's base URL at it, and it forwards to one upstream
 * with every tool name and schema fitted to what sits behind that upstream, and every answer
 * resolved back to the caller's own names. OpenAI Chat Completions and Responses, Anthropic
 * Messages (and `count_tokens`) and Gemini `generateContent` / `streamGenerateContent` are
 * rewritten; every other path is passed through untouched. Stateless: each answer depends only
 * on its request, so replicas need no shared store. Web-standard (`Request` in, `Response` out,
 * no `node:` modules), so the same handler serves on Node (`toolwire gateway`) and deploys
 * unchanged to Cloudflare Workers, Deno or Bun.
 *
 * @example
 * ```ts
 * import { createGateway } from 'toolwire/gateway';
 *
 * // A Cloudflare Worker in front of Anthropic models on Bedrock (64-character names):
 * const gateway = createGateway({ upstream: { baseUrl: 'https://bedrock-mantle.example', envelope: 'bedrock' } });
 * export default { fetch: (request: Request) => gateway.fetch(request) };
 * ```
 */
export function createGateway(options: GatewayOptions): Gateway {
  const upstream = resolveUpstreamProfile(
    typeof options.upstream === 'string' ? { baseUrl: options.upstream } : options.upstream,
  );
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const timeout = options.upstreamTimeout ?? DEFAULT_TIMEOUT;
  // The URL and init go as they are: a Request built first is copied again by undici, its body
  // piped through one more stream (about 0.3 ms of CPU per request in bench/gateway-bench.js's
  // throughput row).
  const send = options.fetch ?? ((target: string, init: RequestInit) => fetch(target, init));
  const projection = options.projection ?? {};
  // One options object per schema target, kept: the engine's memo is keyed on the object.
  const projectionByTarget = new Map<SchemaTarget, Omit<ProjectionOptions, 'envelope'>>();
  const projectionFor = (
    schemaTarget: SchemaTarget | undefined,
  ): Omit<ProjectionOptions, 'envelope'> => {
    if (schemaTarget === undefined) return projection;
    let found = projectionByTarget.get(schemaTarget);
    if (found === undefined) {
      found = { ...projection, schemaTarget };
      projectionByTarget.set(schemaTarget, found);
    }
    return found;
  };
  const token = options.token;

  const handle = async (
    request: GatewayRequest,
    url: URL,
    entry: GatewayLogEntry,
  ): Promise<GatewayAnswer> => {
    const route = matchGatewayApi(request.method, url.pathname);
    entry.api = route.api ?? 'pass-through';
    if (token !== undefined && !hasToken(request.headers, token)) {
      return fail(
        route.family,
        401,
        'unauthorized',
        `Gateway: this gateway requires its token; send it as "${TOKEN_HEADER}: <token>" or "proxy-authorization: Bearer <token>".`,
      );
    }
    let envelope: Envelope | undefined;
    let schemaTarget: SchemaTarget | undefined;
    try {
      envelope = pickEnvelope(request.headers, upstream);
      entry.envelope = envelope?.id;
      const targetHeader = request.headers.get(SCHEMA_TARGET_HEADER) ?? undefined;
      // A request that picks another envelope gets that envelope's schemas unless it says otherwise.
      schemaTarget =
        targetHeader !== undefined || request.headers.has(ENVELOPE_HEADER)
          ? resolveSchemaTarget(targetHeader, envelope)
          : upstream.schemaTarget;
      entry.schemaTarget = schemaTarget;
    } catch (error) {
      return fail(route.family, 400, 'invalid_request', messageOf(error));
    }
    const target = `${upstream.baseUrl}${url.pathname}${url.search}`;
    if (route.stored !== undefined) {
      return readStored(request, target, route.stored, { envelope, schemaTarget }, entry);
    }
    if (route.api === undefined) return passThrough(request, target, route.family, entry);
    return rewrite(request, target, route, { envelope, schemaTarget }, entry);
  };

  const passThrough = async (
    request: GatewayRequest,
    target: string,
    family: GatewayApiFamily,
    entry: GatewayLogEntry,
  ): Promise<GatewayAnswer> => {
    const length = Number(request.headers.get('content-length') ?? '0');
    if (length > maxBodyBytes) return tooLarge(family);
    const limited = request.body === null ? undefined : limitBodyStream(request.body, maxBodyBytes);
    const init: RequestInit & { duplex?: 'half' } = {
      method: request.method,
      headers: forwardRequestHeaders(request.headers),
    };
    if (limited !== undefined) {
      init.body = limited.body;
      init.duplex = 'half';
    }
    const answer = await callUpstream(target, init, request.signal, family);
    if (!('upstream' in answer)) {
      return limited?.exceeded() === true ? tooLarge(family) : answer;
    }
    const response = answer.upstream;
    entry.upstreamStatus = response.status;
    return {
      status: response.status,
      statusText: response.statusText,
      headers: forwardResponseHeaders(response.headers),
      body: response.body,
    };
  };

  const rewrite = async (
    request: GatewayRequest,
    target: string,
    route: GatewayRoute,
    profile: { envelope: Envelope | undefined; schemaTarget: SchemaTarget | undefined },
    entry: GatewayLogEntry,
  ): Promise<GatewayAnswer> => {
    const { family } = route;
    const { envelope, schemaTarget } = profile;
    const api = route.api as NonNullable<GatewayRoute['api']>;
    const length = Number(request.headers.get('content-length') ?? '0');
    if (length > maxBodyBytes) return tooLarge(family);
    const read = await readLimitedBody(request.body, maxBodyBytes);
    if (read.tooLarge) return tooLarge(family);
    const text = decoder.decode(read.bytes);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      return fail(family, 400, 'invalid_request', `Request body: not JSON (${messageOf(error)}).`);
    }
    let projected: ApiProjection;
    try {
      projected = projectApiRequest({
        api,
        body,
        ...(route.model === undefined ? {} : { model: route.model }),
        envelope: adapterEnvelope(api, envelope),
        projection: projectionFor(schemaTarget),
      });
    } catch (error) {
      if (ToolwireError.isInstance(error)) {
        return fail(family, 400, 'invalid_request', error.message);
      }
      throw error;
    }
    entry.model = projected.model;
    entry.tools = projected.tools;
    entry.renamed = projected.renamed;
    entry.warnings = projected.warnings.length;
    const stream =
      api === 'gemini-stream' || (isRecord(body) && (body as { stream?: unknown }).stream === true);
    entry.stream = stream;
    const headers = forwardRequestHeaders(request.headers);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    const answer = await callUpstream(
      target,
      {
        method: 'POST',
        headers,
        // Bytes, not a string: fetch would scan a string for lone surrogates before encoding it.
        body: projected.changed ? encoder.encode(JSON.stringify(projected.body)) : read.bytes,
      },
      request.signal,
      family,
    );
    if (!('upstream' in answer)) return answer;
    const response = answer.upstream;
    entry.upstreamStatus = response.status;
    const responseHeaders = forwardResponseHeaders(response.headers);
    const init = {
      status: response.status,
      statusText: response.statusText,
      headers: responseHeaders,
    };
    const contentType = response.headers.get('content-type') ?? '';
    if (contentType.includes('text/event-stream') && response.body !== null && response.ok) {
      entry.pending = true;
      return {
        ...init,
        body: resolveEventStream({
          body: response.body,
          api,
          family,
          resolveEvent: projected.changed ? projected.resolveEvent : undefined,
          maxEventLength: maxBodyBytes * 2,
          onEnd: (outcome) => {
            entry.stream = true;
            entry.outcome = outcome.state;
            entry.pending = false;
            finishLog(entry);
          },
        }),
      };
    }
    if (!projected.changed) return { ...init, body: response.body };
    if (api === 'gemini-stream' && response.ok && response.body !== null) {
      // Without `alt=sse` Gemini streams one JSON array, element by element: each is resolved as
      // it completes, so the caller's first byte does not wait for the last.
      entry.pending = true;
      return {
        ...init,
        body: resolveJsonArrayStream({
          body: response.body,
          family,
          resolveEvent: projected.resolveEvent,
          maxElementLength: maxBodyBytes * 2,
          onEnd: (outcome) => {
            entry.outcome = outcome.state;
            entry.pending = false;
            finishLog(entry);
          },
        }),
      };
    }
    const answered = await readWhole(response, maxBodyBytes * 2);
    if (answered.tooLarge) {
      return fail(
        family,
        502,
        'upstream_unavailable',
        'Upstream: the answer is too large to resolve.',
      );
    }
    const answerText = decoder.decode(answered.bytes);
    if (!response.ok) {
      // The caller's SDK reads the upstream's own error, with its own names in the message.
      // As a Response given the text would say, when the upstream did not.
      if (!responseHeaders.has('content-type')) {
        responseHeaders.set('content-type', 'text/plain;charset=UTF-8');
      }
      return { ...init, body: encoder.encode(replaceWireNames(answerText, projected.map)) };
    }
    let json: unknown;
    try {
      json = JSON.parse(answerText);
    } catch {
      return { ...init, body: answered.bytes };
    }
    const resolved = api === 'anthropic-count-tokens' ? json : projected.resolveResponse(json);
    if (resolved === json) return { ...init, body: answered.bytes };
    return { ...init, body: encoder.encode(JSON.stringify(resolved)) };
  };

  // A stored Responses object read back carries the wire names of the request that made it; the
  // names are recovered from the object's own `tools` (see createStoredResponseResolver), so the
  // answer still depends only on what the upstream holds, never on state in the gateway.
  const readStored = async (
    request: GatewayRequest,
    target: string,
    stored: NonNullable<GatewayRoute['stored']>,
    profile: { envelope: Envelope | undefined; schemaTarget: SchemaTarget | undefined },
    entry: GatewayLogEntry,
  ): Promise<GatewayAnswer> => {
    entry.api =
      stored.kind === 'response' ? 'openai-responses-get' : 'openai-responses-input-items';
    const headers = forwardRequestHeaders(request.headers);
    const answer = await callUpstream(target, { method: 'GET', headers }, request.signal, 'openai');
    if (!('upstream' in answer)) return answer;
    const response = answer.upstream;
    entry.upstreamStatus = response.status;
    const init = {
      status: response.status,
      statusText: response.statusText,
      headers: forwardResponseHeaders(response.headers),
    };
    const contentType = response.headers.get('content-type') ?? '';
    if (
      stored.kind === 'response' &&
      response.ok &&
      response.body !== null &&
      contentType.includes('text/event-stream')
    ) {
      return { ...init, body: replayStored(response.body, profile, entry) };
    }
    // Errors, and anything that is neither JSON nor a replayed stream, pass as they are.
    if (!response.ok || !contentType.includes('json') || response.body === null) {
      return { ...init, body: response.body };
    }
    const json = await readJson(response);
    if (json === undefined) return tooLargeAnswer();
    if (!isRecord(json.value)) return { ...init, body: json.bytes };
    let tools: unknown = json.value.tools;
    if (stored.kind === 'input-items') {
      // The list holds no tools: they are read from the response object the items belong to.
      const owner = await callUpstream(
        `${upstream.baseUrl}${stored.path}`,
        { method: 'GET', headers: forwardRequestHeaders(request.headers) },
        request.signal,
        'openai',
      );
      tools = undefined;
      if ('upstream' in owner && owner.upstream.ok && owner.upstream.body !== null) {
        const ownerJson = await readJson(owner.upstream);
        if (ownerJson !== undefined && isRecord(ownerJson.value)) tools = ownerJson.value.tools;
      } else if ('upstream' in owner) {
        await owner.upstream.body?.cancel().catch(() => undefined);
      }
    }
    const resolver = createStoredResponseResolver({
      tools,
      envelope: adapterEnvelope('openai-responses', profile.envelope),
      projection: projectionFor(profile.schemaTarget),
    });
    let renamed = 0;
    for (const [wire, canonical] of resolver.names) if (wire !== canonical) renamed++;
    entry.tools = resolver.names.size + resolver.unresolved;
    entry.renamed = renamed;
    if (resolver.unresolved > 0) {
      entry.unresolved = resolver.unresolved;
      init.headers.set(UNRESOLVED_HEADER, String(resolver.unresolved));
    }
    if (renamed === 0) return { ...init, body: json.bytes };
    const value = json.value;
    const resolved =
      stored.kind === 'response'
        ? resolver.resolveResponse(value)
        : Array.isArray(value.data)
          ? { ...value, data: resolver.resolveItems(value.data) }
          : value;
    return { ...init, body: encoder.encode(JSON.stringify(resolved)) };
  };

  // A stored response replayed as a stream (`GET /v1/responses/{id}?stream=true`): its first
  // event carries the response object with its tools, from which the names are recovered as for
  // the JSON read; every later item and response object is resolved with them. The counts go to
  // the log (the headers are sent before the first event is read).
  const replayStored = (
    body: ReadableStream<Uint8Array>,
    profile: { envelope: Envelope | undefined; schemaTarget: SchemaTarget | undefined },
    entry: GatewayLogEntry,
  ): ReadableStream<Uint8Array> => {
    let resolver: StoredResponseResolver | undefined;
    let renamed = 0;
    entry.stream = true;
    entry.pending = true;
    return resolveEventStream({
      body,
      api: 'openai-responses',
      family: 'openai',
      maxEventLength: maxBodyBytes * 2,
      resolveEvent: (event) => {
        if (!isRecord(event)) return [event];
        if (resolver === undefined && isRecord(event.response)) {
          resolver = createStoredResponseResolver({
            tools: event.response.tools,
            envelope: adapterEnvelope('openai-responses', profile.envelope),
            projection: projectionFor(profile.schemaTarget),
          });
          for (const [wire, canonical] of resolver.names) if (wire !== canonical) renamed++;
          entry.tools = resolver.names.size + resolver.unresolved;
          entry.renamed = renamed;
          if (resolver.unresolved > 0) entry.unresolved = resolver.unresolved;
        }
        if (resolver === undefined || renamed === 0) return [event];
        if (isRecord(event.response)) {
          return [{ ...event, response: resolver.resolveResponse(event.response) }];
        }
        if (isRecord(event.item)) {
          const [item] = resolver.resolveItems([event.item]);
          return item === event.item ? [event] : [{ ...event, item }];
        }
        return [event];
      },
      onEnd: (outcome) => {
        entry.outcome = outcome.state;
        entry.pending = false;
        finishLog(entry);
      },
    });
  };

  const readJson = async (
    response: UpstreamResponse,
  ): Promise<{ bytes: Uint8Array; value: unknown } | undefined> => {
    const read = await readWhole(response, maxBodyBytes * 2);
    if (read.tooLarge) return undefined;
    try {
      return { bytes: read.bytes, value: JSON.parse(decoder.decode(read.bytes)) };
    } catch {
      return { bytes: read.bytes, value: undefined };
    }
  };

  const tooLargeAnswer = (): GatewayAnswer =>
    fail('openai', 502, 'upstream_unavailable', 'Upstream: the answer is too large to resolve.');

  const callUpstream = async (
    target: string,
    init: RequestInit,
    callerSignal: AbortSignal,
    family: GatewayApiFamily,
  ): Promise<{ upstream: UpstreamResponse } | GatewayAnswer> => {
    const controller = new AbortController();
    // The caller going away cancels the upstream request.
    const onAbort = (): void => controller.abort(callerSignal.reason);
    if (callerSignal.aborted) onAbort();
    else callerSignal.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('timeout'));
    }, timeout);
    try {
      const upstreamResponse = await send(target, { ...init, signal: controller.signal });
      return { upstream: upstreamResponse };
    } catch (error) {
      if (timedOut) {
        return fail(
          family,
          504,
          'upstream_timeout',
          `Upstream ${upstream.baseUrl}: no answer within ${timeout} ms.`,
        );
      }
      return fail(
        family,
        502,
        'upstream_unavailable',
        `Upstream ${upstream.baseUrl}: no answer (${describeFetchError(error)}). Check that it is running and that the gateway's upstream URL is right.`,
      );
    } finally {
      clearTimeout(timer);
    }
  };

  const finishLog = (entry: GatewayLogEntry): void => {
    if (entry.pending === true) return;
    delete entry.pending;
    entry.latencyMs = Math.round((Date.now() - entry.start) * 10) / 10;
    if (options.log !== undefined) {
      const { start: _start, ...line } = entry;
      options.log(line as GatewayLogEntry);
    }
  };

  const answer = async (request: GatewayRequest): Promise<GatewayAnswer> => {
    const url = new URL(request.url);
    const entry: GatewayLogEntry = {
      start: Date.now(),
      method: request.method,
      path: url.pathname,
      api: 'pass-through',
    };
    let answered: GatewayAnswer;
    try {
      answered = await handle(request, url, entry);
    } catch (error) {
      const route = matchGatewayApi(request.method, entry.path);
      answered = fail(route.family, 500, 'upstream_unavailable', `Gateway: ${messageOf(error)}`);
    }
    entry.status = answered.status;
    finishLog(entry);
    // A Response with one of these statuses cannot have a body (its constructor throws), so an
    // upstream's empty answer read whole leaves as no body at all.
    if (answered.body !== null && NULL_BODY_STATUSES.has(answered.status)) {
      answered.body = null;
    }
    return answered;
  };

  return {
    upstream,
    handle: answer,
    async fetch(request) {
      const answered = await answer(request);
      return new Response(answered.body, {
        status: answered.status,
        statusText: answered.statusText,
        headers: answered.headers,
      });
    },
  };
}

function fail(
  family: GatewayApiFamily,
  status: number,
  kind: GatewayErrorKind,
  message: string,
): GatewayAnswer {
  return gatewayErrorAnswer(family, status, kind, message);
}

function tooLarge(family: GatewayApiFamily): GatewayAnswer {
  return fail(
    family,
    413,
    'too_large',
    "Request body: over the gateway's size limit; send less, or raise the limit (--max-body).",
  );
}

function readWhole(response: UpstreamResponse, maxBytes: number): Promise<LimitedBody> {
  return response.readWhole !== undefined
    ? response.readWhole(maxBytes)
    : readLimitedBody(response.body, maxBytes);
}

function pickEnvelope(headers: Headers, upstream: ResolvedUpstreamProfile): Envelope | undefined {
  const override = headers.get(ENVELOPE_HEADER);
  if (override === null) return upstream.envelope;
  return resolveEnvelope(override.trim());
}

// Each adapter knows its own provider's envelope best (Anthropic narrows to 64 characters when a
// request uses tool search), so the API's own envelope is left to it.
const NATIVE: Record<NonNullable<GatewayRoute['api']>, string> = {
  'openai-chat': 'openai',
  'openai-responses': 'openai',
  'anthropic-messages': 'anthropic',
  'anthropic-count-tokens': 'anthropic',
  'gemini-generate': 'gemini',
  'gemini-stream': 'gemini',
};

function adapterEnvelope(
  api: NonNullable<GatewayRoute['api']>,
  envelope: Envelope | undefined,
): Envelope | undefined {
  return envelope === undefined || envelope.id === NATIVE[api] ? undefined : envelope;
}

function hasToken(headers: Headers, token: string): boolean {
  const direct = headers.get(TOKEN_HEADER);
  const proxy = headers.get('proxy-authorization');
  const offered =
    direct ?? (proxy !== null && /^bearer /i.test(proxy) ? proxy.slice(7).trim() : undefined);
  return offered !== undefined && constantTimeEqual(offered, token);
}

// Compares every byte whatever the first difference, so timing does not leak the token.
function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  let difference = left.length ^ right.length;
  for (let index = 0; index < right.length; index++) {
    difference |= (left[index % Math.max(left.length, 1)] ?? 0) ^ (right[index] as number);
  }
  return difference === 0;
}

function describeFetchError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${cause.message}` : cause.message;
  }
  return error.message;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
