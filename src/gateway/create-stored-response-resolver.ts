import type { ToolWireMap } from '../core/create-tool-wire-map.js';
import type { EnvelopeInput } from '../core/envelope.js';
import { isRecord } from '../core/is-record.js';
import { DEFAULT_SEPARATOR } from '../core/join-tool-name.js';
import type { ProjectionOptions } from '../core/projection/create-request-projection.js';
import { projectResponsesRequest } from '../providers/openai/index.js';

/** Options of {@link createStoredResponseResolver}. */
export interface CreateStoredResponseResolverOptions {
  /** The `tools` of a stored Responses API response object, as the upstream echoes them. */
  tools: unknown;
  /** The upstream's envelope; `undefined` for OpenAI's own. */
  envelope: EnvelopeInput | undefined;
  /** The gateway's projection options (separator, overrides, ...). */
  projection: Omit<ProjectionOptions, 'envelope'>;
}

/** Resolves what a stored response holds, from the wire names its `tools` recover. */
export interface StoredResponseResolver {
  /** Wire name to canonical name, for every name recovered and proven. */
  readonly names: ReadonlyMap<string, string>;
  /** Renamed tools whose canonical name could not be recovered (their wire names stay). */
  readonly unresolved: number;
  /** A copy of the response object: output items, `tools` and `tool_choice` with canonical names. */
  resolveResponse(response: Record<string, unknown>): Record<string, unknown>;
  /** Input or output items (`function_call`, `custom_tool_call`) with canonical names. */
  resolveItems(items: unknown[]): unknown[];
}

type Json = Record<string, unknown>;

// The note the projection appends to the description of a renamed tool (see describeAlias), at
// the end, alone or after a blank line; the gateway asks for whole notes (`describeAliases:
// 'whole'`) in every Responses request the upstream stores.
const ALIAS_NOTE = /(?:^|\n\n)\((?:MCP server "([^"]*)", )?tool "([^"]*)"\)$/;

/**
 * Recovers the caller's names of a stored Responses API response (`GET /v1/responses/{id}`) from
 * the response alone, so the stateless gateway can resolve it without the request that made it.
 * The upstream echoes the request's `tools` as it got them: wire names, and for each renamed tool
 * the alias note the projection added to its description (`(MCP server "<server>", tool
 * "<tool>")`), which the gateway sends whole (`describeAliases: 'whole'`). Since a request's wire map
 * depends only on its set of names, the candidates are projected again as a set: a name is kept
 * only when it projects to exactly the wire name the upstream holds (repeated without the
 * rejected ones until nothing changes). What is resolved is therefore what the gateway would
 * have resolved for the original request; a name that cannot be proven (a name over 512
 * characters, spaces, quotes or control characters in it, history names that were not tools and
 * took a colliding wire name) keeps its wire name and is counted in `unresolved`. A tool without
 * a note is taken as sent under its own name (so with `describeAliases: false` nothing resolves). Arguments come back as the upstream holds them: the original schemas
 * are not in the response, so arguments a schema projection rewrote are not restored.
 *
 * @example
 * ```ts
 * const resolver = createStoredResponseResolver({ tools: stored.tools, envelope: undefined, projection: {} });
 * const response = resolver.resolveResponse(stored); // function_call items with the caller's names
 * ```
 */
export function createStoredResponseResolver(
  options: CreateStoredResponseResolverOptions,
): StoredResponseResolver {
  const separator = options.projection.separator ?? DEFAULT_SEPARATOR;
  const adapterOptions: ProjectionOptions = {
    ...options.projection,
    ...(options.envelope === undefined ? {} : { envelope: options.envelope }),
  };
  const tools = Array.isArray(options.tools) ? options.tools.filter(isNamedTool) : [];
  let candidates = new Map<string, { canonical: string; tool: Json; base: string | undefined }>();
  let unresolved = 0;
  for (const tool of tools) {
    const wire = tool.name as string;
    const description = typeof tool.description === 'string' ? tool.description : undefined;
    const note = description === undefined ? null : ALIAS_NOTE.exec(description);
    if (note === null || description === undefined) {
      // No note: the name went out as it came (or notes are off, and then it cannot be known).
      candidates.set(wire, { canonical: wire, tool, base: description });
      continue;
    }
    const [, server, name] = note as unknown as [string, string | undefined, string];
    const canonical = server === undefined ? name : `${server}${separator}${name}`;
    const base = note.index === 0 ? undefined : description.slice(0, note.index);
    // A note shows quotes, backslashes and control characters as spaces and cuts a name over
    // the bound with an ellipsis: such a name is not known whole, and where the wire name is a
    // plain substitution (no hash) projecting it again would not tell, so it is not guessed.
    if (canonical.includes(' ') || canonical.includes('…')) {
      unresolved++;
      continue;
    }
    candidates.set(wire, { canonical, tool, base });
  }
  let map: ToolWireMap | undefined;
  for (let round = 0; round < 4 && candidates.size > 0; round++) {
    map = mapOf([...candidates.values()], adapterOptions);
    const kept = new Map(
      [...candidates].filter(([wire, candidate]) => safeToWire(map, candidate.canonical) === wire),
    );
    if (kept.size === candidates.size) break;
    unresolved += candidates.size - kept.size;
    candidates = kept;
    map = undefined;
  }
  if (map === undefined && candidates.size > 0) {
    unresolved += candidates.size;
    candidates = new Map();
  }
  const names = new Map<string, string>();
  for (const [wire, { canonical }] of candidates) names.set(wire, canonical);

  const resolveItem = (item: unknown): unknown => {
    if (!isRecord(item)) return item;
    if (item.type !== 'function_call' && item.type !== 'custom_tool_call') return item;
    if (typeof item.name !== 'string') return item;
    const canonical = names.get(item.name);
    return canonical === undefined || canonical === item.name ? item : { ...item, name: canonical };
  };
  const resolveItems = (items: unknown[]): unknown[] => {
    let changed = false;
    const out = items.map((item) => {
      const next = resolveItem(item);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : items;
  };
  return {
    names,
    unresolved,
    resolveItems,
    resolveResponse(response) {
      const out: Json = { ...response };
      if (Array.isArray(response.output)) out.output = resolveItems(response.output);
      if (Array.isArray(response.tools)) {
        out.tools = response.tools.map((tool) => {
          if (!isNamedTool(tool)) return tool;
          const candidate = candidates.get(tool.name as string);
          if (candidate === undefined || candidate.canonical === tool.name) return tool;
          const { description: _description, ...rest } = tool;
          return {
            ...rest,
            name: candidate.canonical,
            ...(candidate.base === undefined ? {} : { description: candidate.base }),
          };
        });
      }
      const choice = response.tool_choice;
      if (isRecord(choice) && typeof choice.name === 'string' && names.has(choice.name)) {
        out.tool_choice = { ...choice, name: names.get(choice.name) };
      }
      return out;
    },
  };
}

function mapOf(
  candidates: { canonical: string; tool: Json }[],
  options: ProjectionOptions,
): ToolWireMap | undefined {
  const request = {
    model: 'stored',
    input: [],
    tools: candidates.map(({ canonical, tool }) =>
      tool.type === 'custom'
        ? { type: 'custom', name: canonical }
        : { type: 'function', name: canonical, parameters: { type: 'object' }, strict: false },
    ),
  };
  try {
    return projectResponsesRequest(request as never, options).map;
  } catch {
    return undefined;
  }
}

function safeToWire(map: ToolWireMap | undefined, canonical: string): string | undefined {
  try {
    return map?.toWire(canonical);
  } catch {
    return undefined;
  }
}

function isNamedTool(tool: unknown): tool is Json {
  return (
    isRecord(tool) &&
    (tool.type === 'function' || tool.type === 'custom') &&
    typeof tool.name === 'string'
  );
}
