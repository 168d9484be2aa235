import Anthropic from '@anthropic-ai/sdk';
import type {
  MessageCreateParamsNonStreaming,
  RawMessageStreamEvent,
} from '@anthropic-ai/sdk/resources/messages';
import { expect } from 'vitest';
import { projectMessagesRequest, wrapAnthropic } from '../../src/providers/anthropic/index.js';
import { anthropicModule } from '../provider-server/anthropic-module.js';
import {
  type AdapterSubject,
  type ReturnedCall,
  runAdapterConformance,
} from './adapter-conformance.js';
import { buildAnthropicRequest } from './fixture-requests.js';

type Request = MessageCreateParamsNonStreaming;

const client = (baseUrl: string) =>
  new Anthropic({ apiKey: 'test', baseURL: baseUrl, maxRetries: 0 });

function callsOfMessage(message: Anthropic.Messages.Message): ReturnedCall[] {
  return message.content.flatMap((block) =>
    block.type === 'tool_use' ? [{ name: block.name, arguments: block.input }] : [],
  );
}

async function callsOfStream(
  stream: AsyncIterable<RawMessageStreamEvent>,
  resolve?: (event: RawMessageStreamEvent) => RawMessageStreamEvent[],
): Promise<ReturnedCall[]> {
  const calls: { name: string; json: string }[] = [];
  for await (const raw of stream) {
    for (const event of resolve ? resolve(raw) : [raw]) {
      if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
        calls[event.index] = { name: event.content_block.name, json: '' };
      }
      if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') {
        const call = calls[event.index];
        if (call) call.json += event.delta.partial_json;
      }
    }
  }
  return calls.map((call) => ({ name: call.name, arguments: JSON.parse(call.json || '{}') }));
}

const subject: AdapterSubject<Request> = {
  name: 'anthropic',
  envelope: 'anthropic',
  modules: [anthropicModule],
  buildRequest: buildAnthropicRequest,
  project: (request, options) => projectMessagesRequest(request, options) as never,
  wireNames(request) {
    const tools = (request.tools ?? []).flatMap((tool) =>
      'input_schema' in tool ? [tool.name] : [],
    );
    const choice = request.tool_choice;
    const toolChoice = choice?.type === 'tool' ? [choice.name] : [];
    const history = request.messages.flatMap((message) =>
      typeof message.content === 'string'
        ? []
        : message.content.flatMap((block) => (block.type === 'tool_use' ? [block.name] : [])),
    );
    return { tools, toolChoice, history };
  },
  async send({ baseUrl, request, stream, projected }) {
    const sdk = client(baseUrl);
    if (!stream) {
      const message = await sdk.messages.create(request);
      return callsOfMessage(
        projected ? projected.resolveResponse(message as never).response : message,
      );
    }
    const events = await sdk.messages.create({ ...request, stream: true });
    return callsOfStream(
      events,
      projected ? (event) => projected.resolveStreamEvent(event as never).events : undefined,
    );
  },
  async sendWrapped({ baseUrl, request, stream, options }) {
    const sdk = wrapAnthropic(client(baseUrl), options);
    if (!stream) return callsOfMessage(await sdk.messages.create(request));
    // The SDK's own stream helper accumulates the final message from the resolved events.
    const message = await sdk.messages.stream(request).finalMessage();
    return callsOfMessage(message);
  },
  expectProviderRejection(error) {
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    const body = (error as InstanceType<typeof Anthropic.BadRequestError>).error as {
      type?: string;
      error?: { type?: string; message?: string };
    };
    expect(body.type).toBe('error');
    expect(body.error?.type).toBe('invalid_request_error');
  },
};

runAdapterConformance(subject);
