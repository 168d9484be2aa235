import type { EnvelopeInput } from '../../core/envelope.js';
import {
  createNameCollector,
  type ProjectionOptions,
  type RequestProjection,
  type ResolvedResponse,
  type ResolvedStreamEvents,
} from '../../core/projection/create-request-projection.js';
import { memoizeHistory } from '../../core/projection/memoize-history-item.js';
import {
  collectToolListNames,
  memoizeToolList,
  type ToolListRecorder,
} from '../../core/projection/memoize-tool-list.js';
import type { NameResolution } from '../../core/projection/name-resolution.js';
import { projectToolSchema } from '../../core/projection/project-tool-schema.js';
import type { ProjectionWarning } from '../../core/projection/projection-warning.js';
import { createRequestMemo } from '../../core/projection/request-memo.js';
import type { ToolWireMap } from '../../core/projection/tool-wire-map-seam.js';
import { ToolwireError } from '../../core/toolwire-error.js';
import type {
  BedrockContentBlock,
  BedrockConverseRequest,
  BedrockConverseResponse,
  BedrockConverseStreamEvent,
  BedrockMessage,
  BedrockTool,
  BedrockToolConfiguration,
  BedrockToolReference,
  BedrockToolSpecification,
} from './bedrock-wire.js';

/** Options of {@link projectConverseRequest} and {@link wrapBedrock}. */
export interface BedrockProjectionOptions extends ProjectionOptions {
  /**
   * The name envelope. Bedrock holds every model to `[a-zA-Z0-9_-]{1,64}`.
   * @defaultValue `'bedrock'`
   */
  envelope?: EnvelopeInput;
}

/**
 * What {@link projectConverseRequest} returns: the input to send and the resolvers of what comes
 * back (the shape every adapter shares).
 */
export interface ProjectedConverseRequest<TRequest> {
  /** The command input to send; the input itself when nothing needed changing. */
  request: TRequest;
  /** The request's wire-name map. */
  map: ToolWireMap;
  /** Lossy or notable changes, each naming its tool. */
  warnings: ProjectionWarning[];
  /** A copy of a `ConverseCommand` output with canonical names and restored inputs. */
  resolveResponse<TResponse extends BedrockConverseResponse>(
    response: TResponse,
  ): ResolvedResponse<TResponse>;
  /**
   * Resolves one event of a `ConverseStreamCommand` stream (stateful: one projection per stream).
   * `contentBlockStart` carries the name. The input pieces of a call whose arguments must be
   * rewritten are held back and released as one piece just before its `contentBlockStop`.
   */
  resolveStreamEvent<TEvent extends BedrockConverseStreamEvent>(
    event: TEvent,
  ): ResolvedStreamEvents<TEvent>;
}

/**
 * Projects the input of a Bedrock `ConverseCommand` or `ConverseStreamCommand` onto Bedrock's
 * name rule (`[a-zA-Z0-9_-]{1,64}`, for every model): every `toolSpec`, `toolChoice.tool` and
 * history `toolUse` (and `toolAddition` / `toolRemoval`) name goes out as a wire name, aliased
 * tools get a short note of their canonical server and tool, input schemas are projected for
 * Bedrock, and an empty `description` (which Bedrock rejects) is left out. Returns resolvers for
 * the response and the stream events.
 *
 * @example
 * ```ts
 * import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
 * import { projectConverseRequest } from 'toolwire/bedrock';
 *
 * const { request, resolveResponse } = projectConverseRequest({
 *   modelId: 'anthropic.claude-sonnet-4-5',
 *   messages: [{ role: 'user', content: [{ text: 'Find the design doc' }] }],
 *   toolConfig: { tools: [{ toolSpec: { name: 'notion__search.pages', inputSchema: { json: schema } } }] },
 * });
 * const { response } = resolveResponse(await client.send(new ConverseCommand(request)));
 * ```
 */
export function projectConverseRequest<TRequest extends BedrockConverseRequest>(
  request: TRequest,
  options?: BedrockProjectionOptions,
): ProjectedConverseRequest<TRequest> {
  if (typeof request !== 'object' || request === null) {
    throw new ToolwireError({
      code: 'INVALID_REQUEST',
      message:
        'Bedrock request must be the input of ConverseCommand or ConverseStreamCommand ({ modelId, messages, toolConfig }).',
    });
  }
  const state = memo.getOrCompute(request, options, () => projectState(request, options ?? {}));
  const { projection, warnings } = state;
  const projected = state.request as TRequest;

  // Stream state: the canonical name and held-back input of each tool-call content block.
  const blocks = new Map<number, { canonical: string; held: string[] | undefined }>();

  return {
    request: projected,
    map: projection.map,
    warnings: [...warnings],
    resolveResponse<TResponse extends BedrockConverseResponse>(
      response: TResponse,
    ): ResolvedResponse<TResponse> {
      const resolutions: NameResolution[] = [];
      const message = isRecord(response) ? response.output?.message : undefined;
      if (!isRecord(message) || !Array.isArray(message.content)) return { response, resolutions };
      const content = mapArray(message.content, (block) => {
        const use = isRecord(block) ? block.toolUse : undefined;
        if (!isRecord(use) || typeof use.name !== 'string') return block;
        const resolution = projection.resolve(use.name);
        resolutions.push(resolution);
        const input = resolveInput(use.input, resolution, projection, resolutions);
        if (resolution.name === use.name && input === use.input) return block;
        return { ...block, toolUse: { ...use, name: resolution.name, input } };
      });
      if (content === message.content) return { response, resolutions };
      return {
        response: { ...response, output: { ...response.output, message: { ...message, content } } },
        resolutions,
      };
    },
    resolveStreamEvent<TEvent extends BedrockConverseStreamEvent>(
      event: TEvent,
    ): ResolvedStreamEvents<TEvent> {
      const resolutions: NameResolution[] = [];
      if (!isRecord(event)) return { events: [event], resolutions };
      const start = event.contentBlockStart;
      const use = start?.start?.toolUse;
      if (isRecord(use) && typeof use.name === 'string') {
        const resolution = projection.resolve(use.name);
        resolutions.push(resolution);
        const canonical = resolution.canonical;
        const holds = canonical !== undefined && projection.rewritesArguments(canonical);
        if (typeof start?.contentBlockIndex === 'number' && canonical !== undefined) {
          blocks.set(start.contentBlockIndex, { canonical, held: holds ? [] : undefined });
        }
        if (resolution.name === use.name) return { events: [event], resolutions };
        const resolved = {
          ...event,
          contentBlockStart: {
            ...start,
            start: { ...start?.start, toolUse: { ...use, name: resolution.name } },
          },
        };
        return { events: [resolved], resolutions };
      }
      const delta = event.contentBlockDelta;
      if (isRecord(delta) && typeof delta.contentBlockIndex === 'number') {
        const block = blocks.get(delta.contentBlockIndex);
        const piece = delta.delta?.toolUse?.input;
        if (block?.held !== undefined && typeof piece === 'string') {
          block.held.push(piece);
          return { events: [], resolutions };
        }
        return { events: [event], resolutions };
      }
      const stop = event.contentBlockStop;
      if (isRecord(stop) && typeof stop.contentBlockIndex === 'number') {
        const index = stop.contentBlockIndex;
        const block = blocks.get(index);
        blocks.delete(index);
        if (block?.held === undefined) return { events: [event], resolutions };
        const text = block.held.join('');
        const restored = projection.restoreArgumentsText(
          block.canonical,
          text.length === 0 ? '{}' : text,
        );
        resolutions.push(...restored.resolutions);
        const input = restored.text;
        const release = {
          contentBlockDelta: { contentBlockIndex: index, delta: { toolUse: { input } } },
        } as TEvent;
        return { events: [release, event], resolutions };
      }
      return { events: [event], resolutions };
    },
  };
}

interface BedrockState {
  request: BedrockConverseRequest;
  projection: RequestProjection;
  warnings: ProjectionWarning[];
}

// A request sent again (the same object, with the same arrays and objects in it) reuses its
// projection; a sent request is treated as a value (see createRequestMemo).
const memo = createRequestMemo<BedrockConverseRequest, BedrockState>((request, see) => {
  const toolConfig = request.toolConfig;
  see(toolConfig);
  see(toolConfig?.tools);
  for (const tool of Array.isArray(toolConfig?.tools) ? toolConfig.tools : []) {
    see(tool);
    see(isRecord(tool) ? tool.toolSpec : undefined);
  }
  see(toolConfig?.toolChoice);
  see(toolConfig?.toolChoice?.tool);
  see(request.messages);
  for (const message of Array.isArray(request.messages) ? request.messages : []) {
    see(message);
    const content = isRecord(message) ? message.content : undefined;
    see(content);
    if (Array.isArray(content)) for (const block of content) see(block);
  }
});

function projectState(
  request: BedrockConverseRequest,
  options: BedrockProjectionOptions,
): BedrockState {
  const collector = createNameCollector({ ...options, envelope: options.envelope ?? 'bedrock' });
  const toolConfig = isRecord(request.toolConfig) ? request.toolConfig : undefined;
  // The same tools come with every turn: their names are gathered once per list.
  const known = Array.isArray(toolConfig?.tools)
    ? collectToolListNames({
        tools: toolConfig.tools,
        fingerprint: toolsFingerprint,
        collect: collectToolNames,
      })
    : undefined;
  if (known !== undefined) collector.addAll(known);
  collector.add(toolConfig?.toolChoice?.tool?.name);
  let historyUsesTools = false;
  forEachBlock(request.messages, (block) => {
    const use = block.toolUse;
    if (isRecord(use) && typeof use.name === 'string') {
      historyUsesTools = true;
      collector.add(use.name);
      if (collector.hasArgumentNames(use.name)) collector.addArguments(use.name, use.input);
    }
    if (isRecord((block as Record<string, unknown>).toolResult)) historyUsesTools = true;
    for (const reference of toolReferences(block)) collector.add(reference.name);
  });
  const projection = collector.finish();
  const warnings = [...projection.warnings];
  if (historyUsesTools && toolConfig === undefined) {
    warnings.push({
      code: 'TOOL_CONFIG_REQUIRED',
      message:
        'Request: the history has toolUse or toolResult blocks but there is no toolConfig, which Bedrock rejects; pass the tools of the conversation in toolConfig.',
    });
  }

  let projectedConfig: BedrockToolConfiguration | undefined = toolConfig;
  let leftOut: string[] = [];
  if (toolConfig !== undefined) {
    let projectedTools = toolConfig.tools;
    if (Array.isArray(toolConfig.tools)) {
      const tools = toolConfig.tools;
      const result = memoizeToolList({
        tools,
        projection,
        key: [options.describeAliases !== false],
        fingerprint: toolsFingerprint,
        ...(known === undefined ? {} : { known }),
        project: (recorder) => {
          const seen = new Set<string>();
          const projectedList = mapArray(tools, (tool) => {
            const name = isRecord(tool) && isRecord(tool.toolSpec) ? tool.toolSpec.name : undefined;
            if (typeof name === 'string') {
              // Bedrock rejects a toolConfig that offers one name twice.
              if (seen.has(name)) {
                recorder.warnings.push({
                  code: 'DUPLICATE_TOOL_LEFT_OUT',
                  tool: name,
                  message: `Tool "${name}": offered twice; Bedrock takes each tool name once, so only the first is sent.`,
                });
                return LEFT_OUT;
              }
              seen.add(name);
            }
            return projectTool(tool, projection, recorder);
          });
          // A tool whose schema cannot be sent is left out (quarantined), with its warning.
          return projectedList.includes(LEFT_OUT)
            ? projectedList.filter((tool) => tool !== LEFT_OUT)
            : projectedList;
        },
      });
      warnings.push(...result.warnings);
      projectedTools = result.tools;
      leftOut = result.leftOut;
    }
    const choice = toolConfig.toolChoice?.tool;
    const choiceName =
      typeof choice?.name === 'string' ? projection.toWire(choice.name) : undefined;
    const choiceChanged = choiceName !== undefined && choiceName !== choice?.name;
    const choiceLeftOut = typeof choice?.name === 'string' && leftOut.includes(choice.name);
    if (projectedTools !== toolConfig.tools || choiceChanged || choiceLeftOut) {
      projectedConfig = { ...toolConfig, tools: projectedTools };
      if (choiceLeftOut) {
        // Bedrock rejects a toolChoice naming a tool that is not in toolConfig.tools.
        delete projectedConfig.toolChoice;
        warnings.push({
          code: 'TOOL_CHOICE_DROPPED',
          tool: String(choice?.name),
          message: `Tool "${String(choice?.name)}": it was left out of the request, so toolChoice no longer names it and the model chooses among the other tools.`,
        });
      } else if (choiceChanged) {
        projectedConfig.toolChoice = {
          ...toolConfig.toolChoice,
          tool: { ...choice, name: choiceName },
        };
      }
    }
  }
  const messages = Array.isArray(request.messages)
    ? (memoizeHistory({
        items: request.messages,
        map: projection.map,
        key: options.argumentNameTools,
        fingerprint: messageFingerprint,
        project: (item) => projectMessage(item, projection),
      }) as BedrockMessage[])
    : request.messages;
  const projected =
    projectedConfig === toolConfig && messages === request.messages
      ? request
      : { ...request, messages, toolConfig: projectedConfig };
  return { request: projected, projection, warnings };
}

function collectToolNames(tools: BedrockTool[], add: (name: unknown) => void): void {
  for (const tool of tools) if (isRecord(tool?.toolSpec)) add(tool.toolSpec.name);
}

// Everything projectTool reads, for memoizeToolList.
function toolsFingerprint(tools: BedrockTool[], visit: (value: unknown) => void): void {
  for (const tool of tools) {
    visit(tool);
    const spec = isRecord(tool) ? tool.toolSpec : undefined;
    visit(spec);
    if (!isRecord(spec)) continue;
    visit(spec.name);
    visit(spec.description);
    visit(spec.inputSchema);
    visit(isRecord(spec.inputSchema) ? spec.inputSchema.json : undefined);
  }
}

/** Marks a tool left out of the request. */
const LEFT_OUT: BedrockTool = Object.freeze({});

function projectTool(
  tool: BedrockTool,
  projection: RequestProjection,
  recorder: ToolListRecorder,
): BedrockTool {
  const spec = isRecord(tool) ? tool.toolSpec : undefined;
  if (!isRecord(spec) || typeof spec.name !== 'string') return tool;
  const name = spec.name;
  const wire = projection.toWire(name);
  let copy: BedrockToolSpecification | undefined;
  if (wire !== name) {
    copy = { ...spec, name: wire };
    const description = projection.describe(name, spec.description);
    if (typeof description === 'string') copy.description = description;
  }
  if (spec.description === '' && copy?.description === undefined) {
    // Bedrock: "description, if present, min length 1"; an empty one carries nothing.
    copy ??= { ...spec };
    delete copy.description;
  }
  const inputSchema = spec.inputSchema;
  if (isRecord(inputSchema) && inputSchema.json !== undefined) {
    const result = projectToolSchema({ schema: inputSchema.json, target: 'bedrock', tool: name });
    recorder.warnings.push(...result.warnings);
    if (result.quarantined) {
      recorder.leftOut.push(name);
      return LEFT_OUT;
    }
    if (result.restore !== undefined) recorder.setArgumentRestorer(name, result.restore);
    if (result.schema !== inputSchema.json) {
      copy ??= { ...spec };
      copy.inputSchema = { ...inputSchema, json: result.schema };
    }
  }
  return copy === undefined ? tool : { ...tool, toolSpec: copy };
}

// Everything projectMessage reads, for memoizeHistory.
function messageFingerprint(message: BedrockMessage, visit: (value: unknown) => void): void {
  const content = message.content;
  visit(content);
  if (!Array.isArray(content)) return;
  visit(content.length);
  for (const block of content) {
    visit(block);
    if (!isRecord(block)) continue;
    visit(block.toolUse);
    if (isRecord(block.toolUse)) {
      visit(block.toolUse.name);
      visit(block.toolUse.input);
    }
    for (const holder of [block.toolAddition, block.toolRemoval]) {
      visit(holder);
      const reference = isRecord(holder) ? holder.tool : undefined;
      visit(reference);
      if (isRecord(reference)) {
        visit(reference.name);
        visit(reference.serverName);
      }
    }
  }
}

function projectMessage(message: BedrockMessage, projection: RequestProjection): BedrockMessage {
  if (!isRecord(message) || !Array.isArray(message.content)) return message;
  const content = mapArray(message.content, (block) => {
    if (!isRecord(block)) return block;
    let copy: BedrockContentBlock | undefined;
    const use = block.toolUse;
    if (isRecord(use) && typeof use.name === 'string') {
      const wire = projection.toWire(use.name);
      const input = projection.projectArguments(use.name, use.input);
      if (wire !== use.name || input !== use.input) {
        copy = { ...block, toolUse: { ...use, name: wire, input } };
      }
    }
    for (const key of ['toolAddition', 'toolRemoval'] as const) {
      const holder = block[key];
      const reference = holder?.tool;
      if (!isRecord(reference) || reference.serverName !== undefined) continue;
      if (typeof reference.name !== 'string') continue;
      const wire = projection.toWire(reference.name);
      if (wire !== reference.name) {
        copy = { ...(copy ?? block), [key]: { ...holder, tool: { ...reference, name: wire } } };
      }
    }
    return copy ?? block;
  });
  return content === message.content ? message : { ...message, content };
}

function resolveInput(
  input: unknown,
  resolution: NameResolution,
  projection: RequestProjection,
  resolutions: NameResolution[],
): unknown {
  if (resolution.canonical === undefined || input === undefined) return input;
  const restored = projection.restoreArguments(resolution.canonical, input);
  resolutions.push(...restored.resolutions);
  return restored.arguments;
}

function forEachBlock(
  messages: BedrockMessage[] | undefined,
  visit: (block: BedrockContentBlock) => void,
): void {
  if (!Array.isArray(messages)) return;
  for (const message of messages) {
    if (!isRecord(message) || !Array.isArray(message.content)) continue;
    for (const block of message.content) if (isRecord(block)) visit(block);
  }
}

function toolReferences(block: BedrockContentBlock): BedrockToolReference[] {
  const references: BedrockToolReference[] = [];
  for (const holder of [block.toolAddition, block.toolRemoval]) {
    const reference = holder?.tool;
    // A reference with a serverName is a Bedrock-side MCP tool; its name is Bedrock's business.
    if (isRecord(reference) && reference.serverName === undefined) references.push(reference);
  }
  return references;
}

/** Maps an array, returning the array itself when no item changed (copy on write). */
function mapArray<T>(items: T[], project: (item: T) => T): T[] {
  let copy: T[] | undefined;
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as T;
    const next = project(item);
    if (next !== item) {
      copy ??= items.slice();
      copy[index] = next;
    }
  }
  return copy ?? items;
}

/** True for a non-array object; keeps the static type of typed values. */
function isRecord<T>(
  value: T,
): value is Exclude<T, null | undefined | readonly unknown[]> & object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
