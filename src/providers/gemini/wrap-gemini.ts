import type { ProjectionOptions } from '../../core/projection/create-request-projection.js';
import type { NameResolution } from '../../core/projection/name-resolution.js';
import type { WrapCallbacks } from '../../core/projection/wrap-callbacks.js';
import { resolveEvents } from '../engine/wrap-client.js';
import type { GeminiGenerateContentRequest, GeminiGenerateContentResponse } from './gemini-wire.js';
import { projectGenerateContentRequest } from './project-generate-content-request.js';

/** The part of `@google/genai`'s `Models` the wrapper replaces. */
export interface GeminiModelsLike {
  /** `models.generateContent`. */
  generateContent(params: GeminiGenerateContentRequest): Promise<GeminiGenerateContentResponse>;
  /** `models.generateContentStream`. */
  generateContentStream(
    params: GeminiGenerateContentRequest,
  ): Promise<AsyncIterable<GeminiGenerateContentResponse>>;
}

/** A `GoogleGenAI` client (its `models` are wrapped), or its `models` themselves. */
export type GeminiClientLike = { models: GeminiModelsLike; vertexai?: boolean } | GeminiModelsLike;

/** Options of {@link wrapGemini}. */
export interface WrapGeminiOptions extends ProjectionOptions, WrapCallbacks {}

/**
 * Wraps a `GoogleGenAI` client (or its `models`) so that `models.generateContent` and
 * `models.generateContentStream` project every request and resolve every response and stream
 * chunk, transparently, and so do chat sessions of `ai.chats` (their history stays canonical).
 * The result has the client's own type; everything else on it behaves as before. The envelope
 * defaults to `vertex` for a client made with `vertexai: true`, else `gemini`.
 *
 * @example
 * ```ts
 * import { GoogleGenAI } from '@google/genai';
 * import { wrapGemini } from 'toolwire/gemini';
 *
 * const ai = wrapGemini(new GoogleGenAI({ apiKey }));
 * const response = await ai.models.generateContent({
 *   model: 'gemini-2.5-flash',
 *   contents: 'List my open pull requests',
 *   config: { tools: [{ functionDeclarations: [{ name: 'github__list_pull_requests', parametersJsonSchema: schema }] }] },
 * });
 * response.functionCalls?.[0]?.name; // 'github__list_pull_requests', whatever went on the wire
 * ```
 */
export function wrapGemini<TClient extends GeminiClientLike>(
  client: TClient,
  options: WrapGeminiOptions = {},
): TClient {
  if ('models' in client && typeof client.models === 'object' && client.models !== null) {
    const envelope = options.envelope ?? (client.vertexai === true ? 'vertex' : 'gemini');
    const models = wrapModels(client.models, { ...options, envelope });
    const properties: PropertyDescriptorMap = {
      models: { value: models, enumerable: true, writable: true, configurable: true },
    };
    // `ai.chats` holds the models it sends through (`modelsModule`); point it at the wrapped ones,
    // so chat sessions are projected too and keep their history canonical.
    const chats = (client as { chats?: unknown }).chats;
    if (typeof chats === 'object' && chats !== null && 'modelsModule' in chats) {
      properties.chats = {
        value: Object.create(chats, {
          modelsModule: { value: models, enumerable: true, writable: true, configurable: true },
        }),
        enumerable: true,
        writable: true,
        configurable: true,
      };
    }
    return Object.create(client, properties) as TClient;
  }
  return wrapModels(client as GeminiModelsLike, options) as TClient;
}

function wrapModels(models: GeminiModelsLike, options: WrapGeminiOptions): GeminiModelsLike {
  const { onWarnings, onResolutions, ...projectionOptions } = options;
  const project = (params: GeminiGenerateContentRequest) => {
    const projected = projectGenerateContentRequest(params, projectionOptions);
    if (onWarnings !== undefined && projected.warnings.length > 0) onWarnings(projected.warnings);
    return projected;
  };
  const report = (resolutions: NameResolution[]): void => {
    if (onResolutions !== undefined && resolutions.length > 0) onResolutions(resolutions);
  };
  const wrapped: Pick<GeminiModelsLike, 'generateContent' | 'generateContentStream'> = {
    async generateContent(params) {
      const projected = project(params);
      const { response, resolutions } = projected.resolveResponse(
        await models.generateContent(projected.request),
      );
      report(resolutions);
      return response;
    },
    async generateContentStream(params) {
      const projected = project(params);
      const stream = await models.generateContentStream(projected.request);
      return resolveEvents(stream, projected, { onResolutions: report });
    },
  };
  return Object.create(models, {
    generateContent: { value: wrapped.generateContent, writable: true, configurable: true },
    generateContentStream: {
      value: wrapped.generateContentStream,
      writable: true,
      configurable: true,
    },
  }) as GeminiModelsLike;
}
