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
  type ProjectedRequest,
  type ProjectionOptions,
  type RequestProjection,
} from '../../core/projection/create-request-projection.js';
import { memoizeHistory } from '../../core/projection/memoize-history-item.js';
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
import type { ChatCompletionChunkLike, ChatCompletionLike, ChatRequestLike } from './chat-wire.js';

type Json = Record<string, unknown>;

/**
 * The result of {@link projectChatRequest}: the shared adapter shape.
 */
export type ProjectedChatRequest<TRequest extends ChatRequestLike> = ProjectedRequest<
  TRequest,
  ChatCompletionLike,
  ChatCompletionChunkLike
>;

/**
 * Projects an OpenAI Chat Completions request onto OpenAI's wire: every tool name in `tools`,
 * `tool_choice` (incl. `allowed_tools`), legacy `functions`/`function_call` and the history's
 * `tool_calls` becomes a wire name that fits the envelope (default `openai`: `[A-Za-z0-9_-]`,
 * max 64); aliased tools get a short note of their canonical server and tool in the description;
 * `parameters` go through the core's schema projection. The caller's request is never mutated,
 * and comes back as it is when nothing needed changing. `resolveResponse` and
 * `resolveStreamEvent` turn the names of returned tool calls back into canonical names.
 *
 * @example
 * ```ts
 * import OpenAI from 'openai';
 * import { projectChatRequest } from 'toolwire/openai';
 *
 * const client = new OpenAI();
 * const projected = projectChatRequest({ model: 'gpt-5', messages, tools });
 * const completion = await client.chat.completions.create(projected.request);
 * const { response } = projected.resolveResponse(completion);
 * response.choices[0].message.tool_calls; // canonical names, e.g. 'atlassian-rovo-mcp__getJiraIssue'
 * ```
 */
export function projectChatRequest<TRequest extends ChatRequestLike>(
  request: TRequest,
  options?: ProjectionOptions,
): ProjectedChatRequest<TRequest> {
  assertRequestShape(request, {
    subject: 'OpenAI Chat Completions request',
    arrays: ['messages'],
    optionalArrays: ['tools', 'functions'],
  });
  const state = memo.getOrCompute(request, options, () => {
    const resolved = options ?? {};
    const collector = createNameCollector({ ...resolved, envelope: resolved.envelope ?? 'openai' });
    const known = collectChatNames(request, collector);
    const projection = collector.finish();
    const warnings: ProjectionWarning[] = [...projection.warnings];
    return {
      request: projectChatBody(request, projection, warnings, resolved, known),
      projection,
      warnings,
    };
  });
  const { projection } = state;
  return {
    request: state.request as TRequest,
    map: projection.map,
    warnings: [...state.warnings],
    resolveResponse: (response) => resolveChatCompletion(response, projection),
    resolveStreamEvent: createChatChunkResolver(projection),
  };
}

interface ChatState {
  request: ChatRequestLike;
  projection: RequestProjection;
  warnings: ProjectionWarning[];
}

// The arrays and the objects in them; a sent request is treated as a value (see createRequestMemo).
const memo = createRequestMemo<ChatRequestLike, ChatState>((request, see) => {
  see(request.tools);
  for (const tool of request.tools ?? []) see(tool);
  see(request.functions);
  see(request.tool_choice);
  see(request.function_call);
  see(request.messages);
  for (const message of request.messages) see(message);
});

/** Collects every name of the request; returns the tool list's names when there is a list. */
function collectChatNames(
  request: ChatRequestLike,
  collector: ReturnType<typeof createNameCollector>,
): ToolListNames | undefined {
  let known: ToolListNames | undefined;
  if (request.tools !== undefined) {
    // The same tools come with every turn: their names are gathered once per list.
    known = collectToolListNames({
      tools: request.tools,
      fingerprint: toolsFingerprint,
      collect: collectToolNames,
    });
    collector.addAll(known);
  }
  for (const fn of request.functions ?? []) if (isRecord(fn)) collector.add(fn.name);
  for (const name of choiceNames(request.tool_choice)) collector.add(name);
  if (isRecord(request.function_call)) collector.add(request.function_call.name);
  for (const message of request.messages) {
    if (!isRecord(message)) continue;
    if (message.role === 'function') collector.add(message.name);
    if (isRecord(message.function_call)) collector.add(message.function_call.name);
    if (!Array.isArray(message.tool_calls)) continue;
    for (const call of message.tool_calls) {
      if (!isRecord(call)) continue;
      const inner = call.type === 'custom' ? call.custom : call.function;
      if (!isRecord(inner) || typeof inner.name !== 'string') continue;
      collector.add(inner.name);
      if (collector.hasArgumentNames(inner.name) && typeof inner.arguments === 'string') {
        collector.addArguments(inner.name, parseJson(inner.arguments));
      }
    }
  }
  return known;
}

function collectToolNames(tools: readonly unknown[], add: (name: unknown) => void): void {
  for (const tool of tools) {
    if (!isRecord(tool)) continue;
    const inner = tool.type === 'custom' ? tool.custom : tool.function;
    if (isRecord(inner)) add(inner.name);
  }
}

function choiceNames(choice: unknown): string[] {
  if (!isRecord(choice)) return [];
  if (choice.type === 'function' && isRecord(choice.function)) {
    return typeof choice.function.name === 'string' ? [choice.function.name] : [];
  }
  if (choice.type === 'custom' && isRecord(choice.custom)) {
    return typeof choice.custom.name === 'string' ? [choice.custom.name] : [];
  }
  if (choice.type === 'allowed_tools' && isRecord(choice.allowed_tools)) {
    const tools = choice.allowed_tools.tools;
    return Array.isArray(tools) ? tools.flatMap((tool) => choiceNames(tool)) : [];
  }
  return [];
}

/** Where a tool's projection reports its warnings and argument restorer. */
type ToolSink = Pick<ToolListRecorder, 'warnings' | 'setArgumentRestorer'>;

function projectChatBody<TRequest extends ChatRequestLike>(
  request: TRequest,
  projection: RequestProjection,
  warnings: ProjectionWarning[],
  options: ProjectionOptions,
  known: ToolListNames | undefined,
): TRequest {
  let result = request;
  const tools = request.tools;
  if (tools !== undefined) {
    // Hosts resend the same tools on every turn: project the list once per map.
    const projected = memoizeToolList({
      tools,
      projection,
      key: [options.describeAliases !== false],
      fingerprint: toolsFingerprint,
      ...(known === undefined ? {} : { known }),
      project: (recorder) =>
        withoutLeftOut(mapIfChanged(tools, (tool) => projectTool(tool, projection, recorder))),
    });
    warnings.push(...projected.warnings);
    result = withProperty(result, 'tools', projected.tools);
  }
  if (request.functions !== undefined) {
    const sink: ToolSink = {
      warnings,
      setArgumentRestorer: (tool, restore) => projection.setArgumentRestorer(tool, restore),
    };
    result = withProperty(
      result,
      'functions',
      withoutLeftOut(
        mapIfChanged(request.functions, (fn) =>
          isRecord(fn) ? projectFunction(fn, projection, sink, false) : fn,
        ),
      ),
    );
  }
  if (request.tool_choice !== undefined) {
    const choice = keepOfferedChoice(request.tool_choice, leftOutTools(warnings), warnings);
    result = withProperty(result, 'tool_choice', projectChoice(choice, projection));
  }
  if (isRecord(request.function_call)) {
    result = withProperty(
      result,
      'function_call',
      renameIn(request.function_call, projection.toWire),
    );
  }
  result = withProperty(
    result,
    'messages',
    // Earlier turns come back on every request: project each message once per map.
    memoizeHistory({
      items: request.messages as readonly Json[],
      map: projection.map,
      key: options.argumentNameTools,
      fingerprint: messageFingerprint,
      project: (item) => projectMessage(item, projection),
    }),
  );
  return result;
}

// Everything projectTool reads, for memoizeToolList.
function toolsFingerprint(tools: readonly unknown[], visit: (value: unknown) => void): void {
  visit(tools.length);
  for (const tool of tools) {
    visit(tool);
    if (!isRecord(tool)) continue;
    visit(tool.type);
    const inner = tool.type === 'custom' ? tool.custom : tool.function;
    visit(inner);
    if (!isRecord(inner)) continue;
    visit(inner.name);
    visit(inner.description);
    visit(inner.parameters);
    visit(inner.strict);
  }
}

// Everything projectMessage reads, for memoizeHistory.
function messageFingerprint(message: Json, visit: (value: unknown) => void): void {
  visit(message.role);
  visit(message.name);
  const functionCall = message.function_call;
  visit(functionCall);
  if (isRecord(functionCall)) visit(functionCall.name);
  const calls = message.tool_calls;
  visit(calls);
  if (!Array.isArray(calls)) return;
  visit(calls.length);
  for (const call of calls) {
    visit(call);
    if (!isRecord(call)) continue;
    visit(call.type);
    const inner = call.type === 'custom' ? call.custom : call.function;
    visit(inner);
    if (!isRecord(inner)) continue;
    visit(inner.name);
    visit(inner.arguments);
  }
}

function projectTool(tool: unknown, projection: RequestProjection, sink: ToolSink): unknown {
  if (!isRecord(tool)) return tool;
  if (tool.type === 'function' && isRecord(tool.function)) {
    const strict = tool.function.strict === true;
    const fn = projectFunction(tool.function, projection, sink, strict);
    return fn === LEFT_OUT ? LEFT_OUT : withProperty(tool, 'function', fn);
  }
  if (tool.type === 'custom' && isRecord(tool.custom)) {
    const custom = tool.custom;
    if (typeof custom.name !== 'string') return tool;
    let next = withProperty(custom, 'name', projection.toWire(custom.name));
    next = withProperty(next, 'description', projection.describe(custom.name, custom.description));
    return withProperty(tool, 'custom', next);
  }
  return tool;
}

function projectFunction(
  fn: Json,
  projection: RequestProjection,
  sink: ToolSink,
  strict: boolean,
): Json | typeof LEFT_OUT {
  if (typeof fn.name !== 'string') return fn;
  const name = fn.name;
  let next = withProperty(fn, 'name', projection.toWire(name));
  const description = projection.describe(name, fn.description);
  if (description !== undefined) next = withProperty(next, 'description', description);
  // OpenAI takes a missing `parameters` as an empty parameter list, so only a given schema is projected.
  if (fn.parameters !== undefined) {
    const schema = projectToolSchema({
      schema: fn.parameters,
      target: 'openai',
      tool: name,
      strict,
    });
    sink.warnings.push(...schema.warnings);
    if (schema.quarantined) return LEFT_OUT;
    if (schema.restore !== undefined) sink.setArgumentRestorer(name, schema.restore);
    next = withProperty(next, 'parameters', schema.schema);
    // Strict was asked for but cannot hold without changing what the schema accepts.
    if (strict && !schema.strict) next = withProperty(next, 'strict', false);
  }
  return next;
}

function leftOutTools(warnings: readonly ProjectionWarning[]): Set<string> {
  const names = new Set<string>();
  for (const warning of warnings) {
    if (warning.code === 'TOOL_QUARANTINED' && warning.tool !== undefined) names.add(warning.tool);
  }
  return names;
}

/**
 * OpenAI rejects a `tool_choice` that names a function not in `tools`: a choice of a tool left out
 * (quarantined) becomes `auto`, and left-out tools leave `allowed_tools`, with a warning.
 */
function keepOfferedChoice(
  choice: unknown,
  leftOut: ReadonlySet<string>,
  warnings: ProjectionWarning[],
): unknown {
  if (leftOut.size === 0 || !isRecord(choice)) return choice;
  const named = choiceNames(choice);
  const dropped = named.filter((name) => leftOut.has(name));
  if (dropped.length === 0) return choice;
  for (const tool of dropped) {
    warnings.push({
      code: 'TOOL_CHOICE_DROPPED',
      tool,
      message: `Tool "${tool}": named in tool_choice but left out of the request; the choice no longer names it.`,
    });
  }
  if (choice.type === 'allowed_tools' && isRecord(choice.allowed_tools)) {
    const kept = (choice.allowed_tools.tools as unknown[]).filter(
      (tool) => !choiceNames(tool).some((name) => leftOut.has(name)),
    );
    if (kept.length > 0)
      return { ...choice, allowed_tools: { ...choice.allowed_tools, tools: kept } };
  }
  return 'auto';
}

function projectChoice(choice: unknown, projection: RequestProjection): unknown {
  if (!isRecord(choice)) return choice;
  if (choice.type === 'function' && isRecord(choice.function)) {
    return withProperty(choice, 'function', renameIn(choice.function, projection.toWire));
  }
  if (choice.type === 'custom' && isRecord(choice.custom)) {
    return withProperty(choice, 'custom', renameIn(choice.custom, projection.toWire));
  }
  if (choice.type === 'allowed_tools' && isRecord(choice.allowed_tools)) {
    const allowed = choice.allowed_tools;
    if (!Array.isArray(allowed.tools)) return choice;
    const tools = mapIfChanged(allowed.tools as unknown[], (tool) =>
      projectChoice(tool, projection),
    );
    return withProperty(choice, 'allowed_tools', withProperty(allowed, 'tools', tools));
  }
  return choice;
}

function projectMessage(message: Json, projection: RequestProjection): Json {
  let next = message;
  if (message.role === 'function' && typeof message.name === 'string') {
    next = withProperty(next, 'name', projection.toWire(message.name));
  }
  if (isRecord(message.function_call)) {
    next = withProperty(next, 'function_call', renameIn(message.function_call, projection.toWire));
  }
  if (Array.isArray(message.tool_calls)) {
    next = withProperty(
      next,
      'tool_calls',
      mapIfChanged(message.tool_calls as unknown[], (call) => projectHistoryCall(call, projection)),
    );
  }
  return next;
}

function projectHistoryCall(call: unknown, projection: RequestProjection): unknown {
  if (!isRecord(call)) return call;
  const key = call.type === 'custom' ? 'custom' : 'function';
  const inner = call[key];
  if (!isRecord(inner) || typeof inner.name !== 'string') return call;
  let next = withProperty(inner, 'name', projection.toWire(inner.name));
  if (projection.hasArgumentNames(inner.name) && typeof inner.arguments === 'string') {
    const parsed = parseJson(inner.arguments);
    const projected = projection.projectArguments(inner.name, parsed);
    if (projected !== parsed) next = withProperty(next, 'arguments', JSON.stringify(projected));
  }
  return withProperty(call, key, next);
}

function renameIn(holder: Json, rename: (name: string) => string): Json {
  return typeof holder.name === 'string'
    ? withProperty(holder, 'name', rename(holder.name))
    : holder;
}

function resolveChatCompletion<TResponse extends ChatCompletionLike>(
  response: TResponse,
  projection: RequestProjection,
): { response: TResponse; resolutions: NameResolution[] } {
  const resolutions: NameResolution[] = [];
  if (!isRecord(response) || !Array.isArray(response.choices)) return { response, resolutions };
  const choices = mapIfChanged(response.choices as unknown[], (choice) => {
    if (!isRecord(choice) || !isRecord(choice.message)) return choice;
    const message = choice.message;
    let next = message;
    if (Array.isArray(message.tool_calls)) {
      next = withProperty(
        next,
        'tool_calls',
        mapIfChanged(message.tool_calls as unknown[], (call) =>
          resolveCall(call, projection, resolutions),
        ),
      );
    }
    if (isRecord(message.function_call)) {
      next = withProperty(
        next,
        'function_call',
        resolveFunction(message.function_call, 'arguments', projection, resolutions),
      );
    }
    return withProperty(choice, 'message', next);
  });
  return {
    response: withProperty(response, 'choices', choices as TResponse['choices']),
    resolutions,
  };
}

function resolveCall(call: unknown, projection: RequestProjection, resolutions: NameResolution[]) {
  if (!isRecord(call)) return call;
  if (isRecord(call.function)) {
    return withProperty(
      call,
      'function',
      resolveFunction(call.function, 'arguments', projection, resolutions),
    );
  }
  if (isRecord(call.custom)) {
    return withProperty(
      call,
      'custom',
      resolveFunction(call.custom, 'input', projection, resolutions),
    );
  }
  return call;
}

function resolveFunction(
  fn: Json,
  argumentsKey: 'arguments' | 'input',
  projection: RequestProjection,
  resolutions: NameResolution[],
): Json {
  if (typeof fn.name !== 'string') return fn;
  const resolution = projection.resolve(fn.name);
  resolutions.push(resolution);
  let next = withProperty(fn, 'name', resolution.name);
  const text = fn[argumentsKey];
  if (
    argumentsKey === 'arguments' &&
    typeof text === 'string' &&
    resolution.canonical !== undefined
  ) {
    const restored = projection.restoreArgumentsText(resolution.canonical, text);
    resolutions.push(...restored.resolutions);
    next = withProperty(next, argumentsKey, restored.text);
  }
  return next;
}

interface PendingCall {
  canonical: string | undefined;
  held: string | undefined;
}

function createChatChunkResolver(projection: RequestProjection) {
  // Per choice, per tool-call index: the resolved name and any argument text held back.
  const calls = new Map<string, PendingCall>();
  return <TEvent extends ChatCompletionChunkLike>(
    event: TEvent,
  ): { events: TEvent[]; resolutions: NameResolution[] } => {
    const resolutions: NameResolution[] = [];
    if (!isRecord(event) || !Array.isArray(event.choices)) return { events: [event], resolutions };
    const flushes: Json[] = [];
    const choices = mapIfChanged(event.choices as unknown[], (choice) => {
      if (!isRecord(choice) || !isRecord(choice.delta)) return choice;
      const choiceIndex = Number(choice.index ?? 0);
      let delta = choice.delta;
      if (Array.isArray(delta.tool_calls)) {
        delta = withProperty(
          delta,
          'tool_calls',
          mapIfChanged(delta.tool_calls as unknown[], (call) => {
            if (!isRecord(call) || !isRecord(call.function)) return call;
            const key = `${choiceIndex}:${String(call.index)}`;
            let fn = call.function;
            let pending = calls.get(key);
            if (typeof fn.name === 'string') {
              const resolution = projection.resolve(fn.name);
              resolutions.push(resolution);
              fn = withProperty(fn, 'name', resolution.name);
              const canonical = resolution.canonical;
              pending = {
                canonical,
                held:
                  canonical !== undefined && projection.rewritesArguments(canonical)
                    ? ''
                    : undefined,
              };
              calls.set(key, pending);
            }
            if (pending?.held !== undefined && typeof fn.arguments === 'string') {
              pending.held += fn.arguments;
              fn = withProperty(fn, 'arguments', '');
            }
            return withProperty(call, 'function', fn);
          }),
        );
      }
      if (isRecord(delta.function_call) && typeof delta.function_call.name === 'string') {
        const resolution = projection.resolve(delta.function_call.name);
        resolutions.push(resolution);
        delta = withProperty(
          delta,
          'function_call',
          withProperty(delta.function_call, 'name', resolution.name),
        );
      }
      if (choice.finish_reason !== null && choice.finish_reason !== undefined) {
        const released: Json[] = [];
        for (const [key, pending] of calls) {
          const [owner, callIndex] = key.split(':');
          if (Number(owner) !== choiceIndex || pending.held === undefined) continue;
          const restored = projection.restoreArgumentsText(
            pending.canonical as string,
            pending.held,
          );
          resolutions.push(...restored.resolutions);
          released.push({ index: Number(callIndex), function: { arguments: restored.text } });
          calls.delete(key);
        }
        if (released.length > 0) {
          flushes.push({
            index: choiceIndex,
            delta: { tool_calls: released },
            finish_reason: null,
          });
        }
      }
      return withProperty(choice, 'delta', delta);
    });
    const resolved = withProperty(event, 'choices', choices as TEvent['choices']);
    if (flushes.length === 0) return { events: [resolved], resolutions };
    // The held-back arguments go out in one chunk just before the chunk that finishes the call.
    const flush = { ...event, choices: flushes } as unknown as TEvent;
    return { events: [flush, resolved], resolutions };
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
