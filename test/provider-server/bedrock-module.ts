import { encodeEventStreamMessage } from './bedrock-event-stream.js';
import { bedrockValidationMessage, checkBedrockRequest } from './bedrock-rules.js';
import type {
  ProviderModule,
  ProviderResponse,
  RespondInput,
  Violation,
} from './provider-module.js';
import { splitText } from './sse.js';
import { checkBedrockToolResults } from './tool-result-rules.js';

const ROUTE = /^\/model\/([^/]+)\/(converse|converse-stream)$/;

/**
 * Amazon Bedrock Converse and ConverseStream as `@aws-sdk/client-bedrock-runtime` reaches them
 * (`POST /model/{modelId}/converse[-stream]`, over HTTP/2). Rules from bedrock-rules.ts; errors
 * in AWS's shape (status 400, `x-amzn-errortype: ValidationException`, `{ message }`); answers
 * with a `toolUse` block, streamed as AWS event-stream binary frames.
 */
export const bedrockModule: ProviderModule = {
  id: 'bedrock',
  matches: (method, path) => method === 'POST' && ROUTE.test(path),
  isStream: (request) => request.path.endsWith('/converse-stream'),
  toolNames(request) {
    const body = request.body;
    const config = isRecord(body) && isRecord(body.toolConfig) ? body.toolConfig : undefined;
    const tools = config !== undefined && Array.isArray(config.tools) ? config.tools : [];
    const names: { name: string }[] = [];
    for (const tool of tools) {
      if (isRecord(tool) && isRecord(tool.toolSpec) && typeof tool.toolSpec.name === 'string') {
        names.push({ name: tool.toolSpec.name });
      }
    }
    return names;
  },
  check(request) {
    const modelId = decodeURIComponent(ROUTE.exec(request.path)?.[1] ?? '');
    return [
      ...checkBedrockRequest(request.body, modelId),
      ...checkBedrockToolResults(request.body),
    ].map((violation) => ({
      ...violation,
      code: 'ValidationException',
    }));
  },
  reject: (violations: Violation[]): ProviderResponse => ({
    status: 400,
    headers: {
      'content-type': 'application/json',
      'x-amzn-errortype':
        'ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/',
      'x-amzn-requestid': '00000000-0000-4000-8000-000000000000',
    },
    body: JSON.stringify({ message: bedrockValidationMessage(violations) }),
  }),
  respond: (input) => respondBedrock(input),
};

function respondBedrock({ stream, calls }: RespondInput): ProviderResponse {
  const usage = { inputTokens: 12, outputTokens: 5, totalTokens: 17 };
  if (!stream) {
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        output: {
          message: {
            role: 'assistant',
            content: [
              { text: 'Calling a tool.' },
              ...calls.map((call) => ({
                toolUse: { toolUseId: call.id, name: call.name, input: call.arguments },
              })),
            ],
          },
        },
        stopReason: calls.length > 0 ? 'tool_use' : 'end_turn',
        usage,
        metrics: { latencyMs: 1 },
      }),
    };
  }
  const event = (type: string, payload: unknown) =>
    encodeEventStreamMessage({ messageType: 'event', type, payload });
  const frames: Uint8Array[] = [
    event('messageStart', { role: 'assistant' }),
    event('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Calling a tool.' } }),
    event('contentBlockStop', { contentBlockIndex: 0 }),
  ];
  calls.forEach((call, index) => {
    const contentBlockIndex = index + 1;
    frames.push(
      event('contentBlockStart', {
        contentBlockIndex,
        start: { toolUse: { toolUseId: call.id, name: call.name } },
      }),
    );
    // Bedrock streams tool input as JSON text in pieces.
    for (const piece of splitText(JSON.stringify(call.arguments), 3)) {
      frames.push(
        event('contentBlockDelta', { contentBlockIndex, delta: { toolUse: { input: piece } } }),
      );
    }
    frames.push(event('contentBlockStop', { contentBlockIndex }));
  });
  frames.push(
    event('messageStop', { stopReason: calls.length > 0 ? 'tool_use' : 'end_turn' }),
    event('metadata', { usage, metrics: { latencyMs: 1 } }),
  );
  return {
    status: 200,
    headers: { 'content-type': 'application/vnd.amazon.eventstream' },
    body: frames,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
