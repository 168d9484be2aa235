/**
 * The minimal structural types of the `@google/genai` wire that the Gemini adapter reads and
 * writes. They are checked against the SDK's own types in `gemini-wire.test-d.ts`: the SDK's
 * `GenerateContentParameters` and `GenerateContentResponse` extend them, so SDK objects go in and
 * come out with their own types.
 */

/** A function call the model made (`Part.functionCall`). */
export interface GeminiFunctionCall {
  /** The function's name (a wire name on the wire). */
  name?: string;
  /** The arguments. */
  args?: Record<string, unknown>;
  /** The call id, when the API sets one. */
  id?: string;
}

/** A function result in history (`Part.functionResponse`). */
export interface GeminiFunctionResponse {
  /** The function's name. */
  name?: string;
}

/** One part of a content. */
export interface GeminiPart {
  /** A function call, in model turns. */
  functionCall?: GeminiFunctionCall;
  /** A function result, in user turns. */
  functionResponse?: GeminiFunctionResponse;
}

/** One turn of the conversation. */
export interface GeminiContent {
  /** The turn's parts. */
  parts?: GeminiPart[];
  /** `user` or `model`. */
  role?: string;
}

/** A function the model may call (`Tool.functionDeclarations[]`). */
export interface GeminiFunctionDeclaration {
  /** The function's name. */
  name?: string;
  /** What it does. */
  description?: string;
  /** The input schema in Gemini's OpenAPI subset. */
  parameters?: unknown;
  /** The input schema as JSON Schema (exclusive with `parameters`). */
  parametersJsonSchema?: unknown;
}

/** Function calling settings (`toolConfig.functionCallingConfig`). */
export interface GeminiFunctionCallingConfig {
  /** The only functions the model may call, by name. */
  allowedFunctionNames?: string[];
}

/** Tool settings shared by every tool of the request. */
export interface GeminiToolConfig {
  /** Function calling settings. */
  functionCallingConfig?: GeminiFunctionCallingConfig;
}

/** The part of `GenerateContentConfig` the adapter touches. */
export interface GeminiGenerateContentConfig {
  /** Tools: `{ functionDeclarations }` entries, other Google tools and callable tools. */
  tools?: unknown[];
  /** Tool settings. */
  toolConfig?: GeminiToolConfig;
}

/** The parameters of `models.generateContent` and `models.generateContentStream`. */
export interface GeminiGenerateContentRequest {
  /** The model id. */
  model: string;
  /** The conversation: a content, a part, a string, or a list of those. */
  contents: unknown;
  /** Settings, tools included. */
  config?: GeminiGenerateContentConfig;
}

/** One candidate of a response. */
export interface GeminiCandidate {
  /** The model's turn. */
  content?: GeminiContent;
}

/** A `generateContent` response, or one chunk of `generateContentStream`. */
export interface GeminiGenerateContentResponse {
  /** The candidates. */
  candidates?: GeminiCandidate[];
}
