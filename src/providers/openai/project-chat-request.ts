import { projectWireRequest } from '../engine/project-wire-request.js';
import type { ProjectedRequest, ProjectionOptions, WireFormat } from '../engine/wire-format.js';
import type { Json, WirePath } from '../engine/wire-path.js';
import { isRecord, updatePath, withProperty } from '../engine/wire-path.js';
import type { ChatCompletionChunkLike, ChatCompletionLike, ChatRequestLike } from './chat-wire.js';

const FUNCTION = { type: ['function'] };
const CUSTOM = { type: ['custom'] };
/** A call (a history tool call, a response tool call): a function with JSON text arguments, or a custom tool. */
const calls = (at: WirePath) => [
  { at: [...at, 'function'], arguments: 'arguments', text: true },
  { at: [...at, 'custom'] },
];
const ALLOWED = ['tool_choice', { type: ['allowed_tools'] }, 'allowed_tools', 'tools', '*'];
const AUTO = [{ at: ['tool_choice'], value: 'auto' }];

/** Chat Completions as data, with the legacy `functions` / `function_call` beside `tools`. */
const CHAT_FORMAT: WireFormat = {
  subject: 'OpenAI Chat Completions request',
  provider: 'OpenAI',
  arrays: ['messages'],
  optionalArrays: ['tools', 'functions'],
  envelope: 'openai',
  schemaTarget: (options) => options.schemaTarget ?? 'openai',
  tools: [
    {
      at: ['tools'],
      declarations: [
        {
          at: ['*', FUNCTION, 'function'],
          // OpenAI takes a missing `parameters` as an empty parameter list.
          schemas: [{ at: ['parameters'] }],
          strict: 'strict',
        },
        { at: ['*', CUSTOM, 'custom'] },
      ],
    },
    { at: ['functions'], declarations: [{ at: ['*'], schemas: [{ at: ['parameters'] }] }] },
  ],
  // OpenAI rejects a choice of a function not in `tools`: left-out tools leave `allowed_tools`, and
  // a choice that names none of the offered tools becomes `auto`.
  choice: [
    { at: ['tool_choice', FUNCTION, 'function'], otherwise: AUTO },
    { at: ['tool_choice', CUSTOM, 'custom'], otherwise: AUTO },
    { at: [...ALLOWED, FUNCTION, 'function'], drop: true, otherwise: AUTO },
    { at: [...ALLOWED, CUSTOM, 'custom'], drop: true, otherwise: AUTO },
    { at: ['function_call'], otherwise: [{ at: ['function_call'], value: 'auto' }] },
  ],
  history: {
    at: 'messages',
    sites: [
      { at: [{ role: ['function'] }] },
      { at: ['function_call'] },
      ...calls(['tool_calls', '*']),
    ],
  },
  response: [
    ...calls(['choices', '*', 'message', 'tool_calls', '*']),
    { at: ['choices', '*', 'message', 'function_call'], arguments: 'arguments', text: true },
  ],
  stream: {
    // Some OpenAI-compatible servers send tool-call deltas without an `index`: a named call starts
    // the next index of its choice, a piece without a name continues the last one.
    prepare: (event, state) =>
      updatePath(event, ['choices', '*', 'delta', 'tool_calls', '*'], (call, trail) => {
        if (!isRecord(call)) return call;
        const owner = String((trail[2] as Json).index ?? 0);
        const starts = isRecord(call.function) && typeof call.function.name === 'string';
        const last = state.get(owner) as number | undefined;
        const index =
          typeof call.index === 'number' ? call.index : starts ? (last ?? -1) + 1 : (last ?? 0);
        if (starts || last === undefined) state.set(owner, index);
        return withProperty(call, 'index', index);
      }),
    hold: {
      starts: [
        { at: ['choices', '*', 'delta', 'tool_calls', '*', 'function'], fragment: 'arguments' },
        { at: ['choices', '*', 'delta', 'function_call'] },
      ],
      key: (trail) =>
        trail.length === 7
          ? `${String((trail[2] as Json).index ?? 0)}:${String((trail[5] as Json).index)}`
          : undefined,
      // A choice's calls end with its `finish_reason`.
      ends: (event, held) =>
        (Array.isArray(event.choices) ? event.choices : []).flatMap((choice: unknown) =>
          isRecord(choice) && choice.finish_reason != null
            ? held.filter((key) => key.startsWith(`${String(choice.index ?? 0)}:`))
            : [],
        ),
      release(key, text, event) {
        const [choice, call] = key.split(':').map(Number);
        const delta = { tool_calls: [{ index: call, function: { arguments: text } }] };
        return { ...event, choices: [{ index: choice, delta, finish_reason: null }] };
      },
    },
  },
};

/** The result of {@link projectChatRequest}: the shared adapter shape. */
export type ProjectedChatRequest<TRequest extends ChatRequestLike> = ProjectedRequest<
  TRequest,
  ChatCompletionLike,
  ChatCompletionChunkLike
>;

/**
 * Projects an OpenAI Chat Completions request (see {@link ProjectionOptions} for the shape every
 * adapter shares): the names and `parameters` of `tools` and legacy `functions`, `tool_choice`
 * (with `allowed_tools`), `function_call` and the history's `tool_calls`.
 *
 * @example
 * ```ts
 * import OpenAI from 'openai';
 * import { projectChatRequest } from 'toolwire/openai';
 *
 * const projected = projectChatRequest({ model: 'gpt-5', messages, tools });
 * const { response } = projected.resolveResponse(await new OpenAI().chat.completions.create(projected.request));
 * response.choices[0].message.tool_calls; // canonical names, e.g. 'atlassian-rovo-mcp__getJiraIssue'
 * ```
 */
export function projectChatRequest<TRequest extends ChatRequestLike>(
  request: TRequest,
  options?: ProjectionOptions,
): ProjectedChatRequest<TRequest> {
  return projectWireRequest(CHAT_FORMAT, request, options);
}
