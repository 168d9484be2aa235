import {
  BedrockRuntimeClient,
  ConverseCommand,
  type Message,
} from '@aws-sdk/client-bedrock-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bedrockToolsFromHub,
  type HubToolCallOutcome,
  runBedrockToolUses,
  wrapBedrock,
} from '../../src/providers/bedrock/index.js';
import { bedrockModule } from '../provider-server/bedrock-module.js';
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

describe('agent loop: Bedrock Converse through the hub', () => {
  let loop: AgentLoopHub;
  let server: ProviderServer;
  let raw: BedrockRuntimeClient | undefined;
  beforeAll(async () => {
    loop = await startAgentLoopHub();
    server = await startProviderServer({
      modules: [bedrockModule],
      script: agentLoopScript(loop.folder, 'bedrock'),
    });
  });
  afterAll(async () => {
    raw?.destroy();
    await server?.close();
    await loop?.close();
  });

  it('should run every call on its server and send toolResult blocks', async () => {
    const { hub } = loop;
    raw = new BedrockRuntimeClient({
      region: 'us-east-1',
      endpoint: server.url,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
    const bedrock = wrapBedrock(raw);
    const messages: Message[] = [{ role: 'user', content: [{ text: 'Note what you find.' }] }];
    const outcomes: HubToolCallOutcome[] = [];
    for (let turn = 0; turn < 5; turn++) {
      const { output } = await bedrock.send(
        new ConverseCommand({
          modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0',
          messages,
          ...bedrockToolsFromHub({ hub, tools: offeredTools() }),
        }),
      );
      const run = await runBedrockToolUses({ hub, response: output, timeout: 20_000 });
      outcomes.push(...run.outcomes);
      messages.push(output?.message ?? { role: 'assistant', content: [] }, ...run.messages);
      if (run.messages.length === 0) break;
    }

    expect(server.requests.map((request) => request.violations)).toEqual([[], []]);
    expectFirstTurnOutcomes(outcomes, loop.folder);
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
