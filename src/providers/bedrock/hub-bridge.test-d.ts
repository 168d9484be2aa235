import type { Message, ToolConfiguration } from '@aws-sdk/client-bedrock-runtime';
import { describe, expectTypeOf, it } from 'vitest';
import type { BedrockToolResultMessage, bedrockToolsFromHub } from './index.js';

describe('the hub bridge for Bedrock', () => {
  it('should give a tool configuration and tool results the SDK takes', () => {
    expectTypeOf<
      ReturnType<typeof bedrockToolsFromHub>['toolConfig']
    >().toExtend<ToolConfiguration>();
    expectTypeOf<BedrockToolResultMessage>().toExtend<Message>();
  });
});
