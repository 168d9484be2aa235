import type { MessageParam, ToolUnion } from '@anthropic-ai/sdk/resources/messages/messages';
import { describe, expectTypeOf, it } from 'vitest';
import type { MessagesToolResultMessage, messagesToolsFromHub } from './index.js';

describe('the hub bridge for Anthropic', () => {
  it('should give tools and tool results the SDK takes', () => {
    expectTypeOf<ReturnType<typeof messagesToolsFromHub>['tools'][number]>().toExtend<ToolUnion>();
    expectTypeOf<MessagesToolResultMessage>().toExtend<MessageParam>();
  });
});
