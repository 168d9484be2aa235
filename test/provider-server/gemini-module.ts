import { checkGeminiRequest, type GeminiSurface } from './gemini-rules.js';
import type {
  ProviderModule,
  ProviderResponse,
  RespondInput,
  Violation,
} from './provider-module.js';
import { checkGeminiToolResults } from './tool-result-rules.js';

// Gemini API: /v1/models/{model}:generateContent (also v1beta, v1alpha; tuned models).
const GEMINI_ROUTE =
  /^\/v1(?:beta|alpha)?\/(?:models|tunedModels)\/[^/:]+:(?:generateContent|streamGenerateContent)$/;
// Vertex AI: /v1beta1/publishers/google/models/{model}:... (express mode) or the full resource
// name under /projects/{project}/locations/{location}/.
const VERTEX_ROUTE =
  /^\/v1(?:beta1)?\/(?:projects\/[^/]+\/locations\/[^/]+\/)?publishers\/[^/]+\/models\/[^/:]+:(?:generateContent|streamGenerateContent)$/;

/**
 * The Gemini API (`surface: 'gemini'`) or Vertex AI (`'vertex'`) as `@google/genai` reaches them:
 * `generateContent`, `streamGenerateContent?alt=sse` and `streamGenerateContent` (one JSON array). Rules from gemini-rules.ts; errors in
 * Google's shape (`{ error: { code: 400, message, status: 'INVALID_ARGUMENT', details } }`);
 * answers with `functionCall` parts, streamed as SSE chunks.
 */
export function createGeminiModule(surface: GeminiSurface): ProviderModule {
  const route = surface === 'gemini' ? GEMINI_ROUTE : VERTEX_ROUTE;
  return {
    id: surface,
    matches: (method, path) => method === 'POST' && route.test(path),
    isStream: (request) => request.path.endsWith(':streamGenerateContent'),
    toolNames(request) {
      const names: { name: string }[] = [];
      const tools =
        isRecord(request.body) && Array.isArray(request.body.tools) ? request.body.tools : [];
      for (const tool of tools) {
        if (!isRecord(tool) || !Array.isArray(tool.functionDeclarations)) continue;
        for (const declaration of tool.functionDeclarations) {
          if (isRecord(declaration) && typeof declaration.name === 'string') {
            names.push({ name: declaration.name });
          }
        }
      }
      return names;
    },
    check: (request) =>
      [...checkGeminiRequest(request.body, surface), ...checkGeminiToolResults(request.body)].map(
        (violation) => ({ ...violation, code: 'INVALID_ARGUMENT' }),
      ),
    reject: (violations) => rejectGemini(violations),
    respond: (input) => respondGemini(input),
  };
}

/** The Gemini API module. */
export const geminiModule: ProviderModule = createGeminiModule('gemini');
/** The Vertex AI module. */
export const vertexModule: ProviderModule = createGeminiModule('vertex');

function rejectGemini(violations: Violation[]): ProviderResponse {
  const message = violations
    .map((violation) => `* GenerateContentRequest.${violation.path}: ${violation.message}`)
    .join('\n');
  return {
    status: 400,
    headers: { 'content-type': 'application/json; charset=UTF-8' },
    body: JSON.stringify({
      error: {
        code: 400,
        message: `${message}\n`,
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.BadRequest',
            fieldViolations: violations.map((violation) => ({
              field: violation.path,
              description: violation.message,
            })),
          },
        ],
      },
    }),
  };
}

function respondGemini({ request, stream, calls }: RespondInput): ProviderResponse {
  const callParts = calls.map((call) => ({
    functionCall: { name: call.name, args: call.arguments },
  }));
  const usageMetadata = { promptTokenCount: 12, candidatesTokenCount: 5, totalTokenCount: 17 };
  if (!stream) {
    return json({
      candidates: [
        {
          content: { role: 'model', parts: callParts.length > 0 ? callParts : [{ text: 'Done.' }] },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata,
      modelVersion: 'gemini-test',
      responseId: 'response-1',
    });
  }
  // Gemini streams text in pieces and each function call whole, in its own chunk.
  const chunks: unknown[] = [
    { candidates: [{ content: { role: 'model', parts: [{ text: 'Calling ' }] }, index: 0 }] },
    ...callParts.map((part) => ({
      candidates: [{ content: { role: 'model', parts: [part] }, index: 0 }],
    })),
    {
      candidates: [
        { content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP', index: 0 },
      ],
      usageMetadata,
      modelVersion: 'gemini-test',
      responseId: 'response-1',
    },
  ];
  if (request.query.alt !== 'sse') {
    // Without `alt=sse` the stream is one JSON array, written element by element, each
    // pretty-printed and the next one after "\r\n,".
    return {
      status: 200,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      body: [
        '[',
        ...chunks.map(
          (chunk, index) => `${index === 0 ? '' : '\r\n,'}${JSON.stringify(chunk, null, 2)}`,
        ),
        ']',
      ],
    };
  }
  return {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
    body: chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`),
  };
}

function json(body: unknown): ProviderResponse {
  return {
    status: 200,
    headers: { 'content-type': 'application/json; charset=UTF-8' },
    body: JSON.stringify(body),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
