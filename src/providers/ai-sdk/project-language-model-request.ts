import { projectWireRequest } from '../engine/project-wire-request.js';
import type { ProjectedRequest, ProjectionOptions, WireFormat } from '../engine/wire-format.js';
import type { Json } from '../engine/wire-path.js';
import type { AiSdkCallOptions, AiSdkContentPart, AiSdkGenerateResult } from './ai-sdk-wire.js';

/** What {@link projectLanguageModelRequest} returns: the shared adapter shape. */
export type ProjectedLanguageModelRequest<TRequest> = ProjectedRequest<
  TRequest,
  AiSdkGenerateResult,
  AiSdkContentPart
>;

const REQUIRED = [{ at: ['toolChoice'], value: { type: 'required' } }];
const TOOL_CALLS = { type: ['tool-call', 'tool-result'] };

/** The AI SDK's call options (`LanguageModelV4CallOptions`) as data; provider tools are left alone. */
const LANGUAGE_MODEL_FORMAT: WireFormat = {
  subject: 'AI SDK call options',
  expected: 'call options with a prompt (LanguageModelV4CallOptions)',
  provider: 'the provider',
  envelope: 'universal',
  schemaTarget: (options) => options.schemaTarget ?? 'mcp',
  tools: [
    {
      at: ['tools'],
      declarations: [
        {
          at: ['*', { type: ['function'] }],
          schemas: [{ at: ['inputSchema'] }],
          schemaRequired: true,
          strict: 'strict',
        },
      ],
    },
  ],
  // The provider would reject a forced tool that is not offered: require one of the others.
  choice: [{ at: ['toolChoice', { type: ['tool'] }], name: 'toolName', otherwise: REQUIRED }],
  history: {
    at: 'prompt',
    sites: [{ at: ['content', '*', TOOL_CALLS], name: 'toolName', arguments: 'input' }],
  },
  response: [
    { at: ['content', '*', TOOL_CALLS], name: 'toolName', arguments: 'input', text: true },
  ],
  stream: {
    calls: [{ at: [TOOL_CALLS], name: 'toolName', arguments: 'input', text: true }],
    hold: {
      starts: [{ at: [{ type: ['tool-input-start'] }], name: 'toolName' }],
      fragments: [{ at: [{ type: ['tool-input-delta'] }], arguments: 'delta' }],
      key: (trail) => (trail[0] as Json).id,
      ends: (event) => (event.type === 'tool-input-end' ? [event.id] : []),
      release: (id, delta) => ({ type: 'tool-input-delta', id, delta }),
    },
  },
};

/**
 * Projects the call options of an AI SDK language model (`LanguageModelV4CallOptions`): function
 * tools, `toolChoice` and the prompt's `tool-call` / `tool-result` names, and input schemas;
 * provider tools are left alone. {@link toolwireMiddleware} runs it; call it to drive a model by hand.
 * The envelope defaults to `'universal'` (it fits every provider), `schemaTarget` to `'mcp'`
 * (normalisation only): the AI SDK's provider packages convert JSON Schema themselves.
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
  options?: ProjectionOptions,
): ProjectedLanguageModelRequest<TParams> {
  return projectWireRequest(LANGUAGE_MODEL_FORMAT, params, options);
}
