import { ENVELOPES, type Envelope } from '../../core/envelope.js';
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
import type {
  MessagesRequestLike,
  MessagesResponseLike,
  MessagesStreamEventLike,
} from './messages-wire.js';

type Json = Record<string, unknown>;

/** The result of {@link projectMessagesRequest}: the shared adapter shape. */
export type ProjectedMessagesRequest<TRequest extends MessagesRequestLike> = ProjectedRequest<
  TRequest,
  MessagesResponseLike,
  MessagesStreamEventLike
>;

/**
 * Projects an Anthropic Messages API request onto the wire: the names of client tools in `tools`,
 * `tool_choice`, every `tool_use` block of the history and every `tool_reference` in tool results
 * become wire names that fit the envelope (default `anthropic`: `[A-Za-z0-9_-]`, max 128); aliased
 * tools get a short note of their canonical server and tool; `input_schema`s go through the core's
 * schema projection. Server tools (`web_search_…`, `bash_…`) are left alone. `cache_control` on
 * tools and system blocks is kept exactly where it was, and the projection is deterministic, so
 * the cached prefix stays the same from turn to turn. The caller's request is never mutated and
 * comes back as it is when nothing needed changing.
 *
 * @example
 * ```ts
 * import Anthropic from '@anthropic-ai/sdk';
 * import { projectMessagesRequest } from 'toolwire/anthropic';
 *
 * const client = new Anthropic();
 * const projected = projectMessagesRequest({ model: 'claude-sonnet-5', max_tokens: 1024, messages, tools });
 * const { response } = projected.resolveResponse(await client.messages.create(projected.request));
 * ```
 */
export function projectMessagesRequest<TRequest extends MessagesRequestLike>(
  request: TRequest,
  options?: ProjectionOptions,
): ProjectedMessagesRequest<TRequest> {
  assertRequestShape(request, {
    subject: 'Anthropic Messages request',
    arrays: ['messages'],
    optionalArrays: ['tools'],
  });
  const state = memo.getOrCompute(request, options, () => project(request, options ?? {}));
  const { projection } = state;
  return {
    request: state.request as TRequest,
    map: projection.map,
    warnings: [...state.warnings],
    resolveResponse: (response) => resolveResponse(response, projection),
    resolveStreamEvent: createEventResolver(projection),
  };
}

interface MessagesState {
  request: MessagesRequestLike;
  projection: RequestProjection;
  warnings: ProjectionWarning[];
}

// The arrays and the objects in them; a sent request is treated as a value (see createRequestMemo).
const memo = createRequestMemo<MessagesRequestLike, MessagesState>((request, see) => {
  see(request.tools);
  for (const tool of request.tools ?? []) see(tool);
  see(request.tool_choice);
  see(request.messages);
  for (const message of request.messages) see(message);
});

function project(request: MessagesRequestLike, options: ProjectionOptions): MessagesState {
  // The same tools come with every turn: their names are gathered once per list.
  const known =
    request.tools === undefined
      ? undefined
      : collectToolListNames({
          tools: request.tools,
          fingerprint: toolsFingerprint,
          collect: collectToolNames,
        });
  const envelope =
    options.envelope ?? (usesToolSearch(request, known) ? ANTHROPIC_TOOL_SEARCH : 'anthropic');
  const collector = createNameCollector({ ...options, envelope });
  if (known !== undefined) collector.addAll(known);
  collect(request, collector);
  const projection = collector.finish();
  const warnings: ProjectionWarning[] = [...projection.warnings];
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
      project: (recorder) => {
        const seen = new Set<string>();
        return withoutLeftOut(
          mapIfChanged(tools, (tool) => projectTool(tool, projection, recorder, seen)),
        );
      },
    });
    warnings.push(...projected.warnings);
    result = withProperty(result, 'tools', projected.tools);
  }
  if (
    isRecord(request.tool_choice) &&
    request.tool_choice.type === 'tool' &&
    typeof request.tool_choice.name === 'string' &&
    warnings.some(
      (warning) =>
        warning.code === 'TOOL_QUARANTINED' && warning.tool === (request.tool_choice as Json).name,
    )
  ) {
    // Anthropic rejects a choice of a tool that is not in `tools`; the forced tool was left out.
    const { name, ...rest } = request.tool_choice;
    warnings.push({
      code: 'TOOL_CHOICE_DROPPED',
      tool: String(name),
      message: `Tool "${String(name)}": named in tool_choice but left out of the request; sent tool_choice auto.`,
    });
    result = withProperty(result, 'tool_choice', { ...rest, type: 'auto' });
  } else if (isRecord(request.tool_choice) && typeof request.tool_choice.name === 'string') {
    result = withProperty(
      result,
      'tool_choice',
      withProperty(request.tool_choice, 'name', projection.toWire(request.tool_choice.name)),
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
  return { request: result, projection, warnings };
}

// Everything projectTool reads, for memoizeToolList.
function toolsFingerprint(tools: readonly unknown[], visit: (value: unknown) => void): void {
  visit(tools.length);
  for (const tool of tools) {
    visit(tool);
    if (!isRecord(tool)) continue;
    visit(tool.type);
    visit(tool.defer_loading);
    visit(tool.name);
    visit(tool.description);
    visit(tool.input_schema);
  }
}

// Everything projectMessage reads, for memoizeHistory.
function messageFingerprint(message: Json, visit: (value: unknown) => void): void {
  const content = message.content;
  visit(content);
  if (!Array.isArray(content)) return;
  visit(content.length);
  for (const block of content) {
    visit(block);
    if (!isRecord(block)) continue;
    visit(block.type);
    visit(block.name);
    visit(block.input);
    const parts = block.content;
    visit(parts);
    if (!Array.isArray(parts)) continue;
    visit(parts.length);
    for (const part of parts) {
      visit(part);
      if (!isRecord(part)) continue;
      visit(part.type);
      visit(part.tool_name);
    }
  }
}

/**
 * Anthropic's envelope when tool search is in play: a `tool_reference` names a tool in at most 64
 * characters, so every tool name must fit 64 for the reference to match it.
 */
export const ANTHROPIC_TOOL_SEARCH: Envelope = Object.freeze({
  ...ENVELOPES.anthropic,
  id: 'anthropic-tool-search',
  maxLength: 64,
  source:
    'Anthropic tool search: `tool_reference.tool_name` is at most 64 characters (shared/research/providers.md, anthropics/claude-code#20830).',
});

/** True when the request defers tools or holds tool references (tool search). */
function usesToolSearch(request: MessagesRequestLike, known: ToolListNames | undefined): boolean {
  if (request.tools !== undefined && known !== undefined) {
    // Known names stand for an unchanged list, so its answer is kept with them.
    let defers = defersByList.get(known);
    if (defers === undefined) {
      defers = request.tools.some(
        (tool) =>
          isRecord(tool) &&
          (tool.defer_loading === true || String(tool.type).startsWith('tool_search')),
      );
      defersByList.set(known, defers);
    }
    if (defers) return true;
  }
  for (const message of request.messages) {
    if (!isRecord(message) || !Array.isArray(message.content)) continue;
    for (const block of message.content) {
      if (!isRecord(block) || block.type !== 'tool_result' || !Array.isArray(block.content))
        continue;
      if (block.content.some((part) => isRecord(part) && part.type === 'tool_reference'))
        return true;
    }
  }
  return false;
}

/** A client tool: no `type`, or `type: 'custom'`; server tools carry a versioned type. */
function isClientTool(tool: unknown): tool is Json {
  return (
    isRecord(tool) && (tool.type === undefined || tool.type === null || tool.type === 'custom')
  );
}

const defersByList = new WeakMap<ToolListNames, boolean>();

function collectToolNames(tools: readonly unknown[], add: (name: unknown) => void): void {
  for (const tool of tools) if (isClientTool(tool)) add(tool.name);
}

/** Collects every name but the tool list's (see collectToolNames). */
function collect(request: MessagesRequestLike, collector: NameCollector): void {
  if (isRecord(request.tool_choice) && request.tool_choice.type === 'tool') {
    collector.add(request.tool_choice.name);
  }
  for (const message of request.messages) {
    if (!isRecord(message) || !Array.isArray(message.content)) continue;
    for (const block of message.content) {
      if (!isRecord(block)) continue;
      if (block.type === 'tool_use' && typeof block.name === 'string') {
        collector.add(block.name);
        if (collector.hasArgumentNames(block.name)) collector.addArguments(block.name, block.input);
      }
      if (block.type === 'tool_result' && Array.isArray(block.content)) {
        for (const part of block.content) {
          if (isRecord(part) && part.type === 'tool_reference') collector.add(part.tool_name);
        }
      }
    }
  }
}

function projectTool(
  tool: unknown,
  projection: RequestProjection,
  recorder: ToolListRecorder,
  seen: Set<string>,
) {
  if (!isClientTool(tool) || typeof tool.name !== 'string') return tool;
  const name = tool.name;
  // Anthropic rejects the whole request when two tools share a name ("Tool names must be unique").
  if (seen.has(name)) {
    recorder.warnings.push({
      code: 'DUPLICATE_TOOL_LEFT_OUT',
      tool: name,
      message: `Tool "${name}": offered twice; Anthropic takes each name once, so only the first is sent.`,
    });
    return LEFT_OUT;
  }
  seen.add(name);
  let next = withProperty(tool, 'name', projection.toWire(name));
  const description = projection.describe(name, tool.description);
  if (description !== undefined) next = withProperty(next, 'description', description);
  const schema = projectToolSchema({ schema: tool.input_schema, target: 'anthropic', tool: name });
  recorder.warnings.push(...schema.warnings);
  if (schema.quarantined) return LEFT_OUT;
  if (schema.restore !== undefined) recorder.setArgumentRestorer(name, schema.restore);
  return withProperty(next, 'input_schema', schema.schema);
}

function projectMessage(message: Json, projection: RequestProjection): Json {
  if (!Array.isArray(message.content)) return message;
  return withProperty(
    message,
    'content',
    mapIfChanged(message.content as unknown[], (block) => {
      if (!isRecord(block)) return block;
      if (block.type === 'tool_use' && typeof block.name === 'string') {
        const next = withProperty(block, 'name', projection.toWire(block.name));
        return withProperty(next, 'input', projection.projectArguments(block.name, block.input));
      }
      if (block.type === 'tool_result' && Array.isArray(block.content)) {
        return withProperty(
          block,
          'content',
          mapIfChanged(block.content as unknown[], (part) =>
            isRecord(part) && part.type === 'tool_reference' && typeof part.tool_name === 'string'
              ? withProperty(part, 'tool_name', projection.toWire(part.tool_name))
              : part,
          ),
        );
      }
      return block;
    }),
  );
}

function resolveToolUse(
  block: Json,
  projection: RequestProjection,
  resolutions: NameResolution[],
  restore: boolean,
): Json {
  if (typeof block.name !== 'string') return block;
  const resolution = projection.resolve(block.name);
  resolutions.push(resolution);
  let next = withProperty(block, 'name', resolution.name);
  if (restore && resolution.canonical !== undefined) {
    const restored = projection.restoreArguments(resolution.canonical, block.input);
    resolutions.push(...restored.resolutions);
    next = withProperty(next, 'input', restored.arguments);
  }
  return next;
}

function resolveContent(
  content: unknown,
  projection: RequestProjection,
  resolutions: NameResolution[],
) {
  if (!Array.isArray(content)) return content;
  return mapIfChanged(content as unknown[], (block) =>
    isRecord(block) && block.type === 'tool_use'
      ? resolveToolUse(block, projection, resolutions, true)
      : block,
  );
}

function resolveResponse<TResponse extends MessagesResponseLike>(
  response: TResponse,
  projection: RequestProjection,
): { response: TResponse; resolutions: NameResolution[] } {
  const resolutions: NameResolution[] = [];
  if (!isRecord(response)) return { response, resolutions };
  const content = resolveContent(response.content, projection, resolutions);
  return {
    response: withProperty(response, 'content', content as TResponse['content']),
    resolutions,
  };
}

function createEventResolver(projection: RequestProjection) {
  // Content block index -> the tool's canonical name and its held-back input JSON.
  const held = new Map<number, { canonical: string; json: string }>();
  return <TEvent extends MessagesStreamEventLike>(
    event: TEvent,
  ): { events: TEvent[]; resolutions: NameResolution[] } => {
    const resolutions: NameResolution[] = [];
    if (!isRecord(event)) return { events: [event], resolutions };
    const record = event as unknown as Json;
    if (record.type === 'message_start' && isRecord(record.message)) {
      const content = resolveContent(record.message.content, projection, resolutions);
      const message = withProperty(record.message, 'content', content);
      return {
        events: [withProperty(record, 'message', message) as unknown as TEvent],
        resolutions,
      };
    }
    const index = Number(record.index);
    if (record.type === 'content_block_start' && isRecord(record.content_block)) {
      const block = record.content_block;
      if (block.type !== 'tool_use') return { events: [event], resolutions };
      const resolved = resolveToolUse(block, projection, resolutions, false);
      const canonical = resolutions[0]?.canonical;
      if (canonical !== undefined && projection.rewritesArguments(canonical)) {
        held.set(index, { canonical, json: '' });
      }
      return {
        events: [withProperty(record, 'content_block', resolved) as unknown as TEvent],
        resolutions,
      };
    }
    const pending = held.get(index);
    if (pending === undefined) return { events: [event], resolutions };
    if (record.type === 'content_block_delta' && isRecord(record.delta)) {
      if (record.delta.type === 'input_json_delta') {
        pending.json += String(record.delta.partial_json ?? '');
        return { events: [], resolutions };
      }
      return { events: [event], resolutions };
    }
    if (record.type === 'content_block_stop') {
      held.delete(index);
      let text = pending.json;
      if (text.length > 0) {
        try {
          const restored = projection.restoreArguments(pending.canonical, JSON.parse(text));
          resolutions.push(...restored.resolutions);
          text = JSON.stringify(restored.arguments);
        } catch {
          // Not JSON: pass what the model sent, unchanged.
        }
      }
      const delta = {
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json: text },
      };
      return { events: [delta as unknown as TEvent, event], resolutions };
    }
    return { events: [event], resolutions };
  };
}
