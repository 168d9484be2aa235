import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropicModule } from './anthropic-module.js';
import { type ProviderServer, startProviderServer } from './start-provider-server.js';

describe('anthropicModule', () => {
  let server: ProviderServer;
  let client: Anthropic;
  beforeAll(async () => {
    server = await startProviderServer({ modules: [anthropicModule] });
    client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
  });
  afterAll(() => server.close());

  const schema = { type: 'object' as const, properties: { q: { type: 'string' } } };
  const base = (
    tools: NonNullable<MessageCreateParamsNonStreaming['tools']>,
  ): MessageCreateParamsNonStreaming => ({
    model: 'claude-test',
    max_tokens: 10,
    messages: [{ role: 'user', content: 'hi' }],
    tools,
  });

  it('should answer with a tool_use by wire name, plain and streamed', async () => {
    const message = await client.messages.create(
      base([{ name: 'github__search', input_schema: schema }]),
    );
    expect(message.content[0]).toMatchObject({ type: 'tool_use', name: 'github__search' });
    const final = await client.messages
      .stream(base([{ name: 'github__search', input_schema: schema }]))
      .finalMessage();
    expect(final.content[0]).toMatchObject({ type: 'tool_use', name: 'github__search', input: {} });
  });

  it('should reject what Anthropic rejects, with its error shape', async () => {
    const cases: [MessageCreateParamsNonStreaming, RegExp][] = [
      [
        base([{ name: 'fs.read', input_schema: schema }]),
        /tools\.0\.custom\.name: String should match pattern/,
      ],
      [
        base([
          { name: 'a', input_schema: schema },
          { name: 'a', input_schema: schema },
        ]),
        /Tool names must be unique/,
      ],
      [
        base([{ name: 'a', input_schema: { type: 'object', anyOf: [] } as never }]),
        /does not support oneOf, allOf, or anyOf/,
      ],
      [
        base([
          {
            name: 'a',
            input_schema: { type: 'object', properties: { 'StartTime<': { type: 'string' } } },
          },
        ]),
        /Property keys should match pattern/,
      ],
      [
        base(
          Array.from({ length: 5 }, (_, index) => ({
            name: `t${index}`,
            input_schema: schema,
            cache_control: { type: 'ephemeral' as const },
          })),
        ),
        /A maximum of 4 blocks with cache_control may be provided. Found 5/,
      ],
      [
        {
          ...base([{ name: 'a', input_schema: schema }]),
          tool_choice: { type: 'tool', name: 'b' },
        },
        /tool_choice\.name/,
      ],
      [
        {
          ...base([{ name: 'a', input_schema: schema }]),
          messages: [
            { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'x.y', input: {} }] },
          ],
        },
        /messages\.0\.content\.0\.tool_use\.name/,
      ],
    ];
    for (const [body, message] of cases) {
      const error = await client.messages.create(body).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(Anthropic.BadRequestError);
      const payload = (error as InstanceType<typeof Anthropic.BadRequestError>).error as {
        type: string;
        error: { type: string; message: string };
      };
      expect(payload.type).toBe('error');
      expect(payload.error.type).toBe('invalid_request_error');
      expect(payload.error.message).toMatch(message);
    }
  });
});
