import { describe, expect, it } from 'vitest';
import { ToolwireError } from '../../src/core/toolwire-error.js';
import { projectMessagesRequest } from '../../src/providers/anthropic/project-messages-request.js';
import { projectChatRequest } from '../../src/providers/openai/project-chat-request.js';
import { projectResponsesRequest } from '../../src/providers/openai/project-responses-request.js';

const expectInvalid = (run: () => unknown, message: RegExp) => {
  try {
    run();
  } catch (error) {
    expect(ToolwireError.isInstance(error)).toBe(true);
    expect((error as ToolwireError).code).toBe('INVALID_REQUEST');
    expect((error as ToolwireError).message).toMatch(message);
    return;
  }
  throw new Error('expected INVALID_REQUEST');
};

describe('assertRequestShape (through the adapters)', () => {
  it('should reject a malformed request with a typed error that names the API and field', () => {
    expectInvalid(
      () => projectChatRequest(null as never),
      /^OpenAI Chat Completions request must be an object/,
    );
    expectInvalid(
      () => projectChatRequest({ messages: 'hi' } as never),
      /"messages" must be an array/,
    );
    expectInvalid(
      () => projectChatRequest({ messages: [], tools: {} } as never),
      /"tools" must be an array/,
    );
    expectInvalid(
      () => projectResponsesRequest({ input: 'x', tools: 3 } as never),
      /^OpenAI Responses request: "tools"/,
    );
    expectInvalid(
      () => projectMessagesRequest({} as never),
      /^Anthropic Messages request: "messages"/,
    );
  });

  it('should accept absent optional arrays', () => {
    expect(projectChatRequest({ messages: [] }).request).toEqual({ messages: [] });
    expect(projectResponsesRequest({ input: 'x' }).request).toEqual({ input: 'x' });
  });
});
