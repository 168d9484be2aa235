import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { expect } from 'vitest';
import { projectChatRequest, wrapOpenAI } from '../../src/providers/openai/index.js';
import { openaiChatModule } from '../provider-server/openai-chat-module.js';
import {
  type AdapterSubject,
  type ReturnedCall,
  runAdapterConformance,
} from './adapter-conformance.js';
import { buildChatRequest } from './fixture-requests.js';

type Request = ChatCompletionCreateParamsNonStreaming;

const client = (baseUrl: string) =>
  new OpenAI({ apiKey: 'test', baseURL: `${baseUrl}/v1`, maxRetries: 0 });

async function callsOf(
  result:
    | OpenAI.Chat.Completions.ChatCompletion
    | AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>,
  resolveChunk?: (
    chunk: OpenAI.Chat.Completions.ChatCompletionChunk,
  ) => OpenAI.Chat.Completions.ChatCompletionChunk[],
): Promise<ReturnedCall[]> {
  if (!(Symbol.asyncIterator in result)) {
    return (result.choices[0]?.message.tool_calls ?? []).map((call) => {
      if (call.type !== 'function') throw new Error('expected a function call');
      return { name: call.function.name, arguments: JSON.parse(call.function.arguments) };
    });
  }
  const calls: { name: string; arguments: string }[] = [];
  for await (const raw of result) {
    for (const chunk of resolveChunk ? resolveChunk(raw) : [raw]) {
      for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
        calls[delta.index] ??= { name: '', arguments: '' };
        const slot = calls[delta.index] as { name: string; arguments: string };
        if (delta.function?.name) slot.name = delta.function.name;
        slot.arguments += delta.function?.arguments ?? '';
      }
    }
  }
  return calls.map((call) => ({ name: call.name, arguments: JSON.parse(call.arguments) }));
}

const subject: AdapterSubject<Request> = {
  name: 'openai-chat',
  envelope: 'openai',
  modules: [openaiChatModule],
  buildRequest: buildChatRequest,
  project: (request, options) => projectChatRequest(request, options) as never,
  wireNames(request) {
    const tools = (request.tools ?? []).flatMap((tool) =>
      tool.type === 'function' ? [tool.function.name] : [],
    );
    const choice = request.tool_choice;
    const toolChoice =
      typeof choice === 'object' && choice.type === 'function' ? [choice.function.name] : [];
    const history = request.messages.flatMap((message) =>
      message.role === 'assistant'
        ? (message.tool_calls ?? []).flatMap((call) =>
            call.type === 'function' ? [call.function.name] : [],
          )
        : [],
    );
    return { tools, toolChoice, history };
  },
  async send({ baseUrl, request, stream, projected }) {
    const sdk = client(baseUrl);
    if (!stream) {
      const completion = await sdk.chat.completions.create(request);
      return callsOf(
        projected ? projected.resolveResponse(completion as never).response : completion,
      );
    }
    const chunks = await sdk.chat.completions.create({ ...request, stream: true });
    return callsOf(
      chunks,
      projected ? (chunk) => projected.resolveStreamEvent(chunk as never).events : undefined,
    );
  },
  async sendWrapped({ baseUrl, request, stream, options }) {
    const sdk = wrapOpenAI(client(baseUrl), options);
    if (!stream) return callsOf(await sdk.chat.completions.create(request));
    return callsOf(await sdk.chat.completions.create({ ...request, stream: true }));
  },
  expectProviderRejection(error) {
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const body = (error as InstanceType<typeof OpenAI.BadRequestError>).error as {
      type?: string;
      message?: string;
    };
    expect(body.type).toBe('invalid_request_error');
    expect(body.message).toMatch(/^Invalid '/);
  },
};

runAdapterConformance(subject);
