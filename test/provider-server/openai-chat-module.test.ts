import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openaiChatModule } from './openai-chat-module.js';
import { type ProviderServer, startProviderServer } from './start-provider-server.js';

describe('openaiChatModule', () => {
  let server: ProviderServer;
  let client: OpenAI;
  beforeAll(async () => {
    server = await startProviderServer({ modules: [openaiChatModule] });
    client = new OpenAI({ apiKey: 'test', baseURL: `${server.url}/v1`, maxRetries: 0 });
  });
  afterAll(() => server.close());

  const tool = (name: string) => ({
    type: 'function' as const,
    function: { name, parameters: { type: 'object', properties: {} } },
  });

  it('should answer a valid request with a tool call by wire name, plain and streamed', async () => {
    const completion = await client.chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [tool('github__create_issue')],
    });
    const call = completion.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && call.function.name).toBe('github__create_issue');
    const stream = await client.chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [tool('github__create_issue')],
      stream: true,
    });
    const names: string[] = [];
    let args = '';
    for await (const chunk of stream) {
      for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
        if (delta.function?.name) names.push(delta.function.name);
        args += delta.function?.arguments ?? '';
      }
    }
    expect(names).toEqual(['github__create_issue']);
    expect(JSON.parse(args)).toEqual({});
  });

  it('should reject a long name, a dotted name, a bad history name and a missing items with OpenAI errors', async () => {
    const cases: [Parameters<typeof client.chat.completions.create>[0], RegExp][] = [
      [
        { model: 'm', messages: [{ role: 'user', content: 'x' }], tools: [tool('a'.repeat(65))] },
        /string too long/,
      ],
      [
        { model: 'm', messages: [{ role: 'user', content: 'x' }], tools: [tool('fs.read')] },
        /does not match pattern/,
      ],
      [
        {
          model: 'm',
          messages: [
            {
              role: 'assistant',
              tool_calls: [
                { id: 'c', type: 'function', function: { name: 'fs.read', arguments: '{}' } },
              ],
            },
          ],
        },
        /messages\[0\]\.tool_calls\[0\]\.function\.name/,
      ],
      [
        {
          model: 'm',
          messages: [{ role: 'user', content: 'x' }],
          tools: [
            {
              type: 'function',
              function: {
                name: 'a',
                parameters: { type: 'object', properties: { list: { type: 'array' } } },
              },
            },
          ],
        },
        /array schema missing items/,
      ],
    ];
    for (const [body, message] of cases) {
      const error = await client.chat.completions.create(body as never).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect((error as InstanceType<typeof OpenAI.BadRequestError>).message).toMatch(message);
    }
  });
});
