import type { ToolWireMap } from '../core/create-tool-wire-map.js';
import type { EnvelopeInput } from '../core/envelope.js';
import { isRecord } from '../core/is-record.js';
import type { ProjectionOptions } from '../core/projection/create-request-projection.js';
import type { ProjectionWarning } from '../core/projection/projection-warning.js';
import { projectMessagesRequest } from '../providers/anthropic/index.js';
import { projectGenerateContentRequest } from '../providers/gemini/index.js';
import { projectChatRequest, projectResponsesRequest } from '../providers/openai/index.js';
import type { GatewayApi } from './match-gateway-api.js';
import { restoreEchoedTools } from './restore-echoed-tools.js';

/** Options of {@link projectApiRequest}. */
export interface ProjectApiRequestOptions {
  /** The API the request was sent to. */
  api: GatewayApi;
  /** The parsed JSON body. */
  body: unknown;
  /** The model named in the path (Gemini). */
  model?: string;
  /** The upstream's envelope; `undefined` for the API's own provider envelope. */
  envelope: EnvelopeInput | undefined;
  /** Projection options shared by every request (separator, lenient, describeAliases). */
  projection: Omit<ProjectionOptions, 'envelope'>;
}

/** One request projected for its API, with the resolvers of what comes back. */
export interface ApiProjection {
  /** The body to send: the input itself when nothing needed changing. */
  body: unknown;
  /** False when the request goes out as it came (then the answer comes back as it is, too). */
  changed: boolean;
  /** The model the request names, for the log. */
  model: string | undefined;
  /** How many tools the request offers. */
  tools: number;
  /** How many names go out under another wire name. */
  renamed: number;
  /** The request's wire-name map. */
  map: ToolWireMap;
  /** Warnings of the projection (names not projected, lossy schema rewrites). */
  warnings: ProjectionWarning[];
  /** A JSON response of the upstream, with canonical names and restored arguments. */
  resolveResponse(response: unknown): unknown;
  /** One parsed stream event, resolved: the events to pass on, in order. */
  resolveEvent(event: unknown): unknown[];
}

type Json = Record<string, unknown>;

/**
 * Runs a request body of one of the gateway's APIs through the matching adapter's public
 * `project*Request`: names of tools, tool choice and every history item projected, schemas for
 * the provider. Gemini's REST body (`tools` and `toolConfig` at the top) is carried through the
 * adapter's `@google/genai` shape (`config.tools`, `config.toolConfig`) and back.
 * Throws `ToolwireError` `INVALID_REQUEST` for a body of the wrong shape.
 *
 * @example
 * ```ts
 * const projected = projectApiRequest({ api: 'openai-chat', body, envelope: 'bedrock', projection: {} });
 * const upstreamBody = projected.changed ? JSON.stringify(projected.body) : originalText;
 * ```
 */
export function projectApiRequest(options: ProjectApiRequestOptions): ApiProjection {
  const { api, body } = options;
  // The upstream keeps a Responses request's tools with the response it stores (unless `store:
  // false`); whole alias notes let a later GET of it be resolved from the response alone.
  const whole =
    api === 'openai-responses' &&
    isRecord(body) &&
    body.store !== false &&
    options.projection.describeAliases !== false;
  const adapterOptions = adapterOptionsOf(options.projection, options.envelope, whole);
  const model = isRecord(body) && typeof body.model === 'string' ? body.model : options.model;
  switch (api) {
    case 'openai-chat': {
      const projected = projectChatRequest(body as never, adapterOptions);
      const request = body as Json;
      return finish(projected, body, model, count(request.tools) + count(request.functions));
    }
    case 'openai-responses': {
      const projected = projectResponsesRequest(body as never, adapterOptions);
      const result = finish(projected, body, model, count((body as Json).tools));
      if (!result.changed) return result;
      // The answer echoes the request's tools (and choice) as the upstream got them.
      const restore = restoreEchoedTools({
        tools: (body as Json).tools,
        map: projected.map,
        // Namespace and member names have maps of their own inside the projection: a call item
        // that names the member is resolved as the upstream's calls are.
        resolveMember: (namespace, name) => {
          const call = { type: 'function_call', namespace, name, call_id: '', arguments: '{}' };
          const resolve = projected.resolveResponse as (response: unknown) => {
            response: { output: (typeof call | undefined)[] };
          };
          const [item] = resolve({ output: [call] }).response.output;
          return { namespace: item?.namespace ?? namespace, name: item?.name ?? name };
        },
      });
      return {
        ...result,
        resolveResponse: (response) => restore(result.resolveResponse(response)),
        resolveEvent: (event) =>
          result.resolveEvent(event).map((resolved) => {
            if (!isRecord(resolved) || !isRecord(resolved.response)) return resolved;
            const response = restore(resolved.response);
            return response === resolved.response ? resolved : { ...resolved, response };
          }),
      };
    }
    case 'anthropic-messages':
    case 'anthropic-count-tokens': {
      const projected = projectMessagesRequest(body as never, adapterOptions);
      return finish(projected, body, model, count((body as Json).tools));
    }
    case 'gemini-generate':
    case 'gemini-stream':
      return projectGemini(body, model, adapterOptions);
  }
}

// The engine keys its memo on the options object, so each setting (envelope, whole notes) is made
// once per base options object and kept: a new object per request would make every request miss.
// Envelopes are the upstream's, or presets picked by a header, and there are two note forms, so
// the table stays small.
const MAX_VARIANTS = 32;
const variants = new WeakMap<object, Map<EnvelopeInput | undefined, ProjectionOptions[]>>();

function adapterOptionsOf(
  projection: Omit<ProjectionOptions, 'envelope'>,
  envelope: EnvelopeInput | undefined,
  whole: boolean,
): ProjectionOptions {
  if (envelope === undefined && !whole) return projection;
  let byEnvelope = variants.get(projection);
  if (byEnvelope === undefined) {
    byEnvelope = new Map();
    variants.set(projection, byEnvelope);
  }
  let pair = byEnvelope.get(envelope);
  if (pair === undefined) {
    const plain: ProjectionOptions =
      envelope === undefined ? projection : { ...projection, envelope };
    pair = [plain, { ...plain, describeAliases: 'whole' }];
    // A caller making a new envelope object per request would grow the table without end.
    if (byEnvelope.size >= MAX_VARIANTS) byEnvelope.clear();
    byEnvelope.set(envelope, pair);
  }
  return pair[whole ? 1 : 0] as ProjectionOptions;
}

interface AdapterResult {
  request: unknown;
  map: ToolWireMap;
  warnings: ProjectionWarning[];
  resolveResponse(response: never): { response: unknown };
  resolveStreamEvent(event: never): { events: unknown[] };
}

function finish(
  projected: AdapterResult,
  body: unknown,
  model: string | undefined,
  tools: number,
): ApiProjection {
  return {
    body: projected.request,
    changed: projected.request !== body,
    model,
    tools,
    renamed: countRenamed(projected.map),
    map: projected.map,
    warnings: projected.warnings,
    resolveResponse: (response) => projected.resolveResponse(response as never).response,
    resolveEvent: (event) => projected.resolveStreamEvent(event as never).events,
  };
}

function projectGemini(
  body: unknown,
  model: string | undefined,
  options: ProjectionOptions,
): ApiProjection {
  const rest = isRecord(body) ? body : {};
  const config: Json = {};
  if (rest.tools !== undefined) config.tools = rest.tools;
  if (rest.toolConfig !== undefined) config.toolConfig = rest.toolConfig;
  const request = { model: model ?? '', contents: rest.contents ?? [], config };
  const projected = projectGenerateContentRequest(request as never, options);
  const out = projected.request as unknown as { contents: unknown; config: Json };
  const changed =
    out.contents !== request.contents ||
    out.config.toolConfig !== config.toolConfig ||
    !sameTools(out.config.tools, config.tools);
  let next: unknown = body;
  if (changed) {
    next = { ...rest, contents: out.contents };
    if (out.config.tools !== undefined) (next as Json).tools = out.config.tools;
    if (out.config.toolConfig !== undefined) (next as Json).toolConfig = out.config.toolConfig;
  }
  let tools = 0;
  if (Array.isArray(rest.tools)) {
    for (const tool of rest.tools) if (isRecord(tool)) tools += count(tool.functionDeclarations);
  }
  return {
    body: next,
    changed,
    model,
    tools,
    renamed: countRenamed(projected.map),
    map: projected.map,
    warnings: projected.warnings,
    resolveResponse: (response) => projected.resolveResponse(response as never).response,
    resolveEvent: (event) => projected.resolveStreamEvent(event as never).events,
  };
}

// The adapter hands declarations with `parameters` back as fresh shallow copies (for the SDK,
// which rewrites them); equal copies are not a change, so such a request still goes out as sent.
function sameTools(projected: unknown, original: unknown): boolean {
  if (projected === original) return true;
  if (!Array.isArray(projected) || !Array.isArray(original)) return false;
  if (projected.length !== original.length) return false;
  return projected.every((tool, index) => {
    const before = original[index];
    if (tool === before) return true;
    if (!isRecord(tool) || !isRecord(before)) return false;
    if (!shallowEqual(tool, before, 'functionDeclarations')) return false;
    const after = tool.functionDeclarations;
    const declarations = before.functionDeclarations;
    if (!Array.isArray(after) || !Array.isArray(declarations)) return false;
    if (after.length !== declarations.length) return false;
    return after.every(
      (declaration, position) =>
        declaration === declarations[position] ||
        (isRecord(declaration) &&
          isRecord(declarations[position]) &&
          shallowEqual(declaration, declarations[position] as Json)),
    );
  });
}

function shallowEqual(a: Json, b: Json, skip?: string): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key === skip || (Object.hasOwn(b, key) && a[key] === b[key]));
}

// The core hands the same map back for the same tool set, so each is counted once.
const renamedByMap = new WeakMap<ToolWireMap, number>();

function countRenamed(map: ToolWireMap): number {
  let renamed = renamedByMap.get(map);
  if (renamed === undefined) {
    renamed = 0;
    for (const [canonical, wire] of map.entries()) if (canonical !== wire) renamed++;
    renamedByMap.set(map, renamed);
  }
  return renamed;
}

function count(list: unknown): number {
  return Array.isArray(list) ? list.length : 0;
}
