import { matchesFingerprint, recordFingerprint } from './memoize-history-item.js';

/**
 * Walks the objects a request is made of (the request, its arrays, their items), calling `see`
 * on each in a fixed order.
 */
export type RequestParts<TRequest> = (request: TRequest, see: (part: unknown) => void) => void;

/** A memo of projected requests, by request identity, validated by the identity of its parts. */
export interface RequestMemo<TRequest extends object, TValue> {
  /** The value stored for this request and options, when none of its parts changed since. */
  get(request: TRequest, options: unknown): TValue | undefined;
  /** Stores the value for this request and options. */
  set(request: TRequest, options: unknown, value: TValue): void;
  /** The stored value when it is still valid, else `compute()`, stored for next time. */
  getOrCompute(request: TRequest, options: unknown, compute: () => TValue): TValue;
}

/**
 * Creates a memo for one adapter's projections. A host that sends the same request again (a
 * retry, a second model, the same turn replayed) gets the projection back for the price of
 * comparing the identities of the request's parts: the arrays and the objects in them down to
 * the name-bearing ones. A part replaced, added or removed is a miss. A string changed in place
 * inside an unchanged object is not seen, so treat a sent request as a value (build the next one
 * instead of editing it), or pass a new request object.
 *
 * @example
 * ```ts
 * const memo = createRequestMemo<ChatRequestLike, Projection>((request, see) => {
 *   see(request.tools);
 *   for (const tool of request.tools ?? []) see(tool);
 * });
 * ```
 */
export function createRequestMemo<TRequest extends object, TValue>(
  parts: RequestParts<TRequest>,
): RequestMemo<TRequest, TValue> {
  const entries = new WeakMap<TRequest, { options: unknown; parts: unknown[]; value: TValue }>();
  const memo: RequestMemo<TRequest, TValue> = {
    get(request, options) {
      const entry = entries.get(request);
      if (entry === undefined || entry.options !== options) return undefined;
      return matchesFingerprint(entry.parts, request, parts) ? entry.value : undefined;
    },
    set(request, options, value) {
      entries.set(request, { options, parts: recordFingerprint(request, parts), value });
    },
    getOrCompute(request, options, compute) {
      const known = memo.get(request, options);
      if (known !== undefined) return known;
      const value = compute();
      memo.set(request, options, value);
      return value;
    },
  };
  return memo;
}
