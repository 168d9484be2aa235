import OpenAI from 'openai';
import type {
  ResponseCreateParamsNonStreaming,
  ResponseInputItem,
  ResponseStreamEvent,
} from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { projectResponsesRequest, wrapOpenAI } from '../../src/providers/openai/index.js';
import { openaiResponsesModule } from '../provider-server/openai-responses-module.js';
import { callTool, startProviderServer } from '../provider-server/start-provider-server.js';
import {
  type AdapterSubject,
  type ReturnedCall,
  runAdapterConformance,
} from './adapter-conformance.js';
import { buildResponsesRequest } from './fixture-requests.js';
import { LONG_FIXTURE, LONG_SERVER } from './fixtures.js';

type Request = ResponseCreateParamsNonStreaming;

const client = (baseUrl: string) =>
  new OpenAI({ apiKey: 'test', baseURL: `${baseUrl}/v1`, maxRetries: 0 });

type CallItem = { type: string; name?: string; namespace?: string; arguments?: string };

function callsOfOutput(output: readonly CallItem[]): ReturnedCall[] {
  return output
    .filter((item) => item.type === 'function_call')
    .map((item) => ({
      name: item.namespace === undefined ? String(item.name) : `${item.namespace}::${item.name}`,
      arguments: JSON.parse(String(item.arguments)),
    }));
}

async function callsOfStream(
  stream: AsyncIterable<ResponseStreamEvent>,
  resolve?: (event: ResponseStreamEvent) => ResponseStreamEvent[],
): Promise<ReturnedCall[]> {
  const names = new Map<string, string>();
  const args = new Map<string, string>();
  for await (const raw of stream) {
    for (const event of resolve ? resolve(raw) : [raw]) {
      if (event.type === 'response.output_item.added' && event.item.type === 'function_call') {
        names.set(String(event.item.id), event.item.name);
        args.set(String(event.item.id), '');
      }
      if (event.type === 'response.function_call_arguments.delta') {
        args.set(event.item_id, (args.get(event.item_id) ?? '') + event.delta);
      }
    }
  }
  return [...names].map(([id, name]) => ({ name, arguments: JSON.parse(args.get(id) ?? '{}') }));
}

const subject: AdapterSubject<Request> = {
  name: 'openai-responses',
  envelope: 'openai',
  modules: [openaiResponsesModule],
  buildRequest: buildResponsesRequest,
  project: (request, options) => projectResponsesRequest(request, options) as never,
  wireNames(request) {
    const tools = (request.tools ?? []).flatMap((tool) =>
      tool.type === 'function' ? [tool.name] : [],
    );
    const choice = request.tool_choice;
    const toolChoice =
      typeof choice === 'object' && choice.type === 'function' ? [choice.name] : [];
    const history = (Array.isArray(request.input) ? request.input : []).flatMap((item) =>
      'type' in item && item.type === 'function_call' ? [item.name] : [],
    );
    return { tools, toolChoice, history };
  },
  async send({ baseUrl, request, stream, projected }) {
    const sdk = client(baseUrl);
    if (!stream) {
      const response = await sdk.responses.create(request);
      const resolved = projected ? projected.resolveResponse(response as never).response : response;
      return callsOfOutput((resolved as typeof response).output as CallItem[]);
    }
    const events = await sdk.responses.create({ ...request, stream: true });
    return callsOfStream(
      events,
      projected ? (event) => projected.resolveStreamEvent(event as never).events : undefined,
    );
  },
  async sendWrapped({ baseUrl, request, stream, options }) {
    const sdk = wrapOpenAI(client(baseUrl), options);
    if (!stream) return callsOfOutput((await sdk.responses.create(request)).output as CallItem[]);
    return callsOfStream(await sdk.responses.create({ ...request, stream: true }));
  },
  expectProviderRejection(error) {
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const body = (error as InstanceType<typeof OpenAI.BadRequestError>).error as {
      type?: string;
      message?: string;
    };
    expect(body.type).toBe('invalid_request_error');
    expect(body.message).toMatch(/^Invalid '/);
  },
};

runAdapterConformance(subject);

describe('openai-responses namespaces', () => {
  it('should send each MCP server as a namespace and resolve calls to flat canonical names', async () => {
    const server = await startProviderServer({ modules: [openaiResponsesModule] });
    try {
      const request = buildResponsesRequest({
        ...LONG_FIXTURE,
        toolChoice: 'github__create_issue',
      });
      const before = structuredClone(request);
      const projected = projectResponsesRequest(request, { namespaces: true });
      const tools = projected.request.tools ?? [];
      const space = tools.find((tool) => tool.type === 'namespace');
      expect(space?.type === 'namespace' && space.tools.length).toBe(2);
      // tool_choice keeps its tool a top-level function.
      expect(
        tools.some((tool) => tool.type === 'function' && tool.name === 'github__create_issue'),
      ).toBe(true);
      const history = (projected.request.input as ResponseInputItem[]).find(
        (item) => 'type' in item && item.type === 'function_call',
      );
      expect(history).toMatchObject({ namespace: space?.name });
      const target = LONG_FIXTURE.tools[0]?.name as string;
      const member = target.slice(LONG_SERVER.length + 2);
      server.script = callTool((offered) => offered.find((tool) => tool.name === member) as never, {
        pageId: '7',
      });
      const sdk = client(server.url);
      const response = await sdk.responses.create(projected.request);
      expect(server.lastRequest().violations).toEqual([]);
      const resolved = projected.resolveResponse(response).response.output[0];
      expect(resolved).toMatchObject({
        type: 'function_call',
        name: target,
        arguments: '{"pageId":"7"}',
      });
      expect(resolved && 'namespace' in resolved).toBe(false);
      for (const wrappedStream of [false, true]) {
        const wrapped = wrapOpenAI(client(server.url), { responses: { namespaces: true } });
        const calls = wrappedStream
          ? await callsOfStream(await wrapped.responses.create({ ...request, stream: true }))
          : callsOfOutput((await wrapped.responses.create(request)).output as CallItem[]);
        expect(calls).toEqual([{ name: target, arguments: { pageId: '7' } }]);
      }
      expect(request).toEqual(before);
    } finally {
      await server.close();
    }
  });

  it('should fit the names of a namespace tool the host sends and resolve both parts', async () => {
    const server = await startProviderServer({ modules: [openaiResponsesModule] });
    try {
      const longSpace = `${LONG_SERVER}-namespace`;
      const request: Request = {
        model: 'gpt-test',
        input: [
          { role: 'user', content: 'x' },
          {
            type: 'function_call',
            call_id: 'c1',
            namespace: longSpace,
            name: 'pages.get',
            arguments: '{}',
          },
          { type: 'function_call_output', call_id: 'c1', output: 'ok' },
        ],
        tools: [
          {
            type: 'namespace',
            name: longSpace,
            description: 'Pages.',
            tools: [
              {
                type: 'function',
                name: 'pages.get',
                parameters: { type: 'object', properties: {} },
              },
            ],
          },
        ],
      };
      const raw = await client(server.url)
        .responses.create(request)
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(raw).toBeInstanceOf(OpenAI.BadRequestError);
      const projected = projectResponsesRequest(request);
      const response = await client(server.url).responses.create(projected.request);
      expect(server.lastRequest().violations).toEqual([]);
      const { response: resolved, resolutions } = projected.resolveResponse(response);
      expect(resolved.output[0]).toMatchObject({ namespace: longSpace, name: 'pages.get' });
      expect(resolutions.map((resolution) => resolution.method)).toEqual(['exact', 'exact']);
    } finally {
      await server.close();
    }
  });
});
