import {
  ApiError,
  type Content,
  type FunctionCall,
  type GenerateContentParameters,
  type GenerateContentResponse,
  GoogleGenAI,
} from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectedRequest } from '../../src/core/projection/create-request-projection.js';
import {
  type ProjectedGenerateContentRequest,
  projectGenerateContentRequest,
  wrapGemini,
} from '../../src/providers/gemini/index.js';
import { geminiModule, vertexModule } from '../provider-server/gemini-module.js';
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
import { buildGeminiRequest } from './fixture-requests.js';
import { type ConformanceFixture, LONG_FIXTURE } from './fixtures.js';

/** Every tool name a `generateContent` request carries, by where it sits. */
function geminiWireNames(request: GenerateContentParameters): WireNames {
  const names: WireNames = { tools: [], toolChoice: [], history: [] };
  for (const tool of request.config?.tools ?? []) {
    if (!('functionDeclarations' in tool)) continue;
    for (const declaration of tool.functionDeclarations ?? [])
      names.tools.push(String(declaration.name));
  }
  names.toolChoice.push(
    ...(request.config?.toolConfig?.functionCallingConfig?.allowedFunctionNames ?? []),
  );
  for (const content of request.contents as Content[]) {
    for (const part of content.parts ?? []) {
      if (part.functionCall !== undefined) names.history.push(String(part.functionCall.name));
      if (part.functionResponse !== undefined)
        names.history.push(String(part.functionResponse.name));
    }
  }
  return names;
}

function toCalls(functionCalls: FunctionCall[] | undefined): ReturnedCall[] {
  return (functionCalls ?? []).map((call) => ({ name: String(call.name), arguments: call.args }));
}

function geminiSubject(
  surface: 'gemini' | 'vertex',
  schemaField: 'parametersJsonSchema' | 'parameters' = 'parametersJsonSchema',
): AdapterSubject<GenerateContentParameters> {
  const client = (baseUrl: string) =>
    new GoogleGenAI({
      apiKey: 'test-key',
      vertexai: surface === 'vertex',
      httpOptions: { baseUrl },
    });
  return {
    name: `${surface} (${schemaField})`,
    envelope: surface,
    modules: [surface === 'gemini' ? geminiModule : vertexModule],
    buildRequest: (fixture) => buildGeminiRequest(fixture, schemaField),
    project: (request, options) =>
      projectGenerateContentRequest(request, { envelope: surface, ...options }) as ProjectedRequest<
        GenerateContentParameters,
        never,
        never
      >,
    wireNames: geminiWireNames,
    async send({ baseUrl, request, stream, projected }) {
      const resolver = projected as
        | ProjectedGenerateContentRequest<GenerateContentParameters>
        | undefined;
      const ai = client(baseUrl);
      if (!stream) {
        const response = await ai.models.generateContent(request);
        const resolved: GenerateContentResponse =
          resolver === undefined ? response : resolver.resolveResponse(response).response;
        return toCalls(resolved.functionCalls);
      }
      const calls: ReturnedCall[] = [];
      for await (const chunk of await ai.models.generateContentStream(request)) {
        const events = resolver === undefined ? [chunk] : resolver.resolveStreamEvent(chunk).events;
        for (const event of events) calls.push(...toCalls(event.functionCalls));
      }
      return calls;
    },
    async sendWrapped({ baseUrl, request, stream, options }) {
      // The envelope comes from the client: `vertexai: true` means Vertex.
      const ai = wrapGemini(client(baseUrl), options);
      if (!stream) return toCalls((await ai.models.generateContent(request)).functionCalls);
      const calls: ReturnedCall[] = [];
      for await (const chunk of await ai.models.generateContentStream(request)) {
        calls.push(...toCalls(chunk.functionCalls));
      }
      return calls;
    },
    expectProviderRejection(error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).message).toContain('INVALID_ARGUMENT');
    },
  };
}

runAdapterConformance(geminiSubject('gemini'));
runAdapterConformance(geminiSubject('vertex'));
// `parameters` takes only Gemini's OpenAPI subset of the Schema proto: every real catalog goes
// through the core's schema projection and must pass the server's field-by-field rules.
runAdapterConformance(geminiSubject('gemini', 'parameters'));
runAdapterConformance(geminiSubject('vertex', 'parameters'));

describe('arguments restored after schema projection, through the real SDK', () => {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer({ modules: [vertexModule] });
  });
  afterAll(() => server.close());

  for (const stream of [false, true]) {
    it(`should hand back the server's argument shape (${stream ? 'streamed' : 'plain'})`, async () => {
      // Vertex renames property keys it rejects (`page-id`) and Gemini's subset takes only string
      // enums; the model answers in the projected shape, the host gets the server's shape back.
      const request: GenerateContentParameters = {
        model: 'gemini-2.5-flash',
        contents: 'Set the level of page 7',
        config: {
          tools: [
            {
              functionDeclarations: [
                {
                  name: 'wiki__set.level',
                  parameters: {
                    type: 'object',
                    properties: {
                      'page-id': { type: 'string' },
                      level: { type: 'integer', enum: [1, 2] },
                    },
                    required: ['page-id', 'level'],
                  } as never,
                },
              ],
            },
          ],
        },
      };
      server.script = (_request, tools) => [
        { name: String(tools[0]?.name), arguments: { page_id: '7', level: '2' }, id: 'call_1' },
      ];
      const ai = wrapGemini(
        new GoogleGenAI({
          apiKey: 'test-key',
          vertexai: true,
          httpOptions: { baseUrl: server.url },
        }),
      );
      const calls: ReturnedCall[] = [];
      if (stream) {
        for await (const chunk of await ai.models.generateContentStream(request)) {
          calls.push(...toCalls(chunk.functionCalls));
        }
      } else {
        calls.push(...toCalls((await ai.models.generateContent(request)).functionCalls));
      }
      expect(server.lastRequest().violations).toEqual([]);
      const sent = JSON.stringify(server.lastRequest().body);
      expect(sent).toContain('"page_id"');
      expect(sent).not.toContain('"page-id"');
      expect(calls).toEqual([{ name: 'wiki__set.level', arguments: { 'page-id': '7', level: 2 } }]);
    });
  }
});

describe('chat sessions of a wrapped client', () => {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer({ modules: [geminiModule] });
  });
  afterAll(() => server.close());

  it('should project every turn and keep the chat history canonical', async () => {
    const long = LONG_FIXTURE.tools[0] as ConformanceFixture['tools'][number];
    const ai = wrapGemini(
      new GoogleGenAI({ apiKey: 'test-key', httpOptions: { baseUrl: server.url } }),
    );
    const chat = ai.chats.create({
      model: 'gemini-2.5-flash',
      config: {
        tools: [
          { functionDeclarations: [{ name: long.name, parametersJsonSchema: long.inputSchema }] },
        ],
      },
    });
    const first = await chat.sendMessage({ message: 'Find the page' });
    expect(first.functionCalls?.map((call) => call.name)).toEqual([long.name]);
    const second = await chat.sendMessage({
      message: [{ functionResponse: { name: long.name, response: { output: 'page 7' } } }],
    });
    expect(second.functionCalls?.map((call) => call.name)).toEqual([long.name]);
    // The second request replayed the first call and its result, under the wire name.
    const wire = projectGenerateContentRequest(buildGeminiRequest(LONG_FIXTURE)).map.toWire(
      long.name,
    );
    expect(server.requests.at(-1)?.violations).toEqual([]);
    expect(JSON.stringify(server.requests.at(-1)?.body)).not.toContain(long.name);
    expect(JSON.stringify(server.requests.at(-1)?.body)).toContain(`"name":"${wire}"`);
    // The session's own history is canonical.
    const history = JSON.stringify(chat.getHistory());
    expect(history).toContain(`"name":"${long.name}"`);
  });
});
