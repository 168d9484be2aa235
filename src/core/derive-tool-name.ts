import { ToolwireError } from './toolwire-error.js';

/** Options of {@link deriveToolName}. */
export interface DeriveToolNameOptions {
  /** The service: a route prefix or OpenAPI tag, such as `admin/analytics` or `user-profiles`. */
  service: string;
  /** The method: a verb (`get`, `list`, ...) or an operation name (`trackEvent`, `sync-all`). */
  method: string;
  /** An explicit name. When given it wins, unchanged: derivation never overrides the author. */
  toolName?: string | undefined;
}

/** The result of {@link deriveToolName}. */
export interface DeriveToolNameResult {
  /** The tool name. */
  name: string;
  /** `explicit` when `toolName` was given, `derived` when the name was built from the route. */
  source: 'explicit' | 'derived';
}

/**
 * Words whose last segment stays as it is: plural-only nouns, mass nouns and words that already
 * end in `s` in the singular. Matched without regard to case.
 */
const INVARIANT_WORDS: ReadonlySet<string> = new Set([
  'analytics',
  'status',
  'stats',
  'settings',
  'media',
  'progress',
  'news',
  'series',
  'species',
  'data',
  'metadata',
  'credentials',
  'permissions',
]);

/** Plurals that no suffix rule gets right. Matched without regard to case. */
const IRREGULAR_PLURALS: ReadonlyMap<string, string> = new Map([
  ['people', 'person'],
  ['children', 'child'],
  ['men', 'man'],
  ['women', 'woman'],
  ['caches', 'cache'],
  ['movies', 'movie'],
  ['cookies', 'cookie'],
  ['indices', 'index'],
  ['matrices', 'matrix'],
  ['vertices', 'vertex'],
  ['aliases', 'alias'],
  ['statuses', 'status'],
  ['buses', 'bus'],
  ['bonuses', 'bonus'],
  ['campuses', 'campus'],
  ['viruses', 'virus'],
  ['menus', 'menu'],
]);

const DERIVED_VERBS: ReadonlySet<string> = new Set(['get', 'create', 'update', 'delete']);

/**
 * Derives a tool name from an HTTP route or an OpenAPI operation, by stitchkit's rules (ADR 0035),
 * with its known weak spots fixed. An explicit `toolName` wins and is returned unchanged. Otherwise:
 *
 * 1. The service is normalised over the whole character class: every code point outside
 *    `A-Za-z0-9_` becomes one `_` (`admin/analytics` → `admin_analytics`); the method likewise,
 *    keeping `-` (`get-user` stays). Nothing is collapsed, trimmed or re-cased, so distinct routes
 *    stay distinct wherever they can.
 * 2. The last `_`-segment of the service is singularised: invariant words stay (`analytics`,
 *    `status`, `stats`, `settings`, `media`, `progress`, `news`, `series`, `species`, `data`,
 *    `metadata`, `credentials`, `permissions`, in any case); a few irregular plurals map
 *    (`people` → `person`, `caches` → `cache`, `statuses` → `status`, `buses` → `bus`, ...); words ending in
 *    `ss`, `us`, `sis` or `xis` stay (`address`, `bus`, `analysis`, `axis`); `-sses`, `-xes`,
 *    `-ches` and `-shes` drop `es` (`boxes` → `box`, `branches` → `branch`);
 *    `-ies` becomes `y`; any other final `s` is dropped.
 * 3. `list` gives `list_<service>` (plural kept); `get`, `create`, `update`, `delete` give
 *    `<verb>_<singular>`; any other method is turned from camelCase into snake case and gives
 *    `<method>_<singular>`, with one leading `_` removed.
 *
 * The name is never cut: check it with `checkToolNames` or guard the server with `guardToolNames`,
 * which reject an over-long name with a message naming it. A service without a single ASCII letter
 * or digit (`///`, `日本語`, `_`) is rejected with `INVALID_NAME`, since it would collapse into
 * `get_` or `get___`; set `toolName` instead.
 *
 * Fixes over stitchkit: `series`, `species`, `analysis`, `bus`, `boxes`, `branches`, `addresses`
 * and `Stats` used to become `sery`, `specy`, `analysi`, `bu`, `boxe`, `branche`, `addresse` and
 * `Stat`. Normalisation works per code point, so an emoji is one `_`, not two.
 *
 * @example
 * ```ts
 * deriveToolName({ service: 'client/events', method: 'track' }).name; // 'track_client_event'
 * deriveToolName({ service: 'admin/analytics', method: 'get' }).name; // 'get_admin_analytics'
 * deriveToolName({ service: 'time-series', method: 'get' }).name; // 'get_time_series'
 * deriveToolName({ service: 'notes', method: 'get', toolName: 'fetch_note' }); // { name: 'fetch_note', source: 'explicit' }
 * ```
 */
export function deriveToolName(options: DeriveToolNameOptions): DeriveToolNameResult {
  const { service, method, toolName } = options;
  if (toolName !== undefined) {
    if (typeof toolName !== 'string') {
      throw new ToolwireError({
        code: 'INVALID_NAME',
        message: `Tool name for service "${String(service)}" (method "${String(method)}") must be a string, not ${typeof toolName}.`,
      });
    }
    return { name: toolName, source: 'explicit' };
  }
  if (typeof service !== 'string' || typeof method !== 'string') {
    throw new ToolwireError({
      code: 'INVALID_NAME',
      message: `Service "${String(service)}" (method "${String(method)}"): service and method must be strings; set an explicit toolName.`,
    });
  }
  if (!/[A-Za-z0-9]/.test(service)) {
    throw new ToolwireError({
      code: 'INVALID_NAME',
      message: `Service "${service}" (method "${method}") has no characters usable in a tool name; set an explicit toolName or rename the service.`,
    });
  }
  const normalisedService = service.replace(/[^A-Za-z0-9_]/gu, '_');
  const normalisedMethod = method.replace(/[^A-Za-z0-9_-]/gu, '_');
  if (normalisedMethod === 'list') return { name: `list_${normalisedService}`, source: 'derived' };
  const at = normalisedService.lastIndexOf('_');
  const singular =
    normalisedService.slice(0, at + 1) + singularize(normalisedService.slice(at + 1));
  if (DERIVED_VERBS.has(normalisedMethod)) {
    return { name: `${normalisedMethod}_${singular}`, source: 'derived' };
  }
  const snake = normalisedMethod.replace(/[A-Z]/g, (capital) => `_${capital}`).toLowerCase();
  const name = `${snake}_${singular}`;
  return { name: name.startsWith('_') ? name.slice(1) : name, source: 'derived' };
}

/**
 * The singular of one word, by the rules in {@link deriveToolName}; the case of the kept letters
 * is unchanged.
 * @internal
 * @example
 * ```ts
 * singularize('branches'); // 'branch'
 * ```
 */
export function singularize(word: string): string {
  const lower = word.toLowerCase();
  if (INVARIANT_WORDS.has(lower)) return word;
  const irregular = IRREGULAR_PLURALS.get(lower);
  if (irregular !== undefined) return matchCase(word, irregular);
  if (/(ss|us|sis|xis)$/.test(lower)) return word;
  if (/(ss|x|ch|sh)es$/.test(lower)) return word.slice(0, -2);
  if (lower.endsWith('ies') && lower.length > 3) {
    return `${word.slice(0, -3)}${matchCase(word.slice(-3), 'y')}`;
  }
  if (lower.endsWith('s')) return word.slice(0, -1);
  return word;
}

function matchCase(model: string, replacement: string): string {
  if (model !== model.toUpperCase() || model === model.toLowerCase()) {
    const initial = model.charAt(0);
    return initial !== initial.toLowerCase()
      ? replacement.charAt(0).toUpperCase() + replacement.slice(1)
      : replacement;
  }
  return replacement.toUpperCase();
}
