import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapAnthropic } from '../../src/providers/anthropic/index.js';
import { wrapOpenAI } from '../../src/providers/openai/index.js';
import { anthropicModule } from '../provider-server/anthropic-module.js';
import { openaiChatModule } from '../provider-server/openai-chat-module.js';
import {
  type ProviderServer,
  startProviderServer,
} from '../provider-server/start-provider-server.js';

// The README's OpenAI and Anthropic examples, as written, against the local provider server.
describe('README adapter examples', () => {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer({ modules: [openaiChatModule, anthropicModule] });
  });
  afterAll(() => server.close());

  it('should run the OpenAI example', async () => {
    const client = wrapOpenAI(new OpenAI({ apiKey: 'test', baseURL: `${server.url}/v1` }));
    const completion = await client.chat.completions.create({
      model: 'gpt-5',
      messages: [{ role: 'user', content: 'What is under the onboarding page?' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'io-github-atlassian-rovo-mcp-server__getConfluencePageDescendants',
            parameters: { type: 'object', properties: { pageId: { type: 'string' } } },
          },
        },
      ],
    });
    expect(server.lastRequest().violations).toEqual([]);
    const call = completion.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && call.function.name).toBe(
      'io-github-atlassian-rovo-mcp-server__getConfluencePageDescendants',
    );
  });

  it('should run the Anthropic example', async () => {
    const client = wrapAnthropic(new Anthropic({ apiKey: 'test', baseURL: server.url }), {
      lenient: true,
    });
    const message = await client.messages
      .stream({
        model: 'claude-sonnet-5',
        max_tokens: 1024,
        system: [{ type: 'text', text: 'You file issues.', cache_control: { type: 'ephemeral' } }],
        messages: [{ role: 'user', content: 'Read package.json' }],
        tools: [
          {
            name: 'filesystem__read.file',
            input_schema: { type: 'object', properties: { path: { type: 'string' } } },
            cache_control: { type: 'ephemeral' },
          },
        ],
      })
      .finalMessage();
    expect(server.lastRequest().violations).toEqual([]);
    expect((server.lastRequest().body as { tools: { name: string }[] }).tools[0]?.name).toBe(
      'filesystem__read_file',
    );
    expect(message.content.find((block) => block.type === 'tool_use')?.name).toBe(
      'filesystem__read.file',
    );
  });
});
