import OpenAI from 'openai';
import type { ChatCompletionStreamParams } from 'openai/lib/ChatCompletionStream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openaiChatModule } from '../../../test/provider-server/openai-chat-module.js';
import { openaiResponsesModule } from '../../../test/provider-server/openai-responses-module.js';
import {
  callTool,
  type ProviderServer,
  startProviderServer,
} from '../../../test/provider-server/start-provider-server.js';
import type { NameResolution } from '../../core/projection/name-resolution.js';
import type { ProjectionWarning } from '../../core/projection/projection-warning.js';
import { wrapOpenAI } from './wrap-openai.js';

const LONG =
  'io-github-modelcontextprotocol-server-catalog-atlassian__getConfluencePageDescendants';
const BRIDGE = 'clerum__tool_call';
const schema = { type: 'object', properties: { name: { type: 'string' } } };

describe('wrapOpenAI', () => {
  let server: ProviderServer;
  let raw: OpenAI;
  beforeAll(async () => {
    server = await startProviderServer({ modules: [openaiChatModule, openaiResponsesModule] });
    raw = new OpenAI({ apiKey: 'test', baseURL: `${server.url}/v1`, maxRetries: 0 });
  });
  afterAll(() => server.close());

  const chat = (): OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming => ({
    model: 'gpt-test',
    messages: [{ role: 'user', content: 'hi' }],
    tools: [{ type: 'function', function: { name: LONG, parameters: schema } }],
  });
  const callLong = () => {
    server.script = callTool((tools) => tools[0] as never, { name: 'x' });
  };

  it('should resolve through the SDK stream helper and keep withResponse working', async () => {
    callLong();
    const client = wrapOpenAI(raw);
    const final = await client.chat.completions
      .stream(chat() as unknown as ChatCompletionStreamParams)
      .finalChatCompletion();
    expect(final.choices[0]?.message.tool_calls?.[0]).toMatchObject({ function: { name: LONG } });
    const { data, response } = await client.chat.completions.create(chat()).withResponse();
    expect(response.status).toBe(200);
    expect(data.choices[0]?.message.tool_calls?.[0]).toMatchObject({ function: { name: LONG } });
  });

  it('should resolve through the Responses stream helper', async () => {
    callLong();
    const client = wrapOpenAI(raw);
    const final = await client.responses
      .stream({
        model: 'gpt-test',
        input: 'hi',
        tools: [{ type: 'function', name: LONG, parameters: schema, strict: false }],
      })
      .finalResponse();
    expect(final.output[0]).toMatchObject({ type: 'function_call', name: LONG });
  });

  it('should leave the original client alone', async () => {
    const error = await raw.chat.completions.create(chat()).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    wrapOpenAI(raw);
    expect(typeof raw.chat.completions.create).toBe('function');
    const again = await raw.chat.completions.create(chat()).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(again).toBeInstanceOf(OpenAI.BadRequestError);
  });

  it('should report warnings and resolutions through the callbacks', async () => {
    callLong();
    const warnings: ProjectionWarning[] = [];
    const resolutions: NameResolution[] = [];
    const client = wrapOpenAI(raw, {
      onWarnings: (list) => warnings.push(...list),
      onResolutions: (list) => resolutions.push(...list),
    });
    const request = chat();
    request.tools?.push({
      type: 'function',
      function: { name: 'x__y', parameters: 'not a schema' as never },
    });
    await client.chat.completions.create(request);
    expect(warnings).toMatchObject([{ code: 'SCHEMA_REPLACED', tool: 'x__y' }]);
    expect(resolutions).toMatchObject([{ canonical: LONG, method: 'exact' }]);
  });

  it('should resolve a bridge tool argument in a streamed call', async () => {
    const client = wrapOpenAI(raw, { argumentNameTools: { [BRIDGE]: ['name'] } });
    const request: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming = {
      model: 'gpt-test',
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'b',
              type: 'function',
              function: { name: BRIDGE, arguments: JSON.stringify({ name: LONG }) },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'b', content: 'ok' },
      ],
      tools: [{ type: 'function', function: { name: BRIDGE, parameters: schema } }],
    };
    let wire = '';
    server.script = (recorded, tools) => {
      const body = recorded.body as {
        messages: { tool_calls?: { function: { arguments: string } }[] }[];
      };
      wire = JSON.parse(body.messages[1]?.tool_calls?.[0]?.function.arguments ?? '{}').name;
      return [{ name: tools[0]?.name as string, arguments: { name: wire }, id: 'c' }];
    };
    const final = await client.chat.completions
      .stream(request as unknown as ChatCompletionStreamParams)
      .finalChatCompletion();
    expect(wire).not.toBe(LONG);
    expect(server.lastRequest().violations).toEqual([]);
    const call = final.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual({
      name: LONG,
    });
  });

  it('should send strict schemas the server accepts and restore the arguments the model filled in', async () => {
    const client = wrapOpenAI(raw);
    const request: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming = {
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'github__search_issues',
            strict: true,
            parameters: {
              type: 'object',
              properties: { query: { type: 'string' }, limit: { type: 'integer' } },
              required: ['query'],
            },
          },
        },
      ],
    };
    // Strict mode makes `limit` required and nullable; the model sends null for it.
    server.script = (_recorded, tools) => [
      { name: tools[0]?.name as string, arguments: { query: 'bug', limit: null }, id: 'c' },
    ];
    const completion = await client.chat.completions.create(request);
    expect(server.lastRequest().violations).toEqual([]);
    const sent = (
      server.lastRequest().body as { tools: { function: { parameters: { required: string[] } } }[] }
    ).tools[0];
    expect(sent?.function.parameters.required).toEqual(['query', 'limit']);
    const call = completion.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual({
      query: 'bug',
    });
  });

  it('should leave out a tool whose schema cannot be sent, warn, and keep the others', async () => {
    const warnings: ProjectionWarning[] = [];
    const client = wrapOpenAI(raw, { onWarnings: (list) => warnings.push(...list) });
    const request = chat();
    request.tools?.push({
      type: 'function',
      function: {
        name: 'broken__tool',
        parameters: { type: 'object', properties: { a: { $ref: '#/nowhere' } } },
      },
    });
    request.tool_choice = { type: 'function', function: { name: 'broken__tool' } };
    callLong();
    const completion = await client.chat.completions.create(request);
    expect(server.lastRequest().violations).toEqual([]);
    expect((server.lastRequest().body as { tools: unknown[] }).tools).toHaveLength(1);
    expect(warnings).toMatchObject([
      { code: 'TOOL_QUARANTINED', tool: 'broken__tool' },
      { code: 'TOOL_CHOICE_DROPPED', tool: 'broken__tool' },
    ]);
    expect((server.lastRequest().body as { tool_choice: unknown }).tool_choice).toBe('auto');
    expect(completion.choices[0]?.message.tool_calls?.[0]).toMatchObject({
      function: { name: LONG },
    });
  });
});
