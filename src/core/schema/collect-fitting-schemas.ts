import { mergeReference } from './merge-reference.js';
import { fitsRule, type PropertyKeyRule } from './property-key-rule.js';
import { resolveLocalRef } from './resolve-local-ref.js';
import {
  BOOLEAN_VALUED_KEYWORDS,
  COUNT_VALUED_KEYWORDS,
  KEPT_SUBSCHEMA_KEYWORDS,
  KEPT_SUBSCHEMA_MAP_KEYWORDS,
  NUMBER_VALUED_KEYWORDS,
  SILENT_KEYWORDS,
  STRING_VALUED_KEYWORDS,
  STRUCTURAL_KEYWORDS,
} from './schema-keywords.js';
import { MAX_SCHEMA_DEPTH } from './schema-limits.js';
import { type Source, TYPE_KEYWORDS } from './schema-tree-context.js';
import { hasOwnShape } from './schema-values.js';
import { STRICT_MAX_ENUM_VALUES, STRICT_STRUCTURAL } from './strict-schema-rules.js';
import { TARGET_PROFILES, type TargetProfile } from './target-profile.js';

/**
 * A sub-schema the projection need not walk: one the target takes exactly as it is (`rebuilt`
 * is 0), or one it takes once keywords are dropped without a word (`$schema`, an empty
 * `required`, Gemini's `additionalProperties: false` or empty `properties`), rebuilt by
 * `rebuildFittingSchema` in the order the projection writes keys. @internal
 */
export interface FittingSchema {
  /** How many path segments its deepest node lies below it (against the depth limit). */
  readonly height: number;
  /** OpenAI strict only: the characters of its enum values (against the strict size limit). */
  readonly characters: number;
  /** How many of its nodes are rebuilt (0: sent as it is); the projection counts them as nodes. */
  readonly rebuilt: number;
  /** The `FITTING_*` flags: what kind of node it is and how the rebuild writes it. */
  readonly shape: number;
}

/** `FittingSchema.shape`: an object schema (its properties are rebuilt by key). @internal */
export const FITTING_OBJECT = 1;
/** `FittingSchema.shape`: an array schema (its items are rebuilt). @internal */
export const FITTING_ARRAY = 2;
/**
 * `FittingSchema.shape`: `nullable` replaces the node's null branches and its lone other branch
 * replaces it (see `rebuildMergedAlternatives`). @internal
 */
export const FITTING_MERGED = 4;

/**
 * `FittingSchema.shape`: a local `$ref` (alone or with keywords beside it) whose target, merged
 * with those keywords as the projection merges them, fits once rebuilt; the other bits of the
 * shape are the merged node's. @internal
 */
export const FITTING_REFERENCE = 8;
/** With `FITTING_REFERENCE`: the merged node fits as it is (the result is the merge itself). @internal */
export const FITTING_REFERENCE_AS_IS = 16;
/**
 * `FittingSchema.shape`: the rebuilt node has an argument map (property keys renamed, here or in
 * properties or items below), which the projection's walk builds itself, so it leaves such
 * entries to its own walk. @internal
 */
export const FITTING_MAPPED = 32;
/** `FittingSchema.shape`: the node's own property keys are renamed (see `fitPropertyKeys`). @internal */
export const FITTING_RENAMED = 64;
/**
 * `FittingSchema.shape`: the rebuild warns, here or below (Gemini and Vertex: keywords moved into
 * the description or dropped, as `projectKeyword` does), so it needs the path of each node. Only a
 * whole schema is rebuilt so (the walk, which knows its paths, leaves such entries to itself). @internal
 */
export const FITTING_WARNS = 128;
/** With `FITTING_WARNS`: the node's own keywords are moved or dropped (see `FITTING_WARNS`). @internal */
export const FITTING_WARNS_HERE = 256;
/**
 * `FittingSchema.shape` (Gemini, Vertex): the node's alternatives, `const` or type are written
 * otherwise: a `oneOf` as `anyOf`, a `const` as an enum, no type as the enum's, a type and `null`
 * as the type and `nullable` (see `writeRewritten` in `rebuildFittingSchema`). @internal
 */
export const FITTING_REWRITTEN = 512;
/**
 * With `FITTING_REWRITTEN`: `nullable` replaces the null branches among two other branches or
 * more, which stay alternatives (the wrapper has no type of its own). @internal
 */
export const FITTING_NULLABLE = 1024;

/**
 * The sub-schemas of `root` that the projection need not walk (see {@link FittingSchema}): the
 * largest ones the target takes as they are, and every one that only loses keywords silently.
 * One read-only walk, with a precomputed keyword table per target; the projection then sends each
 * fitting one as it is (no copy, no walk) and rebuilds only the paths that change. A fitting
 * node's fitting children are not listed, so a tool whose whole schema fits costs one entry.
 *
 * The rules mirror `projectSchemaTree` and are conservative: a node that might change otherwise
 * is left to the projection, which decides. Where the target's rules allow (see `Rules.refs`), a
 * local `$ref` is checked as the node it inlines (`FITTING_REFERENCE`) and property keys the
 * target rejects are renamed (`FITTING_MAPPED`); a schema with a recursive `$ref` leaves every
 * `$ref` to the projection, and then `$defs` members are checked on their own, for the `$ref`s
 * that reach them.
 *
 * @internal
 * @example
 * ```ts
 * const fitting = collectFittingSchemas(root, 'openai', false);
 * fitting.get(root.properties.path); // { height: 0, characters: 0, rebuilt: 0, shape: 0 } for { type: 'string' }
 * ```
 */
export function collectFittingSchemas(
  root: unknown,
  profileId: string,
  strict: boolean,
): FittingSchemas {
  // Keys inherited through for-in would be read as the node's own: with a polluted
  // Object.prototype, leave every node to the projection.
  for (const _ in EMPTY) return { root: undefined, mapped: undefined, fitting: NONE };
  const rules = rulesOf(profileId, strict);
  // One walk's lists are reused by the next (they only grow), unless a getter in the schema
  // projects another schema while this one is checked.
  const walk = idle ?? newWalk();
  idle = undefined;
  walk.rules = rules;
  walk.visited = 0;
  walk.characters = 0;
  walk.rebuilt = 0;
  walk.size = 0;
  walk.root = root;
  walk.followRefs = rules.refs;
  walk.recursive = false;
  // First the lean walk, which lists only rebuilt nodes: enough when the root fits, as nearly
  // every root does. A root that does not fit is checked again, listing every fitting node.
  // Under strict no object schema fits, and the root is one: only the listing walk is run.
  walk.lean = !strict;
  let height = strict ? -1 : check(root, 0, walk);
  if (height < 0) {
    // A `$ref` met again on its own path makes what a node inlines depend on the path it is
    // reached by: such a schema's `$ref`s are all left to the projection, which tracks paths.
    if (walk.recursive) walk.followRefs = false;
    height = listingCheck(root, walk);
    if (walk.recursive && walk.followRefs) {
      walk.followRefs = false;
      height = listingCheck(root, walk);
    }
  }
  // The lean walk leaves the root's own entry in the walk; the listing walk lists a root that
  // fits last. The rest are what the root's rebuild needs, or what the projection keeps.
  let whole: FittingSchema | undefined;
  let count = walk.size;
  if (height >= 0) {
    if (walk.lean) {
      whole = { height, characters: walk.characters, rebuilt: walk.rebuilt, shape: walk.shape };
    } else {
      count--;
      whole = entryAt(walk.found, count);
    }
  }
  // A root with an argument map is not said to fit: the projection's walk, which such a root
  // would otherwise go to, builds maps itself; `projectInputSchema` rebuilds it with its map.
  let mapped: FittingSchema | undefined;
  if (whole !== undefined && (whole.shape & FITTING_MAPPED) !== 0) {
    mapped = whole;
    whole = undefined;
  }
  let fitting: ReadonlyMap<object, FittingSchema> = NONE;
  if (count > 0) {
    const map = new Map<object, FittingSchema>();
    for (let index = 0; index < count; index++) {
      map.set(walk.nodes[index] as object, entryAt(walk.found, index));
    }
    fitting = map;
  }
  const result = { root: whole, mapped, fitting };
  // Let go of the input's nodes, so that the reused walk keeps nothing alive.
  walk.nodes = NO_NODES;
  walk.root = undefined;
  idle = walk;
  return result;
}

/** The walk that lists every fitting node, from the start. */
function listingCheck(root: unknown, walk: Walk): number {
  walk.lean = false;
  walk.visited = 0;
  walk.characters = 0;
  walk.size = 0;
  walk.recursive = false;
  return check(root, 0, walk);
}

/** What {@link collectFittingSchemas} found. @internal */
export interface FittingSchemas {
  /** The root's own entry, when the whole schema fits (as it is, or rebuilt). */
  readonly root: FittingSchema | undefined;
  /**
   * The root's own entry when the whole schema fits once rebuilt with property keys renamed (an
   * argument map comes with it: see `FITTING_MAPPED`); `root` is then `undefined`.
   */
  readonly mapped: FittingSchema | undefined;
  /**
   * The other sub-schemas the projection need not walk. Under a rebuilt node only rebuilt
   * children are listed: a checked child that is not listed there fits as it is.
   */
  readonly fitting: ReadonlyMap<object, FittingSchema>;
}

const NONE: ReadonlyMap<object, FittingSchema> = new Map();

/** What was found about a node, kept as numbers (`FOUND_SIZE` per node) until it is needed. */
function entryAt(found: readonly number[], index: number): FittingSchema {
  const at = index * FOUND_SIZE;
  return {
    height: found[at] as number,
    characters: found[at + 1] as number,
    rebuilt: found[at + 2] as number,
    shape: found[at + 3] as number,
  };
}

const FOUND_SIZE = 4;
const EMPTY = {};

// What one keyword is to the check (low bits), and what it implies about the node (high bits).
/** Kept as it is, whatever its value (a `NaN` aside, which the projection's identity check sees as a change). */
const KEPT = 0;
/** Rewritten, dropped, moved into the description or converted: the node never fits. */
const CHANGED = 1;
/** Removed without a warning (`$schema`, `$comment`, ...): the node fits once rebuilt without it. */
const DROPPED = 24;
const TYPE = 2;
const DESCRIPTION = 3;
const PROPERTIES = 4;
const REQUIRED = 5;
const ADDITIONAL_PROPERTIES = 6;
const ITEMS = 7;
const ANY_OF = 8;
const ONE_OF = 9;
const ENUM = 10;
const CONST = 11;
const NUMBER = 12;
const MULTIPLE_OF = 13;
const COUNT = 14;
const STRING = 15;
const BOOLEAN = 16;
/** `exclusiveMinimum`/`exclusiveMaximum` where draft 4's boolean form is rewritten. */
const BOUND = 17;
/** `exclusiveMinimum`/`exclusiveMaximum` where a boolean is kept as it is. */
const BOUND_OR_FLAG = 18;
const EXAMPLES = 19;
const DEPENDENT_REQUIRED = 20;
const SUBSCHEMA = 21;
/** `format` on a target with a list of formats per type. */
const FORMAT = 22;
/** `$defs`/`definitions`: removed (the node changes), but their members are checked for `$ref`s. */
const DEFINITIONS = 23;
/** `$ref`: inlined (see `checkReference`) where the target's rules allow, else the node changes. */
const REFERENCE = 25;
/**
 * A keyword the target does not take, which `projectKeyword` moves into the description or drops
 * with a warning: rebuilt so where the rules allow (`Rules.describes`), else the node changes.
 */
const DESCRIBED = 26;
const KIND = 31;
/** An object keyword: a node that has one and no `type` is an object schema. */
const IMPLIES_OBJECT = 32;
/** An array keyword: a node that has one and no `type` is an array schema. */
const IMPLIES_ARRAY = 64;
/** Dropped from a node that is not an object schema. */
const OBJECT_ONLY = 128;
/** Dropped from a node that is not an array schema. */
const ARRAY_ONLY = 256;

const PROPERTIES_ENTRY = PROPERTIES | IMPLIES_OBJECT | OBJECT_ONLY;
const REQUIRED_ENTRY = REQUIRED | IMPLIES_OBJECT | OBJECT_ONLY;
const FIXED_ENTRIES: readonly (readonly [string, number])[] = [
  ['type', TYPE],
  ['description', DESCRIPTION],
  ['properties', PROPERTIES_ENTRY],
  ['required', REQUIRED_ENTRY],
];

/** One target's rules, as the check reads them. */
interface Rules {
  readonly table: ReadonlyMap<string, number>;
  /** The kind of a keyword the table does not list. */
  readonly unknown: number;
  readonly profile: TargetProfile;
  readonly strict: boolean;
  /** Whether a node without `type` is rewritten (given one, or refused under strict). */
  readonly typeRequired: boolean;
  /** Whether `type: [..]` stays an array (else it is split, or rewritten as `nullable`). */
  readonly typeArrays: boolean;
  /** The target's rule for property keys, as a table of ASCII characters. */
  readonly keys: KeyTable | null;
  /**
   * Whether local `$ref`s are followed rather than left to the projection's walk: not under
   * strict (left to its own walk whole).
   */
  readonly refs: boolean;
  /**
   * Whether keys that break the rule are renamed rather than left to the walk: on every target
   * with a rule but under strict (a branch whose keys are renamed is left to the walk anyway, so
   * Vertex's merged branches are no concern).
   */
  readonly renames: boolean;
  /**
   * Whether a node whose keywords `projectKeyword` moves into the description or drops (with
   * warnings) is rebuilt, warnings and all, rather than left to the walk: Gemini and Vertex,
   * and only by the lean walk, whose result serves a whole schema that fits (the rebuild then
   * knows each node's path; see `FITTING_WARNS`).
   */
  readonly describes: boolean;
}

/**
 * A property key rule as tables of the ASCII characters it allows, first and anywhere (1:
 * allowed), so that a key is checked without a regular expression; a key with another character
 * is left to the rule itself.
 */
interface KeyTable {
  readonly first: Uint8Array;
  readonly anywhere: Uint8Array;
  readonly maxLength: number;
  readonly rule: PropertyKeyRule;
  /** Keys seen before, and whether they fit: the same few keys recur across a catalog. */
  readonly seen: Map<string, boolean>;
}

/** Past this many keys remembered, the memory of keys seen starts over. */
const MAX_SEEN_KEYS = 4096;

function keyTableOf(rule: PropertyKeyRule): KeyTable {
  const first = new Uint8Array(128);
  const anywhere = new Uint8Array(128);
  for (let code = 0; code < 128; code++) {
    const character = String.fromCharCode(code);
    if (!fitsRule(character, { ...rule, first: null })) continue;
    anywhere[code] = 1;
    if (fitsRule(character, rule)) first[code] = 1;
  }
  return { first, anywhere, maxLength: rule.maxLength, rule, seen: new Map() };
}

/**
 * Whether a property key not seen before fits the target's rule (what `fitsRule` says, mostly
 * without it), remembered in `keys.seen`, which `check` reads first.
 */
function judgeKey(name: string, keys: KeyTable): boolean {
  const fits = keyFitsTable(name, keys);
  const seen = keys.seen;
  if (seen.size >= MAX_SEEN_KEYS) seen.clear();
  seen.set(name, fits);
  return fits;
}

function keyFitsTable(name: string, keys: KeyTable): boolean {
  const length = name.length;
  if (length === 0 || length > keys.maxLength) return false;
  let table = keys.first;
  for (let index = 0; index < length; index++) {
    const code = name.charCodeAt(index);
    if (code >= 128) return fitsRule(name, keys.rule);
    if (table[code] === 0) return false;
    table = keys.anywhere;
  }
  return true;
}

interface Walk {
  rules: Rules;
  visited: number;
  characters: number;
  /** The rebuilt nodes under (and including) the node last checked. */
  rebuilt: number;
  /**
   * The sub-schemas found so far, and what was found about each: height, characters, rebuilt
   * and shape, `FOUND_SIZE` numbers per node (most nodes are dropped again with their parent).
   */
  nodes: object[];
  readonly found: number[];
  /** How many entries of `nodes` are in use (the numbers only grow: cheaper than cutting them). */
  size: number;
  /**
   * Whether only rebuilt nodes are listed (a node that fits as it is is then known by its
   * parent's entry alone): all that a root that fits needs.
   */
  lean: boolean;
  /** The shape of the node last checked (which a lean walk does not list when it fits as it is). */
  shape: number;
  /** The schema's root, where local `$ref`s lead. */
  root: unknown;
  /** The `$ref`s followed on the path of the node being checked, `#` first (the root is on every path). */
  readonly refs: string[];
  /** Whether `$ref`s are followed in this walk. */
  followRefs: boolean;
  /** Whether a `$ref` was met again on its own path (recursion). */
  recursive: boolean;
  /**
   * Of the node last checked that fits: whether the walk reads it as a null branch (`nullable`
   * replaces it), and whether it is written with alternatives (`anyOf`, or `oneOf` written so).
   * A `$ref` branch is known by its merged node's, which its own keys do not show.
   */
  nullBranch: boolean;
  alternatives: boolean;
}

const NO_NODES: object[] = [];

/** The walk the next call may reuse (none while one is running). */
let idle: Walk | undefined;

function newWalk(): Walk {
  return {
    rules: rulesOf('openai', false),
    visited: 0,
    characters: 0,
    rebuilt: 0,
    nodes: NO_NODES,
    found: [],
    size: 0,
    lean: true,
    shape: 0,
    root: undefined,
    refs: ['#'],
    followRefs: false,
    recursive: false,
    nullBranch: false,
    alternatives: false,
  };
}

/** Past this many nodes (a shared object graph can unfold without end), the rest is left to the projection. */
const MAX_CHECKED_NODES = 100_000;

/** The JSON Schema type names (compared, not hashed: this runs once per node). */
function isSimpleType(type: unknown): boolean {
  return typeof type === 'string' && simpleTypeCode(type) !== 0;
}

const OBJECT_TYPE = 1;
const ARRAY_TYPE = 2;
const OTHER_TYPE = 3;

/** A JSON Schema type name other than `array` (the walk reads no array keyword beside it). */
function isOtherThanArray(type: string): boolean {
  const code = simpleTypeCode(type);
  return code === OBJECT_TYPE || code === OTHER_TYPE;
}

/**
 * Which JSON Schema type a name is: `OBJECT_TYPE`, `ARRAY_TYPE`, `OTHER_TYPE`, or 0 for none.
 * Type names in parsed or cloned schemas are seldom interned, so each comparison reads
 * characters: the length and first character pick the one name to compare.
 */
function simpleTypeCode(type: string): number {
  switch (type.length) {
    case 4:
      return type === 'null' ? OTHER_TYPE : 0;
    case 5:
      return type === 'array' ? ARRAY_TYPE : 0;
    case 6: {
      const first = type.charCodeAt(0);
      if (first === 115) return type === 'string' ? OTHER_TYPE : 0;
      if (first === 111) return type === 'object' ? OBJECT_TYPE : 0;
      return type === 'number' ? OTHER_TYPE : 0;
    }
    case 7:
      return type.charCodeAt(0) === 105
        ? type === 'integer'
          ? OTHER_TYPE
          : 0
        : type === 'boolean'
          ? OTHER_TYPE
          : 0;
    default:
      return 0;
  }
}

// One cache per mode, so that a lookup is by the profile's id as it is (a key made per call
// would be a new string, hashed on every schema).
const rulesCache = new Map<string, Rules>();
const strictRulesCache = new Map<string, Rules>();

function rulesOf(profileId: string, strict: boolean): Rules {
  // Only OpenAI is projected both ways; its strict walk has its own profile.
  const cache = strict ? strictRulesCache : rulesCache;
  let rules = cache.get(profileId);
  if (rules === undefined) {
    const profile = TARGET_PROFILES[profileId] as TargetProfile;
    rules = {
      table: buildTable(profile, strict),
      unknown: profile.keywords === null ? (strict ? CHANGED : KEPT) : strict ? CHANGED : DESCRIBED,
      profile,
      strict,
      typeRequired: profile.typeRequired || strict,
      typeArrays: profile.nullForm === 'type-array',
      keys: profile.propertyKeys === null ? null : keyTableOf(profile.propertyKeys),
      refs: !strict,
      renames: !strict && profile.propertyKeys !== null,
      describes: !strict && profile.nullForm === 'nullable',
    };
    cache.set(profileId, rules);
  }
  return rules;
}

/** The kind of every keyword the projection treats specially, for one target (see `projectKeyword`). */
function buildTable(profile: TargetProfile, strict: boolean): Map<string, number> {
  const table = new Map<string, number>();
  const passThrough = profile.keywords === null && !strict;
  const validity = (key: string): number | undefined => {
    if (NUMBER_VALUED_KEYWORDS.has(key)) return key === 'multipleOf' ? MULTIPLE_OF : NUMBER;
    if (COUNT_VALUED_KEYWORDS.has(key)) return COUNT;
    if (STRING_VALUED_KEYWORDS.has(key)) return STRING;
    if (BOOLEAN_VALUED_KEYWORDS.has(key)) return BOOLEAN;
    if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') {
      return passThrough ? BOUND : BOUND_OR_FLAG;
    }
    if (key === 'examples') return EXAMPLES;
    if (key === 'dependentRequired') return DEPENDENT_REQUIRED;
    return undefined;
  };
  const known = new Set([
    ...NUMBER_VALUED_KEYWORDS,
    ...COUNT_VALUED_KEYWORDS,
    ...STRING_VALUED_KEYWORDS,
    ...BOOLEAN_VALUED_KEYWORDS,
    'exclusiveMinimum',
    'exclusiveMaximum',
    'examples',
    'dependentRequired',
    'dependencies',
    'default',
    ...KEPT_SUBSCHEMA_KEYWORDS,
    ...KEPT_SUBSCHEMA_MAP_KEYWORDS,
    ...(TYPE_KEYWORDS.object ?? []),
    ...(TYPE_KEYWORDS.array ?? []),
    ...(profile.keywords ?? []),
  ]);
  for (const key of known) {
    let kind: number;
    if (passThrough) {
      if (KEPT_SUBSCHEMA_KEYWORDS.has(key)) kind = SUBSCHEMA;
      else if (KEPT_SUBSCHEMA_MAP_KEYWORDS.has(key) || key === 'dependencies') kind = CHANGED;
      else kind = validity(key) ?? KEPT;
    } else if (profile.keywords?.has(key) !== true) {
      kind = strict ? CHANGED : DESCRIBED;
    } else if (strict && (STRICT_STRUCTURAL.has(key) || key === 'default')) {
      kind = CHANGED;
    } else if (key === 'format' && profile.formats !== null) {
      kind = FORMAT;
    } else {
      kind = validity(key) ?? KEPT;
    }
    table.set(key, kind);
  }
  const structural: Record<string, number> = {
    type: TYPE,
    description: DESCRIPTION,
    properties: PROPERTIES,
    required: REQUIRED,
    additionalProperties: ADDITIONAL_PROPERTIES,
    items: ITEMS,
    anyOf: ANY_OF,
    oneOf: ONE_OF,
    enum: ENUM,
    const: CONST,
  };
  for (const key of STRUCTURAL_KEYWORDS) table.set(key, structural[key] ?? CHANGED);
  table.set('$ref', REFERENCE);
  for (const key of SILENT_KEYWORDS) {
    table.set(key, key === '$defs' || key === 'definitions' ? DEFINITIONS : DROPPED);
  }
  for (const [key, kind] of table) {
    let flags = kind;
    if (TYPE_KEYWORDS.object?.includes(key)) flags |= IMPLIES_OBJECT;
    if (TYPE_KEYWORDS.array?.includes(key)) flags |= IMPLIES_ARRAY;
    // Structural object and array keywords are kept only by an object or array schema; a target
    // that lists its keywords drops every other object or array keyword from other nodes too.
    const structuralObject = key === 'properties' || key === 'required';
    if (
      structuralObject ||
      key === 'additionalProperties' ||
      (!passThrough && flags & IMPLIES_OBJECT)
    ) {
      flags |= OBJECT_ONLY;
    }
    if (key === 'items' || (!passThrough && flags & IMPLIES_ARRAY)) flags |= ARRAY_ONLY;
    table.set(key, flags);
  }
  // The check compares these keywords before reading the table: they must mean what it says.
  for (const [key, entry] of FIXED_ENTRIES) {
    if (table.get(key) !== entry) throw new Error(`keyword table: ${key} is not ${entry}`);
  }
  return table;
}

/**
 * Checks one node and everything under it, recording what the projection need not walk. Returns
 * the node's height when it fits (as it is, or rebuilt: see `walk.rebuilt`), else -1. Children
 * are checked even under a node that does not fit, so that the projection can keep them.
 *
 * Written for speed, since it runs on every node of every schema first seen: one loop over the
 * keys, the commonest keywords compared before the table is read, nothing allocated.
 */
function check(value: unknown, depth: number, walk: Walk): number {
  if (typeof value !== 'object' || value === null) return -1;
  // Arrays, and objects of their own prototype (whose for-in may read keys the projection does
  // not), are left to the projection.
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== OBJECT_PROTOTYPE && (prototype !== null || Array.isArray(value))) return -1;
  if (depth > MAX_SCHEMA_DEPTH || walk.visited >= MAX_CHECKED_NODES) return -1;
  walk.visited++;
  const node = value as Source;
  // Most nodes are leaves of a type and a description: they fit as they are, for every target,
  // and are told apart here at a fraction of the cost of the whole check below.
  if (isPlainLeaf(node)) {
    if (!walk.lean) list(node, 0, 0, 0, 0, walk);
    walk.rebuilt = 0;
    walk.shape = 0;
    walk.nullBranch = node.type === 'null';
    walk.alternatives = false;
    return 0;
  }
  const rules = walk.rules;
  const mark = walk.size;
  const charactersBefore = walk.characters;
  let ok = true;
  /** Something is dropped without a warning here, so the node is rebuilt. */
  let silent = false;
  let rebuilt = 0;
  let height = 0;
  let flagsSeen = 0;
  let type: unknown;
  let anyOf: unknown[] | undefined;
  let hasOneOf = false;
  /** A `oneOf` the target does not take, written as `anyOf` with a warning (see `describes`). */
  let oneOfAsAnyOf: unknown[] | undefined;
  let values: unknown[] | undefined;
  /** A `const` the target does not take, written as a one-value `enum`. */
  let constantAsEnum = false;
  let hasDefault = false;
  let hasItems = false;
  let format: unknown;
  let required: unknown[] | undefined;
  let properties: Source | undefined;
  let propertyCount = -1;
  let nullBranches = 0;
  /** Whether the lone other branch is written with alternatives (see `Walk.alternatives`). */
  let loneAlternatives = false;
  /** A branch has an argument map. */
  let branchMapped = false;
  /** Property keys here break the target's rule, and are renamed. */
  let renamed = false;
  /** A property or the items below have an argument map (renamed keys), so this node has one. */
  let mapped = false;
  /** Keywords here are moved into the description or dropped, with warnings (see `describes`). */
  let warned = false;
  /** A node below warns (see `FITTING_WARNS`). */
  let warnsBelow = false;
  // A lean walk stops at the first node that does not fit: the root does not fit either, and the
  // walk that lists every fitting node runs next.
  const lean = walk.lean;
  const describes = lean && rules.describes;
  for (const key in node) {
    if (!ok && lean) return -1;
    const child = node[key];
    /** `projectKeyword` moves this keyword into the description or drops it (or keeps a `NaN`). */
    let changed = false;
    // The keywords most nodes have come first, without a table lookup; they mean the same for
    // every target (see FIXED_ENTRIES).
    if (key === 'type') {
      type = child;
      continue;
    }
    if (key === 'description') {
      if (typeof child !== 'string') ok = false;
      continue;
    }
    if (key === 'properties') {
      flagsSeen |= PROPERTIES_ENTRY;
      if (!isPlainObject(child)) {
        ok = false;
        continue;
      }
      properties = child;
      propertyCount = 0;
      const keys = rules.keys;
      for (const name in child) {
        propertyCount++;
        const childHeight = check(child[name], depth + 1, walk);
        if (childHeight < 0) {
          if (lean) return -1;
          ok = false;
        } else {
          rebuilt += walk.rebuilt;
          if (childHeight + 2 > height) height = childHeight + 2;
          if ((walk.shape & FITTING_MAPPED) !== 0) mapped = true;
          if ((walk.shape & FITTING_WARNS) !== 0) warnsBelow = true;
        }
        // The memory of keys seen is read here, not in a call: this runs for every property on
        // three targets, and the call cost half as much as the lookup.
        if (keys !== null && !(keys.seen.get(name) ?? judgeKey(name, keys))) {
          if (rules.renames) renamed = true;
          else ok = false;
        }
      }
      continue;
    }
    if (key === 'required') {
      flagsSeen |= REQUIRED_ENTRY;
      if (!Array.isArray(child)) ok = false;
      // An empty list is left out.
      else if (child.length === 0) silent = true;
      else if (!distinctStrings(child)) ok = false;
      else required = child;
      continue;
    }
    const entry = rules.table.get(key);
    let kind = rules.unknown;
    if (entry !== undefined) {
      kind = entry & KIND;
      if (kind === ITEMS && typeof type === 'string' && isOtherThanArray(type)) {
        // `items` after a type that is no array: the walk drops it without reading it.
        silent = true;
        continue;
      }
      flagsSeen |= entry;
    }
    switch (kind) {
      case KEPT:
        // A `NaN` is never identical to itself, so the projection copies its node.
        if (Number.isNaN(child)) changed = true;
        if (key === 'default') hasDefault = true;
        break;
      case ADDITIONAL_PROPERTIES:
        if (rules.strict) ok = false;
        else if (!rules.profile.additionalProperties) {
          // `false` is dropped without a word (it only stops the model inventing keys).
          if (child === false) silent = true;
          // Anything else is moved into the description.
          else changed = true;
        } else if (typeof child !== 'boolean') {
          const childHeight = check(child, depth + 1, walk);
          if (childHeight < 0) {
            if (lean) return -1;
            ok = false;
          } else {
            rebuilt += walk.rebuilt;
            if (childHeight + 1 > height) height = childHeight + 1;
            // Its map would come with the declared keys: left to the walk.
            if ((walk.shape & FITTING_MAPPED) !== 0) ok = false;
            if ((walk.shape & FITTING_WARNS) !== 0) warnsBelow = true;
          }
        }
        break;
      case ITEMS:
      case SUBSCHEMA: {
        if (kind === ITEMS) hasItems = true;
        const childHeight = check(child, depth + 1, walk);
        if (childHeight < 0) {
          if (lean) return -1;
          ok = false;
        } else {
          rebuilt += walk.rebuilt;
          if (childHeight + 1 > height) height = childHeight + 1;
          // The walk keeps the map of `items` only.
          if ((walk.shape & FITTING_MAPPED) !== 0) {
            if (kind === ITEMS) mapped = true;
            else ok = false;
          }
          if ((walk.shape & FITTING_WARNS) !== 0) warnsBelow = true;
        }
        break;
      }
      case ONE_OF:
      case ANY_OF:
        if (kind === ANY_OF) anyOf = child as unknown[];
        else {
          hasOneOf = true;
          if (rules.strict) ok = false;
          else if (!rules.profile.oneOf) {
            // Written as `anyOf`, with a warning: read as `anyOf` from here on.
            if (describes) oneOfAsAnyOf = child as unknown[];
            else ok = false;
          }
        }
        if (!Array.isArray(child) || child.length === 0) {
          ok = false;
          break;
        }
        for (let index = 0; index < child.length; index++) {
          const branch = child[index] as Source;
          const childHeight = check(branch, depth + 1, walk);
          if (childHeight < 0) {
            if (lean) return -1;
            ok = false;
          } else {
            rebuilt += walk.rebuilt;
            if (childHeight + 2 > height) height = childHeight + 2;
            // A branch's map is the node's where the branch replaces it (see below).
            if ((walk.shape & FITTING_MAPPED) !== 0) branchMapped = true;
            if ((walk.shape & FITTING_WARNS) !== 0) warnsBelow = true;
            // The rebuild tells a null branch by its own keys, where a `$ref` branch's merged node
            // may read otherwise: such a branch is left to the walk.
            if (walk.nullBranch !== isNullBranch(branch)) ok = false;
            else if (walk.nullBranch) nullBranches++;
            else loneAlternatives = walk.alternatives;
          }
        }
        break;
      case ENUM:
        if (!Array.isArray(child) || child.length === 0) ok = false;
        // Beside a `const` written as an enum, the walk keeps only the values equal to it.
        else if (constantAsEnum) ok = false;
        else values = child;
        break;
      case CONST:
        if (rules.profile.const || rules.strict) {
          if (Number.isNaN(child)) ok = false;
        } else if (values === undefined) {
          // Written as a one-value `enum` (checked as one below; beside an `enum`, the walk keeps
          // only the values equal to it).
          constantAsEnum = true;
          values = [child];
        } else {
          ok = false;
        }
        break;
      case NUMBER:
      case BOUND:
        if (typeof child !== 'number' || Number.isNaN(child)) changed = true;
        break;
      case MULTIPLE_OF:
        if (typeof child !== 'number' || !(child > 0)) changed = true;
        break;
      case COUNT:
        if (!Number.isInteger(child) || (child as number) < 0) changed = true;
        break;
      case STRING:
        if (typeof child !== 'string') changed = true;
        break;
      case FORMAT:
        // Checked against the type below.
        if (typeof child !== 'string') changed = true;
        format = child;
        break;
      case BOOLEAN:
        if (typeof child !== 'boolean') changed = true;
        break;
      case BOUND_OR_FLAG:
        if (typeof child !== 'boolean' && (typeof child !== 'number' || Number.isNaN(child)))
          changed = true;
        break;
      case EXAMPLES:
        if (!Array.isArray(child)) changed = true;
        break;
      case DEPENDENT_REQUIRED:
        if (!validDependentRequired(child)) changed = true;
        break;
      case DESCRIBED:
        changed = true;
        break;
      case DROPPED:
        silent = true;
        break;
      case REFERENCE:
        if (walk.followRefs && typeof child === 'string' && depth > 0) {
          // The node is what it refers to, merged with the keywords beside the `$ref`: what was
          // checked of it so far is checked again as part of that.
          walk.size = mark;
          walk.characters = charactersBefore;
          return checkReference(node, depth, walk);
        }
        ok = false;
        break;
      case DEFINITIONS:
        // Dropped here; its members are where `$ref`s elsewhere lead, each checked on its own,
        // unless `$ref`s are followed: each is then checked where a `$ref` inlines it, and one
        // that no `$ref` reaches is neither checked nor sent.
        silent = true;
        if (!walk.followRefs && isPlainObject(child)) {
          for (const name in child) {
            // A lean walk lists what the listing walk keeps only when nothing failed, so that
            // no member was left half checked: one that does not fit sends the root to the
            // listing walk.
            const memberHeight = check(child[name], depth + 1, walk);
            if (memberHeight < 0) {
              if (lean) return -1;
            } else if ((walk.shape & FITTING_WARNS) !== 0) {
              // Listed with the warnings it would give: the root is said to warn too, so that
              // the walk (which knows no such entries) is never left one.
              warnsBelow = true;
            }
          }
        }
        break;
      default:
        ok = false;
    }
    if (changed) {
      if (describes) warned = true;
      else ok = false;
    }
  }
  if (!ok) return -1;

  // The type, and what it makes of the node.
  const profile = rules.profile;
  /** The alternatives the node is written with as `anyOf`. */
  const alternatives = anyOf ?? oneOfAsAnyOf;
  /** Its alternatives, `const` or type are written otherwise (see `FITTING_REWRITTEN`). */
  let rewritten = constantAsEnum || oneOfAsAnyOf !== undefined;
  let isObject: boolean;
  let isArray: boolean;
  let types: Types;
  /** A type list written as one `anyOf` branch per type (see `splitsIntoLeaves`). */
  let split = false;
  if (type === undefined) {
    if (rules.typeRequired && alternatives === undefined) {
      // A target that needs a type gives the node one, unless alternatives carry theirs: that
      // of its enum values, written after the enum (strings, as `enumFits` holds them for such a
      // target; the type it infers of a node's keywords is left to the walk).
      if (rules.strict) return -1;
      if (values === undefined) {
        // A node of no keyword but annotations accepts any value: asked for as JSON text, with
        // a warning and an argument map (the type the walk infers of other keywords is its own).
        if (!describes || !onlyAnnotations(node)) return -1;
        warned = true;
        mapped = true;
      }
      types = 'string';
      isObject = false;
      isArray = false;
      rewritten = true;
    } else {
      isObject = (flagsSeen & IMPLIES_OBJECT) !== 0;
      isArray = (flagsSeen & IMPLIES_ARRAY) !== 0;
      // Gemini's array keywords need `type: array`: dropped (with a warning) by the projection.
      if (isArray && profile.typeRequired) return -1;
    }
  } else if (typeof type === 'string') {
    const code = simpleTypeCode(type);
    if (code === 0) return -1;
    isObject = code === OBJECT_TYPE;
    isArray = code === ARRAY_TYPE;
    types = type;
  } else if (Array.isArray(type)) {
    if (rules.typeArrays) {
      if (type.length < 2 || !distinctTypes(type)) return -1;
      types = type;
      isObject = type.includes('object');
      isArray = type.includes('array');
    } else {
      // Where null is written `nullable`, a type and `null` become that type and `nullable`
      // (alternatives beside them, or a `nullable` of the node's own, are left to the walk).
      const other = typeBesideNull(type);
      if (other === undefined && profile.nullForm === 'nullable' && splitsIntoLeaves(node, type)) {
        // Two types or more besides null: one `anyOf` branch per type, and `nullable` for null.
        split = true;
        types = undefined;
        isObject = false;
        isArray = false;
        rewritten = true;
      } else if (
        other === undefined ||
        profile.nullForm !== 'nullable' ||
        alternatives !== undefined ||
        hasOneOf ||
        node.nullable !== undefined
      ) {
        return -1;
      } else {
        types = other;
        isObject = other === 'object';
        isArray = other === 'array';
        rewritten = true;
      }
    }
  } else {
    return -1;
  }
  if (flagsSeen & OBJECT_ONLY && !isObject) return -1;
  if (flagsSeen & ARRAY_ONLY && !isArray) return -1;
  if (isObject) {
    // Strict closes every object and requires every property: left to the projection.
    if (rules.strict) return -1;
    if (propertyCount < 0) {
      // Every target but Gemini gets `properties: {}`.
      if (!profile.omitEmptyProperties) silent = true;
    } else if (propertyCount === 0 && profile.omitEmptyProperties) {
      silent = true;
    }
    if (profile.keywords !== null && required !== undefined) {
      // A target that lists its keywords drops required names that are not declared.
      if (properties === undefined || !declaresAll(properties, required as string[])) return -1;
    }
  }
  if (isArray && !hasItems) return -1;
  if (format !== undefined && !formatFits(format as string, types, profile)) {
    // A format the type does not take is moved into the description.
    if (!describes) return -1;
    warned = true;
  }
  let shape = (isObject ? FITTING_OBJECT : 0) | (isArray ? FITTING_ARRAY : 0);
  let merged = false;
  if (anyOf !== undefined || hasOneOf) {
    if (anyOf !== undefined && hasOneOf) return -1;
    if (profile.nullForm === 'nullable' && alternatives !== undefined) {
      // `nullable` replaces null branches, and a lone other branch replaces its wrapper: rebuilt
      // by `rebuildFittingSchema` when the wrapper has nothing of its own to keep apart.
      if (nullBranches > 0 || (alternatives.length === 1 && !hasOwnShape(node))) {
        if (hasOwnShape(node)) return -1;
        // Its object and array keywords hold or not by the branches' types: left to the walk.
        if ((flagsSeen & (IMPLIES_OBJECT | IMPLIES_ARRAY)) !== 0) return -1;
        const others = alternatives.length - nullBranches;
        if (others > 1) {
          // The other branches stay alternatives, beside `nullable` (see `FITTING_NULLABLE`).
          rewritten = true;
          shape |= FITTING_NULLABLE;
        } else {
          if (others !== 1) return -1;
          // A `default` beside the alternatives the lone branch brings moves into the description.
          if (hasDefault && loneAlternatives) return -1;
          // The wrapper's own keywords are read beside the branch's description: left to the walk.
          if (warned) return -1;
          merged = true;
          silent = true;
        }
      }
    }
    if (!merged && profile.dropDefaultBesideAnyOf && hasDefault) {
      // Moved into the description, with a warning, after the keywords the walk moves there.
      if (!describes) return -1;
      warned = true;
    }
    if (merged) shape |= FITTING_MERGED;
    // The map of the branch that replaces its wrapper is the wrapper's; alternatives kept as such
    // have a map each, which the walk writes with the keys of closed branches where a target
    // keeps `additionalProperties: false` (left to the walk).
    if (branchMapped) {
      if (!merged && profile.additionalProperties) return -1;
      mapped = true;
    }
  }
  if (values !== undefined && !enumFits(values, types, walk)) return -1;
  if (warned || oneOfAsAnyOf !== undefined) {
    // A `oneOf` written as `anyOf` warns too, here.
    silent = true;
    shape |= FITTING_WARNS | FITTING_WARNS_HERE;
  } else if (warnsBelow) {
    shape |= FITTING_WARNS;
  }
  if (renamed) {
    silent = true;
    shape |= FITTING_RENAMED | FITTING_MAPPED;
  } else if (mapped) {
    shape |= FITTING_MAPPED;
  }
  if (rewritten) {
    silent = true;
    shape |= FITTING_REWRITTEN;
  }
  // As the walk reads the node it writes (see `Walk.nullBranch`): a merged node is its branch's.
  const nullBranch = type === 'null' && alternatives === undefined;
  const writesAlternatives = merged ? loneAlternatives : alternatives !== undefined || split;

  if (lean) {
    // Only rebuilt nodes are listed, so its rebuilt children are all listed already; a node that
    // fits as it is has no entry (its parent's stands for it), nor has the root (the walk's result).
    if (silent || rebuilt > 0) {
      rebuilt++;
      if (depth > 0) list(node, height, walk.characters - charactersBefore, rebuilt, shape, walk);
    }
    walk.rebuilt = rebuilt;
    walk.shape = shape;
    walk.nullBranch = nullBranch;
    walk.alternatives = writesAlternatives;
    return height;
  }
  const size = walk.size;
  if (silent || rebuilt > 0) {
    rebuilt++;
    // Its rebuild needs to know only which children are rebuilt too: the rest fit as they are.
    const { nodes, found } = walk;
    let kept = mark;
    for (let index = mark; index < size; index++) {
      const from = index * FOUND_SIZE;
      if (found[from + 2] === 0) continue;
      nodes[kept] = nodes[index] as object;
      const to = kept * FOUND_SIZE;
      for (let field = 0; field < FOUND_SIZE; field++) {
        found[to + field] = found[from + field] as number;
      }
      kept++;
    }
    walk.size = kept;
  } else {
    // Its fitting children go with it.
    walk.size = mark;
  }
  list(node, height, walk.characters - charactersBefore, rebuilt, shape, walk);
  walk.rebuilt = rebuilt;
  walk.shape = shape;
  walk.nullBranch = nullBranch;
  walk.alternatives = writesAlternatives;
  return height;
}

/**
 * Whether a node has a type that is neither object nor array, at most a string `description`
 * beside it, and nothing else: such a node fits as it is on every target, under strict too, as
 * `check` finds by its whole walk (height 0, no characters, nothing rebuilt, shape 0).
 */
function isPlainLeaf(node: Source): boolean {
  let typed = false;
  for (const key in node) {
    const child = node[key];
    if (key === 'type') {
      if (typeof child !== 'string' || simpleTypeCode(child) !== OTHER_TYPE) return false;
      typed = true;
    } else if (key !== 'description' || typeof child !== 'string') {
      return false;
    }
  }
  return typed;
}

/**
 * Checks a node with a local `$ref` (not the root) as the projection resolves it: the chain of
 * `$ref`s followed, each target's keys first and then the keywords beside its `$ref`, and the
 * merged node checked in its place, with the `$ref`s followed on the path (a `$ref` met again is
 * recursion, left to the projection). The node's entry is the merged node's, flagged so that the
 * rebuild merges again; it is always rebuilt, as the projection always writes a new object.
 */
function checkReference(node: Source, depth: number, walk: Walk): number {
  const refs = walk.refs;
  const pathRefs = refs.length;
  let merged = node;
  while (typeof merged.$ref === 'string') {
    const ref = merged.$ref;
    if (refs.includes(ref)) {
      walk.recursive = true;
      refs.length = pathRefs;
      return -1;
    }
    // A `$ref` to nothing, or to `true`, `false` or a value that is no schema, is the walk's.
    const target = resolveLocalRef(walk.root, ref);
    if (!isPlainObject(target)) {
      refs.length = pathRefs;
      return -1;
    }
    refs.push(ref);
    merged = mergeReference(target, merged);
  }
  const height = check(merged, depth, walk);
  refs.length = pathRefs;
  if (height < 0) return -1;
  const { nodes, found } = walk;
  if (walk.rebuilt > 0) {
    // The merged node is listed last (it is rebuilt): its entry stands for the `$ref` node.
    const last = walk.size - 1;
    nodes[last] = node;
    found[last * FOUND_SIZE + 3] = walk.shape | FITTING_REFERENCE;
    walk.shape |= FITTING_REFERENCE;
    return height;
  }
  // Merged, it fits as it is: its copy is the result. Listed (by the walk that lists every
  // fitting node) or not (by a lean walk), its entry is replaced by the `$ref` node's.
  if (!walk.lean) walk.size--;
  const shape = walk.shape | FITTING_REFERENCE | FITTING_REFERENCE_AS_IS;
  list(node, height, 0, 1, shape, walk);
  walk.rebuilt = 1;
  walk.shape = shape;
  return height;
}

/** Lists a node after those listed so far (see `Walk.nodes`). */
function list(
  node: object,
  height: number,
  characters: number,
  rebuilt: number,
  shape: number,
  walk: Walk,
): void {
  let nodes = walk.nodes;
  if (nodes === NO_NODES) {
    // A new list for each walk that lists any: young like the nodes it holds, so that writing
    // them costs no write barrier (a list kept from walk to walk pays one on every node).
    nodes = [];
    walk.nodes = nodes;
  }
  const size = walk.size;
  nodes[size] = node;
  const found = walk.found;
  const at = size * FOUND_SIZE;
  found[at] = height;
  found[at + 1] = characters;
  found[at + 2] = rebuilt;
  found[at + 3] = shape;
  walk.size = size + 1;
}

const OBJECT_PROTOTYPE = Object.prototype;

/**
 * A plain object: not an array, and of `Object.prototype` or none (see `check`).
 * @internal
 */
export function isPlainObject(value: unknown): value is Source {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === OBJECT_PROTOTYPE || (prototype === null && !Array.isArray(value));
}

/** Whether enum values stay as they are: written the target's way, and within strict's limits. */
/** The node's type as `check` keeps it: a type name, a list of them, or `undefined`. */
type Types = unknown;

function enumFits(values: readonly unknown[], types: Types, walk: Walk): boolean {
  const { profile, strict } = walk.rules;
  if (strict && values.length > STRICT_MAX_ENUM_VALUES) return false;
  for (const value of values) {
    if (Number.isNaN(value)) return false;
    if (profile.enumValues === 'string') {
      if (typeof value !== 'string') return false;
    } else if (profile.enumValues === 'string-number') {
      if (typeof value !== 'string' && typeof value !== 'number') return false;
    } else if (value === null && profile.nullForm === 'nullable') {
      return false;
    }
    if (strict) walk.characters += String(value).length;
  }
  // Gemini takes string enums on string types only.
  if (profile.enumValues !== 'string' || types === undefined) return true;
  return typeof types === 'string' ? types === 'string' : (types as string[]).includes('string');
}

function formatFits(format: string, types: Types, profile: TargetProfile): boolean {
  // A type list has two types or more here: no format list applies to it.
  if (typeof types !== 'string') return false;
  return profile.formats?.[types]?.includes(format) === true;
}

/**
 * A branch `nullable` replaces, by its own keys: the check and `rebuildFittingSchema` must tell
 * them apart alike, so both ask this.
 * @internal
 */
export function isNullBranch(branch: Source): boolean {
  return branch.type === 'null' && branch.anyOf === undefined && branch.oneOf === undefined;
}

/** Whether a node's keys are all annotations the walk keeps beside any type (or it has none). */
function onlyAnnotations(node: Source): boolean {
  for (const key in node) if (key !== 'description' && key !== 'title') return false;
  return true;
}

/**
 * Whether a node's type list splits into branches of a type each, as the walk splits it where null
 * is written `nullable`, and nothing else of the node goes into the branches or depends on them:
 * two types or more besides null, none of them an object or an array (whose branches the walk
 * gives keywords of their own), and no keyword but `description` and `title`.
 */
function splitsIntoLeaves(node: Source, types: readonly unknown[]): boolean {
  let others = 0;
  for (const type of types) {
    if (type === 'null') continue;
    if (typeof type !== 'string' || simpleTypeCode(type) !== OTHER_TYPE) return false;
    others++;
  }
  if (others < 2 || !distinctTypes(types)) return false;
  for (const key in node) {
    if (key !== 'type' && key !== 'description' && key !== 'title') return false;
  }
  return true;
}

/** Of a list of two distinct type names, one of them `null`: the other (else `undefined`). */
function typeBesideNull(types: readonly unknown[]): string | undefined {
  if (types.length !== 2) return undefined;
  const [first, second] = types;
  const other = first === 'null' ? second : second === 'null' ? first : undefined;
  return other !== 'null' && isSimpleType(other) ? (other as string) : undefined;
}

function validDependentRequired(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const names of Object.values(value)) {
    if (!Array.isArray(names) || !distinctStrings(names, true)) return false;
  }
  return true;
}

/**
 * Whether every name of `required` (distinct strings) is a key `properties` enumerates, as the walk
 * reads its declared names (a key that is own but not enumerable is none). Names read from a fresh
 * schema are strings the engine has not interned, and looking each up as a key cost a search of
 * its string table (about 600 instructions a name); here they are compared with the keys, lengths
 * first. Past `MAX_COMPARED_NAMES` names the node is left to the walk.
 */
function declaresAll(properties: Source, required: readonly string[]): boolean {
  const count = required.length;
  if (count > MAX_COMPARED_NAMES) return false;
  // Keys and names are each distinct: a key matches one name at most.
  let found = 0;
  for (const key in properties) {
    const length = key.length;
    for (let index = 0; index < count; index++) {
      const name = required[index] as string;
      if (name.length === length && name === key) {
        found++;
        break;
      }
    }
    if (found === count) return true;
  }
  return false;
}

/** Past this many required names of one object, comparing them with its keys is left to the walk. */
const MAX_COMPARED_NAMES = 64;

/** Whether an array holds only strings, none twice (an empty one too when `emptyOk`). */
function distinctStrings(values: readonly unknown[], emptyOk = false): boolean {
  if (values.length === 0) return emptyOk;
  for (const value of values) if (typeof value !== 'string') return false;
  return distinct(values);
}

function distinctTypes(values: readonly unknown[]): boolean {
  for (const value of values) if (!isSimpleType(value)) return false;
  return distinct(values);
}

/** Whether an array holds no value twice (small arrays without allocating). */
function distinct(values: readonly unknown[]): boolean {
  if (values.length > 16) return new Set(values).size === values.length;
  for (let index = 1; index < values.length; index++) {
    for (let before = 0; before < index; before++) {
      if (values[before] === values[index]) return false;
    }
  }
  return true;
}
