import type { ResolvedStreamEvents } from '../../core/projection/create-request-projection.js';
import type { NameResolution } from '../../core/projection/name-resolution.js';
import type { StreamFormat } from './wire-format.js';
import { nameField, resolveCall, resolveCalls, type WireNames } from './wire-names.js';
import { isRecord, type Json, updatePath, visitPath, withProperty } from './wire-path.js';

const toKey = (key: unknown): string | undefined =>
  typeof key === 'string' || typeof key === 'number' ? String(key) : undefined;

/**
 * The stream side of a projected request: `resolve` turns one event into the events to pass on,
 * holding back the argument pieces of a call whose arguments must be rewritten and releasing them,
 * restored, as one piece just before the event that ends the call; `flush` releases what is still
 * held. A call that received no argument text is released as `{}`, which every SDK's parser takes.
 * @internal
 */
export function createStreamResolver(
  format: StreamFormat,
  names: WireNames,
): {
  resolve<TEvent>(event: TEvent): ResolvedStreamEvents<TEvent>;
  flush<TEvent>(): ResolvedStreamEvents<TEvent>;
} {
  const held = new Map<string, { canonical: string; pieces: string[] }>();
  const state = new Map<string, unknown>();
  const hold = format.hold;
  let last: Json | undefined;
  const release = (key: string, whole: string | undefined, resolutions: NameResolution[]) => {
    const { canonical, pieces } = held.get(key) as { canonical: string; pieces: string[] };
    held.delete(key);
    const text = whole ?? (pieces.length === 0 ? '{}' : pieces.join(''));
    const restored = names.flat.restoreArgumentsText(canonical, text);
    resolutions.push(...restored.resolutions);
    return restored.text;
  };
  return {
    resolve<TEvent>(event: TEvent): ResolvedStreamEvents<TEvent> {
      const resolutions: NameResolution[] = [];
      if (!isRecord(event)) return { events: [event], resolutions };
      let next: Json = format.prepare === undefined ? event : format.prepare(event, state);
      next = resolveCalls(next, format.calls ?? [], names, resolutions);
      if (hold === undefined) return { events: [next as TEvent], resolutions };
      last = next;
      for (const site of hold.starts) {
        next = updatePath(next, site.at, (holder, trail) => {
          const key = toKey(hold.key(trail));
          const { holder: call, canonical } = resolveCall(holder, site, names, resolutions, false);
          if (key === undefined || !isRecord(call)) return call;
          // A name starts a call: a key seen before (a reused index) starts afresh.
          if (typeof call[nameField(site) ?? ''] === 'string') held.delete(key);
          if (canonical !== undefined && names.flat.rewritesArguments(canonical))
            held.set(key, { canonical, pieces: [] });
          const entry = held.get(key);
          const piece = site.fragment === undefined ? undefined : call[site.fragment];
          if (entry === undefined || typeof piece !== 'string') return call;
          entry.pieces.push(piece);
          return withProperty(call, site.fragment as string, '');
        });
      }
      let dropped = false;
      for (const site of hold.fragments ?? []) {
        visitPath(next, site.at, (holder, trail) => {
          const key = toKey(hold.key(trail));
          const entry = key === undefined ? undefined : held.get(key);
          const piece = isRecord(holder) ? holder[site.arguments as string] : undefined;
          if (entry !== undefined && typeof piece === 'string') {
            entry.pieces.push(piece);
            dropped = true;
          }
        });
      }
      if (dropped) return { events: [], resolutions };
      const events: unknown[] = [];
      for (const end of held.size === 0 ? [] : hold.ends(next, [...held.keys()])) {
        const key = toKey(end);
        if (key === undefined || !held.has(key)) continue;
        const whole = hold.whole === undefined ? undefined : next[hold.whole];
        const text = release(key, typeof whole === 'string' ? whole : undefined, resolutions);
        events.push(hold.release(key, text, next));
        if (typeof whole === 'string') next = withProperty(next, hold.whole as string, text);
      }
      events.push(next);
      return { events: events as TEvent[], resolutions };
    },
    flush<TEvent>(): ResolvedStreamEvents<TEvent> {
      const resolutions: NameResolution[] = [];
      const events = [...held.keys()].map((key) =>
        hold?.release(key, release(key, undefined, resolutions), last),
      );
      return { events: events as TEvent[], resolutions };
    },
  };
}
