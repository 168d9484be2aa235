import { createToolWireMap, type ToolWireMap } from '../create-tool-wire-map.js';
import type { EnvelopeInput } from '../envelope.js';
import { DEFAULT_SEPARATOR } from '../join-tool-name.js';
import type { SchemaTarget } from '../schema/schema-target.js';
import type { ToolIdentity } from '../tool-identity.js';
import { ToolwireError } from '../toolwire-error.js';
import {
  type ArgumentNamePaths,
  type ArgumentNameTools,
  parseArgumentNameTools,
  rewriteArgumentNames,
  visitArgumentNames,
} from './argument-names.js';
import { createNameResolver, resolveCanonicalOrWire } from './create-name-resolver.js';
import { describeAlias } from './describe-alias.js';
import type { NameResolution } from './name-resolution.js';
import type { ProjectionWarning } from './projection-warning.js';

/**
 * The options every adapter takes (`projectChatRequest(request, options)`,
 * `wrapOpenAI(client, options)`, and likewise for every provider). Adapters add their own
 * provider options to these.
 *
 * ## The shape every adapter shares
 *
 * For each provider API, one function `project<Api>Request(request, options)` returns
 * {@link ProjectedRequest}: `{ request, map, warnings, resolveResponse, resolveStreamEvent }`.
 * - `request`: what to send, typed as the input. Never the caller's object mutated; the input
 *   itself (so `JSON.stringify`-identical) when nothing needed changing.
 * - `map`: the request's {@link ToolWireMap} (every tool, `tool_choice` and history name).
 * - `warnings`: {@link ProjectionWarning}s naming the tool (a name that could not be projected,
 *   a lossy schema rewrite).
 * - `resolveResponse(response)` → `{ response, resolutions }`: a copy of the provider's response
 *   with every tool-call name resolved to its canonical name (arguments restored to the server's
 *   shape, name references resolved) and how each name was resolved.
 * - `resolveStreamEvent(event)` → `{ events, resolutions }`: the events to pass on, in order.
 *   Usually the one event, resolved; a tool call whose arguments must be rewritten holds back
 *   its argument fragments and releases them as one fragment when the call completes.
 * - `flushStream()` → `{ events, resolutions }`: called once when the stream ends, for any
 *   reason; releases what is still held back (a stream cut before its finish event).
 *
 * Plus `wrap<Provider>(client, options)`: the official client with the same type, whose
 * request methods (plain and streamed) project each request and resolve what comes back.
 * Wrapper options add `onWarnings(warnings)` and `onResolutions(resolutions)` callbacks.
 *
 * @example
 * ```ts
 * import { projectChatRequest } from 'toolwire/openai';
 * const { request, resolveResponse } = projectChatRequest(body, { lenient: true });
 * const { response } = resolveResponse(await client.chat.completions.create(request));
 * ```
 */
export interface ProjectionOptions {
  /**
   * The name envelope to fit. Each adapter defaults to its provider's envelope.
   */
  envelope?: EnvelopeInput;
  /**
   * The separator of canonical names.
   * @defaultValue `'__'`
   */
  separator?: string;
  /** Wire names pinned by the host, canonical name to wire name. */
  overrides?: Readonly<Record<string, string>>;
  /**
   * Lenient resolution of names that come back (case changes, `-`/`_` swaps, a canonical name
   * copied from a description, a hash suffix dropped); it resolves only when exactly one name
   * matches, and every resolution reports how it was made.
   * @defaultValue `false`
   */
  lenient?: boolean;
  /** Tools whose arguments hold tool names; those values are projected and resolved too. */
  argumentNameTools?: ArgumentNameTools;
  /**
   * The schema dialect of the model behind the endpoint, when it is not the API's own provider
   * (an OpenAI-compatible router in front of Gemini: `'gemini'`; Anthropic models on Bedrock:
   * `'bedrock'`). Input schemas are projected for it, and arguments restored from it.
   * @defaultValue the API's own provider
   */
  schemaTarget?: SchemaTarget;
  /**
   * Add a short note of the canonical server and tool to the description of aliased tools
   * (`true`); `'whole'` names them uncut up to 512 characters (see describeAlias), so the
   * canonical name can be read back from a stored copy of the request's tools; `false` adds none.
   * Part of the projection's memo key: keep one options object per setting.
   * @defaultValue `true`
   */
  describeAliases?: boolean | 'whole';
  /**
   * Who the request's tools are (`{ canonical, server, remoteName }`, such as `hub.tools()`), so
   * that the map and the alias notes know each tool's server and remote name without parsing its
   * canonical name (which a naming preset may have formed in any shape). Names of the request
   * without an identity are taken as `<server><separator><tool>`.
   */
  identities?: Iterable<ToolIdentity>;
}

/**
 * What every `project<Api>Request` returns (see {@link ProjectionOptions} for the shared shape).
 */
export interface ProjectedRequest<TRequest, TResponse, TStreamEvent> {
  /** The request to send. */
  request: TRequest;
  /** The request's wire-name map. */
  map: ToolWireMap;
  /** Lossy or notable changes, each naming its tool. */
  warnings: ProjectionWarning[];
  /** Resolves a provider response of this request; keeps the response's own (SDK) type. */
  resolveResponse<TActual extends TResponse>(response: TActual): ResolvedResponse<TActual>;
  /**
   * Resolves one stream event of this request; keeps the event's own (SDK) type. Stateful: use
   * one projected request per stream.
   */
  resolveStreamEvent<TActual extends TStreamEvent>(event: TActual): ResolvedStreamEvents<TActual>;
  /**
   * Ends the stream of this request, however it ended (its finish event or not): the events that
   * release argument pieces still held back, to pass on after the last event. The wrappers call it.
   */
  flushStream<TActual extends TStreamEvent>(): ResolvedStreamEvents<TActual>;
}

/** A response with its tool-call names resolved. */
export interface ResolvedResponse<TResponse> {
  /** A copy of the response with canonical names (the input itself when nothing changed). */
  response: TResponse;
  /** How each tool-call name was resolved, in order. */
  resolutions: NameResolution[];
}

/** The events to pass on for one incoming stream event. */
export interface ResolvedStreamEvents<TStreamEvent> {
  /** Zero or more events, in order. */
  events: TStreamEvent[];
  /** How each name in them was resolved. */
  resolutions: NameResolution[];
}

/** Options of {@link createRequestProjection}. */
export interface CreateRequestProjectionOptions extends ProjectionOptions {
  /** Every canonical name of the request: tools, `tool_choice`, history. */
  names: Iterable<string>;
  /** The envelope to fit (required here; adapters supply their default). */
  envelope: EnvelopeInput;
}

/** The names and helpers of one request, shared by every adapter. */
export interface RequestProjection {
  /** The wire-name map of the request. */
  readonly map: ToolWireMap;
  /** Names that could not be projected (sent unchanged), and why. */
  readonly warnings: ProjectionWarning[];
  /** The wire name of a canonical name; a name outside the map passes through unchanged. */
  toWire(name: string): string;
  /** True when the name goes out under a different wire name. */
  isAliased(name: string): boolean;
  /** The description to send for a tool: with the alias note when aliased, else unchanged. */
  describe<TDescription>(name: string, description: TDescription): TDescription | string;
  /** Resolves a name that came back from the provider. */
  resolve(received: string): NameResolution;
  /** True when the tool's arguments hold tool names (`argumentNameTools`). */
  hasArgumentNames(tool: string): boolean;
  /** Canonical names inside a history call's arguments, as wire names (same object when none changed). */
  projectArguments(tool: string, args: unknown): unknown;
  /** Wire names inside a returned call's arguments, as canonical names. */
  resolveArguments(
    tool: string,
    args: unknown,
  ): { arguments: unknown; resolutions: NameResolution[] };
  /** Records how to turn a tool's projected arguments back into the server's shape. */
  setArgumentRestorer(tool: string, restore: (args: unknown) => unknown): void;
  /** True when returned calls of this tool need their arguments rewritten (restored or name references). */
  rewritesArguments(tool: string): boolean;
  /**
   * A returned call's arguments in the server's shape: restored after schema projection, then
   * name references resolved. The input itself when nothing changed.
   */
  restoreArguments(
    tool: string,
    args: unknown,
  ): { arguments: unknown; resolutions: NameResolution[] };
  /**
   * As {@link RequestProjection.restoreArguments} for arguments carried as JSON text (OpenAI);
   * text that does not parse, or needs no change, comes back as it is.
   */
  restoreArgumentsText(tool: string, text: string): { text: string; resolutions: NameResolution[] };
}

/**
 * Gathers a request's names while an adapter walks it, then builds its {@link RequestProjection}.
 *
 * @example
 * ```ts
 * const collector = createNameCollector({ envelope: 'openai' });
 * for (const tool of request.tools) collector.add(tool.function.name);
 * const projection = collector.finish();
 * ```
 */
export interface NameCollector {
  /** Adds one canonical name. */
  add(name: unknown): void;
  /**
   * Adds names known to be distinct strings, such as those of a tool list collected once
   * (`collectToolListNames`). Added first, they are taken as they are instead of one by one.
   */
  addAll(names: { readonly names: readonly string[]; readonly set: ReadonlySet<string> }): void;
  /** True when the tool's arguments hold tool names; only then is `addArguments` needed. */
  hasArgumentNames(tool: string): boolean;
  /** Adds the tool names held in a history call's (parsed) arguments. */
  addArguments(tool: string, args: unknown): void;
  /** Builds the projection from everything added. */
  finish(): RequestProjection;
}

/**
 * Starts collecting the names of one request (see {@link NameCollector}).
 *
 * @example
 * ```ts
 * const collector = createNameCollector({ envelope: 'anthropic', lenient: true });
 * collector.add('github__create_issue');
 * const { toWire, resolve } = collector.finish();
 * ```
 */
export function createNameCollector(
  options: ProjectionOptions & { envelope: EnvelopeInput },
): NameCollector {
  // Names given in bulk first (a tool list's, the same on every turn) are kept as they are;
  // only names outside them are gathered one by one.
  let base: readonly string[] = [];
  let baseSet: ReadonlySet<string> | undefined;
  const names = new Set<string>();
  const add = (name: string): void => {
    if (baseSet === undefined || !baseSet.has(name)) names.add(name);
  };
  const paths = parseArgumentNameTools(options.argumentNameTools);
  return {
    add(name) {
      if (typeof name === 'string') add(name);
    },
    addAll(known) {
      if (baseSet === undefined && names.size === 0) {
        base = known.names;
        baseSet = known.set;
      } else {
        for (const name of known.names) add(name);
      }
    },
    hasArgumentNames: (tool) => paths.has(tool),
    addArguments(tool, args) {
      const toolPaths = paths.get(tool);
      if (toolPaths !== undefined) visitArgumentNames(args, toolPaths, add);
    },
    finish: () =>
      buildProjection(
        names.size === 0 ? base : base.length === 0 ? names : [...base, ...names],
        options,
        paths,
      ),
  };
}

/**
 * Builds the per-request projection from every collected canonical name: the wire map (cached by
 * the core for a repeated name set), alias notes, resolution and argument name references. A
 * name the map cannot take is left out with a warning and passes through unchanged, so one bad
 * name never fails the request.
 *
 * @example
 * ```ts
 * const projection = createRequestProjection({
 *   names: ['github__create_issue', 'atlassian-rovo-mcp-server__getConfluencePageDescendants'],
 *   envelope: 'openai',
 * });
 * projection.toWire('github__create_issue'); // 'github__create_issue'
 * projection.resolve(projection.toWire('atlassian-rovo-mcp-server__getConfluencePageDescendants')).canonical;
 * // 'atlassian-rovo-mcp-server__getConfluencePageDescendants'
 * ```
 */
export function createRequestProjection(
  options: CreateRequestProjectionOptions,
): RequestProjection {
  return buildProjection(options.names, options, parseArgumentNameTools(options.argumentNameTools));
}

function buildProjection(
  names: Iterable<string>,
  options: ProjectionOptions & { envelope: EnvelopeInput },
  paths: ArgumentNamePaths,
): RequestProjection {
  const separator = options.separator ?? DEFAULT_SEPARATOR;
  const { map, warnings } = buildMap(names, options);
  const resolver = createNameResolver(map, { lenient: options.lenient === true });
  const describeAliases = options.describeAliases !== false;
  const whole = options.describeAliases === 'whole';
  const restorers = new Map<string, (args: unknown) => unknown>();
  const toWire = (name: string): string => {
    const wire = map.fromWire(name) === name ? name : safeToWire(map, name);
    return wire ?? name;
  };
  const resolveArguments = (
    tool: string,
    args: unknown,
  ): { arguments: unknown; resolutions: NameResolution[] } => {
    const toolPaths = paths.get(tool);
    const resolutions: NameResolution[] = [];
    if (toolPaths === undefined) return { arguments: args, resolutions };
    const resolved = rewriteArgumentNames(args, toolPaths, (received) => {
      const resolution = resolveCanonicalOrWire(map, resolver, received);
      resolutions.push(resolution);
      return resolution.name;
    });
    return { arguments: resolved, resolutions };
  };
  const rewritesArguments = (tool: string): boolean => restorers.has(tool) || paths.has(tool);
  const restoreArguments = (
    tool: string,
    args: unknown,
  ): { arguments: unknown; resolutions: NameResolution[] } => {
    const restore = restorers.get(tool);
    return resolveArguments(tool, restore === undefined ? args : restore(args));
  };
  return {
    map,
    warnings,
    toWire,
    isAliased: (name) => toWire(name) !== name,
    describe<TDescription>(name: string, description: TDescription): TDescription | string {
      if (!describeAliases || toWire(name) === name) return description;
      // The same tool set comes with every request, so the note is made once per map and tool.
      const byMap = whole ? wholeDescribedByMap : describedByMap;
      let notes = byMap.get(map);
      if (notes === undefined) {
        notes = new Map();
        byMap.set(map, notes);
      }
      // A map is built for one separator, so the tool name alone is the key.
      const key = name;
      const known = notes.get(key);
      if (known !== undefined && known.description === description) return known.described;
      const described = describeAlias({
        canonical: name,
        description: typeof description === 'string' ? description : undefined,
        separator,
        identity: map.identityOf(name),
        whole,
      });
      notes.set(key, { description, described });
      return described;
    },
    resolve: resolver,
    hasArgumentNames: (tool) => paths.has(tool),
    projectArguments(tool, args) {
      const toolPaths = paths.get(tool);
      return toolPaths === undefined ? args : rewriteArgumentNames(args, toolPaths, toWire);
    },
    resolveArguments,
    setArgumentRestorer(tool, restore) {
      restorers.set(tool, restore);
    },
    rewritesArguments,
    restoreArguments,
    restoreArgumentsText(tool, text) {
      if (!rewritesArguments(tool)) return { text, resolutions: [] };
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return { text, resolutions: [] };
      }
      const { arguments: restored, resolutions } = restoreArguments(tool, parsed);
      return { text: restored === parsed ? text : JSON.stringify(restored), resolutions };
    },
  };
}

// The notes made for each map, one table per note form (bounded, whole).
const describedByMap = new WeakMap<
  ToolWireMap,
  Map<string, { description: unknown; described: string }>
>();
const wholeDescribedByMap = new WeakMap<
  ToolWireMap,
  Map<string, { description: unknown; described: string }>
>();

function safeToWire(map: ToolWireMap, name: string): string | undefined {
  try {
    return map.toWire(name);
  } catch {
    return undefined;
  }
}

function buildMap(
  names: Iterable<string>,
  options: ProjectionOptions & { envelope: EnvelopeInput },
): { map: ToolWireMap; warnings: ProjectionWarning[] } {
  const mapOptions = {
    envelope: options.envelope,
    ...(options.separator === undefined ? {} : { separator: options.separator }),
    ...(options.overrides === undefined ? {} : { overrides: options.overrides }),
  };
  const identities = identitiesByName(options.identities);
  const items = (list: Iterable<string>): Iterable<string | ToolIdentity> =>
    identities === undefined ? list : [...list].map((name) => identities.get(name) ?? name);
  try {
    return { map: createToolWireMap(items(names), mapOptions), warnings: [] };
  } catch (error) {
    if (!ToolwireError.isInstance(error) || error.code === 'INVALID_OVERRIDE') throw error;
    if (error.code === 'UNKNOWN_ENVELOPE' || error.code === 'INVALID_ENVELOPE') throw error;
    if (error.code === 'INVALID_OPTION') throw error;
  }
  // Slow path, only when some name is unusable: find each one, leave it out, keep the rest.
  const warnings: ProjectionWarning[] = [];
  const usable: string[] = [];
  for (const name of new Set(names)) {
    try {
      createToolWireMap(items([name]), mapOptions);
      usable.push(name);
    } catch (error) {
      warnings.push({
        code: 'NAME_NOT_PROJECTED',
        tool: name,
        message: `Tool "${name}": ${error instanceof Error ? error.message : String(error)} It is sent unchanged.`,
      });
    }
  }
  return { map: createToolWireMap(items(usable), mapOptions), warnings };
}

const identityMaps = new WeakMap<object, { size: number; byName: Map<string, ToolIdentity> }>();

/**
 * The identities by canonical name, made once per identities array of the same length (a host
 * passes the same one on every turn); other iterables are read each time.
 * @internal
 */
export function identitiesByName(
  identities: Iterable<ToolIdentity> | undefined,
): ReadonlyMap<string, ToolIdentity> | undefined {
  if (identities === undefined) return undefined;
  const size = Array.isArray(identities) ? identities.length : -1;
  const known = identityMaps.get(identities);
  if (known !== undefined && known.size === size) return known.byName;
  const byName = new Map<string, ToolIdentity>();
  for (const identity of identities) byName.set(identity.canonical, identity);
  if (size >= 0) identityMaps.set(identities, { size, byName });
  return byName;
}
