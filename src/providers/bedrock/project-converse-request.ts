import { projectWireRequest } from '../engine/project-wire-request.js';
import type { ProjectedRequest, ProjectionOptions, WireFormat } from '../engine/wire-format.js';
import { isRecord, type Json, visitPath } from '../engine/wire-path.js';
import type {
  BedrockConverseRequest,
  BedrockConverseResponse,
  BedrockConverseStreamEvent,
} from './bedrock-wire.js';

/** What {@link projectConverseRequest} returns: the shared adapter shape. */
export type ProjectedConverseRequest<TRequest> = ProjectedRequest<
  TRequest,
  BedrockConverseResponse,
  BedrockConverseStreamEvent
>;

/** Bedrock Converse as data; a tool reference with a `serverName` is a Bedrock-side MCP tool. */
const CONVERSE_FORMAT: WireFormat = {
  subject: 'Bedrock request',
  expected:
    'the input of ConverseCommand or ConverseStreamCommand ({ modelId, messages, toolConfig })',
  provider: 'Bedrock',
  envelope: 'bedrock',
  schemaTarget: (options) => options.schemaTarget ?? 'bedrock',
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
  // The model chooses among the other tools.
  choice: [
    { at: ['toolConfig', 'toolChoice', 'tool'], otherwise: [{ at: ['toolConfig', 'toolChoice'] }] },
  ],
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
      key: (trail) => (trail[1] as Json).contentBlockIndex,
      ends: (event) => [(event.contentBlockStop as Json | undefined)?.contentBlockIndex],
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
 * Projects the input of a Bedrock `ConverseCommand` or `ConverseStreamCommand`: `toolSpec` names
 * and input schemas, `toolChoice.tool`, and the history's `toolUse` (and `toolAddition` /
 * `toolRemoval`) names; an empty `description`, which Bedrock rejects, is left out. The envelope
 * defaults to `'bedrock'`: Bedrock holds every model to `[a-zA-Z0-9_-]{1,64}`.
 *
 * @example
 * ```ts
 * import { ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
 * import { projectConverseRequest } from 'toolwire/bedrock';
 *
 * const { request, resolveResponse } = projectConverseRequest({ modelId, messages, toolConfig });
 * const { response } = resolveResponse(await client.send(new ConverseCommand(request)));
 * ```
 */
export function projectConverseRequest<TRequest extends BedrockConverseRequest>(
  request: TRequest,
  options?: ProjectionOptions,
): ProjectedConverseRequest<TRequest> {
  return projectWireRequest(CONVERSE_FORMAT, request, options);
}
