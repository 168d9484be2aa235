import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HubToolCallOutcome,
  messagesToolsFromHub,
  runMessagesToolCalls,
  wrapAnthropic,
} from '../../src/providers/anthropic/index.js';
import { anthropicModule } from '../provider-server/anthropic-module.js';
import {
  type ProviderServer,
  startProviderServer,
} from '../provider-server/start-provider-server.js';
import {
  type AgentLoopHub,
  agentLoopScript,
  expectFirstTurnOutcomes,
  offeredTools,
  sentBody,
  startAgentLoopHub,
} from './agent-loop-hub.js';

describe('agent loop: Anthropic Messages through the hub', () => {
  let loop: AgentLoopHub;
  let server: ProviderServer;
  beforeAll(async () => {
    loop = await startAgentLoopHub();
    server = await startProviderServer({
      modules: [anthropicModule],
      script: agentLoopScript(loop.folder, 'anthropic'),
    });
  });
  afterAll(async () => {
    await server?.close();
    await loop?.close();
  });

  it('should run every call on its server and send tool_result blocks', async () => {
    const { hub } = loop;
    const anthropic = wrapAnthropic(new Anthropic({ apiKey: 'test', baseURL: server.url }));
    const messages: MessageParam[] = [{ role: 'user', content: 'Note what you find.' }];
    const outcomes: HubToolCallOutcome[] = [];
    for (let turn = 0; turn < 5; turn++) {
      const message = await anthropic.messages.create({
        model: 'claude-sonnet-5',
        max_tokens: 1024,
        messages,
        ...messagesToolsFromHub({ hub, tools: offeredTools() }),
      });
      const run = await runMessagesToolCalls({ hub, response: message, timeout: 20_000 });
      outcomes.push(...run.outcomes);
      messages.push({ role: 'assistant', content: message.content }, ...run.messages);
      if (run.messages.length === 0) break;
    }

    expect(server.requests.map((request) => request.violations)).toEqual([[], []]);
    expectFirstTurnOutcomes(outcomes, loop.folder);
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
