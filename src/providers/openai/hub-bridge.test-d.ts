import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { ResponseInputItem, Tool } from 'openai/resources/responses/responses';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  ChatToolMessage,
  chatToolsFromHub,
  ResponsesFunctionCallOutput,
  responsesToolsFromHub,
} from './index.js';

describe('the hub bridge for OpenAI', () => {
  it('should give tools and tool results the SDK takes', () => {
    expectTypeOf<
      ReturnType<typeof chatToolsFromHub>['tools'][number]
    >().toExtend<ChatCompletionTool>();
    expectTypeOf<ChatToolMessage>().toExtend<ChatCompletionMessageParam>();
    expectTypeOf<ReturnType<typeof responsesToolsFromHub>['tools'][number]>().toExtend<Tool>();
    expectTypeOf<ResponsesFunctionCallOutput>().toExtend<ResponseInputItem>();
  });
});
