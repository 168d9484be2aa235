import { ENVELOPES, type Envelope } from '../../core/envelope.js';
import { projectWireRequest } from '../engine/project-wire-request.js';
import type {
  NameSite,
  ProjectedRequest,
  ProjectionOptions,
  WireFormat,
} from '../engine/wire-format.js';
import type {
  MessagesRequestLike,
  MessagesResponseLike,
  MessagesStreamEventLike,
} from './messages-wire.js';

/** The result of {@link projectMessagesRequest}: the shared adapter shape. */
export type ProjectedMessagesRequest<TRequest extends MessagesRequestLike> = ProjectedRequest<
  TRequest,
  MessagesResponseLike,
  MessagesStreamEventLike
>;

/**
 * Anthropic's envelope when tool search is in play: a `tool_reference` names a tool in at most 64
 * characters, so every tool name must fit 64 for the reference to match it.
 */
export const ANTHROPIC_TOOL_SEARCH: Envelope = Object.freeze({
  ...ENVELOPES.anthropic,
  id: 'anthropic-tool-search',
  maxLength: 64,
  source:
    'Anthropic tool search: `tool_reference.tool_name` is at most 64 characters (Anthropic tool search documentation; anthropics/claude-code#20830).',
});

/** A choice of a left-out tool becomes `auto`, with the choice's other fields. */
const AUTO = [{ at: ['tool_choice', 'type'], value: 'auto' }, { at: ['tool_choice', 'name'] }];
const TOOL_USES = ['content', '*', { type: ['tool_use'] }];
const REFERENCE: NameSite = {
  at: ['content', '*', { type: ['tool_result'] }, 'content', '*', { type: ['tool_reference'] }],
  name: 'tool_name',
};
const INPUT_DELTA = [{ type: ['content_block_delta'] }, 'delta', { type: ['input_json_delta'] }];

/** The Messages API as data: client tools (no `type`, or `custom`; server tools carry a versioned type). */
const MESSAGES_FORMAT: WireFormat = {
  subject: 'Anthropic Messages request',
  provider: 'Anthropic',
  arrays: ['messages'],
  optionalArrays: ['tools'],
  envelope: 'anthropic',
  schemaTarget: (options) => options.schemaTarget ?? 'anthropic',
  tools: [
    {
      at: ['tools'],
      // Tool search: tools deferred behind it (or in the history, tool references: `switched`).
      switches: {
        reads: ['defer_loading', 'type'],
        test: (tool) => tool.defer_loading === true || String(tool.type).startsWith('tool_search'),
      },
      declarations: [
        {
          at: ['*', { type: [undefined, null, 'custom'] }],
          schemas: [{ at: ['input_schema'] }],
          schemaRequired: true,
        },
      ],
    },
  ],
  uniqueNames: true,
  choice: [{ at: ['tool_choice', { type: ['tool'] }], otherwise: AUTO }],
  history: {
    at: 'messages',
    sites: [{ at: TOOL_USES, arguments: 'input' }, REFERENCE],
  },
  response: [{ at: TOOL_USES, arguments: 'input' }],
  stream: {
    calls: [{ at: [{ type: ['message_start'] }, 'message', ...TOOL_USES], arguments: 'input' }],
    hold: {
      starts: [
        { at: [{ type: ['content_block_start'] }, 'content_block', { type: ['tool_use'] }] },
      ],
      fragments: [{ at: INPUT_DELTA, arguments: 'partial_json' }],
      key: (trail) => (trail[0] as { index?: unknown }).index,
      ends: (event) => (event.type === 'content_block_stop' ? [event.index] : []),
      release: (key, text) => ({
        type: 'content_block_delta',
        index: Number(key),
        delta: { type: 'input_json_delta', partial_json: text },
      }),
    },
  },
  switched: { envelope: ANTHROPIC_TOOL_SEARCH, history: REFERENCE },
};

/**
 * Projects an Anthropic Messages API request: client tools' names and `input_schema`s,
 * `tool_choice`, the history's `tool_use` blocks and the `tool_reference`s in tool results (the
 * envelope: `anthropic`, or 64 characters under tool search). Server tools (`web_search_…`) are
 * left alone; `cache_control` stays where it was and the projection is deterministic, so the
 * cached prefix stays the same from turn to turn.
 *
 * @example
 * ```ts
 * import Anthropic from '@anthropic-ai/sdk';
 * import { projectMessagesRequest } from 'toolwire/anthropic';
 *
 * const client = new Anthropic();
 * const projected = projectMessagesRequest({ model, max_tokens: 1024, messages, tools });
 * const { response } = projected.resolveResponse(await client.messages.create(projected.request));
 * ```
 */
export function projectMessagesRequest<TRequest extends MessagesRequestLike>(
  request: TRequest,
  options?: ProjectionOptions,
): ProjectedMessagesRequest<TRequest> {
  return projectWireRequest(MESSAGES_FORMAT, request, options);
}
