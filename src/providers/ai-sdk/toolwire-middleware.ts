import type { EnvelopeInput } from '../../core/envelope.js';
import type { ProjectionOptions } from '../../core/projection/create-request-projection.js';
import type { NameResolution } from '../../core/projection/name-resolution.js';
import type { SchemaTarget } from '../../core/projection/project-tool-schema.js';
import type { ProjectionWarning } from '../../core/projection/projection-warning.js';
import type { AiSdkCallOptions, AiSdkContentPart, AiSdkGenerateResult } from './ai-sdk-wire.js';
import {
  type ProjectedLanguageModelRequest,
  projectLanguageModelRequest,
} from './project-language-model-request.js';

/** Options of {@link toolwireMiddleware}. */
export interface ToolwireMiddlewareOptions extends ProjectionOptions {
  /**
   * The name envelope. By default it follows the model's provider id: `openai.*`, `azure.*`,
   * `mistral.*`, `groq.*`, `deepseek.*`, `xai.*` → `openai`; `anthropic.*` → `anthropic`;
   * `google.vertex.*` → `vertex`; `google.*` → `gemini`; `amazon-bedrock*` → `bedrock`; any
   * other provider → `universal`, which fits them all.
   */
  envelope?: EnvelopeInput;
  /**
   * The schema dialect. By default `openai`, `anthropic` or `bedrock` for those providers, and
   * normalisation only (`mcp`) for the rest, whose AI SDK packages convert schemas themselves.
   */
  schemaTarget?: SchemaTarget;
  /** Called with the warnings of each call that has any. */
  onWarnings?: (warnings: ProjectionWarning[]) => void;
  /** Called with how the names of each result (or stream part) were resolved. */
  onResolutions?: (resolutions: NameResolution[]) => void;
}

/** The model the AI SDK passes to a middleware (only its provider id is read). */
export interface AiSdkModelLike {
  /** The provider id, such as `openai.chat`. */
  readonly provider: string;
}

/**
 * A `LanguageModelMiddleware` of the AI SDK, typed structurally so that toolwire does not depend
 * on `ai`. It is assignable to the middleware type of `ai` 6 and of `ai` 7: it says `v3` because
 * `ai` 6 takes only `v3`, while `ai` 7 takes any version string and ignores it (its v4 middleware
 * has the same three hooks).
 */
export interface ToolwireLanguageModelMiddleware {
  /** The middleware specification version (`v3`: the one both `ai` 6 and `ai` 7 accept). */
  readonly specificationVersion: 'v3';
  /** Projects the call options (names, tool choice, history, schemas). */
  transformParams<TParams extends AiSdkCallOptions>(options: {
    type: 'generate' | 'stream';
    params: TParams;
    model: AiSdkModelLike;
  }): PromiseLike<TParams>;
  /** Resolves the names in a generate result. */
  wrapGenerate<TResult extends AiSdkGenerateResult>(options: {
    doGenerate: () => PromiseLike<TResult>;
    params: AiSdkCallOptions;
  }): PromiseLike<TResult>;
  /** Resolves the names in every stream part. */
  wrapStream<
    TPart extends AiSdkContentPart,
    TResult extends { stream: ReadableStream<TPart> },
  >(options: {
    doStream: () => PromiseLike<TResult>;
    params: AiSdkCallOptions;
  }): PromiseLike<TResult>;
}

/**
 * An AI SDK language-model middleware that gives any AI SDK model toolwire's projection, with no
 * other change: tool names (tools, `toolChoice`, every tool call and result in the prompt) go out
 * as wire names that fit the provider, and tool calls come back under canonical names, in
 * `generateText` and `streamText` alike, so `ai` finds and runs the right tool. Pass it to
 * `wrapLanguageModel`; the middleware is the wrapper.
 *
 * @example
 * ```ts
 * import { createOpenAI } from '@ai-sdk/openai';
 * import { generateText, jsonSchema, tool, wrapLanguageModel } from 'ai';
 * import { toolwireMiddleware } from 'toolwire/ai-sdk';
 *
 * const model = wrapLanguageModel({ model: createOpenAI({ apiKey }).chat('gpt-5'), middleware: toolwireMiddleware() });
 * const { toolCalls } = await generateText({
 *   model,
 *   prompt: 'Find the onboarding doc',
 *   tools: { 'notion__search.pages': tool({ inputSchema: jsonSchema(schema) }) },
 * });
 * toolCalls[0]?.toolName; // 'notion__search.pages' (sent as 'notion__search_pages')
 * ```
 */
export function toolwireMiddleware(
  options: ToolwireMiddlewareOptions = {},
): ToolwireLanguageModelMiddleware {
  const { onWarnings, onResolutions, ...projectionOptions } = options;
  // The projection of each call, found again from the params object the SDK hands on.
  const projections = new WeakMap<object, ProjectedLanguageModelRequest<AiSdkCallOptions>>();
  // One options object per provider id, so that a request sent again reuses its projection.
  const optionsByProvider = new Map<unknown, ProjectionOptions>();
  const optionsFor = (provider: unknown): ProjectionOptions => {
    let resolved = optionsByProvider.get(provider);
    if (resolved === undefined) {
      const defaults = defaultsFor(provider);
      resolved = {
        ...projectionOptions,
        envelope: projectionOptions.envelope ?? defaults.envelope,
        schemaTarget: projectionOptions.schemaTarget ?? defaults.schemaTarget,
      };
      optionsByProvider.set(provider, resolved);
    }
    return resolved;
  };
  const report = (resolutions: NameResolution[]): void => {
    if (onResolutions !== undefined && resolutions.length > 0) onResolutions(resolutions);
  };
  return {
    specificationVersion: 'v3',
    async transformParams({ params, model }) {
      const projected = projectLanguageModelRequest(params, optionsFor(model?.provider));
      if (onWarnings !== undefined && projected.warnings.length > 0) onWarnings(projected.warnings);
      projections.set(
        projected.request,
        projected as ProjectedLanguageModelRequest<AiSdkCallOptions>,
      );
      return projected.request;
    },
    async wrapGenerate({ doGenerate, params }) {
      const result = await doGenerate();
      const projected = projections.get(params);
      if (projected === undefined) return result;
      const { response, resolutions } = projected.resolveResponse(result);
      report(resolutions);
      return response;
    },
    async wrapStream({ doStream, params }) {
      const result = await doStream();
      const projected = projections.get(params);
      if (projected === undefined) return result;
      const stream = result.stream.pipeThrough(
        new TransformStream({
          transform(part, controller) {
            const { events, resolutions } = projected.resolveStreamEvent(part);
            report(resolutions);
            for (const event of events) controller.enqueue(event);
          },
          // The stream ended, with its tool-input-end parts or not: release what is held back.
          flush(controller) {
            const { events, resolutions } = projected.flushStream();
            report(resolutions);
            for (const event of events) controller.enqueue(event as never);
          },
        }),
      );
      return { ...result, stream };
    },
  };
}

function defaultsFor(provider: unknown): { envelope: EnvelopeInput; schemaTarget: SchemaTarget } {
  const id = typeof provider === 'string' ? provider : '';
  if (/^(openai|azure|mistral|groq|deepseek|xai)\b/.test(id)) {
    return { envelope: 'openai', schemaTarget: 'openai' };
  }
  if (id.startsWith('anthropic')) return { envelope: 'anthropic', schemaTarget: 'anthropic' };
  if (id.startsWith('google.vertex')) return { envelope: 'vertex', schemaTarget: 'mcp' };
  if (id.startsWith('google')) return { envelope: 'gemini', schemaTarget: 'mcp' };
  if (id.startsWith('amazon-bedrock') || id.startsWith('bedrock')) {
    return { envelope: 'bedrock', schemaTarget: 'bedrock' };
  }
  return { envelope: 'universal', schemaTarget: 'mcp' };
}
