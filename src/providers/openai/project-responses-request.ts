import { DEFAULT_SEPARATOR } from '../../core/join-tool-name.js';
import { assertRequestShape } from '../../core/projection/assert-request-shape.js';
import {
  isRecord,
  LEFT_OUT,
  mapIfChanged,
  withoutLeftOut,
  withProperty,
} from '../../core/projection/copy-on-write.js';
import {
  createNameCollector,
  type NameCollector,
  type ProjectedRequest,
  type ProjectionOptions,
  type RequestProjection,
} from '../../core/projection/create-request-projection.js';
import { describeAlias } from '../../core/projection/describe-alias.js';
import { memoizeHistoryItem } from '../../core/projection/memoize-history-item.js';
import {
  collectToolListNames,
  memoizeToolList,
  type ToolListNames,
  type ToolListRecorder,
} from '../../core/projection/memoize-tool-list.js';
import type { NameResolution } from '../../core/projection/name-resolution.js';
import { projectToolSchema } from '../../core/projection/project-tool-schema.js';
import type { ProjectionWarning } from '../../core/projection/projection-warning.js';
import { createRequestMemo } from '../../core/projection/request-memo.js';
import type {
  ResponsesRequestLike,
  ResponsesResponseLike,
  ResponsesStreamEventLike,
} from './responses-wire.js';

type Json = Record<string, unknown>;

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

/**
 * Projects an OpenAI Responses API request onto the wire: function and custom tools, `namespace`
 * tools (namespace and member names each fitted), `tool_choice` (incl. `allowed_tools`) and the
 * `function_call` / `custom_tool_call` items of `input`. Optionally (`namespaces: true`) each MCP
 * server becomes a namespace instead of a name prefix. The caller's request is never mutated and
 * comes back as it is when nothing needed changing; `resolveResponse` and `resolveStreamEvent`
 * turn returned calls back into canonical names (and restore their arguments).
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
  assertRequestShape(request, { subject: 'OpenAI Responses request', optionalArrays: ['tools'] });
  const state = memo.getOrCompute(request, options, () => computeResponses(request, options ?? {}));
  const { context } = state;
  return {
    request: state.request as TRequest,
    map: context.flat.map,
    warnings: [...context.warnings],
    resolveResponse: (response) => resolveResponse(response, context),
    resolveStreamEvent: createEventResolver(context),
  };
}

interface ResponsesState {
  request: ResponsesRequestLike;
  context: Context;
}

const memo = createRequestMemo<ResponsesRequestLike, ResponsesState>((request, see) => {
  see(request.tools);
  for (const tool of request.tools ?? []) {
    see(tool);
    if (!isRecord(tool)) continue;
    see(tool.tools);
    if (Array.isArray(tool.tools)) for (const member of tool.tools) see(member);
  }
  see(request.tool_choice);
  see(request.input);
  if (Array.isArray(request.input)) for (const item of request.input) see(item);
});

function computeResponses(
  request: ResponsesRequestLike,
  options: ResponsesProjectionOptions,
): ResponsesState {
  const { namespaces: groupServers = false, ...shared } = options;
  const envelope = shared.envelope ?? 'openai';
  const separator = shared.separator ?? DEFAULT_SEPARATOR;
  const flat = createNameCollector({ ...shared, envelope });
  // Namespace names and member names are fitted on their own: each is a separate wire field.
  const spaces = createNameCollector({ ...shared, envelope, argumentNameTools: {}, overrides: {} });
  const members = createNameCollector({
    ...shared,
    envelope,
    argumentNameTools: {},
    overrides: {},
  });
  const choice = choiceNames(request.tool_choice);
  const grouped = new Map<string, string>(); // flat canonical -> server, for grouped tools
  if (groupServers) {
    for (const tool of request.tools ?? []) {
      if (!isRecord(tool) || tool.type !== 'function' || typeof tool.name !== 'string') continue;
      const at = tool.name.indexOf(separator);
      if (at > 0 && !choice.includes(tool.name)) grouped.set(tool.name, tool.name.slice(0, at));
    }
  }
  const context: Context = {
    separator,
    grouped,
    flat: undefined as unknown as RequestProjection,
    spaces: undefined as unknown as RequestProjection,
    members: undefined as unknown as RequestProjection,
    warnings: [],
  };
  // Without grouping, the same tools come with every turn: their flat names are gathered once.
  const known =
    groupServers || request.tools === undefined
      ? undefined
      : collectToolListNames({
          tools: request.tools,
          fingerprint: toolsFingerprint,
          collect: collectFlatToolNames,
        });
  collect(request, context, { flat, spaces, members }, known);
  context.flat = flat.finish();
  context.spaces = spaces.finish();
  context.members = members.finish();
  context.warnings.push(
    ...context.flat.warnings,
    ...context.spaces.warnings,
    ...context.members.warnings,
  );
  return { request: projectBody(request, context, { options, choice, known }), context };
}

interface Context {
  separator: string;
  grouped: Map<string, string>;
  flat: RequestProjection;
  spaces: RequestProjection;
  members: RequestProjection;
  warnings: ProjectionWarning[];
}

interface Collectors {
  flat: NameCollector;
  spaces: NameCollector;
  members: NameCollector;
}

function collectFlatToolNames(tools: readonly unknown[], add: (name: unknown) => void): void {
  for (const tool of tools) {
    if (!isRecord(tool) || typeof tool.name !== 'string') continue;
    if (tool.type === 'function' || tool.type === 'custom') add(tool.name);
  }
}

/** Collects every name; `known` holds the flat tool names when nothing is grouped. */
function collect(
  request: ResponsesRequestLike,
  context: Context,
  collectors: Collectors,
  known: ToolListNames | undefined,
): void {
  const addPair = (space: unknown, member: unknown) => {
    collectors.spaces.add(space);
    collectors.members.add(member);
  };
  if (known !== undefined) collectors.flat.addAll(known);
  for (const tool of request.tools ?? []) {
    if (!isRecord(tool)) continue;
    if (tool.type === 'namespace' && Array.isArray(tool.tools)) {
      for (const member of tool.tools) if (isRecord(member)) addPair(tool.name, member.name);
    } else if (
      known === undefined &&
      (tool.type === 'function' || tool.type === 'custom') &&
      typeof tool.name === 'string'
    ) {
      const server = context.grouped.get(tool.name);
      if (server === undefined) collectors.flat.add(tool.name);
      else addPair(server, tool.name.slice(server.length + context.separator.length));
    }
  }
  for (const name of choiceNames(request.tool_choice)) collectors.flat.add(name);
  if (!Array.isArray(request.input)) return;
  for (const item of request.input) {
    if (!isRecord(item) || !isCall(item) || typeof item.name !== 'string') continue;
    if (typeof item.namespace === 'string') {
      addPair(item.namespace, item.name);
      continue;
    }
    const server = context.grouped.get(item.name);
    if (server !== undefined) {
      addPair(server, item.name.slice(server.length + context.separator.length));
      continue;
    }
    collectors.flat.add(item.name);
    if (collectors.flat.hasArgumentNames(item.name) && typeof item.arguments === 'string') {
      collectors.flat.addArguments(item.name, parseJson(item.arguments));
    }
  }
}

function isCall(item: Json): boolean {
  return item.type === 'function_call' || item.type === 'custom_tool_call';
}

function choiceNames(choice: unknown): string[] {
  if (!isRecord(choice)) return [];
  if ((choice.type === 'function' || choice.type === 'custom') && typeof choice.name === 'string') {
    return [choice.name];
  }
  if (choice.type === 'allowed_tools' && Array.isArray(choice.tools)) {
    return choice.tools.flatMap((tool) => choiceNames(tool));
  }
  return [];
}

/** Where a tool's projection reports its warnings and argument restorer. */
type ToolSink = Pick<ToolListRecorder, 'warnings' | 'setArgumentRestorer'>;

function projectBody<TRequest extends ResponsesRequestLike>(
  request: TRequest,
  context: Context,
  given: {
    options: ResponsesProjectionOptions;
    choice: readonly string[];
    known: ToolListNames | undefined;
  },
): TRequest {
  const { options, choice, known } = given;
  let result = request;
  const tools = request.tools;
  if (tools !== undefined) {
    // Hosts resend the same tools on every turn: project the list once per set of maps. Grouping
    // into namespaces also depends on the names `tool_choice` forces.
    const projected = memoizeToolList({
      tools,
      projection: context.flat,
      key: [
        options.describeAliases !== false,
        context.spaces.map,
        context.members.map,
        context.separator,
        context.grouped.size === 0 ? '' : choice.join('\u0000'),
      ],
      fingerprint: toolsFingerprint,
      ...(known === undefined ? {} : { known }),
      project: (recorder) => projectTools(tools, context, recorder),
    });
    context.warnings.push(...projected.warnings);
    result = withProperty(result, 'tools', projected.tools);
  }
  if (request.tool_choice !== undefined) {
    let choice = request.tool_choice;
    const forced = choiceNames(choice);
    const dropped = forced.filter((name) =>
      context.warnings.some(
        (warning) => warning.code === 'TOOL_QUARANTINED' && warning.tool === name,
      ),
    );
    if (dropped.length > 0) {
      // OpenAI rejects a choice of a tool that is not in `tools`; the forced tool was left out.
      for (const tool of dropped) {
        context.warnings.push({
          code: 'TOOL_CHOICE_DROPPED',
          tool,
          message: `Tool "${tool}": named in tool_choice but left out of the request; sent tool_choice auto.`,
        });
      }
      choice = 'auto';
    }
    result = withProperty(result, 'tool_choice', projectChoice(choice, context.flat));
  }
  if (Array.isArray(request.input)) {
    const flatOnly = context.grouped.size === 0;
    result = withProperty(
      result,
      'input',
      mapIfChanged(request.input as unknown[], (item) =>
        // A flat call depends on the flat map alone: project it once per map.
        flatOnly && isRecord(item) && isCall(item) && typeof item.namespace !== 'string'
          ? memoizeHistoryItem({
              item,
              map: context.flat.map,
              key: options.argumentNameTools,
              fingerprint: callFingerprint,
              project: (call) => projectInputItem(call, context) as Json,
            })
          : projectInputItem(item, context),
      ),
    );
  }
  return result;
}

// Everything projectTools reads, for memoizeToolList.
function toolsFingerprint(tools: readonly unknown[], visit: (value: unknown) => void): void {
  visit(tools.length);
  for (const tool of tools) {
    visit(tool);
    if (!isRecord(tool)) continue;
    visit(tool.type);
    visit(tool.name);
    visit(tool.description);
    visit(tool.parameters);
    visit(tool.strict);
    const members = tool.tools;
    visit(members);
    if (!Array.isArray(members)) continue;
    visit(members.length);
    for (const member of members) {
      visit(member);
      if (!isRecord(member)) continue;
      visit(member.type);
      visit(member.name);
      visit(member.description);
      visit(member.parameters);
      visit(member.strict);
    }
  }
}

// Everything projectInputItem reads from a flat call, for memoizeHistoryItem.
function callFingerprint(item: Json, visit: (value: unknown) => void): void {
  visit(item.type);
  visit(item.namespace);
  visit(item.name);
  visit(item.arguments);
}

function projectTools(
  tools: readonly unknown[],
  context: Context,
  sink: ToolSink,
): readonly unknown[] {
  if (context.grouped.size === 0) {
    return withoutLeftOut(mapIfChanged(tools, (tool) => projectTool(tool, context, sink)));
  }
  const result: unknown[] = [];
  const spaces = new Map<string, Json>();
  for (const tool of tools) {
    const name = isRecord(tool) ? tool.name : undefined;
    const server = typeof name === 'string' ? context.grouped.get(name) : undefined;
    if (server === undefined || !isRecord(tool)) {
      const projected = projectTool(tool, context, sink);
      if (projected !== LEFT_OUT) result.push(projected);
      continue;
    }
    const { strict: _strict, ...member } = tool;
    const projectedMember = projectMember(
      member,
      server,
      (tool.name as string).slice(server.length + context.separator.length),
      context,
      sink,
    );
    if (projectedMember === LEFT_OUT) continue;
    let space = spaces.get(server);
    if (space === undefined) {
      space = {
        type: 'namespace',
        name: context.spaces.toWire(server),
        description: `Tools of the MCP server "${server}".`,
        tools: [],
      };
      spaces.set(server, space);
      result.push(space);
    }
    (space.tools as unknown[]).push(projectedMember);
  }
  return result;
}

function projectTool(tool: unknown, context: Context, sink: ToolSink): unknown {
  if (!isRecord(tool)) return tool;
  if (tool.type === 'namespace' && typeof tool.name === 'string' && Array.isArray(tool.tools)) {
    const space = tool.name;
    let next = withProperty(tool, 'name', context.spaces.toWire(space));
    next = withProperty(
      next,
      'tools',
      withoutLeftOut(
        mapIfChanged(tool.tools as unknown[], (member) =>
          isRecord(member) && typeof member.name === 'string'
            ? projectMember(member, space, member.name, context, sink)
            : member,
        ),
      ),
    );
    return next;
  }
  if ((tool.type === 'function' || tool.type === 'custom') && typeof tool.name === 'string') {
    return projectFunction(
      tool,
      tool.name,
      context.flat.toWire(tool.name),
      context.flat.describe(tool.name, tool.description),
      sink,
    );
  }
  return tool;
}

function projectMember(
  member: Json,
  space: string,
  name: string,
  context: Context,
  sink: ToolSink,
): Json | typeof LEFT_OUT {
  const canonical = space + context.separator + name;
  const aliased = context.spaces.isAliased(space) || context.members.isAliased(name);
  const description = aliased
    ? describeAlias({
        canonical,
        description: typeof member.description === 'string' ? member.description : undefined,
        separator: context.separator,
      })
    : member.description;
  return projectFunction(member, canonical, context.members.toWire(name), description, sink);
}

function projectFunction(
  tool: Json,
  canonical: string,
  wire: string,
  description: unknown,
  sink: ToolSink,
): Json | typeof LEFT_OUT {
  let next = withProperty(tool, 'name', wire);
  if (description !== undefined) next = withProperty(next, 'description', description);
  if (tool.type === 'function' && tool.parameters !== undefined && tool.parameters !== null) {
    const schema = projectToolSchema({
      schema: tool.parameters,
      target: 'openai',
      tool: canonical,
      strict: tool.strict === true,
    });
    sink.warnings.push(...schema.warnings);
    if (schema.quarantined) return LEFT_OUT;
    if (schema.restore !== undefined) sink.setArgumentRestorer(canonical, schema.restore);
    next = withProperty(next, 'parameters', schema.schema);
    // Strict was asked for but cannot hold without changing what the schema accepts.
    if (tool.strict === true && !schema.strict) next = withProperty(next, 'strict', false);
  }
  return next;
}

function projectChoice(choice: unknown, flat: RequestProjection): unknown {
  if (!isRecord(choice)) return choice;
  if ((choice.type === 'function' || choice.type === 'custom') && typeof choice.name === 'string') {
    return withProperty(choice, 'name', flat.toWire(choice.name));
  }
  if (choice.type === 'allowed_tools' && Array.isArray(choice.tools)) {
    return withProperty(
      choice,
      'tools',
      mapIfChanged(choice.tools as unknown[], (tool) => projectChoice(tool, flat)),
    );
  }
  return choice;
}

function projectInputItem(item: unknown, context: Context): unknown {
  if (!isRecord(item) || !isCall(item) || typeof item.name !== 'string') return item;
  if (typeof item.namespace === 'string') {
    const next = withProperty(item, 'namespace', context.spaces.toWire(item.namespace));
    return withProperty(next, 'name', context.members.toWire(item.name));
  }
  const server = context.grouped.get(item.name);
  if (server !== undefined) {
    const tool = item.name.slice(server.length + context.separator.length);
    const { name: _name, ...rest } = item;
    return {
      ...rest,
      namespace: context.spaces.toWire(server),
      name: context.members.toWire(tool),
    };
  }
  let next = withProperty(item, 'name', context.flat.toWire(item.name));
  if (context.flat.hasArgumentNames(item.name) && typeof item.arguments === 'string') {
    const parsed = parseJson(item.arguments);
    const projected = context.flat.projectArguments(item.name, parsed);
    if (projected !== parsed) next = withProperty(next, 'arguments', JSON.stringify(projected));
  }
  return next;
}

/** Resolves one call item; `canonicalOf` reports the canonical flat key for argument restoring. */
function resolveCallItem(
  item: Json,
  context: Context,
  resolutions: NameResolution[],
  restore: boolean,
): { item: Json; canonical: string | undefined } {
  if (typeof item.name !== 'string') return { item, canonical: undefined };
  let next = item;
  let canonical: string | undefined;
  if (typeof item.namespace === 'string') {
    const space = context.spaces.resolve(item.namespace);
    const member = context.members.resolve(item.name);
    resolutions.push(space, member);
    const grouped =
      space.canonical !== undefined &&
      member.canonical !== undefined &&
      context.grouped.get(space.canonical + context.separator + member.canonical) ===
        space.canonical;
    if (grouped) {
      // A namespace toolwire made from an MCP server: the host gets the flat canonical name back.
      canonical = (space.canonical as string) + context.separator + (member.canonical as string);
      const { namespace: _namespace, ...rest } = item;
      next = { ...rest, name: canonical };
    } else {
      next = withProperty(next, 'namespace', space.name);
      next = withProperty(next, 'name', member.name);
      if (space.canonical !== undefined && member.canonical !== undefined) {
        canonical = space.canonical + context.separator + member.canonical;
      }
    }
  } else {
    const resolution = context.flat.resolve(item.name);
    resolutions.push(resolution);
    next = withProperty(next, 'name', resolution.name);
    canonical = resolution.canonical;
  }
  if (restore && canonical !== undefined && typeof next.arguments === 'string') {
    const restored = context.flat.restoreArgumentsText(canonical, next.arguments);
    resolutions.push(...restored.resolutions);
    next = withProperty(next, 'arguments', restored.text);
  }
  return { item: next, canonical };
}

function resolveOutput(output: unknown, context: Context, resolutions: NameResolution[]): unknown {
  if (!Array.isArray(output)) return output;
  return mapIfChanged(output as unknown[], (item) =>
    isRecord(item) && isCall(item) ? resolveCallItem(item, context, resolutions, true).item : item,
  );
}

function resolveResponse<TResponse extends ResponsesResponseLike>(
  response: TResponse,
  context: Context,
): { response: TResponse; resolutions: NameResolution[] } {
  const resolutions: NameResolution[] = [];
  if (!isRecord(response)) return { response, resolutions };
  const output = resolveOutput(response.output, context, resolutions);
  return { response: withProperty(response, 'output', output as TResponse['output']), resolutions };
}

function createEventResolver(context: Context) {
  // item id -> canonical name of calls whose arguments are held back until `.done`.
  const held = new Map<string, string>();
  return <TEvent extends ResponsesStreamEventLike>(
    event: TEvent,
  ): { events: TEvent[]; resolutions: NameResolution[] } => {
    const resolutions: NameResolution[] = [];
    if (!isRecord(event)) return { events: [event], resolutions };
    const record = event as unknown as Json;
    if (isRecord(record.item) && isCall(record.item)) {
      const added = record.type === 'response.output_item.added';
      const { item, canonical } = resolveCallItem(record.item, context, resolutions, !added);
      if (added && canonical !== undefined && context.flat.rewritesArguments(canonical)) {
        held.set(String(record.item.id), canonical);
      }
      return { events: [{ ...record, item } as unknown as TEvent], resolutions };
    }
    if (isRecord(record.response) && Array.isArray(record.response.output)) {
      const output = resolveOutput(record.response.output, context, resolutions);
      const response = withProperty(record.response, 'output', output);
      return {
        events: [withProperty(record, 'response', response) as unknown as TEvent],
        resolutions,
      };
    }
    const canonical = typeof record.item_id === 'string' ? held.get(record.item_id) : undefined;
    if (canonical !== undefined && record.type === 'response.function_call_arguments.delta') {
      return { events: [], resolutions };
    }
    if (canonical !== undefined && record.type === 'response.function_call_arguments.done') {
      held.delete(record.item_id as string);
      const restored = context.flat.restoreArgumentsText(canonical, String(record.arguments));
      resolutions.push(...restored.resolutions);
      const delta = {
        type: 'response.function_call_arguments.delta',
        item_id: record.item_id,
        output_index: record.output_index,
        sequence_number: record.sequence_number,
        delta: restored.text,
      };
      const done = withProperty(record, 'arguments', restored.text);
      return { events: [delta as unknown as TEvent, done as unknown as TEvent], resolutions };
    }
    return { events: [event], resolutions };
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
