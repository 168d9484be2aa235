import OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import {
  responsesToolsFromHub,
  runResponsesToolCalls,
  wrapOpenAI,
} from '../../src/providers/openai/index.js';
import { openaiResponsesModule } from '../provider-server/openai-responses-module.js';
import {
  expectAgentLoopRun,
  offeredTools,
  runAgentTurns,
  sentBody,
  useAgentLoopSuite,
} from './agent-loop-hub.js';

describe('agent loop: OpenAI Responses through the hub', () => {
  const suite = useAgentLoopSuite(openaiResponsesModule, 'openai');

  it('should run every call on its server and send function_call_output items', async () => {
    const { loop, server } = suite();
    const { hub } = loop;
    const openai = wrapOpenAI(new OpenAI({ apiKey: 'test', baseURL: `${server.url}/v1` }));
    const input: ResponseInputItem[] = [{ role: 'user', content: 'Note what you find.' }];
    const outcomes = await runAgentTurns(async () => {
      const response = await openai.responses.create({
        model: 'gpt-5',
        input,
        ...responsesToolsFromHub({ hub, tools: offeredTools() }),
      });
      const run = await runResponsesToolCalls({ hub, response, timeout: 20_000 });
      input.push(...(response.output as ResponseInputItem[]), ...run.items);
      return { outcomes: run.outcomes, results: run.items.length };
    });

    expectAgentLoopRun(suite(), outcomes);
    const sent = sentBody<{ input: Record<string, unknown>[] }>(server, 1).input;
    const outputs = sent.filter((item) => item.type === 'function_call_output');
    expect(outputs.map((item) => item.call_id)).toEqual(
      outcomes.map((_, index) => `call_${index + 1}`),
    );
    // The image goes as an input_image in a content array; text results stay strings.
    expect(outputs[2]?.output).toEqual([
      { type: 'input_text', text: "Here's the image you requested:" },
      {
        type: 'input_image',
        image_url: expect.stringMatching(/^data:image\/png;base64,iVBOR/),
        detail: 'auto',
      },
      expect.objectContaining({ type: 'input_text' }),
    ]);
    expect(outputs[0]?.output).toBe('Echo: hello from the model');
    expect(outputs[4]?.output).toMatch(/^Tool error: Access denied/);
    expect(outputs[7]?.output).toMatch(/^Error \(SERVER_UNAVAILABLE\)/);
    const calls = sent.filter((item) => item.type === 'function_call');
    expect(calls.every((call) => /^[A-Za-z0-9_-]{1,64}$/.test(String(call.name)))).toBe(true);
  });
});
