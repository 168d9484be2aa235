import { createOpenAI } from '@ai-sdk/openai';
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4Message,
} from '@ai-sdk/provider';
import {
  APICallError,
  generateText,
  jsonSchema,
  type ModelMessage,
  streamText,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectedRequest } from '../../src/core/projection/create-request-projection.js';
import {
  type ProjectedLanguageModelRequest,
  projectLanguageModelRequest,
  toolwireMiddleware,
} from '../../src/providers/ai-sdk/index.js';
import { openaiChatModule } from '../provider-server/openai-chat-module.js';
import {
  type ProviderServer,
  startProviderServer,
} from '../provider-server/start-provider-server.js';
import {
  type AdapterSubject,
  type ReturnedCall,
  runAdapterConformance,
  type WireNames,
} from './adapter-conformance.js';
import type { ConformanceFixture } from './fixtures.js';

/** The call options an AI SDK model receives for a fixture, with canonical names. */
function buildCallOptions(fixture: ConformanceFixture): LanguageModelV4CallOptions {
  const prompt: LanguageModelV4Message[] = [];
  if (fixture.system !== undefined) prompt.push({ role: 'system', content: fixture.system });
  prompt.push({ role: 'user', content: [{ type: 'text', text: 'Help me with my work.' }] });
  for (const call of fixture.history) {
    prompt.push(
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.arguments },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: call.id,
            toolName: call.name,
            output: { type: 'text', value: call.result },
          },
        ],
      },
    );
  }
  prompt.push({ role: 'user', content: [{ type: 'text', text: 'Go on.' }] });
  return {
    prompt,
    tools: fixture.tools.map((entry) => ({
      type: 'function' as const,
      name: entry.name,
      ...(entry.description === undefined ? {} : { description: entry.description }),
      inputSchema: entry.inputSchema,
    })),
    ...(fixture.toolChoice === undefined
      ? {}
      : { toolChoice: { type: 'tool' as const, toolName: fixture.toolChoice } }),
  };
}

/** Every tool name the call options carry, by where it sits. */
function callOptionsWireNames(options: LanguageModelV4CallOptions): WireNames {
  const names: WireNames = { tools: [], toolChoice: [], history: [] };
  for (const entry of options.tools ?? [])
    if (entry.type === 'function') names.tools.push(entry.name);
  if (options.toolChoice?.type === 'tool') names.toolChoice.push(options.toolChoice.toolName);
  for (const message of options.prompt) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call' || part.type === 'tool-result')
        names.history.push(part.toolName);
    }
  }
  return names;
}

/** The same request as `generateText` arguments: a tool set (no `execute`) and model messages. */
function toGenerateTextArguments(options: LanguageModelV4CallOptions): {
  tools: ToolSet;
  messages: ModelMessage[];
  system?: string;
  toolChoice?: 'required';
} {
  const tools: ToolSet = {};
  for (const entry of options.tools ?? []) {
    if (entry.type !== 'function') continue;
    tools[entry.name] = tool({
      ...(entry.description === undefined ? {} : { description: entry.description }),
      inputSchema: jsonSchema(entry.inputSchema),
    });
  }
  let system: string | undefined;
  const messages: ModelMessage[] = [];
  for (const message of options.prompt) {
    if (message.role === 'system') system = message.content;
    else messages.push(message as ModelMessage);
  }
  return {
    tools,
    messages,
    ...(system === undefined ? {} : { system }),
    // `ai` 7 checks that the reply calls the one forced tool, while the scripted server calls the
    // tool each test picks; so a forced tool becomes `required` here. The forced name itself is
    // covered by `send` (call options straight to the real @ai-sdk/openai model).
    ...(options.toolChoice?.type === 'tool' ? { toolChoice: 'required' as const } : {}),
  };
}

function callsOf(content: readonly LanguageModelV4Content[]): ReturnedCall[] {
  return content.flatMap((part) =>
    part.type === 'tool-call' ? [{ name: part.toolName, arguments: JSON.parse(part.input) }] : [],
  );
}

function chatModel(baseUrl: string): LanguageModelV4 {
  return createOpenAI({ apiKey: 'test-key', baseURL: `${baseUrl}/v1` }).chat('gpt-5');
}

const aiSdkSubject: AdapterSubject<LanguageModelV4CallOptions> = {
  name: 'ai-sdk (@ai-sdk/openai chat)',
  envelope: 'openai',
  modules: [openaiChatModule],
  buildRequest: buildCallOptions,
  project: (request, options) =>
    projectLanguageModelRequest(request, {
      envelope: 'openai',
      schemaTarget: 'openai',
      ...options,
    }) as ProjectedRequest<LanguageModelV4CallOptions, never, never>,
  wireNames: callOptionsWireNames,
  async send({ baseUrl, request, stream, projected }) {
    const resolver = projected as
      | ProjectedLanguageModelRequest<LanguageModelV4CallOptions>
      | undefined;
    const model = chatModel(baseUrl);
    if (!stream) {
      const result = await model.doGenerate(request);
      return callsOf(
        (resolver === undefined ? result : resolver.resolveResponse(result).response).content,
      );
    }
    const { stream: parts } = await model.doStream(request);
    const content: LanguageModelV4Content[] = [];
    for await (const part of parts) {
      const events = resolver === undefined ? [part] : resolver.resolveStreamEvent(part).events;
      for (const event of events) if (event.type === 'tool-call') content.push(event);
    }
    return callsOf(content);
  },
  async sendWrapped({ baseUrl, request, stream, options }) {
    const model = wrapLanguageModel({
      model: chatModel(baseUrl),
      middleware: toolwireMiddleware(options),
    });
    const call = { model, ...toGenerateTextArguments(request) };
    const toolCalls = stream
      ? await streamText(call).toolCalls
      : (await generateText(call)).toolCalls;
    return toolCalls.map((entry) => ({ name: entry.toolName, arguments: entry.input }));
  },
  expectProviderRejection(error) {
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(400);
  },
};

runAdapterConformance(aiSdkSubject);

describe('arguments restored after strict projection, through generateText and streamText', () => {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer({ modules: [openaiChatModule] });
  });
  afterAll(() => server.close());

  for (const stream of [false, true]) {
    it(`should hand the tool the server's argument shape (${stream ? 'streamed' : 'plain'})`, async () => {
      // OpenAI strict mode makes the optional `note` required and nullable; the model sends null,
      // and the host must get the arguments without it, as the MCP server's schema describes them.
      const seen: unknown[] = [];
      const tools: ToolSet = {
        'notes__add.note': tool({
          strict: true,
          inputSchema: jsonSchema({
            type: 'object',
            properties: { title: { type: 'string' }, note: { type: 'string' } },
            required: ['title'],
          }),
          execute: async (input) => {
            seen.push(input);
            return 'ok';
          },
        }),
      };
      server.script = (_request, offered) => [
        { name: String(offered[0]?.name), arguments: { title: 'T', note: null }, id: 'call_1' },
      ];
      const model = wrapLanguageModel({
        model: chatModel(server.url),
        middleware: toolwireMiddleware(),
      });
      const call = { model, tools, prompt: 'Add a note' };
      const toolCalls = stream
        ? await streamText(call).toolCalls
        : (await generateText(call)).toolCalls;
      const body = server.lastRequest().body as {
        tools: { function: { name: string; strict?: boolean } }[];
      };
      expect(server.lastRequest().violations).toEqual([]);
      expect(body.tools[0]?.function).toMatchObject({ name: 'notes__add_note', strict: true });
      expect(toolCalls.map((entry) => [entry.toolName, entry.input])).toEqual([
        ['notes__add.note', { title: 'T' }],
      ]);
      expect(seen).toEqual([{ title: 'T' }]);
    });
  }
});
