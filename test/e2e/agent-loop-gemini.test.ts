import { type Content, GoogleGenAI } from '@google/genai';
import { describe, expect, it } from 'vitest';
import {
  geminiToolsFromHub,
  runGeminiFunctionCalls,
  wrapGemini,
} from '../../src/providers/gemini/index.js';
import { geminiModule } from '../provider-server/gemini-module.js';
import {
  expectAgentLoopRun,
  offeredTools,
  runAgentTurns,
  sentBody,
  useAgentLoopSuite,
} from './agent-loop-hub.js';

describe('agent loop: Gemini through the hub', () => {
  const suite = useAgentLoopSuite(geminiModule, 'gemini');

  it('should run every call on its server and send functionResponse parts', async () => {
    const { loop, server } = suite();
    const { hub } = loop;
    const ai = wrapGemini(
      new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: server.url } }),
    );
    const contents: Content[] = [{ role: 'user', parts: [{ text: 'Note what you find.' }] }];
    const outcomes = await runAgentTurns(async () => {
      const response = await ai.models.generateContent({
        model: 'gemini-2.5-flash',
        contents,
        config: { ...geminiToolsFromHub({ hub, tools: offeredTools() }) },
      });
      const run = await runGeminiFunctionCalls({ hub, response, timeout: 20_000 });
      contents.push(
        response.candidates?.[0]?.content ?? { role: 'model', parts: [] },
        ...run.contents,
      );
      return { outcomes: run.outcomes, results: run.contents.length };
    });

    expectAgentLoopRun(suite(), outcomes);
    type SentPart = { functionResponse?: Record<string, unknown>; functionCall?: { name: string } };
    const sent = sentBody<{ contents: { role: string; parts: SentPart[] }[] }>(server, 1).contents;
    expect(sent.map((content) => content.role)).toEqual(['user', 'model', 'user']);
    // The responses name the calls by their wire names, as the calls in the model turn do.
    const called = (sent[1]?.parts ?? []).map((part) => part.functionCall?.name);
    const responses = (sent[2]?.parts ?? []).map((part) => part.functionResponse ?? {});
    expect(responses.map((response) => response.name)).toEqual(called);
    expect(
      called.every(
        (name) => typeof name === 'string' && /^[A-Za-z_][A-Za-z0-9_.:-]{0,127}$/.test(name),
      ),
    ).toBe(true);
    expect(responses[0]?.response).toEqual({ output: 'Echo: hello from the model' });
    // The image goes in the function response's parts.
    expect(responses[2]?.parts).toEqual([
      { inlineData: { mimeType: 'image/png', data: expect.stringMatching(/^iVBOR/) } },
    ]);
    expect(responses[4]?.response).toEqual({ error: expect.stringMatching(/^Access denied/) });
    expect(responses[7]?.response).toEqual({
      error: expect.stringMatching(/^Error \(SERVER_UNAVAILABLE\)/),
    });
  });
});
