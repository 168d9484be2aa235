import { identitiesByName } from '../../core/projection/create-request-projection.js';
import { projectWireRequest } from '../engine/project-wire-request.js';
import type {
  NameSite,
  ProjectedRequest,
  ProjectionOptions,
  WireFormat,
} from '../engine/wire-format.js';
import { isRecord, type Json, updatePath, visitPath, type WirePath } from '../engine/wire-path.js';
import type {
  ResponsesRequestLike,
  ResponsesResponseLike,
  ResponsesStreamEventLike,
} from './responses-wire.js';

/** Options of {@link projectResponsesRequest}. */
export interface ResponsesProjectionOptions extends ProjectionOptions {
  /**
   * Send each MCP server as a Responses `namespace` tool (the server key as the namespace, the
   * tool segment as the function name) instead of prefixing names. Calls that come back are
   * resolved to flat canonical names again, so the host sees no difference. A tool named in
   * `tool_choice` stays a top-level function.
   * @defaultValue `false`
   */
  namespaces?: boolean;
}

/** The result of {@link projectResponsesRequest}: the shared adapter shape. */
export type ProjectedResponsesRequest<TRequest extends ResponsesRequestLike> = ProjectedRequest<
  TRequest,
  ResponsesResponseLike,
  ResponsesStreamEventLike
>;

const TOOL = { type: ['function', 'custom'] };
const NAMESPACE = { type: ['namespace'] };
/** A call item: a function call (JSON text arguments) or a custom tool call, maybe in a namespace. */
const call = (at: WirePath): NameSite => ({
  at: [...at, { type: ['function_call', 'custom_tool_call'] }],
  namespace: 'namespace',
  arguments: 'arguments',
  text: true,
});
// OpenAI rejects a choice of a tool not in `tools`: the model chooses among the others.
const AUTO = [{ at: ['tool_choice'], value: 'auto' }];
const CHOICE = [
  { at: ['tool_choice', TOOL], otherwise: AUTO },
  { at: ['tool_choice', { type: ['allowed_tools'] }, 'tools', '*', TOOL], otherwise: AUTO },
];
const DECLARATION = { schemas: [{ at: ['parameters'] }], strict: 'strict' };

/** The Responses API as data, with `namespace` tools (each name fitted in its own field). */
const RESPONSES_FORMAT: WireFormat<ResponsesProjectionOptions> = {
  subject: 'OpenAI Responses request',
  provider: 'OpenAI',
  optionalArrays: ['tools'],
  envelope: 'openai',
  schemaTarget: (options) => options.schemaTarget ?? 'openai',
  namespaced: true,
  tools: [
    {
      at: ['tools'],
      // Members before their namespace: a member reads its namespace's name as the host gave it.
      declarations: [
        { ...DECLARATION, at: ['*', TOOL] },
        { ...DECLARATION, at: ['*', NAMESPACE, 'tools', '*'], namespace: 'parent' },
        { at: ['*', NAMESPACE], namespace: 'self' },
      ],
    },
  ],
  choice: CHOICE,
  history: { at: 'input', sites: [call([])] },
  response: [call(['output', '*'])],
  stream: {
    calls: [
      call([{ type: ['response.output_item.done'] }, 'item']),
      call(['response', 'output', '*']),
    ],
    hold: {
      starts: [call([{ type: ['response.output_item.added'] }, 'item'])],
      fragments: [
        { at: [{ type: ['response.function_call_arguments.delta'] }], arguments: 'delta' },
      ],
      // A call item's id, or the item id of an arguments event.
      key: (trail) => {
        const holder = trail.at(-1) as Json;
        return holder === trail[0] ? holder.item_id : holder.id;
      },
      ends: (event) => [event.type === 'response.function_call_arguments.done' && event.item_id],
      whole: 'arguments',
      release: (key, text, event) => ({
        type: 'response.function_call_arguments.delta',
        item_id: key,
        output_index: event?.output_index,
        sequence_number: event?.sequence_number,
        delta: text,
      }),
    },
  },
  // `namespaces: true` (see the option): the calls in `input` are grouped as their tools are.
  group(request, options, separator) {
    if (options.namespaces !== true || !Array.isArray(request.tools)) return undefined;
    const forced = new Set<unknown>();
    for (const site of CHOICE)
      visitPath(request, site.at, (holder) => forced.add((holder as Json).name));
    const identities = identitiesByName(options.identities);
    // From the identity when the host gave one, else the canonical name split once.
    const members = new Map<string, { namespace: string; name: string }>();
    const grouped = new Map<string, string>();
    const spaces = new Map<string, unknown[]>();
    const tools: unknown[] = [];
    for (const tool of request.tools) {
      const name = isRecord(tool) && tool.type === 'function' ? String(tool.name) : '';
      const identity = identities?.get(name);
      const at = name.indexOf(separator);
      if (!isRecord(tool) || forced.has(name) || (identity === undefined && at <= 0)) {
        tools.push(tool);
        continue;
      }
      const server = identity?.server ?? name.slice(0, at);
      const remote = identity?.remoteName ?? name.slice(at + separator.length);
      members.set(name, { namespace: server, name: remote });
      grouped.set(`${server}\u0000${remote}`, name);
      if (!spaces.has(server)) {
        spaces.set(server, []);
        const description = `Tools of the MCP server "${server}".`;
        tools.push({ type: 'namespace', name: server, description, tools: spaces.get(server) });
      }
      const { strict: _strict, ...member } = tool;
      spaces.get(server)?.push({ ...member, name: remote });
    }
    const input = updatePath(request.input, call(['*']).at, (item) => {
      const member =
        isRecord(item) && typeof item.namespace !== 'string'
          ? members.get(String(item.name))
          : undefined;
      return member === undefined ? item : { ...(item as Json), ...member };
    });
    return { request: { ...request, tools, input }, grouped };
  },
};

/**
 * Projects an OpenAI Responses API request: function and custom tools, `namespace` tools
 * (namespace and member names each fitted), `tool_choice` (with `allowed_tools`) and the
 * `function_call` / `custom_tool_call` items of `input`; with `namespaces: true` each MCP server
 * becomes a namespace instead of a name prefix.
 *
 * @example
 * ```ts
 * import { projectResponsesRequest } from 'toolwire/openai';
 *
 * const projected = projectResponsesRequest({ model: 'gpt-5', input, tools }, { namespaces: true });
 * const { response } = projected.resolveResponse(await client.responses.create(projected.request));
 * ```
 */
export function projectResponsesRequest<TRequest extends ResponsesRequestLike>(
  request: TRequest,
  options?: ResponsesProjectionOptions,
): ProjectedResponsesRequest<TRequest> {
  return projectWireRequest(RESPONSES_FORMAT, request, options);
}
