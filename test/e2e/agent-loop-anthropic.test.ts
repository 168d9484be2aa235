import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages/messages';
import { describe, expect, it } from 'vitest';
import {
  messagesToolsFromHub,
  runMessagesToolCalls,
  wrapAnthropic,
} from '../../src/providers/anthropic/index.js';
import { anthropicModule } from '../provider-server/anthropic-module.js';
import {
  expectAgentLoopRun,
  offeredTools,
  runAgentTurns,
  sentBody,
  useAgentLoopSuite,
} from './agent-loop-hub.js';

describe('agent loop: Anthropic Messages through the hub', () => {
  const suite = useAgentLoopSuite(anthropicModule, 'anthropic');

  it('should run every call on its server and send tool_result blocks', async () => {
    const { loop, server } = suite();
    const { hub } = loop;
    const anthropic = wrapAnthropic(new Anthropic({ apiKey: 'test', baseURL: server.url }));
    const messages: MessageParam[] = [{ role: 'user', content: 'Note what you find.' }];
    const outcomes = await runAgentTurns(async () => {
      const message = await anthropic.messages.create({
        model: 'claude-sonnet-5',
        max_tokens: 1024,
        messages,
        ...messagesToolsFromHub({ hub, tools: offeredTools() }),
      });
      const run = await runMessagesToolCalls({ hub, response: message, timeout: 20_000 });
      messages.push({ role: 'assistant', content: message.content }, ...run.messages);
      return { outcomes: run.outcomes, results: run.messages.length };
    });

    expectAgentLoopRun(suite(), outcomes);
    const sent = sentBody<{ messages: { role: string; content: Record<string, unknown>[] }[] }>(
      server,
      1,
    ).messages;
    expect(sent.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    const results = sent[2]?.content ?? [];
    expect(results.map((block) => block.tool_use_id)).toEqual(
      outcomes.map((_, index) => `call_${index + 1}`),
    );
    // The image is an image block; errors carry is_error with the reason.
    expect(results[2]?.content).toEqual([
      { type: 'text', text: "Here's the image you requested:" },
      {
        type: 'image',
        source: { type: 'base64', media_type: 'image/png', data: expect.stringMatching(/^iVBOR/) },
      },
      expect.objectContaining({ type: 'text' }),
    ]);
    expect(results[2]?.is_error).toBeUndefined();
    expect(results[4]).toMatchObject({
      is_error: true,
      content: [{ type: 'text', text: expect.stringMatching(/^Access denied/) }],
    });
    expect(results[7]).toMatchObject({
      is_error: true,
      content: [{ type: 'text', text: expect.stringMatching(/^Error \(SERVER_UNAVAILABLE\)/) }],
    });
    expect(results[9]).toMatchObject({ is_error: true });
  });
});
