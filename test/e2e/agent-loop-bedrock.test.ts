import {
  BedrockRuntimeClient,
  ConverseCommand,
  type Message,
} from '@aws-sdk/client-bedrock-runtime';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bedrockToolsFromHub,
  runBedrockToolUses,
  wrapBedrock,
} from '../../src/providers/bedrock/index.js';
import { bedrockModule } from '../provider-server/bedrock-module.js';
import {
  expectAgentLoopRun,
  offeredTools,
  runAgentTurns,
  sentBody,
  useAgentLoopSuite,
} from './agent-loop-hub.js';

describe('agent loop: Bedrock Converse through the hub', () => {
  let raw: BedrockRuntimeClient | undefined;
  afterAll(() => raw?.destroy());
  const suite = useAgentLoopSuite(bedrockModule, 'bedrock');

  it('should run every call on its server and send toolResult blocks', async () => {
    const { loop, server } = suite();
    const { hub } = loop;
    raw = new BedrockRuntimeClient({
      region: 'us-east-1',
      endpoint: server.url,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
    const bedrock = wrapBedrock(raw);
    const messages: Message[] = [{ role: 'user', content: [{ text: 'Note what you find.' }] }];
    const outcomes = await runAgentTurns(async () => {
      const { output } = await bedrock.send(
        new ConverseCommand({
          modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0',
          messages,
          ...bedrockToolsFromHub({ hub, tools: offeredTools() }),
        }),
      );
      const run = await runBedrockToolUses({ hub, response: output, timeout: 20_000 });
      messages.push(output?.message ?? { role: 'assistant', content: [] }, ...run.messages);
      return { outcomes: run.outcomes, results: run.messages.length };
    });

    expectAgentLoopRun(suite(), outcomes);
    type Block = { toolResult?: Record<string, unknown> };
    const sent = sentBody<{ messages: { role: string; content: Block[] }[] }>(server, 1).messages;
    expect(sent.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    const results = (sent[2]?.content ?? []).map((block) => block.toolResult ?? {});
    expect(results.map((result) => result.toolUseId)).toEqual(
      outcomes.map((_, index) => `call_${index + 1}`),
    );
    // The image goes as an image block with its bytes (base64 on the wire).
    expect(results[2]).toMatchObject({
      status: 'success',
      content: [
        { text: "Here's the image you requested:" },
        { image: { format: 'png', source: { bytes: expect.stringMatching(/^iVBOR/) } } },
        expect.objectContaining({ text: expect.any(String) }),
      ],
    });
    // A text result keeps its text; structuredContent goes along only when there is no text.
    expect(results[3]).toEqual({
      toolUseId: 'call_4',
      status: 'success',
      content: [{ text: 'Ada Lovelace wrote the first program.\n' }],
    });
    expect(results[4]).toMatchObject({
      status: 'error',
      content: [{ text: expect.stringMatching(/^Access denied/) }],
    });
    expect(results[7]).toMatchObject({ status: 'error' });
  });
});
