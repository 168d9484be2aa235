import type {
  ProjectedRequest,
  ProjectionOptions,
} from '../../core/projection/create-request-projection.js';
import { projectWireRequest } from '../engine/project-wire-request.js';
import type { WireFormat } from '../engine/wire-format.js';
import { isRecord, updatePath, visitPath, withProperty } from '../engine/wire-path.js';
import type {
  BedrockConverseRequest,
  BedrockConverseResponse,
  BedrockConverseStreamEvent,
} from './bedrock-wire.js';

/**
 * Options of {@link projectConverseRequest} and {@link wrapBedrock}; the envelope defaults to
 * `'bedrock'`, as Bedrock holds every model to `[a-zA-Z0-9_-]{1,64}`.
 */
export type BedrockProjectionOptions = ProjectionOptions;

/**
 * What {@link projectConverseRequest} returns: the shared adapter shape. `contentBlockStart` carries
 * a streamed call's name; the input pieces of a call whose arguments must be rewritten are held
 * back and released as one piece just before its `contentBlockStop` (or by `flushStream`).
 */
export type ProjectedConverseRequest<TRequest> = ProjectedRequest<
  TRequest,
  BedrockConverseResponse,
  BedrockConverseStreamEvent
>;

type Json = Record<string, unknown>;

const blockIndex = (holder: unknown): string | undefined => {
  const index = isRecord(holder) ? holder.contentBlockIndex : undefined;
  return typeof index === 'number' ? String(index) : undefined;
};

/** Bedrock Converse as data; a tool reference with a `serverName` is a Bedrock-side MCP tool. */
const CONVERSE_FORMAT: WireFormat = {
  subject: 'Bedrock request',
  expected:
    'the input of ConverseCommand or ConverseStreamCommand ({ modelId, messages, toolConfig })',
  provider: 'Bedrock',
  envelope: 'bedrock',
  schemaTarget: () => 'bedrock',
  tools: [
    {
      at: ['toolConfig', 'tools'],
      declarations: [
        {
          at: ['*', 'toolSpec'],
          schemas: [{ at: ['inputSchema', 'json'] }],
          omitEmptyDescription: true,
        },
      ],
    },
  ],
  uniqueNames: true,
  choice: [{ at: ['toolConfig', 'toolChoice', 'tool'] }],
  // The model chooses among the other tools.
  withoutChoice: (request) =>
    updatePath(request, ['toolConfig'], (config) =>
      withProperty(config as Json, 'toolChoice', undefined),
    ),
  history: {
    at: 'messages',
    sites: [
      { at: ['content', '*', 'toolUse'], arguments: 'input' },
      { at: ['content', '*', 'toolAddition', 'tool', { serverName: [undefined] }] },
      { at: ['content', '*', 'toolRemoval', 'tool', { serverName: [undefined] }] },
    ],
  },
  response: [{ at: ['output', 'message', 'content', '*', 'toolUse'], arguments: 'input' }],
  stream: {
    hold: {
      starts: [{ at: ['contentBlockStart', 'start', 'toolUse'] }],
      fragments: [{ at: ['contentBlockDelta', 'delta', 'toolUse'], arguments: 'input' }],
      key: (trail) => blockIndex(trail[1]),
      ends: (event) => [blockIndex(event.contentBlockStop)],
      release: (key, text) => ({
        contentBlockDelta: { contentBlockIndex: Number(key), delta: { toolUse: { input: text } } },
      }),
    },
  },
  check(request) {
    let usesTools = false;
    if (!isRecord(request.toolConfig))
      visitPath(request, ['messages', '*', 'content', '*'], (block) => {
        usesTools ||= isRecord(block) && (isRecord(block.toolUse) || isRecord(block.toolResult));
      });
    const message =
      'Request: the history has toolUse or toolResult blocks but there is no toolConfig, which Bedrock rejects; pass the tools of the conversation in toolConfig.';
    return usesTools ? [{ code: 'TOOL_CONFIG_REQUIRED', message }] : [];
  },
};

/**
 * Projects the input of a Bedrock `ConverseCommand` or `ConverseStreamCommand` onto Bedrock's
 * name rule (`[a-zA-Z0-9_-]{1,64}`, for every model): every `toolSpec`, `toolChoice.tool` and
 * history `toolUse` (and `toolAddition` / `toolRemoval`) name goes out as a wire name, aliased
 * tools get a short note of their canonical server and tool, input schemas are projected for
 * Bedrock, and an empty `description` (which Bedrock rejects) is left out. Returns resolvers for
 * the response and the stream events.
 *
 * @example
 * ```ts
 * import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
 * import { projectConverseRequest } from 'toolwire/bedrock';
 *
 * const { request, resolveResponse } = projectConverseRequest({
 *   modelId: 'anthropic.claude-sonnet-4-5',
 *   messages: [{ role: 'user', content: [{ text: 'Find the design doc' }] }],
 *   toolConfig: { tools: [{ toolSpec: { name: 'notion__search.pages', inputSchema: { json: schema } } }] },
 * });
 * const { response } = resolveResponse(await client.send(new ConverseCommand(request)));
 * ```
 */
export function projectConverseRequest<TRequest extends BedrockConverseRequest>(
  request: TRequest,
  options?: BedrockProjectionOptions,
): ProjectedConverseRequest<TRequest> {
  return projectWireRequest(CONVERSE_FORMAT, request, options);
}
