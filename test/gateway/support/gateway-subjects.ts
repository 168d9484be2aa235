import Anthropic from '@anthropic-ai/sdk';
import { type FunctionCall, GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import {
  buildAnthropicRequest,
  buildChatRequest,
  buildGeminiRequest,
  buildResponsesRequest,
} from '../../conformance/fixture-requests.js';
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
  build: (fixture) => buildChatRequest(fixture) as unknown as Record<string, unknown>,
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
  build: (fixture) => buildResponsesRequest(fixture) as unknown as Record<string, unknown>,
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
  build: (fixture) => buildAnthropicRequest(fixture) as unknown as Record<string, unknown>,
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
  build: (fixture) => buildGeminiRequest(fixture) as unknown as Record<string, unknown>,
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
