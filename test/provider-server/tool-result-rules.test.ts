import { describe, expect, it } from 'vitest';
import {
  checkAnthropicToolResults,
  checkBedrockToolResults,
  checkChatToolResults,
  checkGeminiToolResults,
  checkResponsesToolResults,
} from './tool-result-rules.js';

const messages = (...list: unknown[]) => ({ messages: list });

describe('tool result rules', () => {
  it('should require every Chat tool call to be answered, with text only', () => {
    const assistant = {
      role: 'assistant',
      tool_calls: [
        { id: 'a', type: 'function', function: { name: 'x', arguments: '{}' } },
        { id: 'b', type: 'function', function: { name: 'x', arguments: '{}' } },
      ],
    };
    expect(
      checkChatToolResults(messages(assistant, { role: 'tool', tool_call_id: 'a', content: 'ok' })),
    ).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('did not have response messages: b'),
      }),
    ]);
    expect(
      checkChatToolResults(
        messages(
          assistant,
          { role: 'tool', tool_call_id: 'a', content: [{ type: 'image_url' }] },
          { role: 'tool', tool_call_id: 'b', content: 'ok' },
        ),
      ),
    ).toEqual([expect.objectContaining({ path: 'messages[1].content[0].type' })]);
    expect(
      checkChatToolResults(messages({ role: 'tool', tool_call_id: 'z', content: 'x' })),
    ).toHaveLength(1);
  });

  it('should pair Responses calls and outputs by call_id', () => {
    const call = { type: 'function_call', call_id: 'a', name: 'x', arguments: '{}' };
    expect(checkResponsesToolResults({ input: [call] })).toEqual([
      expect.objectContaining({ message: 'No tool output found for function call a.' }),
    ]);
    expect(
      checkResponsesToolResults({
        input: [call, { type: 'function_call_output', call_id: 'b', output: 'x' }],
      }),
    ).toContainEqual(
      expect.objectContaining({
        message: 'No tool call found for function call output with call_id b.',
      }),
    );
    expect(
      checkResponsesToolResults({
        input: [
          call,
          { type: 'function_call_output', call_id: 'a', output: [{ type: 'input_audio' }] },
        ],
      }),
    ).toHaveLength(1);
  });

  it('should require Anthropic tool_result blocks right after tool_use, with valid images', () => {
    const use = {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 't', name: 'x', input: {} }],
    };
    expect(
      checkAnthropicToolResults(
        messages(use, { role: 'user', content: [{ type: 'text', text: 'hi' }] }),
      ),
    ).toEqual([
      expect.objectContaining({
        message: expect.stringContaining(
          'were found without `tool_result` blocks immediately after: t',
        ),
      }),
    ]);
    const image = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/tiff', data: 'AAAA' },
    };
    expect(
      checkAnthropicToolResults(
        messages(use, {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 't', content: [image] }],
        }),
      ),
    ).toHaveLength(1);
  });

  it('should require as many Gemini function responses as calls, each with an object response', () => {
    const model = {
      role: 'model',
      parts: [{ functionCall: { name: 'x', args: {} } }, { functionCall: { name: 'y', args: {} } }],
    };
    expect(
      checkGeminiToolResults({
        contents: [
          model,
          { role: 'user', parts: [{ functionResponse: { name: 'x', response: 'text' } }] },
        ],
      }),
    ).toHaveLength(2);
  });

  it('should require Bedrock toolResult blocks for every toolUse, each content block one member', () => {
    const use = {
      role: 'assistant',
      content: [{ toolUse: { toolUseId: 't', name: 'x', input: {} } }],
    };
    expect(
      checkBedrockToolResults(messages(use, { role: 'user', content: [{ text: 'hi' }] })),
    ).toEqual([
      expect.objectContaining({
        message: 'Expected toolResult blocks at messages.1.content for the following Ids: t',
      }),
    ]);
    expect(
      checkBedrockToolResults(
        messages(use, {
          role: 'user',
          content: [
            {
              toolResult: { toolUseId: 't', status: 'failed', content: [{ text: 'a', json: {} }] },
            },
          ],
        }),
      ),
    ).toHaveLength(2);
  });
});
