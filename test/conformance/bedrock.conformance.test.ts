import {
  BedrockRuntimeClient,
  BedrockRuntimeServiceException,
  type ContentBlock,
  ConverseCommand,
  type ConverseCommandInput,
  ConverseStreamCommand,
  type ConverseStreamOutput,
  type Message,
} from '@aws-sdk/client-bedrock-runtime';
import { afterAll, expect } from 'vitest';
import type { ProjectedRequest } from '../../src/core/projection/create-request-projection.js';
import {
  type ProjectedConverseRequest,
  projectConverseRequest,
  wrapBedrock,
} from '../../src/providers/bedrock/index.js';
import { bedrockModule } from '../provider-server/bedrock-module.js';
import {
  type AdapterSubject,
  type ReturnedCall,
  runAdapterConformance,
  type WireNames,
} from './adapter-conformance.js';
import type { ConformanceFixture } from './fixtures.js';

/** A Claude model id, so the server also applies Anthropic's input-schema rules. */
const CLAUDE_MODEL_ID = 'anthropic.claude-sonnet-4-5-20250929-v1:0';
/** Bedrock's name rule holds for every model; Nova gets no Anthropic schema rules on the server. */
const NOVA_MODEL_ID = 'amazon.nova-pro-v1:0';

/** A Converse input for a fixture, with canonical names. */
function buildConverseRequest(
  fixture: ConformanceFixture,
  modelId = CLAUDE_MODEL_ID,
): ConverseCommandInput {
  const messages: Message[] = [{ role: 'user', content: [{ text: 'Help me with my work.' }] }];
  for (const call of fixture.history) {
    messages.push(
      {
        role: 'assistant',
        content: [
          { toolUse: { toolUseId: call.id, name: call.name, input: call.arguments as never } },
        ],
      },
      {
        role: 'user',
        content: [{ toolResult: { toolUseId: call.id, content: [{ text: call.result }] } }],
      },
    );
  }
  messages.push({ role: 'user', content: [{ text: 'Go on.' }] });
  return {
    modelId,
    messages,
    ...(fixture.system === undefined ? {} : { system: [{ text: fixture.system }] }),
    toolConfig: {
      tools: fixture.tools.map((tool) => ({
        toolSpec: {
          name: tool.name,
          ...(tool.description === undefined ? {} : { description: tool.description }),
          inputSchema: { json: tool.inputSchema as never },
        },
      })),
      ...(fixture.toolChoice === undefined
        ? {}
        : { toolChoice: { tool: { name: fixture.toolChoice } } }),
    },
  };
}

/** Every tool name a Converse input carries, by where it sits. */
function converseWireNames(request: ConverseCommandInput): WireNames {
  const names: WireNames = { tools: [], toolChoice: [], history: [] };
  for (const tool of request.toolConfig?.tools ?? []) {
    if (tool.toolSpec !== undefined) names.tools.push(String(tool.toolSpec.name));
  }
  const choice = request.toolConfig?.toolChoice?.tool?.name;
  if (choice !== undefined) names.toolChoice.push(choice);
  for (const message of request.messages ?? []) {
    for (const block of message.content ?? []) {
      if (block.toolUse !== undefined) names.history.push(String(block.toolUse.name));
    }
  }
  return names;
}

function callsOf(content: ContentBlock[] | undefined): ReturnedCall[] {
  return (content ?? []).flatMap((block) =>
    block.toolUse === undefined
      ? []
      : [{ name: String(block.toolUse.name), arguments: block.toolUse.input }],
  );
}

/** Collects the tool calls of a ConverseStream the way a host does: start name, input pieces. */
async function collectStream(stream: AsyncIterable<ConverseStreamOutput>): Promise<ReturnedCall[]> {
  const open = new Map<number, { name: string; input: string }>();
  const calls: ReturnedCall[] = [];
  for await (const event of stream) {
    const start = event.contentBlockStart;
    if (start?.start?.toolUse !== undefined) {
      open.set(Number(start.contentBlockIndex), {
        name: String(start.start.toolUse.name),
        input: '',
      });
    }
    const piece = event.contentBlockDelta?.delta?.toolUse?.input;
    const block = open.get(Number(event.contentBlockDelta?.contentBlockIndex));
    if (piece !== undefined && block !== undefined) block.input += piece;
    const stop = event.contentBlockStop;
    const done = stop === undefined ? undefined : open.get(Number(stop.contentBlockIndex));
    if (done !== undefined) {
      calls.push({
        name: done.name,
        arguments: done.input.length === 0 ? {} : JSON.parse(done.input),
      });
      open.delete(Number(stop?.contentBlockIndex));
    }
  }
  return calls;
}

async function* noEvents(): AsyncGenerator<ConverseStreamOutput> {}

const clients: BedrockRuntimeClient[] = [];
afterAll(() => {
  for (const client of clients) client.destroy();
});

/** A real Bedrock client pointed at the local server (HTTP/2, as it talks to AWS). */
function bedrockClient(baseUrl: string): BedrockRuntimeClient {
  const client = new BedrockRuntimeClient({
    region: 'us-east-1',
    endpoint: baseUrl,
    credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' },
    maxAttempts: 1,
  });
  clients.push(client);
  return client;
}

const bedrockSubject = (modelId: string): AdapterSubject<ConverseCommandInput> => ({
  name: `bedrock (${modelId})`,
  envelope: 'bedrock',
  modules: [bedrockModule],
  buildRequest: (fixture) => buildConverseRequest(fixture, modelId),
  project: (request, options) =>
    projectConverseRequest(request, options) as ProjectedRequest<
      ConverseCommandInput,
      never,
      never
    >,
  wireNames: converseWireNames,
  async send({ baseUrl, request, stream, projected }) {
    const resolver = projected as ProjectedConverseRequest<ConverseCommandInput> | undefined;
    const client = bedrockClient(baseUrl);
    if (!stream) {
      const output = await client.send(new ConverseCommand(request));
      const resolved = resolver === undefined ? output : resolver.resolveResponse(output).response;
      return callsOf(resolved.output?.message?.content);
    }
    const output = await client.send(new ConverseStreamCommand(request));
    const events = output.stream ?? noEvents();
    if (resolver === undefined) return collectStream(events);
    return collectStream(
      (async function* resolve() {
        for await (const event of events) yield* resolver.resolveStreamEvent(event).events;
      })(),
    );
  },
  async sendWrapped({ baseUrl, request, stream, options }) {
    const client = wrapBedrock(bedrockClient(baseUrl), options);
    if (!stream) {
      const output = await client.send(new ConverseCommand(request));
      return callsOf(output.output?.message?.content);
    }
    const output = await client.send(new ConverseStreamCommand(request));
    return collectStream(output.stream ?? noEvents());
  },
  expectProviderRejection(error) {
    expect(error).toBeInstanceOf(BedrockRuntimeServiceException);
    expect((error as BedrockRuntimeServiceException).name).toBe('ValidationException');
    expect((error as BedrockRuntimeServiceException).$metadata.httpStatusCode).toBe(400);
  },
});

runAdapterConformance(bedrockSubject(CLAUDE_MODEL_ID));
runAdapterConformance(bedrockSubject(NOVA_MODEL_ID));
