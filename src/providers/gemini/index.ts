/**
 * @module toolwire/gemini
 * Projects `@google/genai` `generateContent` / `generateContentStream` requests onto the Gemini
 * API or Vertex AI (names and input schemas), and resolves the function calls that come back,
 * plain and streamed, to canonical names.
 */

export type { ProjectionOptions as GeminiProjectionOptions } from '../../core/projection/create-request-projection.js';
// The bridge from an MCP hub (toolwire/mcp) to this provider, and the hub view it needs.
export type * from '../hub-bridge/hub-bridge-types.js';
export {
  type GeminiHubFunctionDeclaration,
  type GeminiToolsFromHubOptions,
  geminiToolsFromHub,
} from './gemini-tools-from-hub.js';
export type {
  GeminiCandidate,
  GeminiContent,
  GeminiFunctionCall,
  GeminiFunctionCallingConfig,
  GeminiFunctionDeclaration,
  GeminiFunctionResponse,
  GeminiGenerateContentConfig,
  GeminiGenerateContentRequest,
  GeminiGenerateContentResponse,
  GeminiPart,
  GeminiToolConfig,
} from './gemini-wire.js';
export {
  type ProjectedGenerateContentRequest,
  projectGenerateContentRequest,
} from './project-generate-content-request.js';
export {
  type GeminiFunctionResponseContent,
  type GeminiFunctionResponsePart,
  type RunGeminiFunctionCallsOptions,
  type RunGeminiFunctionCallsResult,
  runGeminiFunctionCalls,
} from './run-gemini-function-calls.js';
export {
  type GeminiClientLike,
  type GeminiModelsLike,
  type WrapGeminiOptions,
  wrapGemini,
} from './wrap-gemini.js';
