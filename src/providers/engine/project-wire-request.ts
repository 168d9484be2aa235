import type { EnvelopeInput } from '../../core/envelope.js';
import { DEFAULT_SEPARATOR } from '../../core/join-tool-name.js';
import {
  createNameCollector,
  type ProjectedRequest,
  type ProjectionOptions,
} from '../../core/projection/create-request-projection.js';
import { describeAlias } from '../../core/projection/describe-alias.js';
import type { NameResolution } from '../../core/projection/name-resolution.js';
import type { ProjectionWarning } from '../../core/projection/projection-warning.js';
import type { SchemaTarget } from '../../core/schema/schema-target.js';
import { ToolwireError } from '../../core/toolwire-error.js';
import {
  compileFingerprint,
  type Fingerprint,
  fingerprintMatcher,
  matchesContent,
  recordContent,
  recordFingerprint,
  remember,
  sameContent,
  sameValues,
} from './remember.js';
import { type SharedList, toolList } from './remember-tool-list.js';
import { projectToolSchemaByContent } from './remember-tool-schema.js';
import { createStreamResolver } from './resolve-wire-stream.js';
import type { DeclarationSite, NameSite, ToolListSite, WireFormat } from './wire-format.js';
import {
  memberCanonical,
  nameField,
  projectName,
  readArguments,
  resolveCalls,
  siteNames,
  type WireNames,
} from './wire-names.js';
import type { Json, WirePath } from './wire-path.js';
import { isRecord, LEFT_OUT, updatePath, visitPath, withProperty } from './wire-path.js';

type Restore = (args: unknown) => unknown;

/**
 * Projects one request of a format described as data ({@link WireFormat}): collects every tool
 * name, builds the request's name maps, projects the tool lists (once per content and maps), the
 * choice and the history (once per item and maps), copy on write, and returns the resolvers of
 * the response and of the stream events. Every adapter is this call plus its format.
 *
 * @example
 * ```ts
 * const projected = projectWireRequest(CHAT_FORMAT, request, options);
 * const { response } = projected.resolveResponse(completion);
 * ```
 */
export function projectWireRequest<TRequest, TOptions extends ProjectionOptions, TResponse, TEvent>(
  format: WireFormat<TOptions>,
  request: TRequest,
  options: TOptions | undefined,
): ProjectedRequest<TRequest, TResponse, TEvent> {
  assertShape(format, request);
  const state = remember(
    requests,
    request as Json,
    [format, options],
    partsOf(format),
    (sent: State | undefined) =>
      projectState(format, request as Json, options ?? ({} as TOptions), options, sent),
  );
  const { names } = state;
  // Made on the first event: most requests are not streamed, and it holds two maps and closures.
  let stream: ReturnType<typeof createStreamResolver> | undefined;
  const streamed = () => (stream ??= createStreamResolver(format.stream, names));
  const sent = state.copies ? copyDeclarations(format, state.request) : state.request;
  return {
    request: sent as TRequest,
    map: names.flat.map,
    warnings: ([] as ProjectionWarning[]).concat(...state.warnings),
    resolveResponse(response) {
      const resolutions: NameResolution[] = [];
      return { response: resolveCalls(response, format.response, names, resolutions), resolutions };
    },
    resolveStreamEvent: (event) => streamed().resolve(event),
    flushStream: () => streamed().flush(),
  };
}

interface State {
  request: Json;
  names: WireNames;
  /** In parts, joined once per request handed out (a Gemini turn copied ~150 three times). */
  warnings: ProjectionWarning[][];
  /** Some declaration holds its site's `copiedWith` field. */
  copies: boolean;
}

const requests = new WeakMap<object, unknown>();
// A request sent again (a retry, a second model) is found by its identity and that of its parts:
// each object on the way to a definition, the choice, the history items. Not the fields inside a
// definition (reading each tool made a warm hit about 8x the lookup): the list's own memo checks
// those when the request object is new.
function partsOf(format: WireFormat<never>): Fingerprint {
  return fingerprintOf(format, () => [
    ...format.tools.flatMap((site) =>
      site.declarations.map((declaration) => [...site.at, ...declaration.at]),
    ),
    ...format.choice.map((site) => site.at),
    [format.history.at, '*'],
  ]);
}

function assertShape(format: WireFormat<never>, request: unknown): void {
  if (!isRecord(request)) {
    const kind = request === null ? 'null' : Array.isArray(request) ? 'an array' : typeof request;
    throw new ToolwireError({
      code: 'INVALID_REQUEST',
      message: `${format.subject} must be an object, not ${kind}; pass ${format.expected ?? 'the request body you would send'}.`,
    });
  }
  const check = (field: string, optional: boolean): void => {
    const value = request[field];
    if (Array.isArray(value) || (optional && (value === undefined || value === null))) return;
    throw new ToolwireError({
      code: 'INVALID_REQUEST',
      message: `${format.subject}: "${field}" must be an array, not ${value === null ? 'null' : typeof value}; fix the request before projecting it.`,
    });
  };
  for (const field of format.arrays ?? []) check(field, false);
  for (const field of format.optionalArrays ?? []) check(field, true);
}

function projectState<TOptions extends ProjectionOptions>(
  format: WireFormat<TOptions>,
  original: Json,
  options: TOptions,
  given: TOptions | undefined,
  sent: State | undefined,
): State {
  const separator = options.separator ?? DEFAULT_SEPARATOR;
  const grouping = format.group?.(original, options, separator);
  const request = grouping?.request ?? original;
  const lists: { site: ToolListSite; list: object; shared: SharedList }[] = [];
  for (const site of format.tools) {
    visitPath(request, site.at, (list) => {
      if (typeof list === 'object' && list !== null)
        lists.push({ site, list, shared: toolList(site, list, listFingerprint(site)) });
    });
  }
  const history = request[format.history.at];
  // What the previous request's items added and projected is reused for the `same` items resent.
  const last = Array.isArray(history) ? previousHistory.get(format) : undefined;
  const { entries, same, records } = historyEntries(format, history, last);
  const holding = new Map<NameSite, number>();
  const switched = format.switched;
  const envelope: EnvelopeInput =
    options.envelope ??
    (switched !== undefined &&
    (lists.some(({ shared }) => shared.switches) ||
      holds(switched.history, entries, same, last, holding))
      ? switched.envelope
      : format.envelope);
  // Every name the request adds, in order (a list by its shared entry, a member after a mark), so
  // that the same names reuse the same maps. The first list is the collector's base.
  const first = lists[0]?.shared.set;
  const added: unknown[] = [];
  const add = (name: unknown, space: unknown): void => {
    if (space !== undefined && format.namespaced === true) added.push(MEMBER, space, name);
    else if (typeof name === 'string' && first?.has(name) !== true) added.push(name);
  };
  for (const { shared } of lists) {
    added.push(shared);
    if (format.namespaced !== true) continue;
    for (const [self, name, space] of shared.namespaces) {
      if (self) added.push(NAMESPACE, name);
      else add(name, space);
    }
  }
  for (const site of format.choice)
    visitPath(request, site.at, (holder) => add(siteNames(holder, site, false).name, undefined));
  const withArguments = options.argumentNameTools !== undefined;
  const reused = last?.first === first && last?.withArguments === withArguments ? same : 0;
  const ends = last?.ends.slice(0, reused) ?? [];
  const start = added.length;
  if (reused > 0) added.push(...(last?.added.slice(0, ends[reused - 1]) ?? []));
  for (const entry of entries.slice(reused)) {
    for (const call of entry.calls) {
      add(call.name, call.space);
      // Tool names inside arguments: read only when the host names such tools.
      if (withArguments && call.space === undefined && call.site.arguments !== undefined)
        added.push(ARGUMENTS, call.name, call.arguments, call.site.text === true);
    }
    ends.push(added.length - start);
  }
  const shareds = lists.map((entry) => entry.shared);
  const names = wireNames(format, options, given, envelope, separator, grouping, added, shareds);
  const { flat, namespace, member } = names;
  const warnings = [flat.warnings, namespace?.warnings ?? [], member?.warnings ?? []];
  const key = [
    format.schemaTarget(options, names.flat.map.envelope.id),
    options.describeAliases ?? true,
    names.namespace?.map,
    names.member?.map,
  ];
  let result = request;
  let copies = false;
  const leftOut = new Set<string>();
  for (const { site, list, shared } of lists) {
    const projected = projectList(format, site, list, shared, names, key);
    copies ||= projected.copies;
    warnings.push(projected.warnings);
    for (const name of projected.leftOut) leftOut.add(name);
    result = updatePath(result, site.at, (found) => (found === list ? projected.tools : found));
  }
  for (const site of format.choice) {
    let replace = false;
    let drops: Map<unknown[], number> | undefined;
    result = updatePath(result, site.at, (holder, trail) => {
      const { name } = siteNames(holder, site, false);
      if (typeof name !== 'string' || !leftOut.has(name)) return projectName(holder, site, names);
      const message = `Tool "${name}": named in the tool choice but left out of the request, which ${format.provider} would reject; the choice no longer names it.`;
      warnings.push([{ code: 'TOOL_CHOICE_DROPPED', tool: name, message }]);
      replace ||= site.drop !== true;
      if (site.drop !== true) return holder;
      const list = trail[site.at.lastIndexOf('*')] as unknown[];
      drops ??= new Map();
      drops.set(list, (drops.get(list) ?? 0) + 1);
      replace ||= drops.get(list) === list.length;
      return LEFT_OUT;
    });
    if (replace)
      for (const { at, value } of site.otherwise ?? [])
        result = updatePath(result, at, () => value);
  }
  const historyKey = [
    names.flat.map,
    names.namespace?.map,
    names.member?.map,
    names.grouped,
    options.argumentNameTools,
  ];
  // Each item is projected once per maps; the items resent unchanged under the same maps as they were.
  const kept = last !== undefined && sameValues(last.key, historyKey) ? same : 0;
  const projectItem = (item: unknown, entry: HistoryEntry): unknown => {
    for (const found of entry.projections)
      if (sameValues(found.key, historyKey)) return found.value === UNCHANGED ? item : found.value;
    let value = item;
    for (const site of format.history.sites)
      value = updatePath(value, site.at, (holder) => projectName(holder, site, names));
    if (entry.projections.length >= MAX_ITEM_PROJECTIONS) entry.projections.shift();
    entry.projections.push({ key: historyKey, value: value === item ? UNCHANGED : value });
    return value;
  };
  let projectedHistory = Array.isArray(history)
    ? undefined
    : projectItem(history, entries[0] as HistoryEntry);
  if (Array.isArray(history)) {
    let copy = kept > 0 ? last?.projected?.slice(0, kept) : undefined;
    for (let index = kept; index < history.length; index++) {
      const value = projectItem(history[index], entries[index] as HistoryEntry);
      if (value !== history[index]) copy ??= history.slice(0, index);
      copy?.push(value);
    }
    projectedHistory = copy ?? history;
    // Copies: a host may push to its history array, or replace an item in it, for the next turn.
    previousHistory.set(format, {
      history: [...history],
      entries,
      projected: copy?.slice(),
      key: historyKey,
      first,
      withArguments,
      added: added.slice(start),
      ends,
      holding,
      records,
    });
  }
  result = withProperty(result, format.history.at, projectedHistory);
  if (format.check !== undefined) warnings.push(format.check(original));
  const unchanged = sent !== undefined && sameContent(sent.request, result);
  return { request: unchanged ? sent.request : result, names, warnings, copies };
}

// Whether a history item holds a name at `site`, reading only the items not resent unchanged (a
// scan of every item was about a twentieth of an Anthropic next turn).
function holds(
  site: NameSite,
  entries: readonly HistoryEntry[],
  same: number,
  last: PreviousHistory | undefined,
  holding: Map<NameSite, number>,
): boolean {
  const known = last?.holding.get(site);
  let found = known !== undefined && known < same ? known : -1;
  if (found < 0)
    for (let index = known === undefined ? 0 : same; index < entries.length; index++) {
      if ((entries[index] as HistoryEntry).calls.some((call) => call.site === site)) {
        found = index;
        break;
      }
    }
  holding.set(site, found);
  return found >= 0;
}

const MEMBER = Symbol('member');
const NAMESPACE = Symbol('namespace');
const ARGUMENTS = Symbol('arguments');
const NO_OPTIONS = {};
const NONE: ReadonlyMap<string, string> = new Map();
const MAX_NAME_SETS = 4;
const namesByList = new WeakMap<object, { key: unknown[]; names: WireNames }[]>();

// The maps of the last requests that added the same names under the same options and envelope,
// else new ones: a map is a function of its names and options, and hosts resend the same set.
function wireNames<TOptions extends ProjectionOptions>(
  format: WireFormat<TOptions>,
  options: TOptions,
  given: TOptions | undefined,
  envelope: EnvelopeInput,
  separator: string,
  grouping: { grouped: ReadonlyMap<string, string> } | undefined,
  added: unknown[],
  lists: readonly SharedList[],
): WireNames {
  const key = [given ?? NO_OPTIONS, envelope, ...added];
  const owner: object = lists[0] ?? format;
  const known = grouping === undefined ? namesByList.get(owner) : undefined;
  const found = known?.find((entry) => sameValues(entry.key, key));
  if (found !== undefined) return found.names;
  const flat = createNameCollector({ ...options, envelope });
  const { identities: _identities, ...shared }: ProjectionOptions = options;
  const separate = { ...shared, envelope, argumentNameTools: {}, overrides: {} };
  const spaces =
    format.namespaced === true
      ? [createNameCollector(separate), createNameCollector(separate)]
      : undefined;
  for (let index = 0; index < added.length; index++) {
    const value = added[index];
    if (value === MEMBER) {
      spaces?.[0]?.add(added[++index]);
      spaces?.[1]?.add(added[++index]);
    } else if (value === NAMESPACE) spaces?.[0]?.add(added[++index]);
    else if (value === ARGUMENTS) {
      const name = added[++index];
      const args = added[++index];
      const text = added[++index] === true;
      if (typeof name === 'string' && flat.hasArgumentNames(name))
        flat.addArguments(name, readArguments(args, text));
    } else if (typeof value === 'string') flat.add(value);
    else flat.addAll(value as SharedList);
  }
  const names: WireNames = {
    flat: flat.finish(),
    namespace: spaces?.[0]?.finish(),
    member: spaces?.[1]?.finish(),
    separator,
    grouped: grouping?.grouped ?? NONE,
  };
  if (grouping === undefined) {
    const entries = known ?? [];
    if (entries.length >= MAX_NAME_SETS) entries.shift();
    entries.push({ key, names });
    namesByList.set(owner, entries);
  }
  return names;
}

/** What a history item holds: its calls, and its projections by maps. */
interface HistoryEntry {
  format: WireFormat<never>;
  /** Its fingerprint; `undefined` for an item met as fresh JSON, until resent. */
  recorded: unknown[] | undefined;
  /** Its content, once a copy of it arrived as fresh JSON: later copies compare with it alone. */
  content: unknown[] | undefined;
  calls: { site: NameSite; name: unknown; space: unknown; arguments: unknown }[];
  projections: { key: readonly unknown[]; value: unknown }[];
}

const items = new WeakMap<object, HistoryEntry>();
/** By format, the last request's history, what was sent for it, and the names its items added. */
interface PreviousHistory {
  history: unknown[];
  entries: HistoryEntry[];
  /** `undefined`: the items themselves. */
  projected: unknown[] | undefined;
  key: unknown[];
  first: ReadonlySet<string> | undefined;
  withArguments: boolean;
  added: unknown[];
  ends: number[];
  /** By site, the first item holding a name there (-1: none). */
  holding: ReadonlyMap<NameSite, number>;
  /**
   * The first items' fingerprints in one list (item `i`'s ends at `ends[i]`): read in order, not
   * scattered in memory the host has left cold.
   */
  records: { values: unknown[]; ends: number[] };
}
const previousHistory = new WeakMap<object, PreviousHistory>();
// Holey as records are (`new Array`): the compare's reads meet one kind of array.
const NO_RECORDS: PreviousHistory['records'] = { values: new Array(0), ends: [] };
const MAX_ITEM_PROJECTIONS = 4;
const UNCHANGED = Symbol('unchanged');

// The entries of a request's history items. An item is read once while its fingerprint stays the
// same; a new object (fresh JSON) with the content of the previous request's item at the same
// place takes over its calls and projections.
function historyEntries(
  format: WireFormat<never>,
  history: unknown,
  last: PreviousHistory | undefined,
): { entries: HistoryEntry[]; same: number; records: PreviousHistory['records'] } {
  const fingerprint = historyFingerprint(format);
  const list = Array.isArray(history) ? history : [history];
  const previous = last?.history ?? [];
  const sent = last?.entries ?? [];
  const bound = Math.min(list.length, previous.length);
  // One compare for the loop: a lookup per item was a call chain per resent item.
  const matches = fingerprintMatcher(fingerprint);
  const { values, ends } = last?.records ?? NO_RECORDS;
  let same = 0;
  while (same < bound && list[same] === previous[same]) {
    // Not `ends[-1]`: a negative index made the site megamorphic.
    const end = ends[same];
    const unchanged =
      end === undefined
        ? unedited(sent[same] as HistoryEntry, list[same], fingerprint, matches)
        : matches(values, list[same], same === 0 ? 0 : (ends[same - 1] as number), end);
    if (!unchanged) break;
    same++;
  }
  const entries = sent.slice(0, same);
  for (let index = same; index < list.length; index++) {
    const item: unknown = list[index];
    const record = isRecord(item);
    const known = record ? items.get(item) : undefined;
    if (
      known !== undefined &&
      known.format === format &&
      unedited(known, item, fingerprint, matches)
    ) {
      entries.push(known);
      continue;
    }
    const before: unknown = previous[index];
    const earlier = isRecord(before) && before !== item ? sent[index] : undefined;
    if (earlier !== undefined && sameContentAs(earlier, before, item, fingerprint, matches)) {
      // Not kept by object nor fingerprinted: fresh JSON is seldom resent as it is, and a WeakMap
      // entry per item was a sixth of a fresh turn. An entry of a content alone is shared as it is
      // (a new one per item was half of what a fresh turn's history allocated).
      if (earlier.recorded === undefined) {
        entries.push(earlier);
        continue;
      }
      const { content, calls, projections } = earlier;
      entries.push({ format, recorded: undefined, content, calls, projections });
      continue;
    }
    const calls: HistoryEntry['calls'] = [];
    for (const site of format.history.sites) {
      visitPath(item, site.at, (holder) => {
        const { name, space } = siteNames(holder, site, format.namespaced === true);
        // Most items have nothing at most sites.
        if (!isRecord(holder) && typeof name !== 'string') return;
        const args =
          site.arguments === undefined || !isRecord(holder) ? undefined : holder[site.arguments];
        calls.push({ site, name, space, arguments: args });
      });
    }
    const entry = {
      format,
      recorded: record ? recordFingerprint(item, fingerprint) : [],
      content: undefined,
      calls,
      projections: [],
    };
    if (record) items.set(item, entry);
    entries.push(entry);
  }
  return {
    entries,
    same,
    // None when nothing is resent (a history cut at the front every turn).
    records:
      same > 0 ? extendRecords(values, ends, Math.min(same, ends.length), entries) : NO_RECORDS,
  };
}

// The records of `entries` from those of their first `kept` items, appended in place only past
// the previous request's end (its `ends` stay, in case this request throws).
function extendRecords(
  values: unknown[],
  ends: number[],
  kept: number,
  entries: readonly HistoryEntry[],
): PreviousHistory['records'] {
  let count = kept;
  while ((entries[count] as HistoryEntry | undefined)?.recorded !== undefined) count++;
  if (count === ends.length && kept === ends.length) return { values, ends };
  const end = kept === 0 ? 0 : (ends[kept - 1] as number);
  const records = {
    values: kept > 0 && values.length === end ? values : values.slice(0, end),
    ends: ends.slice(0, kept),
  };
  for (let index = kept; index < count; index++) {
    for (const value of (entries[index] as HistoryEntry).recorded as unknown[])
      records.values.push(value);
    records.ends.push(records.values.length);
  }
  return records;
}

// True when `item`, the object `entry` was read from, is unedited: by its fingerprint, or (met as
// fresh JSON) by its content, after which its fingerprint is recorded.
function unedited(
  entry: HistoryEntry,
  item: unknown,
  fingerprint: Fingerprint,
  matches: Matcher,
): boolean {
  if (entry.recorded !== undefined) return matches(entry.recorded, item);
  if (!matchesContent(entry.content as unknown[], item, true)) return false;
  entry.recorded = recordFingerprint(item, fingerprint);
  return true;
}

// True when `item`, a new object, has the content `earlier` is of: its recorded content, else that
// of the previous item `before` while unedited (then recorded: a fresh turn reads each item once).
function sameContentAs(
  earlier: HistoryEntry,
  before: unknown,
  item: unknown,
  fingerprint: Fingerprint,
  matches: Matcher,
): boolean {
  if (earlier.content !== undefined) return matchesContent(earlier.content, item, true);
  if (!unedited(earlier, before, fingerprint, matches) || !sameContent(before, item)) return false;
  earlier.content = recordContent(item);
  return true;
}

type Matcher = ReturnType<typeof fingerprintMatcher>;

const fingerprints = new WeakMap<object, Fingerprint>();

function fingerprintOf(owner: object, paths: () => WirePath[]): Fingerprint {
  const found = fingerprints.get(owner);
  if (found !== undefined) return found;
  const fingerprint = compileFingerprint(paths());
  fingerprints.set(owner, fingerprint);
  return fingerprint;
}

function historyFingerprint(format: WireFormat<never>): Fingerprint {
  return fingerprintOf(format.history, () =>
    format.history.sites.flatMap((site) =>
      [nameField(site), site.namespace, site.arguments]
        .filter((field) => typeof field === 'string')
        .map((field) => [...site.at, field]),
    ),
  );
}

// Schemas by identity, as the schema projection caches them.
function listFingerprint(site: ToolListSite): Fingerprint {
  return fingerprintOf(site, () => [
    ...(site.switches?.reads ?? []).map((field) => ['*', field]),
    ...site.declarations.flatMap((declaration) => [
      ...['name', 'description', declaration.strict]
        .filter((field) => field !== undefined)
        .map((field) => [...declaration.at, field]),
      ...(declaration.schemas ?? []).map((schema) => [...declaration.at, ...schema.at]),
    ]),
  ]);
}

/** One projection of a tool list, for one set of maps and options. */
interface ListProjection {
  tools: unknown;
  warnings: ProjectionWarning[];
  restorers: [string, Restore][];
  leftOut: string[];
  /** Known once per projection, not walked for on every turn (a sixth of a Gemini next turn). */
  copies: boolean;
}

// Content-equal lists share one projection per maps and options, made from the first list of
// that content; an unchanged list is sent as the caller's own object.
function projectList(
  format: WireFormat<never>,
  site: ToolListSite,
  list: object,
  shared: SharedList,
  names: WireNames,
  key: readonly unknown[],
): ListProjection {
  const target = key[0] as SchemaTarget;
  const notes = key[1] as boolean | 'whole';
  const found = shared.projection([names.flat.map, ...key], () => {
    const projected: ListProjection = {
      tools: shared.source,
      warnings: [],
      restorers: [],
      leftOut: [],
      copies: false,
    };
    const context: DeclarationContext = {
      format,
      names,
      target,
      notes,
      seen: new Set(),
      projected,
    };
    for (const declaration of site.declarations) {
      projected.tools = updatePath(projected.tools, declaration.at, (holder, trail) =>
        projectDeclaration(declaration, holder, trail, context),
      );
    }
    return projected;
  });
  for (const [tool, restore] of found.restorers) names.flat.setArgumentRestorer(tool, restore);
  return found.tools === shared.source ? { ...found, tools: list } : found;
}

/** What the declarations of one tool list share while it is projected. */
interface DeclarationContext {
  format: WireFormat<never>;
  names: WireNames;
  target: SchemaTarget;
  notes: boolean | 'whole';
  /** Names offered so far, for formats that take each name once. */
  seen: Set<string>;
  projected: ListProjection;
}

/**
 * One tool declaration of a list: its name, description and schemas projected, copy on write,
 * or `LEFT_OUT` (a name offered twice where the format takes it once, a quarantined schema).
 */
function projectDeclaration(
  declaration: DeclarationSite,
  holder: unknown,
  trail: readonly unknown[],
  context: DeclarationContext,
): unknown {
  const { format, names, target, notes, seen, projected } = context;
  if (!isRecord(holder)) return holder;
  if (declaration.copiedWith !== undefined)
    projected.copies ||= holder[declaration.copiedWith] !== undefined;
  if (typeof holder.name !== 'string') return holder;
  const { name } = holder;
  if (declaration.namespace === 'self')
    return withProperty(holder, 'name', names.namespace?.toWire(name));
  if (format.uniqueNames === true) {
    if (seen.has(name)) {
      projected.warnings.push({
        code: 'DUPLICATE_TOOL_LEFT_OUT',
        tool: name,
        message: `Tool "${name}": offered twice; ${format.provider} takes each tool name once, so only the first is sent.`,
      });
      return LEFT_OUT;
    }
    seen.add(name);
  }
  const space =
    declaration.namespace === 'parent'
      ? String((trail.at(-3) as Json | undefined)?.name)
      : undefined;
  const canonical = space === undefined ? name : memberCanonical(names, space, name);
  let next = withProperty(
    holder,
    'name',
    space === undefined ? names.flat.toWire(name) : names.member?.toWire(name),
  );
  const given = holder.description;
  const aliased =
    space !== undefined &&
    notes !== false &&
    (names.namespace?.isAliased(space) === true || names.member?.isAliased(name) === true);
  const description =
    space === undefined
      ? names.flat.describe(name, given)
      : aliased
        ? describeAlias({
            canonical,
            description: typeof given === 'string' ? given : undefined,
            separator: names.separator,
            whole: notes === 'whole',
          })
        : given;
  if (description !== undefined) next = withProperty(next, 'description', description);
  if (declaration.omitEmptyDescription === true && next.description === '')
    next = withProperty(next, 'description', undefined);
  const strict = declaration.strict !== undefined && holder[declaration.strict] === true;
  for (const schemaSite of declaration.schemas ?? []) {
    const path = schemaSite.at as readonly string[];
    const schema = path.reduce<unknown>(
      (inner, step) => (isRecord(inner) ? inner[step] : undefined),
      holder,
    );
    if (schema === undefined && declaration.schemaRequired !== true) continue;
    const result = projectToolSchemaByContent({
      schema,
      target,
      tool: canonical,
      ...(strict ? { strict } : {}),
      ...(schemaSite.jsonSchema === true ? { jsonSchema: true } : {}),
    });
    projected.warnings.push(...result.warnings);
    if (result.quarantined) {
      projected.leftOut.push(canonical);
      return LEFT_OUT;
    }
    if (result.restore !== undefined) projected.restorers.push([canonical, result.restore]);
    next = setAt(next, path, result.schema);
    // Strict was asked for but cannot hold without changing what the schema accepts.
    if (strict && target === 'openai' && !result.strict)
      next = withProperty(next, declaration.strict as string, false);
  }
  return next;
}

function setAt(holder: Json, path: readonly string[], value: unknown): Json {
  const [first, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) return withProperty(holder, first, value);
  const inner = holder[first];
  return withProperty(holder, first, setAt(isRecord(inner) ? inner : {}, rest, value));
}

// The request with a fresh copy of each definition that holds its site's `copiedWith` field.
function copyDeclarations(format: WireFormat<never>, request: Json): Json {
  let result = request;
  for (const site of format.tools)
    for (const { at, copiedWith } of site.declarations)
      if (copiedWith !== undefined)
        result = updatePath(result, [...site.at, ...at], (holder) =>
          isRecord(holder) && holder[copiedWith] !== undefined ? { ...holder } : holder,
        );
  return result;
}
