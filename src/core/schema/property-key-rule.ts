import { nameHash } from '../name-hash.js';

/** A provider's rule for the keys of `properties`. */
export interface PropertyKeyRule {
  /** Characters allowed anywhere, as a regular expression matching one character. */
  readonly allowed: RegExp;
  /** Characters allowed first; `null` when any allowed character may lead. */
  readonly first: RegExp | null;
  /** Longest key, in UTF-16 code units. */
  readonly maxLength: number;
  /** Where the rule comes from. */
  readonly source: string;
}

/**
 * Anthropic rejects the whole request when a property key breaks `^[a-zA-Z0-9_.-]{1,64}$`
 * ("input_schema.properties: Property keys should match pattern", seen in
 * github.com/anthropics/claude-code/issues/79418 and github.com/decocms/studio/pull/6874).
 * Applied to Bedrock too, which serves Claude.
 *
 * @internal
 */
export const ANTHROPIC_PROPERTY_KEYS: PropertyKeyRule = Object.freeze({
  allowed: /[A-Za-z0-9_.-]/,
  first: null,
  maxLength: 64,
  source: 'Anthropic Messages API error: Property keys should match pattern ^[a-zA-Z0-9_.-]{1,64}$',
});

/**
 * Vertex AI documents parameter names as "must start with a letter or an underscore and must only
 * contain chars a-z, A-Z, 0-9, or underscores with a maximum length of 64" (aiplatform
 * `FunctionDeclaration.parameters`, in Google's API reference).
 *
 * @internal
 */
export const VERTEX_PROPERTY_KEYS: PropertyKeyRule = Object.freeze({
  allowed: /[A-Za-z0-9_]/,
  first: /[A-Za-z_]/,
  maxLength: 64,
  source: 'Vertex AI FunctionDeclaration.parameters property names: ^[A-Za-z_][A-Za-z0-9_]{0,63}$',
});

/**
 * Picks a wire key for every key of one `properties` object. Keys that fit are kept as they are
 * and reserved first; a key that breaks only the charset gets `_` for each bad character when that
 * is free; otherwise it is cut and ends in `_` and a hash of the original key. Deterministic, and
 * never two keys on one wire key.
 *
 * @internal
 * @example
 * ```ts
 * fitPropertyKeys(['filter[id]', 'name'], ANTHROPIC_PROPERTY_KEYS);
 * // Map { 'filter[id]' => 'filter_id_', 'name' => 'name' }
 * ```
 */
export function fitPropertyKeys(
  keys: readonly string[],
  rule: PropertyKeyRule,
): ReadonlyMap<string, string> {
  // The same lists of keys recur (Twilio's `Parameter1.Name` to `Parameter99.Value` in two tools
  // of one catalog; every tool of a list sent again as fresh JSON): a list written before is
  // found by its keys, and checked key by key, since a key may hold the separator.
  const known = memoryOf(fittedLists, rule);
  const joined = keys.join('\u0000');
  const before = known.get(joined);
  if (before !== undefined && sameKeys(before.keys, keys)) return before.wires;
  const wires = fitKeys(keys, rule);
  store(known, joined, { keys: keys.slice(), wires }, MAX_FITTED_LISTS);
  return wires;
}

/** A list of keys written before, and its wire keys. */
interface FittedList {
  readonly keys: readonly string[];
  readonly wires: ReadonlyMap<string, string>;
}

// Lists of keys written before, per rule, by their keys joined (see `fitPropertyKeys`).
const fittedLists = new WeakMap<PropertyKeyRule, Map<string, FittedList>>();

/** Past this many lists remembered for a rule, its memory starts over. */
const MAX_FITTED_LISTS = 512;

function sameKeys(first: readonly string[], second: readonly string[]): boolean {
  if (first.length !== second.length) return false;
  for (let index = 0; index < first.length; index++) {
    if (first[index] !== second[index]) return false;
  }
  return true;
}

function fitKeys(keys: readonly string[], rule: PropertyKeyRule): Map<string, string> {
  const result = new Map<string, string>();
  const taken = new Set<string>();
  for (const key of keys) {
    if (fitsRule(key, rule)) {
      result.set(key, key);
      taken.add(key);
    }
  }
  for (const key of keys) {
    if (result.has(key)) continue;
    const base = substituted(key, rule);
    let candidate = base;
    for (let attempt = 1; candidate.length > rule.maxLength || taken.has(candidate); attempt++) {
      const suffix = `_${nameHash(attempt === 1 ? key : `${key}\u0000${attempt}`)}`;
      candidate = base.slice(0, rule.maxLength - suffix.length) + suffix;
    }
    result.set(key, candidate);
    taken.add(candidate);
  }
  return result;
}

/** Whether a key already fits a rule. @internal */
export function fitsRule(key: string, rule: PropertyKeyRule): boolean {
  // Only keys of a length that may fit are remembered: a long key costs nothing to judge.
  if (key.length === 0 || key.length > rule.maxLength) return false;
  const judged = memoryOf(judgedKeys, rule);
  const fits = judged.get(key);
  return fits ?? store(judged, key, keyFitsRule(key, rule), MAX_JUDGED_KEYS);
}

// Keys judged before, per rule: the walk asks about every property of every object it projects
// for Anthropic, Bedrock and Vertex, and the same few keys recur across a catalog.
const judgedKeys = new WeakMap<PropertyKeyRule, Map<string, boolean>>();

/** Past this many keys remembered for a rule, its memory starts over. */
const MAX_JUDGED_KEYS = 4096;

function keyFitsRule(key: string, rule: PropertyKeyRule): boolean {
  if (rule.first !== null && !rule.first.test(key.charAt(0))) return false;
  return wholeKeyPattern(rule).test(key);
}

// One test of the whole key instead of one per character: this runs for every property of every
// schema projected for Anthropic, Bedrock and Vertex.
const wholeKeyPatterns = new WeakMap<PropertyKeyRule, RegExp>();

function wholeKeyPattern(rule: PropertyKeyRule): RegExp {
  let pattern = wholeKeyPatterns.get(rule);
  if (pattern === undefined) {
    pattern = new RegExp(`^(?:${rule.allowed.source})+$`, rule.allowed.flags);
    wholeKeyPatterns.set(rule, pattern);
  }
  return pattern;
}

/**
 * `substitute`, remembered per rule: the keys that break a rule recur across a catalog (Twilio's
 * `Parameter1.Name` to `Parameter99.Value` in each of its call resources), and writing one costs
 * a string built a run at a time and a regular expression test.
 */
function substituted(key: string, rule: PropertyKeyRule): string {
  const known = memoryOf(substitutedKeys, rule);
  return known.get(key) ?? store(known, key, substitute(key, rule), MAX_JUDGED_KEYS);
}

/**
 * The memory of `memories` for `rule` (lists, judged keys, substituted keys), empty at first.
 * A lookup, not a callback: `fitsRule` runs for every property of three targets.
 */
function memoryOf<Value>(
  memories: WeakMap<PropertyKeyRule, Map<string, Value>>,
  rule: PropertyKeyRule,
): Map<string, Value> {
  let memory = memories.get(rule);
  if (memory === undefined) {
    memory = new Map();
    memories.set(rule, memory);
  }
  return memory;
}

/** Remembers `value` for `key` and returns it; past `limit` entries the memory starts over. */
function store<Value>(memory: Map<string, Value>, key: string, value: Value, limit: number): Value {
  if (memory.size >= limit) memory.clear();
  memory.set(key, value);
  return value;
}

// Keys substituted before, per rule (see `substituted`).
const substitutedKeys = new WeakMap<PropertyKeyRule, Map<string, string>>();

function substitute(key: string, rule: PropertyKeyRule): string {
  // The allowed runs are cut out of the key whole, not added one character at a time; ASCII
  // characters are judged by a table (a regular expression test per character cost more than
  // the rest of a rename), others by the rule itself, a code point at a time as `for-of` reads.
  const allowed = asciiTableOf(rule);
  let out = '';
  let runStart = 0;
  let index = 0;
  while (index < key.length) {
    const code = key.charCodeAt(index);
    let width = 1;
    let fits: boolean;
    if (code < 128) fits = allowed[code] === 1;
    else {
      if ((key.codePointAt(index) as number) > 0xffff) width = 2;
      fits = rule.allowed.test(key.slice(index, index + width));
    }
    if (!fits) {
      out += `${key.slice(runStart, index)}_`;
      runStart = index + width;
    }
    index += width;
  }
  out = runStart === 0 ? key : out + key.slice(runStart);
  if (out.length === 0) out = '_';
  if (rule.first !== null && !rule.first.test(out.charAt(0))) out = `_${out}`;
  return out;
}

// Which ASCII characters a rule allows anywhere (1: allowed), per rule.
const asciiTables = new WeakMap<PropertyKeyRule, Uint8Array>();

function asciiTableOf(rule: PropertyKeyRule): Uint8Array {
  let table = asciiTables.get(rule);
  if (table === undefined) {
    table = new Uint8Array(128);
    for (let code = 0; code < 128; code++) {
      if (rule.allowed.test(String.fromCharCode(code))) table[code] = 1;
    }
    asciiTables.set(rule, table);
  }
  return table;
}
