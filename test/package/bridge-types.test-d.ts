import { describe, expectTypeOf, it } from 'vitest';
import type { HubToolFilter as BedrockFilter } from '../../src/providers/bedrock/index.js';
import type {
  HubToolFilter as OpenAIFilter,
  ToolHubLike,
} from '../../src/providers/openai/index.js';

describe('the hub bridge types, re-exported from every adapter entry', () => {
  it('should be the same types from each entry', () => {
    expectTypeOf<BedrockFilter>().toEqualTypeOf<OpenAIFilter>();
    expectTypeOf<ToolHubLike>().toHaveProperty('tools');
  });
});
