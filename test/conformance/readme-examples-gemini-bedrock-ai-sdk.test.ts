import { createOpenAI } from '@ai-sdk/openai';
import { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import { GoogleGenAI } from '@google/genai';
import { generateText, jsonSchema, tool, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolwireMiddleware } from '../../src/providers/ai-sdk/index.js';
import { wrapBedrock } from '../../src/providers/bedrock/index.js';
import { wrapGemini } from '../../src/providers/gemini/index.js';
import { bedrockModule } from '../provider-server/bedrock-module.js';
import { geminiModule } from '../provider-server/gemini-module.js';
import { openaiChatModule } from '../provider-server/openai-chat-module.js';
import {
  type ProviderServer,
  startProviderServer,
} from '../provider-server/start-provider-server.js';

// The README's Gemini, Bedrock and AI SDK examples, as written (credentials and endpoints aside),
// against the local provider server.
describe('README adapter examples (Gemini, Bedrock, AI SDK)', () => {
  let server: ProviderServer;
  const clients: BedrockRuntimeClient[] = [];
  beforeAll(async () => {
    server = await startProviderServer({
      modules: [geminiModule, bedrockModule, openaiChatModule],
    });
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await server.close();
  });

  it('should run the Gemini example', async () => {
    const ai = wrapGemini(
      new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: server.url } }),
    );
    const response = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'Find the onboarding page',
      config: {
        tools: [
          {
            functionDeclarations: [
              {
                name: '1password__items.get',
                description: 'Get an item.',
                parametersJsonSchema: { type: 'object', properties: { id: { type: 'string' } } },
              },
            ],
          },
        ],
      },
    });
    expect(server.lastRequest().violations).toEqual([]);
    expect(response.functionCalls?.[0]?.name).toBe('1password__items.get');
  });

  it('should run the Bedrock example', async () => {
    const raw = new BedrockRuntimeClient({
      region: 'us-east-1',
      endpoint: server.url,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
    clients.push(raw);
    const client = wrapBedrock(raw);
    const { stream } = await client.send(
      new ConverseStreamCommand({
        modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0',
        messages: [{ role: 'user', content: [{ text: 'Search the docs for "retention"' }] }],
        toolConfig: {
          tools: [
            {
              toolSpec: {
                name: 'notion__search.pages',
                inputSchema: {
                  json: { type: 'object', properties: { query: { type: 'string' } } },
                },
              },
            },
          ],
        },
      }),
    );
    const names: unknown[] = [];
    for await (const event of stream ?? []) {
      const name = event.contentBlockStart?.start?.toolUse?.name;
      if (name !== undefined) names.push(name);
    }
    expect(server.lastRequest().violations).toEqual([]);
    expect(JSON.stringify(server.lastRequest().body)).toContain('"name":"notion__search_pages"');
    expect(names).toEqual(['notion__search.pages']);
  });

  it('should run the AI SDK example', async () => {
    const model = wrapLanguageModel({
      model: createOpenAI({ apiKey: 'test', baseURL: `${server.url}/v1` }).chat('gpt-5'),
      middleware: toolwireMiddleware(),
    });
    const { toolCalls } = await generateText({
      model,
      prompt: 'Find the onboarding doc',
      tools: {
        'notion__search.pages': tool({
          inputSchema: jsonSchema({ type: 'object', properties: { query: { type: 'string' } } }),
        }),
      },
    });
    expect(server.lastRequest().violations).toEqual([]);
    expect(JSON.stringify(server.lastRequest().body)).toContain('"name":"notion__search_pages"');
    expect(toolCalls[0]?.toolName).toBe('notion__search.pages');
  });
});
