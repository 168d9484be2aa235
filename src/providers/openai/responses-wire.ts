/**
 * The parts of OpenAI Responses API requests, responses and stream events that carry tool names,
 * as minimal structural types. Checked against the `openai` package's types in
 * `responses-wire.test-d.ts`.
 */

/** A function tool in `tools`. */
export interface ResponsesFunctionTool {
  type: 'function';
  name: string;
  description?: string | null;
  parameters: Record<string, unknown> | null;
  strict: boolean | null;
}

/** A namespace tool (2026): function and custom tools grouped under a namespace name. */
export interface ResponsesNamespaceTool {
  type: 'namespace';
  name: string;
  description: string;
  tools: { type: 'function'; name: string; description?: string | null; parameters?: unknown }[];
}

/** A function call item (in `input` history or in `output`). */
export interface ResponsesFunctionCall {
  type: 'function_call';
  call_id: string;
  name: string;
  arguments: string;
  namespace?: string;
}

/** A Responses request, as far as tool names go. */
export interface ResponsesRequestLike {
  input?: string | readonly unknown[] | null;
  tools?: readonly unknown[];
  tool_choice?: unknown;
}

/** A response, as far as tool calls go. */
export interface ResponsesResponseLike {
  output: readonly unknown[];
}

/** A stream event, as far as tool calls go. */
export interface ResponsesStreamEventLike {
  type: string;
}
