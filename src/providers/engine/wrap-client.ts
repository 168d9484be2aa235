import type {
  ProjectedRequest,
  ResolvedStreamEvents,
} from '../../core/projection/create-request-projection.js';
import type { WrapCallbacks } from '../../core/projection/wrap-callbacks.js';

/** How one client method projects its request body and whether the call streams. */
export interface WrappedMethod {
  project(body: unknown): ProjectedRequest<unknown, unknown, unknown>;
  isStream(body: unknown): boolean;
}

/**
 * The methods to wrap, by resource path (`'chat.completions'`) and method name (`'create'`).
 */
export type WrappedMethods = Readonly<Record<string, Readonly<Record<string, WrappedMethod>>>>;

/**
 * Wraps an official SDK client so that the listed methods project each request body and resolve
 * what comes back, plain or streamed, and returns it with the client's own type. The client is
 * not changed: the result is a proxy. SDK helpers that call back into the client through the
 * resource's `_client` (the OpenAI and Anthropic `stream()` / `parse()` helpers) go through the
 * wrapped methods as well.
 *
 * @example
 * ```ts
 * const wrapped = wrapClient(client, {
 *   'chat.completions': { create: { project: (body) => projectChatRequest(body), isStream: (body) => body.stream === true } },
 * }, {});
 * ```
 */
export function wrapClient<TClient extends object>(
  client: TClient,
  methods: WrappedMethods,
  callbacks: WrapCallbacks,
): TClient {
  const paths = Object.keys(methods).map((path) => path.split('.'));
  const proxies = new Map<string, object>();
  const root = new Proxy(client, {
    get(target, property) {
      const child = childProxy(target, property, []);
      if (child !== undefined) return child;
      const value = Reflect.get(target, property, target);
      // The client keeps private fields, so its own methods must run on the client itself.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

  function childProxy(parent: object, property: string | symbol, prefix: string[]) {
    if (typeof property !== 'string') return undefined;
    const path = [...prefix, property];
    if (!paths.some((candidate) => path.every((part, index) => candidate[index] === part))) {
      return undefined;
    }
    const key = path.join('.');
    const existing = proxies.get(key);
    if (existing !== undefined) return existing;
    const resource = Reflect.get(parent, property, parent);
    if (typeof resource !== 'object' || resource === null) return undefined;
    const wrapped = methods[key] ?? {};
    const functions = new Map<string, unknown>();
    const proxy = new Proxy(resource, {
      get(target, name, receiver) {
        if (name === '_client') return root;
        if (typeof name === 'string' && Object.hasOwn(wrapped, name)) {
          let fn = functions.get(name);
          if (fn === undefined) {
            fn = wrapMethod(
              Reflect.get(target, name, target) as (...args: unknown[]) => unknown,
              wrapped[name] as WrappedMethod,
              callbacks,
            );
            functions.set(name, fn);
          }
          return fn;
        }
        return childProxy(target, name, path) ?? Reflect.get(target, name, receiver);
      },
    });
    proxies.set(key, proxy);
    return proxy;
  }

  return root;
}

function wrapMethod(
  original: (...args: unknown[]) => unknown,
  method: WrappedMethod,
  callbacks: WrapCallbacks,
): (...args: unknown[]) => unknown {
  return function wrapped(this: unknown, body: unknown, ...rest: unknown[]) {
    const projected = method.project(body);
    if (projected.warnings.length > 0) callbacks.onWarnings?.(projected.warnings);
    const result = original.call(this, projected.request, ...rest);
    const stream = method.isStream(body);
    const transform = (data: unknown): unknown => {
      if (stream) return wrapStream(data, projected, callbacks);
      const { response, resolutions } = projected.resolveResponse(data);
      if (resolutions.length > 0) callbacks.onResolutions?.(resolutions);
      return response;
    };
    // The SDKs' APIPromise keeps `.withResponse()` when transformed with `_thenUnwrap`.
    const thenUnwrap = (result as { _thenUnwrap?: unknown } | null)?._thenUnwrap;
    if (typeof thenUnwrap === 'function') return thenUnwrap.call(result, transform);
    return Promise.resolve(result).then(transform);
  };
}

function wrapStream(
  stream: unknown,
  projected: ProjectedRequest<unknown, unknown, unknown>,
  callbacks: WrapCallbacks,
): unknown {
  if (typeof stream !== 'object' || stream === null || !(Symbol.asyncIterator in stream)) {
    return stream;
  }
  const source = stream as AsyncIterable<unknown> & { controller?: unknown };
  const resolved = () => resolveEvents(source, projected, callbacks);
  // Build the SDK's own Stream class around the resolved events, so `controller`, `tee()` and
  // `toReadableStream()` keep working.
  const Constructor = (stream as { constructor?: unknown }).constructor;
  if (typeof Constructor === 'function' && source.controller !== undefined) {
    try {
      return new (
        Constructor as new (
          iterator: () => AsyncIterator<unknown>,
          controller: unknown,
        ) => unknown
      )(resolved, source.controller);
    } catch {
      // Not the SDK Stream shape; fall through to a plain async iterable.
    }
  }
  return { controller: source.controller, [Symbol.asyncIterator]: resolved };
}

/** What {@link resolveEvents} needs of a projected request. */
interface StreamResolver {
  resolveStreamEvent(event: unknown): ResolvedStreamEvents<unknown>;
  flushStream(): ResolvedStreamEvents<unknown>;
}

/**
 * The events of a provider stream, resolved one by one, and then, however the stream ended (its
 * finish event or not, or an error), what the resolution still held back; an error is thrown
 * again after that. Every wrapper streams through it.
 *
 * @example
 * ```ts
 * for await (const event of resolveEvents(stream, projected, { onResolutions })) handle(event);
 * ```
 */
export async function* resolveEvents<TEvent>(
  source: AsyncIterable<TEvent>,
  projected: StreamResolver,
  callbacks: WrapCallbacks,
): AsyncGenerator<TEvent> {
  const report = ({ events, resolutions }: ResolvedStreamEvents<unknown>) => {
    if (resolutions.length > 0) callbacks.onResolutions?.(resolutions);
    return events as TEvent[];
  };
  let failure: { error: unknown } | undefined;
  try {
    for await (const event of source) yield* report(projected.resolveStreamEvent(event));
  } catch (error) {
    failure = { error };
  }
  yield* report(projected.flushStream());
  if (failure !== undefined) throw failure.error;
}
