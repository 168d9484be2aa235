import { createOpenAI } from '@ai-sdk/openai';
import { generateText, stepCountIs, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import type { ToolCallResult } from '../../src/providers/ai-sdk/index.js';
import { aiSdkToolsFromHub, toolwireMiddleware } from '../../src/providers/ai-sdk/index.js';
import { openaiResponsesModule } from '../provider-server/openai-responses-module.js';
import {
  firstTurn,
  offeredTools,
  outcomeText,
  sentBody,
  UNKNOWN_WIRE_NAME,
  useAgentLoopSuite,
} from './agent-loop-hub.js';

describe('agent loop: AI SDK (ai 7) through the hub', () => {
  const suite = useAgentLoopSuite(openaiResponsesModule, 'openai');

  it('should make generateText with stopWhen the whole loop', async () => {
    const { loop, server } = suite();
    const { hub } = loop;
    const model = wrapLanguageModel({
      model: createOpenAI({ apiKey: 'test', baseURL: `${server.url}/v1` }).responses('gpt-5'),
      middleware: toolwireMiddleware(),
    });
    const result = await generateText({
      model,
      prompt: 'Note what you find.',
      stopWhen: stepCountIs(5),
      ...aiSdkToolsFromHub({ hub, tools: offeredTools(), timeout: 20_000 }),
    });
    expect(server.requests.map((request) => request.violations)).toEqual([[], []]);
    const first = result.steps[0];
    // Every call reached its server (the unknown name is answered by the AI SDK itself).
    const outputs = new Map(
      (first?.toolResults ?? []).map((entry) => [entry.toolCallId, entry.output as ToolCallResult]),
    );
    expect(outcomeText({ result: outputs.get('call_1') ?? {} })).toBe('Echo: hello from the model');
    expect(outcomeText({ result: outputs.get('call_2') ?? {} })).toBe('The sum of 2 and 3 is 5.');
    expect(outcomeText({ result: outputs.get('call_4') ?? {} })).toContain('Ada Lovelace');
    expect(outputs.get('call_5')?.isError).toBe(true);
    expect(outcomeText({ result: outputs.get('call_8') ?? {} })).toMatch(
      /^Error \(SERVER_UNAVAILABLE\)/,
    );
    expect(
      first?.content.filter((part) => part.type === 'tool-error').map((part) => part.toolName),
    ).toEqual([UNKNOWN_WIRE_NAME]);
    expect(result.text).toBe('');
    // The next request carries every result in the Responses shape, the image as input_image.
    const sent = sentBody<{ input: Record<string, unknown>[] }>(server, 1).input;
    const byId = new Map(
      sent
        .filter((item) => item.type === 'function_call_output')
        .map((item) => [item.call_id, item.output]),
    );
    expect(byId.size).toBe(firstTurn(loop.folder).length);
    expect(byId.get('call_3')).toContainEqual({
      type: 'input_image',
      image_url: expect.stringMatching(/^data:image\/png;base64,iVBOR/),
    });
    expect(byId.get('call_5')).toMatch(/Access denied/);
    expect(byId.get('call_8')).toMatch(/SERVER_UNAVAILABLE/);
  });
});
