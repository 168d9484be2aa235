import Anthropic from '@anthropic-ai/sdk';
import type { Tool as AnthropicTool, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { type Content, type FunctionCall, GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type {
  ResponseInputItem,
  Tool as ResponsesTool,
} from 'openai/resources/responses/responses';
import type { ConformanceFixture } from '../../conformance/fixtures.js';
import { anthropicModule } from '../../provider-server/anthropic-module.js';
import { geminiModule } from '../../provider-server/gemini-module.js';
import { openaiChatModule } from '../../provider-server/openai-chat-module.js';
import { openaiResponsesModule } from '../../provider-server/openai-responses-module.js';
import type { ProviderModule } from '../../provider-server/provider-module.js';

/** A tool call as the caller's SDK returned it. */
export interface ReturnedCall {
  name: string;
  arguments: unknown;
}

/**
 * One API as an application calls it: the request it builds from a fixture (canonical names) and
 * how its official SDK sends it to a base URL, plain or streamed.
 */
export interface GatewaySubject {
  name: string;
  modules: ProviderModule[];
  /** The raw request body for a fixture, with canonical names. */
  build(fixture: ConformanceFixture): Record<string, unknown>;
  /** Sends with the official SDK and returns the tool calls that came back. */
  send(baseUrl: string, request: Record<string, unknown>, stream: boolean): Promise<ReturnedCall[]>;
  /** The caller-visible error the SDK raised, as `{ status, type }`. */
  errorOf(error: unknown): { status: number | undefined; message: string };
}

const openai = (baseUrl: string) =>
  new OpenAI({ apiKey: 'sk-test-secret', baseURL: `${baseUrl}/v1`, maxRetries: 0 });
const anthropic = (baseUrl: string) =>
  new Anthropic({ apiKey: 'sk-ant-test-secret', baseURL: baseUrl, maxRetries: 0 });
const gemini = (baseUrl: string) =>
  new GoogleGenAI({ apiKey: 'gemini-test-secret', httpOptions: { baseUrl } });

const errorOf = (error: unknown): { status: number | undefined; message: string } => ({
  status: (error as { status?: number }).status,
  message: error instanceof Error ? error.message : String(error),
});

/** OpenAI Chat Completions through the `openai` SDK. */
export const chatSubject: GatewaySubject = {
  name: 'openai-chat',
  modules: [openaiChatModule],
  build(fixture) {
    const messages: ChatCompletionMessageParam[] = [];
    if (fixture.system !== undefined) messages.push({ role: 'system', content: fixture.system });
    messages.push({ role: 'user', content: 'Do the thing.' });
    for (const call of fixture.history) {
      messages.push({
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          },
        ],
      });
      messages.push({ role: 'tool', tool_call_id: call.id, content: call.result });
    }
    const tools: ChatCompletionTool[] = fixture.tools.map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        parameters: tool.inputSchema,
      },
    }));
    return {
      model: 'gpt-test',
      messages,
      tools,
      ...(fixture.toolChoice === undefined
        ? {}
        : { tool_choice: { type: 'function', function: { name: fixture.toolChoice } } }),
    };
  },
  async send(baseUrl, request, stream) {
    const sdk = openai(baseUrl);
    if (!stream) {
      const completion = await sdk.chat.completions.create(request as never);
      return (completion.choices[0]?.message.tool_calls ?? []).flatMap((call) =>
        call.type === 'function'
          ? [{ name: call.function.name, arguments: JSON.parse(call.function.arguments) }]
          : [],
      );
    }
    const calls: { name: string; json: string }[] = [];
    const chunks = await sdk.chat.completions.create({
      ...(request as unknown as OpenAI.Chat.ChatCompletionCreateParamsStreaming),
      stream: true,
    });
    for await (const chunk of chunks) {
      for (const call of chunk.choices[0]?.delta.tool_calls ?? []) {
        calls[call.index] ??= { name: '', json: '' };
        const entry = calls[call.index] as { name: string; json: string };
        if (call.function?.name !== undefined) entry.name = call.function.name;
        entry.json += call.function?.arguments ?? '';
      }
    }
    return calls.map((call) => ({ name: call.name, arguments: JSON.parse(call.json || '{}') }));
  },
  errorOf,
};

/** OpenAI Responses through the `openai` SDK. */
export const responsesSubject: GatewaySubject = {
  name: 'openai-responses',
  modules: [openaiResponsesModule],
  build(fixture) {
    const input: ResponseInputItem[] = [{ role: 'user', content: 'Do the thing.' }];
    for (const call of fixture.history) {
      input.push({
        type: 'function_call',
        call_id: call.id,
        name: call.name,
        arguments: JSON.stringify(call.arguments),
      });
      input.push({ type: 'function_call_output', call_id: call.id, output: call.result });
    }
    const tools: ResponsesTool[] = fixture.tools.map((tool) => ({
      type: 'function',
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: tool.inputSchema,
      strict: false,
    }));
    return {
      model: 'gpt-test',
      ...(fixture.system === undefined ? {} : { instructions: fixture.system }),
      input,
      tools,
      ...(fixture.toolChoice === undefined
        ? {}
        : { tool_choice: { type: 'function', name: fixture.toolChoice } }),
    };
  },
  async send(baseUrl, request, stream) {
    const sdk = openai(baseUrl);
    if (!stream) {
      const response = await sdk.responses.create(request as never);
      return response.output.flatMap((item) =>
        item.type === 'function_call'
          ? [{ name: item.name, arguments: JSON.parse(item.arguments) }]
          : [],
      );
    }
    const names = new Map<string, string>();
    const args = new Map<string, string>();
    const events = await sdk.responses.create({
      ...(request as unknown as OpenAI.Responses.ResponseCreateParamsStreaming),
      stream: true,
    });
    for await (const event of events) {
      if (event.type === 'response.output_item.added' && event.item.type === 'function_call') {
        names.set(String(event.item.id), event.item.name);
        args.set(String(event.item.id), '');
      }
      if (event.type === 'response.function_call_arguments.delta') {
        args.set(event.item_id, (args.get(event.item_id) ?? '') + event.delta);
      }
    }
    return [...names].map(([id, name]) => ({ name, arguments: JSON.parse(args.get(id) || '{}') }));
  },
  errorOf,
};

/** Anthropic Messages through `@anthropic-ai/sdk` (the stream through its `MessageStream`). */
export const anthropicSubject: GatewaySubject = {
  name: 'anthropic-messages',
  modules: [anthropicModule],
  build(fixture) {
    const messages: MessageParam[] = [{ role: 'user', content: 'Do the thing.' }];
    for (const call of fixture.history) {
      messages.push({
        role: 'assistant',
        content: [{ type: 'tool_use', id: call.id, name: call.name, input: call.arguments }],
      });
      messages.push({
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: call.id, content: call.result }],
      });
    }
    const tools: AnthropicTool[] = fixture.tools.map((tool, index) => ({
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      input_schema: tool.inputSchema as AnthropicTool['input_schema'],
      ...(index === fixture.tools.length - 1
        ? { cache_control: { type: 'ephemeral' as const } }
        : {}),
    }));
    return {
      model: 'claude-test',
      max_tokens: 1024,
      ...(fixture.system === undefined ? {} : { system: fixture.system }),
      messages,
      tools,
      ...(fixture.toolChoice === undefined
        ? {}
        : { tool_choice: { type: 'tool', name: fixture.toolChoice } }),
    };
  },
  async send(baseUrl, request, stream) {
    const sdk = anthropic(baseUrl);
    const message = stream
      ? await sdk.messages.stream(request as never).finalMessage()
      : await sdk.messages.create(request as never);
    return message.content.flatMap((block) =>
      block.type === 'tool_use' ? [{ name: block.name, arguments: block.input }] : [],
    );
  },
  errorOf,
};

/** Gemini `generateContent` / `generateContentStream` through `@google/genai`. */
export const geminiSubject: GatewaySubject = {
  name: 'gemini',
  modules: [geminiModule],
  build(fixture) {
    const contents: Content[] = [{ role: 'user', parts: [{ text: 'Help me with my work.' }] }];
    for (const call of fixture.history) {
      contents.push(
        {
          role: 'model',
          parts: [{ functionCall: { id: call.id, name: call.name, args: call.arguments } }],
        },
        {
          role: 'user',
          parts: [
            {
              functionResponse: { id: call.id, name: call.name, response: { output: call.result } },
            },
          ],
        },
      );
    }
    contents.push({ role: 'user', parts: [{ text: 'Go on.' }] });
    return {
      model: 'gemini-2.5-flash',
      contents,
      config: {
        tools: [
          {
            functionDeclarations: fixture.tools.map((tool) => ({
              name: tool.name,
              ...(tool.description === undefined ? {} : { description: tool.description }),
              parametersJsonSchema: tool.inputSchema,
            })),
          },
        ],
        ...(fixture.toolChoice === undefined
          ? {}
          : {
              toolConfig: {
                functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [fixture.toolChoice] },
              },
            }),
      },
    };
  },
  async send(baseUrl, request, stream) {
    const ai = gemini(baseUrl);
    const toCalls = (calls: FunctionCall[] | undefined): ReturnedCall[] =>
      (calls ?? []).map((call) => ({ name: String(call.name), arguments: call.args }));
    if (!stream) return toCalls((await ai.models.generateContent(request as never)).functionCalls);
    const calls: ReturnedCall[] = [];
    for await (const chunk of await ai.models.generateContentStream(request as never)) {
      calls.push(...toCalls(chunk.functionCalls));
    }
    return calls;
  },
  errorOf,
};

/** Every API the gateway rewrites, as applications call it. */
export const GATEWAY_SUBJECTS: readonly GatewaySubject[] = [
  chatSubject,
  responsesSubject,
  anthropicSubject,
  geminiSubject,
];
