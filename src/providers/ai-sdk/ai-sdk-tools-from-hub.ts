import type { HubRunOptions, HubToolsOptions } from '../hub-bridge/hub-tools-options.js';
import { joinToolResultText, readToolResult } from '../hub-bridge/read-tool-result.js';
import { runHubToolCalls } from '../hub-bridge/run-hub-tool-calls.js';
import { hubToolDescription, selectHubTools } from '../hub-bridge/select-hub-tools.js';
import type { ToolCallResult } from '../hub-bridge/tool-hub.js';

/**
 * An input schema both `ai` 6 and `ai` 7 take: a Standard Schema with a JSON Schema converter.
 * The object also carries the AI SDK's own schema marker, so `ai` sends the hub's JSON Schema
 * exactly as it is (its Standard Schema path would close every object).
 */
export interface AiSdkHubInputSchema {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => { value: Record<string, unknown> };
    readonly jsonSchema: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>;
      readonly output: (options: { readonly target: string }) => Record<string, unknown>;
    };
  };
}

/** What `toModelOutput` gives the model: the subset of `ToolResultOutput` `ai` 6 and 7 share. */
export type AiSdkHubToolOutput =
  | { type: 'text'; value: string }
  | { type: 'error-text'; value: string }
  | {
      type: 'content';
      value: (
        | { type: 'text'; text: string }
        | { type: 'image-data'; data: string; mediaType: string }
        | { type: 'file-data'; data: string; mediaType: string }
      )[];
    };

/** An AI SDK tool that runs through the hub (assignable to `Tool` of `ai` 6 and `ai` 7). */
export interface AiSdkHubTool {
  /** The tool's description, from the server. */
  description?: string;
  /** The hub's JSON Schema. */
  inputSchema: AiSdkHubInputSchema;
  /** Calls the tool through the hub; a failure is an error result, never a throw. */
  execute: (
    input: unknown,
    options: { toolCallId: string; abortSignal?: AbortSignal | undefined },
  ) => Promise<ToolCallResult>;
  /** Turns the MCP result into what the model reads. */
  toModelOutput: (options: { output: unknown }) => AiSdkHubToolOutput;
}

/** Options of {@link aiSdkToolsFromHub}. */
export interface AiSdkToolsFromHubOptions
  extends HubToolsOptions,
    Omit<HubRunOptions, 'hub' | 'concurrency'> {
  /** The hub (`McpHub` from `toolwire/mcp` fits). */
  hub: HubRunOptions['hub'];
}

const SCHEMA_MARKER = Symbol.for('vercel.ai.schema');

/**
 * The hub's tools as AI SDK `tools`, under canonical names with the hub's JSON Schemas; each
 * `execute` calls the hub (with the step's abort signal, the timeout and progress callback) and
 * `toModelOutput` converts the MCP result: text, images and PDFs as content parts, other media as
 * a placeholder, an error result or a failed call (unknown tool, server down, timeout) as
 * `error-text` with the reason. With `toolwireMiddleware` on the model, `generateText` with
 * `stopWhen` is the whole agent loop. Works with `ai` 6 and `ai` 7.
 *
 * @example
 * ```ts
 * const { text } = await generateText({
 *   model: wrapLanguageModel({ model, middleware: toolwireMiddleware() }),
 *   prompt: 'Remember that Ada wrote the first program.',
 *   stopWhen: stepCountIs(5),
 *   ...aiSdkToolsFromHub({ hub }),
 * });
 * ```
 */
export function aiSdkToolsFromHub(options: AiSdkToolsFromHubOptions): {
  tools: Record<string, AiSdkHubTool>;
} {
  const tools: Record<string, AiSdkHubTool> = {};
  for (const tool of selectHubTools(options.hub, options)) {
    const description = hubToolDescription(tool);
    const schema = tool.inputSchema as Record<string, unknown>;
    const inputSchema = {
      [SCHEMA_MARKER]: true,
      _type: undefined,
      jsonSchema: schema,
      validate: undefined,
      '~standard': {
        version: 1,
        vendor: 'toolwire',
        // The MCP server validates its own arguments; the model's input goes to it unchanged.
        validate: (value: unknown) => ({ value: value as Record<string, unknown> }),
        jsonSchema: { input: () => schema, output: () => schema },
      },
    } as const;
    tools[tool.canonical] = {
      ...(description === undefined ? {} : { description }),
      inputSchema,
      async execute(input, { toolCallId, abortSignal }) {
        const signals = [options.signal, abortSignal].filter(
          (signal): signal is AbortSignal => signal !== undefined,
        );
        const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
        const [outcome] = await runHubToolCalls({
          ...options,
          ...(signal === undefined ? {} : { signal }),
          calls: [{ id: toolCallId, name: tool.canonical, arguments: input }],
        });
        return (outcome as { result: ToolCallResult }).result;
      },
      toModelOutput: ({ output }) => modelOutput(output, tool.canonical, options),
    };
  }
  return { tools };
}

function modelOutput(
  output: unknown,
  name: string,
  options: AiSdkToolsFromHubOptions,
): AiSdkHubToolOutput {
  const result = (typeof output === 'object' && output !== null ? output : {}) as ToolCallResult;
  const { pieces, isError } = readToolResult(
    { call: { id: '', name, arguments: {} }, result, isError: result.isError === true },
    {
      ...options,
      provider: 'AI SDK',
      accepts: (media) => media.kind === 'image' || media.mimeType === 'application/pdf',
      errorFlag: true,
    },
  );
  if (isError) return { type: 'error-text', value: joinToolResultText(pieces) };
  if (pieces.every((piece) => piece.type === 'text')) {
    return { type: 'text', value: joinToolResultText(pieces) };
  }
  return {
    type: 'content',
    value: pieces.map((piece) =>
      piece.type === 'text'
        ? { type: 'text', text: piece.text }
        : {
            type: piece.kind === 'image' ? 'image-data' : 'file-data',
            data: piece.data,
            mediaType: piece.mimeType,
          },
    ),
  };
}
