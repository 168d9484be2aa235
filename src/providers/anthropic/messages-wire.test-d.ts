import Anthropic from '@anthropic-ai/sdk';
import type {
  Message,
  MessageCreateParams,
  RawMessageStreamEvent,
  Tool,
  ToolUseBlock,
} from '@anthropic-ai/sdk/resources/messages';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  MessagesRequestLike,
  MessagesResponseLike,
  MessagesStreamEventLike,
  MessagesTool,
  MessagesToolUseBlock,
} from './messages-wire.js';
import { projectMessagesRequest } from './project-messages-request.js';
import { wrapAnthropic } from './wrap-anthropic.js';

describe('messages wire types', () => {
  it('should accept the SDK request, response and event types', () => {
    expectTypeOf<MessageCreateParams>().toExtend<MessagesRequestLike>();
    expectTypeOf<Message>().toExtend<MessagesResponseLike>();
    expectTypeOf<RawMessageStreamEvent>().toExtend<MessagesStreamEventLike>();
  });

  it('should describe tools and tool_use blocks the SDK accepts', () => {
    expectTypeOf<MessagesTool>().toExtend<Tool>();
    expectTypeOf<ToolUseBlock>().toExtend<MessagesToolUseBlock>();
  });

  it('should give back the projected request and resolved message with the SDK types', () => {
    const projected = projectMessagesRequest({} as MessageCreateParams);
    expectTypeOf(projected.request).toEqualTypeOf<MessageCreateParams>();
    expectTypeOf(projected.resolveResponse({} as Message).response).toEqualTypeOf<Message>();
  });

  it('should keep the client type through wrapAnthropic', () => {
    expectTypeOf(wrapAnthropic(new Anthropic({ apiKey: 'x' }))).toEqualTypeOf<Anthropic>();
  });
});
