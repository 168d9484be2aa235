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
import { projectToolSchema, type SchemaTarget } from '../../core/projection/project-tool-schema.js';
import type { ProjectionWarning } from '../../core/projection/projection-warning.js';
import { createRequestMemo } from '../../core/projection/request-memo.js';
import type { ToolWireMap } from '../../core/projection/tool-wire-map-seam.js';
import { ToolwireError } from '../../core/toolwire-error.js';
import type {
  AiSdkCallOptions,
  AiSdkContentPart,
  AiSdkGenerateResult,
  AiSdkMessage,
  AiSdkPromptPart,
  AiSdkTool,
} from './ai-sdk-wire.js';

/** Options of {@link projectLanguageModelRequest}. */
export interface AiSdkProjectionOptions extends ProjectionOptions {
  /**
   * The name envelope of the provider behind the model.
   * @defaultValue `'universal'` (fits every provider)
   */
  envelope?: EnvelopeInput;
  /**
   * The schema dialect to project input schemas for. The AI SDK's provider packages convert JSON
   * Schema themselves (`@ai-sdk/google` to Gemini's subset), so the default is normalisation only.
   * @defaultValue `'mcp'`
   */
  schemaTarget?: SchemaTarget;
}

/**
 * What {@link projectLanguageModelRequest} returns: the call options to pass on and the
 * resolvers of what the model returns (the shape every adapter shares).
 */
export interface ProjectedLanguageModelRequest<TParams> {
  /** The call options to pass to the model; the input itself when nothing needed changing. */
  request: TParams;
  /** The request's wire-name map. */
  map: ToolWireMap;
  /** Lossy or notable changes, each naming its tool. */
  warnings: ProjectionWarning[];
  /** A copy of a `doGenerate` result with canonical names and restored inputs. */
  resolveResponse<TResult extends AiSdkGenerateResult>(result: TResult): ResolvedResponse<TResult>;
  /**
   * Resolves one `doStream` part (stateful: one projection per stream). `tool-input-start`,
   * `tool-call` and `tool-result` carry names. The `tool-input-delta`s of a call whose input must
   * be rewritten are held back and released as one delta before its `tool-input-end`.
   */
  resolveStreamEvent<TPart extends AiSdkContentPart>(part: TPart): ResolvedStreamEvents<TPart>;
}

/**
 * Projects the call options of an AI SDK language model (`LanguageModelV4CallOptions`): every
 * function tool, `toolChoice` and prompt `tool-call` / `tool-result` name goes out as a wire
 * name; aliased tools get a short note of their canonical server and tool; input schemas go
 * through the core's projection. Provider tools (`type: 'provider'`) are left alone. This is what
 * {@link toolwireMiddleware} runs; use it directly to drive a model by hand.
 *
 * @example
 * ```ts
 * import { projectLanguageModelRequest } from 'toolwire/ai-sdk';
 *
 * const { request, resolveResponse } = projectLanguageModelRequest(callOptions, { envelope: 'openai' });
 * const { response } = resolveResponse(await model.doGenerate(request));
 * ```
 */
export function projectLanguageModelRequest<TParams extends AiSdkCallOptions>(
  params: TParams,
  options?: AiSdkProjectionOptions,
): ProjectedLanguageModelRequest<TParams> {
  if (typeof params !== 'object' || params === null) {
    throw new ToolwireError({
      code: 'INVALID_REQUEST',
      message: 'AI SDK call options must be an object with a prompt (LanguageModelV4CallOptions).',
    });
  }
  const state = memo.getOrCompute(params, options, () => projectState(params, options ?? {}));
  const { projection, warnings } = state;
  const request = state.request as TParams;

  // Stream state: the canonical name and held-back deltas of each tool input being streamed.
  const inputs = new Map<string, { canonical: string; held: string[] | undefined }>();

  const resolvePart = <TPart extends AiSdkContentPart>(
    part: TPart,
    resolutions: NameResolution[],
  ): TPart => {
    if (!isRecord(part) || typeof part.toolName !== 'string') return part;
    const resolution = projection.resolve(part.toolName);
    resolutions.push(resolution);
    let input = part.input;
    if (
      part.type === 'tool-call' &&
      typeof input === 'string' &&
      resolution.canonical !== undefined
    ) {
      const restored = projection.restoreArgumentsText(resolution.canonical, input);
      input = restored.text;
      resolutions.push(...restored.resolutions);
    }
    if (resolution.name === part.toolName && input === part.input) return part;
    const copy = { ...part, toolName: resolution.name };
    if (input !== part.input && input !== undefined) copy.input = input;
    return copy;
  };

  return {
    request,
    map: projection.map,
    warnings: [...warnings],
    resolveResponse<TResult extends AiSdkGenerateResult>(
      result: TResult,
    ): ResolvedResponse<TResult> {
      const resolutions: NameResolution[] = [];
      if (!isRecord(result) || !Array.isArray(result.content))
        return { response: result, resolutions };
      const content = mapArray(result.content as AiSdkContentPart[], (part) =>
        resolvePart(part, resolutions),
      );
      return {
        response: content === result.content ? result : { ...result, content },
        resolutions,
      };
    },
    resolveStreamEvent<TPart extends AiSdkContentPart>(part: TPart): ResolvedStreamEvents<TPart> {
      const resolutions: NameResolution[] = [];
      if (!isRecord(part)) return { events: [part], resolutions };
      if (part.type === 'tool-input-start' && typeof part.id === 'string') {
        const resolved = resolvePart(part, resolutions);
        const canonical = resolutions[0]?.canonical;
        if (canonical !== undefined) {
          const holds = projection.rewritesArguments(canonical);
          inputs.set(part.id, { canonical, held: holds ? [] : undefined });
        }
        return { events: [resolved], resolutions };
      }
      if (part.type === 'tool-input-delta' && typeof part.id === 'string') {
        const held = inputs.get(part.id)?.held;
        if (held !== undefined && typeof part.delta === 'string') {
          held.push(part.delta);
          return { events: [], resolutions };
        }
        return { events: [part], resolutions };
      }
      if (part.type === 'tool-input-end' && typeof part.id === 'string') {
        const input = inputs.get(part.id);
        inputs.delete(part.id);
        if (input?.held === undefined) return { events: [part], resolutions };
        const text = input.held.join('');
        const restored = projection.restoreArgumentsText(input.canonical, text);
        resolutions.push(...restored.resolutions);
        const release = { type: 'tool-input-delta', id: part.id, delta: restored.text } as TPart;
        return { events: [release, part], resolutions };
      }
      return { events: [resolvePart(part, resolutions)], resolutions };
    },
  };
}

interface AiSdkState {
  request: AiSdkCallOptions;
  projection: RequestProjection;
  warnings: ProjectionWarning[];
}

// Call options passed again (the same object, with the same arrays and objects in it) reuse their
// projection; a sent request is treated as a value (see createRequestMemo).
const memo = createRequestMemo<AiSdkCallOptions, AiSdkState>((params, see) => {
  see(params.tools);
  if (Array.isArray(params.tools)) for (const tool of params.tools) see(tool);
  see(params.toolChoice);
  see(params.prompt);
  if (!Array.isArray(params.prompt)) return;
  for (const message of params.prompt) {
    see(message);
    const content = isRecord(message) ? message.content : undefined;
    see(content);
    if (Array.isArray(content)) for (const part of content) see(part);
  }
});

function projectState(params: AiSdkCallOptions, options: AiSdkProjectionOptions): AiSdkState {
  const { schemaTarget = 'mcp', ...projectionOptions } = options;
  const collector = createNameCollector({
    ...projectionOptions,
    envelope: options.envelope ?? 'universal',
  });
  const tools = Array.isArray(params.tools) ? params.tools : undefined;
  // The same tools come with every turn: their names are gathered once per list.
  const known =
    tools === undefined
      ? undefined
      : collectToolListNames({ tools, fingerprint: toolsFingerprint, collect: collectToolNames });
  if (known !== undefined) collector.addAll(known);
  if (params.toolChoice?.type === 'tool') collector.add(params.toolChoice.toolName);
  forEachPromptPart(params.prompt, (part) => {
    if (typeof part.toolName !== 'string') return;
    collector.add(part.toolName);
    if (part.type === 'tool-call' && collector.hasArgumentNames(part.toolName)) {
      collector.addArguments(part.toolName, part.input);
    }
  });
  const projection = collector.finish();
  const warnings = [...projection.warnings];

  let projectedTools: AiSdkTool[] | undefined;
  let leftOut: string[] = [];
  if (tools !== undefined) {
    const result = memoizeToolList({
      tools,
      projection,
      key: [schemaTarget, options.describeAliases !== false],
      fingerprint: toolsFingerprint,
      ...(known === undefined ? {} : { known }),
      project: (recorder) => {
        const list = mapArray(tools, (tool) =>
          projectTool(tool, projection, schemaTarget, recorder),
        );
        // A tool whose schema cannot be sent is left out (quarantined), with its warning.
        return list.includes(LEFT_OUT) ? list.filter((tool) => tool !== LEFT_OUT) : list;
      },
    });
    warnings.push(...result.warnings);
    projectedTools = result.tools as AiSdkTool[];
    leftOut = result.leftOut;
  }
  let choice = params.toolChoice;
  if (
    choice?.type === 'tool' &&
    typeof choice.toolName === 'string' &&
    leftOut.includes(choice.toolName)
  ) {
    // The provider would reject a forced tool that is not offered: fall back to `required`.
    warnings.push({
      code: 'TOOL_CHOICE_DROPPED',
      tool: choice.toolName,
      message: `Tool "${choice.toolName}": it was left out of the request, so the call requires one of the other tools instead.`,
    });
    choice = { type: 'required' };
  }
  const choiceName =
    choice?.type === 'tool' && typeof choice.toolName === 'string'
      ? projection.toWire(choice.toolName)
      : undefined;
  const prompt = Array.isArray(params.prompt)
    ? (memoizeHistory({
        items: params.prompt as AiSdkMessage[],
        map: projection.map,
        key: options.argumentNameTools,
        fingerprint: messageFingerprint,
        project: (item) => projectMessage(item, projection),
      }) as AiSdkMessage[])
    : params.prompt;
  let request: AiSdkCallOptions = params;
  if (
    projectedTools !== tools ||
    prompt !== params.prompt ||
    choice !== params.toolChoice ||
    (choiceName !== undefined && choiceName !== choice?.toolName)
  ) {
    request = { ...params, prompt };
    if (projectedTools !== undefined) request.tools = projectedTools;
    if (choice !== undefined) {
      request.toolChoice = choiceName === undefined ? choice : { ...choice, toolName: choiceName };
    }
  }

  return { request, projection, warnings };
}

function collectToolNames(tools: readonly AiSdkTool[], add: (name: unknown) => void): void {
  for (const tool of tools) if (isFunctionTool(tool)) add(tool.name);
}

function isFunctionTool(tool: AiSdkTool): tool is AiSdkTool & { name: string } {
  return isRecord(tool) && tool.type === 'function' && typeof tool.name === 'string';
}

// Everything projectTool reads, for memoizeToolList.
function toolsFingerprint(tools: readonly AiSdkTool[], visit: (value: unknown) => void): void {
  for (const tool of tools) {
    visit(tool);
    if (!isRecord(tool)) continue;
    visit(tool.type);
    visit(tool.name);
    visit(tool.description);
    visit(tool.inputSchema);
    visit(tool.strict);
  }
}

/** Marks a tool left out of the request. */
const LEFT_OUT: AiSdkTool = Object.freeze({ type: 'left-out' });

function projectTool(
  tool: AiSdkTool,
  projection: RequestProjection,
  target: SchemaTarget,
  recorder: ToolListRecorder,
): AiSdkTool {
  if (!isFunctionTool(tool)) return tool;
  const name = tool.name;
  const wire = projection.toWire(name);
  let copy: AiSdkTool | undefined;
  if (wire !== name) {
    copy = { ...tool, name: wire };
    const description = projection.describe(name, tool.description);
    if (typeof description === 'string') copy.description = description;
  }
  const result = projectToolSchema({
    schema: tool.inputSchema,
    target,
    tool: name,
    ...(tool.strict === true ? { strict: true } : {}),
  });
  recorder.warnings.push(...result.warnings);
  if (result.quarantined) {
    recorder.leftOut.push(name);
    return LEFT_OUT;
  }
  if (result.restore !== undefined) recorder.setArgumentRestorer(name, result.restore);
  if (result.schema !== tool.inputSchema) {
    copy ??= { ...tool };
    copy.inputSchema = result.schema;
  }
  if (target === 'openai' && tool.strict === true && !result.strict) {
    // OpenAI strict was asked for but cannot hold without changing what the schema accepts.
    copy ??= { ...tool };
    copy.strict = false;
  }
  return copy ?? tool;
}

// Everything projectMessage reads, for memoizeHistory.
function messageFingerprint(message: AiSdkMessage, visit: (value: unknown) => void): void {
  const content = message.content;
  visit(content);
  if (!Array.isArray(content)) return;
  visit(content.length);
  for (const part of content as AiSdkPromptPart[]) {
    visit(part);
    if (!isRecord(part)) continue;
    visit(part.type);
    visit(part.toolName);
    visit(part.input);
  }
}

function projectMessage(message: AiSdkMessage, projection: RequestProjection): AiSdkMessage {
  if (!isRecord(message) || !Array.isArray(message.content)) return message;
  const content = mapArray(message.content as AiSdkPromptPart[], (part) => {
    if (!isRecord(part) || typeof part.toolName !== 'string') return part;
    const wire = projection.toWire(part.toolName);
    const input =
      part.type === 'tool-call'
        ? projection.projectArguments(part.toolName, part.input)
        : part.input;
    if (wire === part.toolName && input === part.input) return part;
    const copy = { ...part, toolName: wire };
    if (input !== part.input) copy.input = input;
    return copy;
  });
  return content === message.content ? message : { ...message, content };
}

function forEachPromptPart(
  prompt: readonly AiSdkMessage[],
  visit: (part: AiSdkPromptPart) => void,
): void {
  if (!Array.isArray(prompt)) return;
  for (const message of prompt) {
    if (!isRecord(message) || !Array.isArray(message.content)) continue;
    for (const part of message.content as AiSdkPromptPart[]) if (isRecord(part)) visit(part);
  }
}

/** Maps an array, returning the array itself when no item changed (copy on write). */
function mapArray<T>(items: readonly T[], project: (item: T) => T): T[] {
  let copy: T[] | undefined;
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as T;
    const next = project(item);
    if (next !== item) {
      copy ??= items.slice();
      copy[index] = next;
    }
  }
  return copy ?? (items as T[]);
}

/** True for a non-array object; keeps the static type of typed values. */
function isRecord<T>(
  value: T,
): value is Exclude<T, null | undefined | readonly unknown[]> & object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
