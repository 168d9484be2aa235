import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { generateText, jsonSchema, streamText, type ToolSet, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import type { ProjectionWarning } from '../../core/projection/projection-warning.js';
import { toolwireMiddleware } from './index.js';

const DOTTED = 'maps__geo.lookup';
const COLON = 'maps__geo:lookup';
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A model of the given provider id that calls the first tool it is offered, by its wire name. */
function modelOf(provider: string, calls: LanguageModelV4CallOptions[]): MockLanguageModelV4 {
  const firstTool = (options: LanguageModelV4CallOptions) => {
    calls.push(options);
    const [first] = options.tools ?? [];
    return first?.name ?? 'none';
  };
  return new MockLanguageModelV4({
    provider,
    doGenerate: async (options) => ({
      content: [
        { type: 'tool-call', toolCallId: 'a', toolName: firstTool(options), input: '{"q":"x"}' },
      ],
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
      usage,
      warnings: [],
    }),
    doStream: async (options) => {
      const name = firstTool(options);
      const parts: LanguageModelV4StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'tool-input-start', id: 'a', toolName: name },
        { type: 'tool-input-delta', id: 'a', delta: '{"q":"x"}' },
        { type: 'tool-input-end', id: 'a' },
        { type: 'tool-call', toolCallId: 'a', toolName: name, input: '{"q":"x"}' },
        { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
      ];
      return { stream: convertArrayToReadableStream(parts) };
    },
  });
}

const tools: ToolSet = {
  [DOTTED]: tool({
    inputSchema: jsonSchema({ type: 'object', properties: { q: { type: 'string' } } }),
  }),
  [COLON]: tool({
    inputSchema: jsonSchema({ type: 'object', properties: { q: { type: 'string' } } }),
  }),
};

describe('toolwireMiddleware', () => {
  it('should follow the provider behind the model for the envelope', async () => {
    const cases: [string, string[]][] = [
      ['google.generative-ai', [DOTTED, COLON]], // dots and colons fit the Gemini API
      ['google.vertex.chat', [DOTTED]], // dots fit Vertex, colons do not
      ['amazon-bedrock', []],
      ['openai.chat', []],
      ['some-new-provider', []],
    ];
    for (const [provider, unchanged] of cases) {
      const calls: LanguageModelV4CallOptions[] = [];
      const model = wrapLanguageModel({
        model: modelOf(provider, calls),
        middleware: toolwireMiddleware(),
      });
      const { toolCalls } = await generateText({ model, tools, prompt: 'find it' });
      const sent = (calls[0]?.tools ?? []).map((entry) => entry.name);
      expect(
        sent.filter((name) => name === DOTTED || name === COLON),
        provider,
      ).toEqual(unchanged);
      expect(
        toolCalls.map((call) => [call.toolName, call.input]),
        provider,
      ).toEqual([[DOTTED, { q: 'x' }]]);
    }
  });

  it('should resolve streamed tool calls so streamText finds the tool', async () => {
    const calls: LanguageModelV4CallOptions[] = [];
    const resolved: string[] = [];
    const model = wrapLanguageModel({
      model: modelOf('openai.chat', calls),
      middleware: toolwireMiddleware({
        onResolutions: (list) => resolved.push(...list.map((entry) => entry.method)),
      }),
    });
    const result = streamText({ model, tools, prompt: 'find it' });
    expect((await result.toolCalls).map((call) => call.toolName)).toEqual([DOTTED]);
    expect(calls[0]?.tools?.[0]?.name).not.toBe(DOTTED);
    expect(resolved).toContain('exact');
  });

  it('should report the warnings of a call and honour an explicit envelope', async () => {
    const calls: LanguageModelV4CallOptions[] = [];
    const warnings: ProjectionWarning[] = [];
    const model = wrapLanguageModel({
      model: modelOf('google.generative-ai', calls),
      middleware: toolwireMiddleware({
        envelope: 'universal',
        onWarnings: (list) => warnings.push(...list),
      }),
    });
    await generateText({
      model,
      tools: { ...tools, broken: tool({ inputSchema: jsonSchema(true as never) }) },
      prompt: 'find it',
    });
    expect((calls[0]?.tools ?? []).map((entry) => entry.name)).not.toContain(DOTTED);
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'SCHEMA_REPLACED', tool: 'broken' }),
    ]);
  });
});
