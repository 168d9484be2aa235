import type { HubToolFilter as BedrockFilter } from 'toolwire/bedrock';
import type { HubToolFilter as OpenAIFilter, ToolHubLike } from 'toolwire/openai';
import { describe, expectTypeOf, it } from 'vitest';

describe('the hub bridge types, re-exported from every adapter entry', () => {
  it('should be the same types from each entry', () => {
    expectTypeOf<BedrockFilter>().toEqualTypeOf<OpenAIFilter>();
    expectTypeOf<ToolHubLike>().toHaveProperty('tools');
  });
});
