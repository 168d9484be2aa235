import { generateText, stepCountIs, wrapLanguageModel } from 'ai-v6';
import { MockLanguageModelV3 } from 'ai-v6/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolWireMap } from '../../src/index.js';
import { aiSdkToolsFromHub, toolwireMiddleware } from '../../src/providers/ai-sdk/index.js';
import { type AgentLoopHub, canonical, offeredTools, startAgentLoopHub } from './agent-loop-hub.js';

/** What ai 6 passes a specification-v3 model. */
type LanguageModelV3CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

// ai 6 runs only specification-v3 models and no v3 provider package is installed beside it, so
// the model here is ai 6's own MockLanguageModelV3: it calls tools by the wire names the
// middleware sent it, like the provider server does, and records what each step sent.
describe('agent loop: AI SDK (ai 6) through the hub', () => {
  let loop: AgentLoopHub;
  beforeAll(async () => {
    loop = await startAgentLoopHub();
  });
  afterAll(async () => {
    await loop?.close();
  });

  it('should make generateText with stopWhen the whole loop under ai 6', async () => {
    const { hub } = loop;
    const calls: LanguageModelV3CallOptions[] = [];
    const wire = createToolWireMap(offeredTools(), { envelope: 'openai' });
    const model = new MockLanguageModelV3({
      provider: 'openai.chat',
      doGenerate: async (options) => {
        calls.push(options);
        const offered = new Set((options.tools ?? []).map((tool) => tool.name));
        const call = (id: string, name: string, input: unknown) => {
          expect(offered).toContain(wire.toWire(name));
          return {
            type: 'tool-call' as const,
            toolCallId: id,
            toolName: wire.toWire(name),
            input: JSON.stringify(input),
          };
        };
        return calls.length === 1
          ? {
              content: [
                call('a', canonical('everything', 'get-sum'), { a: 20, b: 22 }),
                call('b', canonical('everything', 'get-tiny-image'), {}),
                call('c', canonical('filesystem', 'read_text_file'), { path: '/etc/hostname' }),
              ],
              finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
              usage,
              warnings: [],
            }
          : {
              content: [{ type: 'text', text: 'Done.' }],
              finishReason: { unified: 'stop', raw: 'stop' },
              usage,
              warnings: [],
            };
      },
    });
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: toolwireMiddleware() }),
      prompt: 'Add and look.',
      stopWhen: stepCountIs(5),
      ...aiSdkToolsFromHub({ hub, tools: offeredTools() }),
    });

    expect(result.text).toBe('Done.');
    expect(calls).toHaveLength(2);
    // Names went out as wire names; the second step sends each tool result, converted.
    const results = (calls[1]?.prompt ?? [])
      .filter((message) => message.role === 'tool')
      .flatMap((message) => message.content);
    expect(
      results.map((part) => part.type === 'tool-result' && [part.toolCallId, part.toolName]),
    ).toEqual([
      ['a', wire.toWire(canonical('everything', 'get-sum'))],
      ['b', wire.toWire(canonical('everything', 'get-tiny-image'))],
      ['c', wire.toWire(canonical('filesystem', 'read_text_file'))],
    ]);
    const outputs = results.map((part) => (part.type === 'tool-result' ? part.output : undefined));
    expect(outputs[0]).toEqual({ type: 'text', value: 'The sum of 20 and 22 is 42.' });
    expect(outputs[1]).toMatchObject({
      type: 'content',
      value: [
        { type: 'text', text: "Here's the image you requested:" },
        { type: 'image-data', mediaType: 'image/png', data: expect.stringMatching(/^iVBOR/) },
        { type: 'text' },
      ],
    });
    expect(outputs[2]).toEqual({
      type: 'error-text',
      value: expect.stringMatching(/^Access denied/),
    });
  });
});
