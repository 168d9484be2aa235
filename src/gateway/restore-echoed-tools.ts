import type { ToolWireMap } from '../core/create-tool-wire-map.js';
import { isRecord } from '../core/is-record.js';

/** Options of {@link restoreEchoedTools}. */
export interface RestoreEchoedToolsOptions {
  /** The `tools` of the caller's Responses API request, as the caller sent them. */
  tools: unknown;
  /** The request's wire-name map. */
  map: ToolWireMap;
  /**
   * The caller's names of a namespace member the upstream echoes by its wire names (namespace
   * and member names are fitted on their own, outside `map`). Without it, namespaces are left as
   * they came.
   */
  resolveMember?: (namespace: string, name: string) => { namespace: string; name: string };
}

type Json = Record<string, unknown>;

// The fields of a tool the projection rewrites: the name, the description (alias note) and the
// schema. Everything else the upstream says about a tool is passed on as it said it.
const PROJECTED_FIELDS = ['name', 'description', 'parameters'] as const;

/**
 * Makes the function that gives a Responses API response object (or the `response` of a stream
 * event) back with the caller's own tools: the upstream echoes the request's `tools` and
 * `tool_choice` as it got them, with wire names, alias notes and projected schemas, and an SDK
 * caller reading them would see names it never sent. Each function or custom tool the caller
 * sent gets its name, description and parameters back as the caller sent them; a tool the
 * caller did not send (none should exist) is left as it came. A namespace and its members get
 * the caller's own back the same way, through `resolveMember`. The input is returned as it is
 * when nothing changes, and never mutated.
 *
 * @example
 * ```ts
 * const restore = restoreEchoedTools({ tools: request.tools, map: projected.map });
 * const response = restore(projected.resolveResponse(upstreamResponse).response);
 * ```
 */
export function restoreEchoedTools(
  options: RestoreEchoedToolsOptions,
): (response: unknown) => unknown {
  const { map } = options;
  // The caller's tools by name, and its namespaces by name, indexed once when first needed (the
  // first of a name wins).
  let index: { tools: Map<string, Json>; namespaces: Map<string, Json> } | undefined;
  const callerIndex = () => {
    if (index !== undefined) return index;
    index = { tools: new Map(), namespaces: new Map() };
    for (const tool of Array.isArray(options.tools) ? options.tools : []) {
      const into = isNamedTool(tool) ? index.tools : isNamespace(tool) ? index.namespaces : null;
      if (into !== null && !into.has(tool.name as string)) into.set(tool.name as string, tool);
    }
    return index;
  };
  const callerTool = (name: string) => callerIndex().tools.get(name);
  const callerNamespace = (name: string) => callerIndex().namespaces.get(name);
  const canonicalOf = (name: string): string => map.fromWire(name) ?? name;

  const restoreTool = (tool: unknown): unknown => {
    if (isNamespace(tool)) return restoreNamespace(tool);
    if (!isNamedTool(tool)) return tool;
    return restoreFields(tool, callerTool(canonicalOf(tool.name as string)));
  };

  // The namespace's name and members as the caller sent them; the upstream's other fields stay.
  const restoreNamespace = (namespace: Json): Json => {
    const resolveMember = options.resolveMember;
    if (resolveMember === undefined || !Array.isArray(namespace.tools)) return namespace;
    const wireName = namespace.name as string;
    let caller: Json | undefined;
    const members = restoreList(namespace.tools, (member) => {
      if (!isNamedTool(member)) return member;
      const resolved = resolveMember(wireName, member.name as string);
      caller ??= callerNamespace(resolved.namespace);
      const callerMembers = Array.isArray(caller?.tools) ? caller.tools : [];
      const callerMember = callerMembers.find(
        (candidate) => isNamedTool(candidate) && candidate.name === resolved.name,
      );
      return restoreFields(member, callerMember as Json | undefined);
    });
    caller ??= callerNamespace(resolveMember(wireName, '').namespace);
    if (caller === undefined) return namespace;
    const out = restoreFields(namespace, caller, NAMESPACE_FIELDS);
    if (members === namespace.tools) return out;
    return { ...out, tools: members };
  };

  const restoreChoice = (choice: unknown): unknown => {
    if (!isRecord(choice)) return choice;
    if (typeof choice.name === 'string') {
      const canonical = canonicalOf(choice.name);
      return canonical === choice.name ? choice : { ...choice, name: canonical };
    }
    if (Array.isArray(choice.tools)) {
      const tools = restoreList(choice.tools, restoreChoice);
      return tools === choice.tools ? choice : { ...choice, tools };
    }
    return choice;
  };

  return (response) => {
    if (!isRecord(response)) return response;
    const tools = Array.isArray(response.tools)
      ? restoreList(response.tools, restoreTool)
      : response.tools;
    const choice = restoreChoice(response.tool_choice);
    if (tools === response.tools && choice === response.tool_choice) return response;
    const out: Json = { ...response };
    if (tools !== response.tools) out.tools = tools;
    if (choice !== response.tool_choice) out.tool_choice = choice;
    return out;
  };
}

const NAMESPACE_FIELDS = ['name', 'description'] as const;

/** `tool` with `fields` as the caller sent them (a field the caller left out is left out). */
function restoreFields(
  tool: Json,
  caller: Json | undefined,
  fields: readonly string[] = PROJECTED_FIELDS,
): Json {
  if (caller === undefined) return tool;
  let out: Json | undefined;
  for (const field of fields) {
    if (!(field in tool) && !(field in caller)) continue;
    if (tool[field] === caller[field]) continue;
    out ??= { ...tool };
    if (field in caller) out[field] = caller[field];
    else delete out[field];
  }
  return out ?? tool;
}

function restoreList(list: unknown[], restore: (item: unknown) => unknown): unknown[] {
  let out: unknown[] | undefined;
  list.forEach((item, index) => {
    const next = restore(item);
    if (next === item) return;
    out ??= [...list];
    out[index] = next;
  });
  return out ?? list;
}

function isNamedTool(tool: unknown): tool is Json {
  return (
    isRecord(tool) &&
    (tool.type === 'function' || tool.type === 'custom') &&
    typeof tool.name === 'string'
  );
}

function isNamespace(tool: unknown): tool is Json {
  return isRecord(tool) && tool.type === 'namespace' && typeof tool.name === 'string';
}
