import OpenAI from 'openai';
import type { ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openaiResponsesModule } from './openai-responses-module.js';
import { type ProviderServer, startProviderServer } from './start-provider-server.js';

describe('openaiResponsesModule', () => {
  let server: ProviderServer;
  let client: OpenAI;
  beforeAll(async () => {
    server = await startProviderServer({ modules: [openaiResponsesModule] });
    client = new OpenAI({ apiKey: 'test', baseURL: `${server.url}/v1`, maxRetries: 0 });
  });
  afterAll(() => server.close());

  const parameters = { type: 'object', properties: {} };

  it('should answer with a function_call by wire name, plain and streamed, namespaces included', async () => {
    const body: ResponseCreateParamsNonStreaming = {
      model: 'gpt-test',
      input: 'hi',
      tools: [
        {
          type: 'namespace',
          name: 'github',
          description: 'GitHub.',
          tools: [{ type: 'function', name: 'search', parameters }],
        },
      ],
    };
    const response = await client.responses.create(body);
    expect(response.output[0]).toMatchObject({
      type: 'function_call',
      namespace: 'github',
      name: 'search',
    });
    const final = await client.responses.stream(body as never).finalResponse();
    expect(final.output[0]).toMatchObject({ type: 'function_call', name: 'search' });
  });

  it('should reject bad names in tools, namespaces, tool_choice and input, and strict schemas that are not strict', async () => {
    const cases: [ResponseCreateParamsNonStreaming, RegExp][] = [
      [
        {
          model: 'm',
          input: 'x',
          tools: [{ type: 'function', name: 'a.b', parameters, strict: false }],
        },
        /Invalid 'tools\[0\]\.name'/,
      ],
      [
        {
          model: 'm',
          input: 'x',
          tools: [
            {
              type: 'namespace',
              name: 'n',
              description: 'd',
              tools: [{ type: 'function', name: 'x'.repeat(65) }],
            },
          ],
        },
        /tools\[0\]\.tools\[0\]\.name': string too long/,
      ],
      [
        {
          model: 'm',
          input: 'x',
          tools: [{ type: 'function', name: 'a', parameters, strict: false }],
          tool_choice: { type: 'function', name: 'b' },
        },
        /tool_choice/,
      ],
      [
        {
          model: 'm',
          input: [{ type: 'function_call', call_id: 'c', name: 'a/b', arguments: '{}' }],
        },
        /Invalid 'input\[0\]\.name'/,
      ],
      [
        {
          model: 'm',
          input: 'x',
          tools: [
            {
              type: 'function',
              name: 'a',
              strict: true,
              parameters: { type: 'object', properties: { q: { type: 'string' } } },
            },
          ],
        },
        /additionalProperties/,
      ],
    ];
    for (const [body, message] of cases) {
      const error = await client.responses.create(body).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect((error as InstanceType<typeof OpenAI.BadRequestError>).message).toMatch(message);
    }
  });
});
