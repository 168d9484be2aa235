import { projectWireRequest } from '../engine/project-wire-request.js';
import type { ProjectedRequest, ProjectionOptions, WireFormat } from '../engine/wire-format.js';
import type { GeminiGenerateContentRequest, GeminiGenerateContentResponse } from './gemini-wire.js';

/** What {@link projectGenerateContentRequest} returns: each stream chunk resolves like a response. */
export type ProjectedGenerateContentRequest<TRequest> = ProjectedRequest<
  TRequest,
  GeminiGenerateContentResponse,
  GeminiGenerateContentResponse
>;

const CALLS = [
  { at: ['candidates', '*', 'content', 'parts', '*', 'functionCall'], arguments: 'args' },
];
const ALLOWED = ['config', 'toolConfig', 'functionCallingConfig', 'allowedFunctionNames', '*'];

/**
 * `generateContent` as data. `contents` is a ContentListUnion (a Content, a Part, a string, or a
 * list of those), so a history item's names are looked for in its parts and in itself.
 */
const GENERATE_CONTENT_FORMAT: WireFormat = {
  subject: 'Gemini request',
  expected: 'the object passed to models.generateContent ({ model, contents, config })',
  provider: 'Gemini',
  envelope: 'gemini',
  schemaTarget: (options, envelope) =>
    options.schemaTarget ?? (envelope === 'vertex' ? 'vertex' : 'gemini'),
  tools: [
    {
      at: ['config', 'tools'],
      declarations: [
        {
          at: ['*', 'functionDeclarations', '*'],
          // The caller chose the schema field; keep it. `parameters` takes Gemini's OpenAPI
          // subset, `parametersJsonSchema` takes JSON Schema.
          schemas: [{ at: ['parameters'] }, { at: ['parametersJsonSchema'], jsonSchema: true }],
          copiedWith: 'parameters',
        },
      ],
    },
  ],
  uniqueNames: true,
  // A function left out of the declarations cannot be allowed either (Gemini rejects the name).
  choice: [{ at: ALLOWED, name: null, drop: true }],
  history: {
    at: 'contents',
    sites: [
      { at: ['parts', '*', 'functionCall'], arguments: 'args' },
      { at: ['parts', '*', 'functionResponse'] },
      { at: ['functionCall'], arguments: 'args' },
      { at: ['functionResponse'] },
    ],
  },
  response: CALLS,
  stream: { calls: CALLS },
};

/**
 * Projects a `models.generateContent` / `generateContentStream` request of `@google/genai`:
 * function declarations' names and input schemas, `allowedFunctionNames`, and the history's
 * `functionCall` / `functionResponse`. The envelope defaults to `'gemini'`; with `'vertex'` (no
 * `:` in names) names and input schemas are fitted for Vertex AI.
 *
 * @example
 * ```ts
 * import { projectGenerateContentRequest } from 'toolwire/gemini';
 *
 * const { request, resolveResponse } = projectGenerateContentRequest({ model, contents, config });
 * const { response } = resolveResponse(await ai.models.generateContent(request));
 * response.functionCalls?.[0]?.name; // 'github__create_issue'
 * ```
 */
export function projectGenerateContentRequest<TRequest extends GeminiGenerateContentRequest>(
  request: TRequest,
  options?: ProjectionOptions,
): ProjectedGenerateContentRequest<TRequest> {
  return projectWireRequest(GENERATE_CONTENT_FORMAT, request, options);
}
