/**
 * The parts of OpenAI Chat Completions requests, responses and stream chunks that carry tool
 * names, as minimal structural types. Everything else passes through untouched. Checked against
 * the `openai` package's own types in `chat-wire.test-d.ts`.
 */

/** A function tool in `tools`. */
export interface ChatFunctionTool {
  type: 'function';
  function: {
    name: string;
    description?: string;
    parameters?: Record<string, unknown>;
    strict?: boolean | null;
  };
}

/** A custom (free-form input) tool in `tools`. */
export interface ChatCustomTool {
  type: 'custom';
  custom: { name: string; description?: string };
}

/** A tool call in an assistant message of the history, or in a response. */
export interface ChatToolCall {
  id: string;
  type: 'function' | 'custom';
  function?: { name: string; arguments: string };
  custom?: { name: string; input: string };
}

/** A Chat Completions request, as far as tool names go. */
export interface ChatRequestLike {
  messages: readonly unknown[];
  tools?: readonly unknown[];
  tool_choice?: unknown;
  functions?: readonly unknown[];
  function_call?: unknown;
}

/** A chat completion, as far as tool calls go. */
export interface ChatCompletionLike {
  choices: readonly {
    message: {
      tool_calls?: readonly unknown[] | null;
      function_call?: { name: string; arguments: string } | null;
    };
  }[];
}

/** A streamed chunk, as far as tool calls go. */
export interface ChatCompletionChunkLike {
  choices: readonly {
    index: number;
    delta: {
      tool_calls?: readonly {
        index: number;
        function?: { name?: string; arguments?: string };
      }[];
      function_call?: { name?: string; arguments?: string };
    };
    finish_reason: string | null;
  }[];
}
