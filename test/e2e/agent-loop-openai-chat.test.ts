import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import {
  chatToolsFromHub,
  type HubToolCallProgress,
  runChatToolCalls,
  wrapOpenAI,
} from '../../src/providers/openai/index.js';
import { openaiChatModule } from '../provider-server/openai-chat-module.js';
import {
  expectAgentLoopRun,
  offeredTools,
  runAgentTurns,
  sentBody,
  useAgentLoopSuite,
} from './agent-loop-hub.js';

describe('agent loop: OpenAI Chat Completions through the hub', () => {
  const suite = useAgentLoopSuite(openaiChatModule, 'openai');

  it('should run every call on its server and send the results in Chat shape', async () => {
    const { loop, server } = suite();
    const { hub } = loop;
    const openai = wrapOpenAI(new OpenAI({ apiKey: 'test', baseURL: `${server.url}/v1` }));
    const messages: ChatCompletionMessageParam[] = [
      { role: 'user', content: 'Note what you find.' },
    ];
    const progress: HubToolCallProgress[] = [];
    const outcomes = await runAgentTurns(async () => {
      const completion = await openai.chat.completions.create({
        model: 'gpt-5',
        messages,
        ...chatToolsFromHub({ hub, tools: offeredTools() }),
      });
      const message = completion.choices[0]?.message as ChatCompletionMessageParam;
      const run = await runChatToolCalls({
        hub,
        response: message,
        timeout: 20_000,
        onProgress: (event) => progress.push(event),
      });
      messages.push(message, ...run.messages);
      return { outcomes: run.outcomes, results: run.messages.length };
    });

    expectAgentLoopRun(suite(), outcomes);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]?.call.name).toContain('trigger-long-running-operation');
    expect(hub.server('io.github.example-org/scripted-crash-test-server')?.state).toBe('failed');

    // The next request carries one tool message per call, text only, in the calls' order.
    const sent = sentBody<{ messages: Record<string, unknown>[] }>(server, 1).messages;
    const tools = sent.filter((message) => message.role === 'tool');
    expect(tools.map((message) => message.tool_call_id)).toEqual(
      outcomes.map((_, index) => `call_${index + 1}`),
    );
    expect(tools.every((message) => typeof message.content === 'string')).toBe(true);
    expect(tools[2]?.content).toMatch(
      /^Here's the image you requested:\n\n\[image image\/png, [\d,]+ bytes, not shown: OpenAI Chat tool results do not take image\]/,
    );
    expect(tools[4]?.content).toMatch(/^Tool error: Access denied/);
    expect(tools[7]?.content).toMatch(/^Error \(SERVER_UNAVAILABLE\): Tool ".*__sleep"/);
    expect(tools[9]?.content).toMatch(/^Error \(TOOL_NOT_FOUND\)/);
    // The assistant's calls went out under wire names that fit and came back canonical.
    const assistant = sent.find((message) => message.role === 'assistant') as {
      tool_calls: { function: { name: string } }[];
    };
    expect(
      assistant.tool_calls.every((call) => /^[A-Za-z0-9_-]{1,64}$/.test(call.function.name)),
    ).toBe(true);
  });
});
