/**
 * The minimal structural types of the AI SDK language-model specification (v4, `ai` 7) that the
 * middleware reads and writes. Checked against `@ai-sdk/provider` in `ai-sdk-wire.test-d.ts`:
 * `LanguageModelV4CallOptions`, `LanguageModelV4GenerateResult` and `LanguageModelV4StreamPart`
 * extend them, so the middleware keeps the SDK's own types.
 */

/** A tool of the call: a function tool, or a provider tool (`type: 'provider'`), left alone. */
export interface AiSdkTool {
  /** `function` for the tools toolwire projects. */
  type: string;
  /** The tool's name. */
  name?: string;
  /** What it does. */
  description?: string;
  /** The JSON Schema of its input (function tools). */
  inputSchema?: unknown;
  /** Strict mode was asked for. */
  strict?: boolean;
}

/** A part of a prompt message that may name a tool. */
export interface AiSdkPromptPart {
  /** `tool-call`, `tool-result`, `text`, ... */
  type: string;
  /** The tool's name (`tool-call` and `tool-result`). */
  toolName?: string;
  /** The arguments of a `tool-call`. */
  input?: unknown;
}

/** One message of the prompt. */
export interface AiSdkMessage {
  /** `system`, `user`, `assistant` or `tool`. */
  role: string;
  /** Text (system) or parts. */
  content: string | readonly AiSdkPromptPart[];
}

/** The call options a model receives (`doGenerate` / `doStream`). */
export interface AiSdkCallOptions {
  /** The conversation. */
  prompt: readonly AiSdkMessage[];
  /** The tools. */
  tools?: readonly AiSdkTool[];
  /** `{ type: 'tool', toolName }` forces a tool. */
  toolChoice?: { type: string; toolName?: string };
}

/** A part of a generate result or of a stream that may name a tool. */
export interface AiSdkContentPart {
  /** `tool-call`, `tool-result`, `tool-input-start`, `tool-input-delta`, `tool-input-end`, ... */
  type: string;
  /** The tool's name. */
  toolName?: string;
  /** The arguments of a `tool-call`, as JSON text. */
  input?: string;
  /** The call id of `tool-input-*` parts. */
  id?: string;
  /** The argument piece of a `tool-input-delta`. */
  delta?: string;
}

/** What `doGenerate` returns. */
export interface AiSdkGenerateResult {
  /** The generated content. */
  content: readonly AiSdkContentPart[];
}
