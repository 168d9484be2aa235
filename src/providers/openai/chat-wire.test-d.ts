import OpenAI from 'openai';
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParams,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionCustomTool,
  ChatCompletionFunctionTool,
  ChatCompletionMessageFunctionToolCall,
} from 'openai/resources/chat/completions';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  ChatCompletionChunkLike,
  ChatCompletionLike,
  ChatCustomTool,
  ChatFunctionTool,
  ChatRequestLike,
} from './chat-wire.js';
import { projectChatRequest } from './project-chat-request.js';
import { wrapOpenAI } from './wrap-openai.js';

describe('chat wire types', () => {
  it('should accept the SDK request, response and chunk types', () => {
    expectTypeOf<ChatCompletionCreateParams>().toExtend<ChatRequestLike>();
    expectTypeOf<ChatCompletion>().toExtend<ChatCompletionLike>();
    expectTypeOf<ChatCompletionChunk>().toExtend<ChatCompletionChunkLike>();
  });

  it('should describe tools the SDK accepts', () => {
    expectTypeOf<ChatFunctionTool>().toExtend<ChatCompletionFunctionTool>();
    expectTypeOf<ChatCustomTool>().toExtend<ChatCompletionCustomTool>();
    expectTypeOf<ChatCompletionMessageFunctionToolCall>().toExtend<{
      function: { name: string };
    }>();
  });

  it('should give back the projected request and resolved response with the SDK types', () => {
    const projected = projectChatRequest({} as ChatCompletionCreateParamsStreaming);
    expectTypeOf(projected.request).toEqualTypeOf<ChatCompletionCreateParamsStreaming>();
    expectTypeOf(
      projected.resolveResponse({} as ChatCompletion).response,
    ).toEqualTypeOf<ChatCompletion>();
    expectTypeOf(projected.resolveStreamEvent({} as ChatCompletionChunk).events).toEqualTypeOf<
      ChatCompletionChunk[]
    >();
  });

  it('should keep the client type through wrapOpenAI', () => {
    const client = wrapOpenAI(new OpenAI({ apiKey: 'x' }));
    expectTypeOf(client).toEqualTypeOf<OpenAI>();
    expectTypeOf(
      client.chat.completions.create({ model: 'm', messages: [] }),
    ).resolves.toEqualTypeOf<ChatCompletion & { _request_id?: string | null }>();
  });
});
