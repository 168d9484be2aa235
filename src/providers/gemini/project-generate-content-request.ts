import type { EnvelopeInput } from '../../core/envelope.js';
import {
  createNameCollector,
  type ProjectionOptions,
  type RequestProjection,
  type ResolvedResponse,
  type ResolvedStreamEvents,
} from '../../core/projection/create-request-projection.js';
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
import type { ToolWireMap } from '../../core/projection/tool-wire-map-seam.js';
import { ToolwireError } from '../../core/toolwire-error.js';
import type {
  GeminiContent,
  GeminiFunctionCall,
  GeminiFunctionDeclaration,
  GeminiGenerateContentRequest,
  GeminiGenerateContentResponse,
  GeminiPart,
  GeminiToolConfig,
} from './gemini-wire.js';

/**
 * Options of {@link projectGenerateContentRequest} and {@link wrapGemini}: the options every
 * adapter shares.
 */
export interface GeminiProjectionOptions extends ProjectionOptions {
  /**
   * The name envelope: `gemini` for the Gemini API, `vertex` for Vertex AI (no `:` in names).
   * The input schemas of `parameters` are projected for the same surface.
   * @defaultValue `'gemini'`
   */
  envelope?: EnvelopeInput;
}

/**
 * What {@link projectGenerateContentRequest} returns: the request to send and the resolvers of
 * what comes back (the shape every adapter shares).
 */
export interface ProjectedGenerateContentRequest<TRequest> {
  /** The request to send; the input itself when nothing needed changing. */
  request: TRequest;
  /** The request's wire-name map. */
  map: ToolWireMap;
  /** Lossy or notable changes, each naming its tool. */
  warnings: ProjectionWarning[];
  /** A copy of a response with canonical names and restored arguments. */
  resolveResponse<TResponse extends GeminiGenerateContentResponse>(
    response: TResponse,
  ): ResolvedResponse<TResponse>;
  /** One chunk of `generateContentStream`, resolved (Gemini streams whole function calls). */
  resolveStreamEvent<TEvent extends GeminiGenerateContentResponse>(
    event: TEvent,
  ): ResolvedStreamEvents<TEvent>;
}

/**
 * Projects a `models.generateContent` / `models.generateContentStream` request of
 * `@google/genai` onto the Gemini API (or, with `envelope: 'vertex'`, Vertex AI): every function
 * declaration, `allowedFunctionNames` entry and history `functionCall` / `functionResponse` name
 * goes out as a wire name; aliased declarations get a short note of their canonical server and
 * tool; input schemas are projected for the surface. Returns resolvers that turn the
 * `functionCall`s of the response, or of each stream chunk, back into canonical names.
 *
 * @example
 * ```ts
 * import { GoogleGenAI } from '@google/genai';
 * import { projectGenerateContentRequest } from 'toolwire/gemini';
 *
 * const ai = new GoogleGenAI({ apiKey });
 * const { request, resolveResponse } = projectGenerateContentRequest({
 *   model: 'gemini-2.5-flash',
 *   contents: 'Open an issue about the login bug',
 *   config: { tools: [{ functionDeclarations: [{ name: 'github__create_issue', parametersJsonSchema: schema }] }] },
 * });
 * const { response } = resolveResponse(await ai.models.generateContent(request));
 * response.functionCalls?.[0]?.name; // 'github__create_issue'
 * ```
 */
export function projectGenerateContentRequest<TRequest extends GeminiGenerateContentRequest>(
  request: TRequest,
  options?: GeminiProjectionOptions,
): ProjectedGenerateContentRequest<TRequest> {
  if (typeof request !== 'object' || request === null) {
    throw new ToolwireError({
      code: 'INVALID_REQUEST',
      message:
        'Gemini request must be the object passed to models.generateContent ({ model, contents, config }).',
    });
  }
  const state = memo.getOrCompute(request, options, () => projectState(request, options ?? {}));
  const { projection, warnings } = state;
  // @google/genai rewrites `parameters` on the declaration objects it is given (its tTool assigns
  // the processed schema back), so those declarations always go out as fresh copies: the SDK then
  // never reaches the caller's objects, nor a projection kept for the next request.
  const projected = detachParameters(state.request) as TRequest;

  const resolveCandidates = <TResponse extends GeminiGenerateContentResponse>(
    response: TResponse,
  ): ResolvedResponse<TResponse> => {
    const resolutions: NameResolution[] = [];
    if (!isRecord(response) || !Array.isArray(response.candidates)) {
      return { response, resolutions };
    }
    let candidates: GeminiGenerateContentResponse['candidates'] | undefined;
    response.candidates.forEach((candidate, index) => {
      const content = candidate?.content;
      if (!isRecord(content) || !Array.isArray(content.parts)) return;
      const parts = mapArray(content.parts, (part) => resolvePart(part, projection, resolutions));
      if (parts === content.parts) return;
      candidates ??= [...(response.candidates ?? [])];
      candidates[index] = { ...candidate, content: { ...content, parts } };
    });
    if (candidates === undefined) return { response, resolutions };
    // Keep the SDK's class (GenerateContentResponse has getters such as `functionCalls`).
    const copy = Object.create(Object.getPrototypeOf(response) as object | null) as TResponse;
    Object.assign(copy, response, { candidates });
    return { response: copy, resolutions };
  };

  return {
    request: projected,
    map: projection.map,
    warnings: [...warnings],
    resolveResponse: resolveCandidates,
    resolveStreamEvent<TEvent extends GeminiGenerateContentResponse>(
      event: TEvent,
    ): ResolvedStreamEvents<TEvent> {
      const { response, resolutions } = resolveCandidates(event);
      return { events: [response], resolutions };
    },
  };
}

interface GeminiState {
  request: GeminiGenerateContentRequest;
  projection: RequestProjection;
  warnings: ProjectionWarning[];
}

// A request sent again (the same object, with the same arrays and objects in it) reuses its
// projection; a sent request is treated as a value (see createRequestMemo).
const memo = createRequestMemo<GeminiGenerateContentRequest, GeminiState>((request, see) => {
  const config = request.config;
  see(config);
  see(config?.tools);
  if (Array.isArray(config?.tools)) {
    for (const tool of config.tools) {
      see(tool);
      if (isRecord(tool) && Array.isArray(tool.functionDeclarations)) {
        see(tool.functionDeclarations);
        for (const declaration of tool.functionDeclarations) see(declaration);
      }
    }
  }
  see(config?.toolConfig);
  see(config?.toolConfig?.functionCallingConfig);
  see(config?.toolConfig?.functionCallingConfig?.allowedFunctionNames);
  see(request.contents);
  if (Array.isArray(request.contents)) {
    for (const item of request.contents) {
      see(item);
      if (isRecord(item) && Array.isArray(item.parts)) {
        see(item.parts);
        for (const part of item.parts) see(part);
      }
    }
  }
});

function projectState(
  request: GeminiGenerateContentRequest,
  options: GeminiProjectionOptions,
): GeminiState {
  const collector = createNameCollector({ ...options, envelope: options.envelope ?? 'gemini' });
  const config = request.config;
  // The same tools come with every turn: their names are gathered once per list.
  const known = Array.isArray(config?.tools)
    ? collectToolListNames({
        tools: config.tools,
        fingerprint: toolsFingerprint,
        collect: collectToolNames,
      })
    : undefined;
  if (known !== undefined) collector.addAll(known);
  const allowed = config?.toolConfig?.functionCallingConfig?.allowedFunctionNames;
  if (Array.isArray(allowed)) for (const name of allowed) collector.add(name);
  forEachPart(request.contents, (part) => {
    const call = part.functionCall;
    if (isRecord(call) && typeof call.name === 'string') {
      collector.add(call.name);
      if (collector.hasArgumentNames(call.name)) collector.addArguments(call.name, call.args);
    }
    if (isRecord(part.functionResponse)) collector.add(part.functionResponse.name);
  });
  const projection = collector.finish();
  const warnings = [...projection.warnings];
  const target = projection.map.envelope.id === 'vertex' ? 'vertex' : 'gemini';

  let projectedConfig = config;
  if (config !== undefined && config !== null) {
    const leftOut = new Set<string>();
    const tools = projectToolsOnce(config.tools, projection, target, options, {
      warnings,
      leftOut,
      known,
    });
    const toolConfig = projectToolConfig(config.toolConfig, projection, leftOut);
    if (tools !== config.tools || toolConfig !== config.toolConfig) {
      projectedConfig = { ...config };
      if (tools !== config.tools) projectedConfig.tools = tools as unknown[];
      if (toolConfig !== undefined && toolConfig !== config.toolConfig) {
        projectedConfig.toolConfig = toolConfig;
      }
    }
  }
  const contents = mapContents(request.contents, (part) => projectHistoryPart(part, projection), {
    map: projection.map,
    key: options.argumentNameTools,
  });
  const projected =
    projectedConfig === config && contents === request.contents
      ? request
      : {
          ...request,
          contents,
          ...(projectedConfig === config ? {} : { config: projectedConfig }),
        };
  return { request: projected, projection, warnings };
}

function projectToolsOnce(
  tools: unknown[] | undefined,
  projection: RequestProjection,
  target: 'gemini' | 'vertex',
  options: GeminiProjectionOptions,
  sink: { warnings: ProjectionWarning[]; leftOut: Set<string>; known: ToolListNames | undefined },
): unknown[] | undefined {
  if (!Array.isArray(tools)) return tools;
  const { warnings, leftOut, known } = sink;
  const result = memoizeToolList({
    tools,
    projection,
    key: [target, options.describeAliases !== false],
    fingerprint: toolsFingerprint,
    ...(known === undefined ? {} : { known }),
    project: (recorder) => projectTools(tools, projection, target, recorder),
  });
  warnings.push(...result.warnings);
  for (const name of result.leftOut) leftOut.add(name);
  return result.tools;
}

function collectToolNames(tools: unknown[], add: (name: unknown) => void): void {
  forEachDeclaration(tools, (declaration) => add(declaration.name));
}

// Everything projectTools reads, for memoizeToolList.
function toolsFingerprint(tools: unknown[], visit: (value: unknown) => void): void {
  for (const tool of tools) {
    visit(tool);
    if (!isRecord(tool) || !Array.isArray(tool.functionDeclarations)) continue;
    visit(tool.functionDeclarations);
    visit(tool.functionDeclarations.length);
    for (const declaration of tool.functionDeclarations as GeminiFunctionDeclaration[]) {
      visit(declaration);
      if (!isRecord(declaration)) continue;
      visit(declaration.name);
      visit(declaration.description);
      visit(declaration.parameters);
      visit(declaration.parametersJsonSchema);
    }
  }
}

function projectTools(
  tools: unknown[],
  projection: RequestProjection,
  target: 'gemini' | 'vertex',
  recorder: ToolListRecorder,
): unknown[] {
  const seen = new Set<string>();
  return mapArray(tools, (tool) => {
    if (!isRecord(tool) || !Array.isArray(tool.functionDeclarations)) return tool;
    const input = tool.functionDeclarations as GeminiFunctionDeclaration[];
    let declarations = mapArray(input, (declaration) => {
      // Gemini rejects the whole request on "Duplicate function declaration found".
      if (isRecord(declaration) && typeof declaration.name === 'string') {
        if (seen.has(declaration.name)) {
          recorder.warnings.push(duplicateWarning(declaration.name));
          return LEFT_OUT;
        }
        seen.add(declaration.name);
      }
      return projectDeclaration(declaration, projection, target, recorder);
    });
    // A declaration whose schema cannot be sent is left out (quarantined), with its warning.
    if (declarations.includes(LEFT_OUT)) {
      declarations = declarations.filter((declaration) => declaration !== LEFT_OUT);
    }
    return declarations === input ? tool : { ...tool, functionDeclarations: declarations };
  });
}

function duplicateWarning(name: string): ProjectionWarning {
  return {
    code: 'DUPLICATE_TOOL_LEFT_OUT',
    tool: name,
    message: `Tool "${name}": declared twice; Gemini takes each function name once, so only the first is sent.`,
  };
}

/** Marks a declaration left out of the request. */
const LEFT_OUT: GeminiFunctionDeclaration = Object.freeze({});

function projectDeclaration(
  declaration: GeminiFunctionDeclaration,
  projection: RequestProjection,
  target: 'gemini' | 'vertex',
  recorder: ToolListRecorder,
): GeminiFunctionDeclaration {
  if (!isRecord(declaration) || typeof declaration.name !== 'string') return declaration;
  const name = declaration.name;
  const wire = projection.toWire(name);
  let copy: GeminiFunctionDeclaration | undefined;
  if (wire !== name) {
    copy = { ...declaration, name: wire };
    const description = projection.describe(name, declaration.description);
    if (typeof description === 'string') copy.description = description;
  }
  // The caller chose the schema field; keep it. `parameters` takes Gemini's OpenAPI subset,
  // `parametersJsonSchema` takes JSON Schema.
  for (const field of ['parameters', 'parametersJsonSchema'] as const) {
    const schema = declaration[field];
    if (schema === undefined) continue;
    const result = projectToolSchema({
      schema,
      target,
      tool: name,
      ...(field === 'parametersJsonSchema' ? { jsonSchema: true } : {}),
    });
    recorder.warnings.push(...result.warnings);
    if (result.quarantined) {
      recorder.leftOut.push(name);
      return LEFT_OUT;
    }
    if (result.restore !== undefined) recorder.setArgumentRestorer(name, result.restore);
    if (result.schema !== schema) {
      copy ??= { ...declaration };
      copy[field] = result.schema;
    }
  }
  return copy ?? declaration;
}

function projectToolConfig(
  toolConfig: GeminiToolConfig | undefined,
  projection: RequestProjection,
  leftOut: ReadonlySet<string>,
): GeminiToolConfig | undefined {
  const callingConfig = toolConfig?.functionCallingConfig;
  const allowed = callingConfig?.allowedFunctionNames;
  if (!Array.isArray(allowed)) return toolConfig;
  let projected = mapArray(allowed, (name) =>
    typeof name === 'string' ? projection.toWire(name) : name,
  );
  // A function left out of the declarations cannot be allowed either (Gemini rejects the name).
  if (leftOut.size > 0) {
    const kept = projected.filter((_, index) => !leftOut.has(allowed[index] as string));
    if (kept.length !== projected.length) projected = kept;
  }
  if (projected === allowed) return toolConfig;
  return {
    ...toolConfig,
    functionCallingConfig: { ...callingConfig, allowedFunctionNames: projected },
  };
}

function projectHistoryPart(part: GeminiPart, projection: RequestProjection): GeminiPart {
  let copy: GeminiPart | undefined;
  const call = part.functionCall;
  if (isRecord(call) && typeof call.name === 'string') {
    const wire = projection.toWire(call.name);
    const args = projection.projectArguments(call.name, call.args) as GeminiFunctionCall['args'];
    if (wire !== call.name || args !== call.args) {
      const projectedCall: GeminiFunctionCall = { ...call, name: wire };
      if (args !== call.args && args !== undefined) projectedCall.args = args;
      copy = { ...part, functionCall: projectedCall };
    }
  }
  const result = part.functionResponse;
  if (isRecord(result) && typeof result.name === 'string') {
    const wire = projection.toWire(result.name);
    if (wire !== result.name)
      copy = { ...(copy ?? part), functionResponse: { ...result, name: wire } };
  }
  return copy ?? part;
}

function resolvePart(
  part: GeminiPart,
  projection: RequestProjection,
  resolutions: NameResolution[],
): GeminiPart {
  const call = isRecord(part) ? part.functionCall : undefined;
  if (!isRecord(call) || typeof call.name !== 'string') return part;
  const resolution = projection.resolve(call.name);
  resolutions.push(resolution);
  let args: unknown = call.args;
  if (resolution.canonical !== undefined && args !== undefined) {
    const restored = projection.restoreArguments(resolution.canonical, args);
    args = restored.arguments;
    resolutions.push(...restored.resolutions);
  }
  if (resolution.name === call.name && args === call.args) return part;
  const resolvedCall: GeminiFunctionCall = { ...call, name: resolution.name };
  if (args !== call.args && args !== undefined) {
    resolvedCall.args = args as Record<string, unknown>;
  }
  return { ...part, functionCall: resolvedCall };
}

function forEachDeclaration(
  tools: unknown[] | undefined,
  visit: (declaration: GeminiFunctionDeclaration) => void,
): void {
  if (!Array.isArray(tools)) return;
  for (const tool of tools) {
    if (!isRecord(tool) || !Array.isArray(tool.functionDeclarations)) continue;
    for (const declaration of tool.functionDeclarations) {
      if (isRecord(declaration)) visit(declaration as GeminiFunctionDeclaration);
    }
  }
}

// `contents` is a ContentListUnion: a Content, a Part, a string, or a list of those.
function forEachPart(contents: unknown, visit: (part: GeminiPart) => void): void {
  const visitItem = (item: unknown): void => {
    if (!isRecord(item)) return;
    if (Array.isArray(item.parts)) {
      for (const part of item.parts) if (isRecord(part)) visit(part as GeminiPart);
    } else {
      visit(item as GeminiPart);
    }
  };
  if (Array.isArray(contents)) for (const item of contents) visitItem(item);
  else visitItem(contents);
}

function mapContents(
  contents: unknown,
  project: (part: GeminiPart) => GeminiPart,
  memo: { map: ToolWireMap; key: unknown },
): unknown {
  const projectContent = (content: GeminiContent): GeminiContent => {
    const parts = mapArray(content.parts ?? [], (part) => (isRecord(part) ? project(part) : part));
    return parts === content.parts ? content : { ...content, parts };
  };
  const mapItem = (item: unknown): unknown => {
    if (!isRecord(item)) return item;
    if (Array.isArray(item.parts)) {
      // Earlier turns come back on every request: project each once per map.
      return memoizeHistoryItem({
        item: item as GeminiContent,
        map: memo.map,
        key: memo.key,
        fingerprint: contentFingerprint,
        project: projectContent,
      });
    }
    return project(item as GeminiPart);
  };
  return Array.isArray(contents) ? mapArray(contents, mapItem) : mapItem(contents);
}

// Everything projectHistoryPart reads from a content, for memoizeHistoryItem.
function contentFingerprint(content: GeminiContent, visit: (value: unknown) => void): void {
  const parts = content.parts ?? [];
  visit(parts);
  visit(parts.length);
  for (const part of parts) {
    visit(part);
    if (!isRecord(part)) continue;
    const call = part.functionCall;
    visit(call);
    if (isRecord(call)) {
      visit(call.name);
      visit(call.args);
    }
    const result = part.functionResponse;
    visit(result);
    if (isRecord(result)) visit(result.name);
  }
}

/** The request with every declaration that has `parameters` (and its tool and list) copied. */
function detachParameters(request: GeminiGenerateContentRequest): GeminiGenerateContentRequest {
  const tools = request.config?.tools;
  if (!Array.isArray(tools)) return request;
  let changed = false;
  const detached = tools.map((tool) => {
    if (!isRecord(tool) || !Array.isArray(tool.functionDeclarations)) return tool;
    const list = tool.functionDeclarations as GeminiFunctionDeclaration[];
    if (
      !list.some((declaration) => isRecord(declaration) && declaration.parameters !== undefined)
    ) {
      return tool;
    }
    changed = true;
    return {
      ...tool,
      functionDeclarations: list.map((declaration) =>
        isRecord(declaration) && declaration.parameters !== undefined
          ? { ...declaration }
          : declaration,
      ),
    };
  });
  return changed ? { ...request, config: { ...request.config, tools: detached } } : request;
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
