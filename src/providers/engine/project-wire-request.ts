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
  type Fingerprint,
  matchesFingerprint,
  recordFingerprint,
  remember,
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
import {
  compileFingerprint,
  isRecord,
  LEFT_OUT,
  updatePath,
  visitPath,
  withProperty,
} from './wire-path.js';

type Json = Record<string, unknown>;
type Restore = (args: unknown) => unknown;

/**
 * Projects one request of a wire format described as data ({@link WireFormat}): collects every
 * tool name (tool lists, tool choice, history), builds the request's wire-name maps, projects the
 * tool lists (names, alias notes, schemas; once per list content and map), the choice and the
 * history (once per item and map), copy on write, and returns the resolvers of the response and
 * of the stream events. Every adapter is this call plus its format.
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
  const state = remember(requests, request as Json, [format, options], partsOf(format), () =>
    projectState(format, request as Json, options ?? ({} as TOptions)),
  );
  const { names } = state;
  const stream = createStreamResolver(format.stream, names);
  return {
    request: (format.finish === undefined
      ? state.request
      : format.finish(state.request)) as TRequest,
    map: names.flat.map,
    warnings: [...state.warnings],
    resolveResponse(response) {
      const resolutions: NameResolution[] = [];
      return { response: resolveCalls(response, format.response, names, resolutions), resolutions };
    },
    resolveStreamEvent: stream.resolve,
    flushStream: stream.flush,
  };
}

interface State {
  request: Json;
  names: WireNames;
  warnings: ProjectionWarning[];
}

const requests = new WeakMap<object, unknown>();
const requestParts = new WeakMap<object, Fingerprint<Json>>();

// A request sent again (a retry, a second model) is found by its own identity and the identity of
// its parts: the tool lists and every object on the way to each definition (so an added or
// replaced definition is seen), the choice, the history and its items. The fields inside a
// definition are not re-read here (that made every warm hit read each tool, about 8x the lookup):
// a new request object around a list edited in place is checked value by value by the list's own
// memo, and the same request object sent again is treated as the value it was.
function partsOf(format: WireFormat<never>): Fingerprint<Json> {
  let parts = requestParts.get(format);
  if (parts === undefined) {
    parts = compileFingerprint([
      ...format.tools.flatMap((site) =>
        site.declarations.map((declaration) => ({ at: [...site.at, ...declaration.at] })),
      ),
      ...format.choice.map((site) => ({ at: site.at })),
      { at: [format.history.at, '*'] },
    ]);
    requestParts.set(format, parts);
  }
  return parts;
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
  const envelope: EnvelopeInput =
    options.envelope ?? format.envelopeFor?.(request) ?? format.envelope;
  const flat = createNameCollector({ ...options, envelope });
  // Namespace and member names are fitted on their own: each is a separate wire field.
  const { identities: _identities, ...shared }: ProjectionOptions = options;
  const separate = { ...shared, envelope, argumentNameTools: {}, overrides: {} };
  const spaces =
    format.namespaced === true
      ? [createNameCollector(separate), createNameCollector(separate)]
      : undefined;
  const add = (name: unknown, space: unknown): void => {
    if (space === undefined || spaces === undefined) flat.add(name);
    else {
      spaces[0]?.add(space);
      spaces[1]?.add(name);
    }
  };
  for (const { site, list, shared } of lists) {
    flat.addAll(shared);
    for (const declaration of site.declarations) {
      if (declaration.namespace === undefined || spaces === undefined) continue;
      visitPath(list, declaration.at, (holder, trail) => {
        const name = isRecord(holder) ? holder[declaration.name ?? 'name'] : undefined;
        if (declaration.namespace === 'self') spaces[0]?.add(name);
        else add(name, (trail.at(-3) as Json | undefined)?.name);
      });
    }
  }
  for (const site of format.choice)
    visitPath(request, site.at, (holder) => flat.add(siteNames(holder, site, false).name));
  const history = request[format.history.at];
  for (const item of Array.isArray(history) ? history : [history]) {
    for (const call of historyItem(format, item).calls) {
      add(call.name, call.space);
      if (
        call.space !== undefined ||
        typeof call.name !== 'string' ||
        call.site.arguments === undefined
      )
        continue;
      if (flat.hasArgumentNames(call.name))
        flat.addArguments(call.name, readArguments(call.arguments, call.site.text === true));
    }
  }
  const names: WireNames = {
    flat: flat.finish(),
    namespace: spaces?.[0]?.finish(),
    member: spaces?.[1]?.finish(),
    separator,
    grouped: grouping?.grouped ?? NONE,
  };
  const warnings = [
    ...names.flat.warnings,
    ...(names.namespace?.warnings ?? []),
    ...(names.member?.warnings ?? []),
  ];
  const key = [
    format.schemaTarget(options, names.flat.map.envelope.id),
    options.describeAliases ?? true,
    names.namespace?.map,
    names.member?.map,
  ];
  let result = request;
  const leftOut = new Set<string>();
  for (const { site, list, shared } of lists) {
    const projected = projectList(format, site, list, shared, names, key);
    warnings.push(...projected.warnings);
    for (const name of projected.leftOut) leftOut.add(name);
    result = updatePath(result, site.at, (found) => (found === list ? projected.tools : found));
  }
  if (leftOut.size > 0 && format.withoutChoice !== undefined) {
    const before = warnings.length;
    for (const site of format.choice) {
      visitPath(result, site.at, (holder) => {
        const { name } = siteNames(holder, site, false);
        if (typeof name !== 'string' || !leftOut.has(name)) return;
        warnings.push({
          code: 'TOOL_CHOICE_DROPPED',
          tool: name,
          message: `Tool "${name}": named in the tool choice but left out of the request, which ${format.provider} would reject; the choice no longer names it.`,
        });
      });
    }
    if (warnings.length > before) result = format.withoutChoice(result, leftOut) as Json;
  }
  for (const site of format.choice)
    result = updatePath(result, site.at, (holder) => projectName(holder, site, names));
  const historyKey = [
    names.flat.map,
    names.namespace?.map,
    names.member?.map,
    names.grouped,
    options.argumentNameTools,
  ];
  const projectItem = (item: unknown): unknown => {
    let next = item;
    for (const site of format.history.sites)
      next = updatePath(next, site.at, (holder) => projectName(holder, site, names));
    return next;
  };
  const projectedHistory = Array.isArray(history)
    ? updatePath(history, ['*'], (item) => {
        // Earlier turns come back on every request: each item is projected once per map. Its
        // entry was checked against the item a moment ago, when its names were collected.
        const entry = isRecord(item) ? items.get(item) : undefined;
        if (entry === undefined) return item;
        const found = entry.projections.find((stored) => sameValues(stored.key, historyKey));
        if (found !== undefined) return found.value;
        const value = projectItem(item);
        if (entry.projections.length >= MAX_ITEM_PROJECTIONS) entry.projections.shift();
        entry.projections.push({ key: historyKey, value });
        return value;
      })
    : projectItem(history);
  result = withProperty(result, format.history.at, projectedHistory);
  if (format.check !== undefined) warnings.push(...format.check(original));
  return { request: result, names, warnings };
}

/** What a history item holds: its calls (names and arguments), and its projections by maps. */
interface HistoryItem {
  format: WireFormat<never>;
  recorded: unknown[];
  calls: { site: NameSite; name: unknown; space: unknown; arguments: unknown }[];
  projections: { key: readonly unknown[]; value: unknown }[];
}

const items = new WeakMap<object, HistoryItem>();
const MAX_ITEM_PROJECTIONS = 4;

// The calls of a history item, read once while the item stays the same (its fingerprint: what
// its names and projection depend on); a host resends every earlier item on every turn.
function historyItem(format: WireFormat<never>, item: unknown): Pick<HistoryItem, 'calls'> {
  const fingerprint = historyFingerprint(format);
  const known = isRecord(item) ? items.get(item) : undefined;
  if (
    known !== undefined &&
    known.format === format &&
    matchesFingerprint(known.recorded, item as Json, fingerprint)
  )
    return known;
  const calls: HistoryItem['calls'] = [];
  for (const site of format.history.sites) {
    visitPath(item, site.at, (holder) => {
      const { name, space } = siteNames(holder, site, format.namespaced === true);
      const args =
        site.arguments === undefined || !isRecord(holder) ? undefined : holder[site.arguments];
      calls.push({ site, name, space, arguments: args });
    });
  }
  if (!isRecord(item)) return { calls };
  const entry = { format, recorded: recordFingerprint(item, fingerprint), calls, projections: [] };
  items.set(item, entry);
  return entry;
}

const NONE: ReadonlyMap<string, string> = new Map();
const historyFingerprints = new WeakMap<object, Fingerprint<Json>>();
const listFingerprints = new WeakMap<object, Fingerprint<object>>();

// Everything the projection of one history item reads.
function historyFingerprint(format: WireFormat<never>): Fingerprint<Json> {
  let fingerprint = historyFingerprints.get(format);
  if (fingerprint === undefined) {
    fingerprint = compileFingerprint(
      format.history.sites.map((site) => {
        const fields = [nameField(site), site.namespace, site.arguments].filter(
          (field) => typeof field === 'string',
        );
        const leaf = (holder: unknown, values: unknown[]): void => {
          if (isRecord(holder)) for (const field of fields) values.push(holder[field]);
        };
        return { at: site.at, leaf };
      }),
    );
    historyFingerprints.set(format, fingerprint);
  }
  return fingerprint;
}

// Everything a list's projection reads: each object on the way to a definition, the definition's
// name, description, schema objects (by identity, as the schema projection caches them) and strict.
function listFingerprint(site: ToolListSite): Fingerprint<object> {
  let fingerprint = listFingerprints.get(site);
  if (fingerprint === undefined) {
    fingerprint = compileFingerprint(
      site.declarations.map((declaration) => {
        const { name = 'name', description = 'description', strict } = declaration;
        const fields = [name, description, strict].filter((field) => field !== undefined);
        const schemas = (declaration.schemas ?? []).map((schema) => schema.at as readonly string[]);
        const leaf = (holder: unknown, values: unknown[]): void => {
          if (!isRecord(holder)) return;
          for (const field of fields) values.push(holder[field]);
          for (const path of schemas) values.push(readAt(holder, path));
        };
        return { at: declaration.at, leaf };
      }),
    );
    listFingerprints.set(site, fingerprint);
  }
  return fingerprint;
}

function readAt(holder: unknown, path: readonly string[]): unknown {
  let value = holder;
  for (const step of path) value = isRecord(value) ? value[step] : undefined;
  return value;
}

/** One projection of a tool list, for one set of maps and options. */
interface ListProjection {
  tools: unknown;
  warnings: ProjectionWarning[];
  restorers: [string, Restore][];
  leftOut: string[];
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
  const found = shared.projection([names.flat.map, ...key], () => {
    const projected: ListProjection = {
      tools: shared.source,
      warnings: [],
      restorers: [],
      leftOut: [],
    };
    const context = {
      names,
      target: key[0] as SchemaTarget,
      notes: key[1] as boolean | 'whole',
      seen: new Set<string>(),
      projected,
    };
    for (const declaration of site.declarations) {
      projected.tools = updatePath(projected.tools, declaration.at, (holder, trail) =>
        projectDeclaration(format, declaration, holder, trail, context),
      );
    }
    return projected;
  });
  for (const [tool, restore] of found.restorers) names.flat.setArgumentRestorer(tool, restore);
  return found.tools === shared.source ? { ...found, tools: list } : found;
}

function projectDeclaration(
  format: WireFormat<never>,
  site: DeclarationSite,
  holder: unknown,
  trail: readonly unknown[],
  context: {
    names: WireNames;
    target: SchemaTarget;
    notes: boolean | 'whole';
    seen: Set<string>;
    projected: ListProjection;
  },
): unknown {
  const { names, target, seen, projected } = context;
  const { name: field = 'name', description: about = 'description' } = site;
  if (!isRecord(holder) || typeof holder[field] !== 'string') return holder;
  const name = holder[field] as string;
  if (site.namespace === 'self') return withProperty(holder, field, names.namespace?.toWire(name));
  if (format.uniqueNames === true) {
    // The provider rejects the whole request when two tools share a name.
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
    site.namespace === 'parent' ? String((trail.at(-3) as Json | undefined)?.name) : undefined;
  const canonical = space === undefined ? name : memberCanonical(names, space, name);
  let next = withProperty(
    holder,
    field,
    space === undefined ? names.flat.toWire(name) : names.member?.toWire(name),
  );
  const given = holder[about];
  const aliased =
    space !== undefined &&
    context.notes !== false &&
    (names.namespace?.isAliased(space) === true || names.member?.isAliased(name) === true);
  const description =
    space === undefined
      ? names.flat.describe(name, given)
      : aliased
        ? describeAlias({
            canonical,
            description: typeof given === 'string' ? given : undefined,
            separator: names.separator,
            whole: context.notes === 'whole',
          })
        : given;
  if (description !== undefined) next = withProperty(next, about, description);
  if (site.omitEmptyDescription === true && next[about] === '')
    next = withProperty(next, about, undefined);
  const strict = site.strict !== undefined && holder[site.strict] === true;
  for (const schemaSite of site.schemas ?? []) {
    const path = schemaSite.at as readonly string[];
    const schema = readAt(holder, path);
    if (schema === undefined && site.schemaRequired !== true) continue;
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
      next = withProperty(next, site.strict as string, false);
  }
  return next;
}

function setAt(holder: Json, path: readonly string[], value: unknown): Json {
  const [first, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) return withProperty(holder, first, value);
  const inner = holder[first];
  return withProperty(holder, first, setAt(isRecord(inner) ? inner : {}, rest, value));
}
