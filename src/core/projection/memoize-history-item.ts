import type { ToolWireMap } from './tool-wire-map-seam.js';

/** Options of {@link memoizeHistoryItem}. */
export interface MemoizeHistoryItemOptions<TItem> {
  /** One history item (a message, a content, an input item) as the caller holds it. */
  item: TItem & object;
  /** The request's map (part of the cache key). */
  map: ToolWireMap;
  /** Option values that change the projected item (such as `argumentNameTools`). */
  key: unknown;
  /**
   * Calls `visit` with every value the projection reads from the item (parts, names, arguments),
   * in a fixed order; a reuse needs each to be identical (`===`).
   */
  fingerprint: (item: TItem, visit: (value: unknown) => void) => void;
  /** Projects the item (the item itself when nothing changes). */
  project: (item: TItem) => TItem;
}

interface Entry {
  map: ToolWireMap;
  key: unknown;
  fingerprint: unknown[];
  projected: unknown;
}

const entries = new WeakMap<object, Entry>();

/**
 * Projects one history item once and reuses the result while the host sends the same item again
 * under the same map: history grows by appending, and every earlier turn is projected the same way
 * on every request. What the projection reads is compared value by value, so an item changed in
 * place is projected again.
 *
 * @example
 * ```ts
 * const messages = request.messages.map((message) =>
 *   memoizeHistoryItem({ item: message, map: projection.map, key: undefined, fingerprint, project }),
 * );
 * ```
 */
export function memoizeHistoryItem<TItem>(options: MemoizeHistoryItemOptions<TItem>): TItem {
  const { item, map, key, fingerprint } = options;
  const cached = entries.get(item);
  if (
    cached !== undefined &&
    cached.map === map &&
    cached.key === key &&
    matchesFingerprint(cached.fingerprint, item, fingerprint)
  ) {
    return cached.projected as TItem;
  }
  const projected = options.project(item);
  entries.set(item, { map, key, fingerprint: recordFingerprint(item, fingerprint), projected });
  return projected;
}

/** Options of {@link memoizeHistory}. */
export interface MemoizeHistoryOptions<TItem>
  extends Omit<MemoizeHistoryItemOptions<TItem>, 'item'> {
  /** The request's history, as the caller passed it. */
  items: readonly TItem[];
}

/**
 * {@link memoizeHistoryItem} over a whole history: every object item projected once per map and
 * reused on later turns, other items passed through. Returns the array itself when no item changed.
 *
 * @example
 * ```ts
 * const messages = memoizeHistory({
 *   items: request.messages,
 *   map: projection.map,
 *   key: options.argumentNameTools,
 *   fingerprint,
 *   project: (message) => projectMessage(message, projection),
 * });
 * ```
 */
export function memoizeHistory<TItem>(options: MemoizeHistoryOptions<TItem>): readonly TItem[] {
  const { items, map, key, fingerprint, project } = options;
  let copy: TItem[] | undefined;
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as TItem;
    let next = item;
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
      const cached = entries.get(item);
      if (
        cached !== undefined &&
        cached.map === map &&
        cached.key === key &&
        matchesFingerprint(cached.fingerprint, item, fingerprint)
      ) {
        next = cached.projected as TItem;
      } else {
        next = project(item);
        entries.set(item, {
          map,
          key,
          fingerprint: recordFingerprint(item, fingerprint),
          projected: next,
        });
      }
    }
    if (next !== item) {
      copy ??= items.slice(0, index);
      copy.push(next);
    } else if (copy !== undefined) {
      copy.push(item);
    }
  }
  return copy ?? items;
}

// One comparison runs at a time (projection is synchronous and fingerprints do not nest), so the
// visitor's state lives here instead of in a closure made for every item of every request.
let expected: readonly unknown[] = [];
let position = 0;
let matching = true;

function compare(value: unknown): void {
  if (matching && expected[position] !== value) matching = false;
  position++;
}

/**
 * True when `fingerprint` visits exactly the recorded values, in order.
 * @internal
 */
export function matchesFingerprint<TValue>(
  recorded: readonly unknown[],
  value: TValue,
  fingerprint: (value: TValue, visit: (value: unknown) => void) => void,
): boolean {
  expected = recorded;
  position = 0;
  matching = true;
  fingerprint(value, compare);
  const same = matching && position === recorded.length;
  expected = [];
  return same;
}

let recording: unknown[] = [];

function record(value: unknown): void {
  recording.push(value);
}

/**
 * The values `fingerprint` visits, in order.
 * @internal
 */
export function recordFingerprint<TValue>(
  value: TValue,
  fingerprint: (value: TValue, visit: (value: unknown) => void) => void,
): unknown[] {
  const recorded: unknown[] = [];
  recording = recorded;
  fingerprint(value, record);
  recording = [];
  return recorded;
}
