/**
 * @module toolwire/gemini
 * Projects `@google/genai` `generateContent` / `generateContentStream` requests onto the Gemini
 * API or Vertex AI (names and input schemas), and resolves the function calls that come back,
 * plain and streamed, to canonical names.
 */

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
  type GeminiProjectionOptions,
  type ProjectedGenerateContentRequest,
  projectGenerateContentRequest,
} from './project-generate-content-request.js';
export {
  type GeminiClientLike,
  type GeminiModelsLike,
  type WrapGeminiOptions,
  wrapGemini,
} from './wrap-gemini.js';
