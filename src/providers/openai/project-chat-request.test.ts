import fc from 'fast-check';
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParams,
} from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { fitsEnvelope } from '../../core/fits-envelope.js';
import { projectChatRequest } from './project-chat-request.js';

const LONG =
  'io-github-modelcontextprotocol-server-catalog-atlassian__getConfluencePageDescendants';
const BRIDGE = 'clerum__tool_call';

const fn = (name: string, description?: string) => ({
  type: 'function' as const,
  function: {
    name,
    ...(description === undefined ? {} : { description }),
    parameters: { type: 'object', properties: { name: { type: 'string' } } },
  },
});

const request = (
  names: string[],
  history: string[] = [],
  choice?: string,
): ChatCompletionCreateParams => ({
  model: 'gpt-test',
  messages: [
    { role: 'user', content: 'hi' },
    ...history.map((name, index) => ({
      role: 'assistant' as const,
      content: null,
      tool_calls: [
        { id: `c${index}`, type: 'function' as const, function: { name, arguments: '{}' } },
      ],
    })),
  ],
  tools: names.map((name) => fn(name, 'Does it.')),
  ...(choice === undefined
    ? {}
    : { tool_choice: { type: 'function' as const, function: { name: choice } } }),
});

const completion = (name: string, args: unknown): ChatCompletion => ({
  id: 'x',
  object: 'chat.completion',
  created: 0,
  model: 'm',
  choices: [
    {
      index: 0,
      finish_reason: 'tool_calls',
      logprobs: null,
      message: {
        role: 'assistant',
        content: null,
        refusal: null,
        tool_calls: [
          { id: 'c', type: 'function', function: { name, arguments: JSON.stringify(args) } },
        ],
      },
    },
  ],
});

const chunk = (
  delta: ChatCompletionChunk.Choice.Delta,
  finish: ChatCompletionChunk.Choice['finish_reason'] = null,
): ChatCompletionChunk => ({
  id: 'x',
  object: 'chat.completion.chunk',
  created: 0,
  model: 'm',
  choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
});

const name = fc.oneof(
  fc.stringMatching(/^[a-z]{1,12}__[a-z_]{1,20}$/),
  fc.string({ minLength: 1, maxLength: 120 }),
  fc.constantFrom(LONG, 'fs__read.file', '1password__items.get'),
);

describe('projectChatRequest', () => {
  it('should fit every name, never mutate the input, and resolve every wire name back', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 1, maxLength: 12 }),
        fc.nat(),
        (names, pick) => {
          const target = names[pick % names.length] as string;
          const input = request(names, [target], target);
          const before = structuredClone(input);
          const projected = projectChatRequest(input);
          expect(input).toEqual(before);
          const out = projected.request;
          const wires = (out.tools ?? []).map((tool) =>
            tool.type === 'function' ? tool.function.name : '',
          );
          for (const wire of wires) expect(fitsEnvelope(wire, 'openai')).toBe(true);
          const choice = out.tool_choice;
          expect(
            typeof choice === 'object' && choice.type === 'function' && choice.function.name,
          ).toBe(projected.map.toWire(target));
          const wire = projected.map.toWire(target);
          const { response } = projected.resolveResponse(completion(wire, {}));
          const call = response.choices[0]?.message.tool_calls?.[0];
          expect(call?.type === 'function' && call.function.name).toBe(target);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('should return the very request object when every name fits', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z]{1,12}__[a-z_]{1,20}$/), { maxLength: 8 }),
        (names) => {
          const input = request(names, names.slice(0, 1));
          const projected = projectChatRequest(input);
          expect(projected.request).toBe(input);
          expect(JSON.stringify(projected.request)).toBe(JSON.stringify(input));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('should note the canonical server and tool in the description of an aliased tool only', () => {
    const projected = projectChatRequest(request([LONG, 'github__create_issue']));
    const [long, short] = projected.request.tools ?? [];
    expect(long?.type === 'function' && long.function.description).toBe(
      'Does it.\n\n(MCP server "io-github-modelcontextprotocol-server-catalog-a…", tool "getConfluencePageDescendants")',
    );
    expect(short?.type === 'function' && short.function.description).toBe('Does it.');
  });

  it('should project legacy functions and function_call, and allowed_tools choices', () => {
    const input = {
      model: 'm',
      messages: [
        {
          role: 'assistant' as const,
          content: null,
          function_call: { name: LONG, arguments: '{}' },
        },
      ],
      functions: [{ name: LONG, parameters: { type: 'object', properties: {} } }],
      function_call: { name: LONG },
      tool_choice: {
        type: 'allowed_tools' as const,
        allowed_tools: {
          mode: 'auto' as const,
          tools: [{ type: 'function', function: { name: LONG } }],
        },
      },
    };
    const projected = projectChatRequest(input);
    const wire = projected.map.toWire(LONG);
    expect(wire).not.toBe(LONG);
    expect(projected.request.functions[0]?.name).toBe(wire);
    expect(projected.request.function_call.name).toBe(wire);
    expect(projected.request.messages[0]?.function_call.name).toBe(wire);
    expect(projected.request.tool_choice.allowed_tools.tools[0]).toEqual({
      type: 'function',
      function: { name: wire },
    });
  });

  it('should pass an unknown name through and resolve leniently when asked', () => {
    const plain = projectChatRequest(request([LONG]));
    const sloppy = plain.map.toWire(LONG).slice(0, -9);
    expect(plain.resolveResponse(completion(sloppy, {})).resolutions[0]).toMatchObject({
      method: 'unknown',
      name: sloppy,
    });
    const lenient = projectChatRequest(request([LONG]), { lenient: true });
    expect(lenient.resolveResponse(completion(sloppy, {})).resolutions[0]).toMatchObject({
      method: 'hash-dropped',
      name: LONG,
    });
  });

  it('should project and resolve tool names inside the arguments of a bridge tool, plain and streamed', () => {
    const input = request([BRIDGE]);
    input.messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: 'b1',
          type: 'function',
          function: { name: BRIDGE, arguments: JSON.stringify({ name: LONG, arguments: {} }) },
        },
      ],
    });
    const before = structuredClone(input);
    const projected = projectChatRequest(input, { argumentNameTools: { [BRIDGE]: ['name'] } });
    expect(input).toEqual(before);
    const wire = projected.map.toWire(LONG);
    const history = projected.request.messages.at(-1);
    const historyCall = history?.role === 'assistant' ? history.tool_calls?.[0] : undefined;
    expect(historyCall?.type === 'function' && JSON.parse(historyCall.function.arguments)).toEqual({
      name: wire,
      arguments: {},
    });

    const plain = projected.resolveResponse(
      completion(BRIDGE, { name: wire, arguments: { a: 1 } }),
    );
    const call = plain.response.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual({
      name: LONG,
      arguments: { a: 1 },
    });
    expect(plain.resolutions.map((resolution) => resolution.method)).toEqual(['exact', 'exact']);

    const stream = projectChatRequest(input, { argumentNameTools: { [BRIDGE]: ['name'] } });
    const text = JSON.stringify({ name: wire, arguments: {} });
    const events = [
      chunk({ role: 'assistant' }),
      chunk({
        tool_calls: [
          { index: 0, id: 'c', type: 'function', function: { name: BRIDGE, arguments: '' } },
        ],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: text.slice(0, 10) } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: text.slice(10) } }] }),
      chunk({}, 'tool_calls'),
    ].flatMap((event) => stream.resolveStreamEvent(event).events);
    const joined = events
      .flatMap((event) => event.choices[0]?.delta.tool_calls ?? [])
      .map((delta) => delta.function?.arguments ?? '')
      .join('');
    expect(JSON.parse(joined)).toEqual({ name: LONG, arguments: {} });
    expect(events.at(-1)?.choices[0]?.finish_reason).toBe('tool_calls');
  });

  it('should project custom tools and custom tool calls, and resolve them', () => {
    const input: ChatCompletionCreateParams = {
      model: 'm',
      messages: [
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c', type: 'custom', custom: { name: LONG, input: 'SELECT 1' } }],
        },
      ],
      tools: [{ type: 'custom', custom: { name: LONG, description: 'Runs SQL.' } }],
      tool_choice: { type: 'custom', custom: { name: LONG } },
    };
    const projected = projectChatRequest(input);
    const wire = projected.map.toWire(LONG);
    expect(projected.request.tools?.[0]).toMatchObject({ custom: { name: wire } });
    expect(projected.request.tool_choice).toEqual({ type: 'custom', custom: { name: wire } });
    const history = projected.request.messages[0];
    expect(history?.role === 'assistant' && history.tool_calls?.[0]).toMatchObject({
      custom: { name: wire, input: 'SELECT 1' },
    });
    const response = completion(wire, {});
    const message = response.choices[0]?.message;
    if (message)
      message.tool_calls = [{ id: 'c', type: 'custom', custom: { name: wire, input: 'SELECT 2' } }];
    expect(
      projected.resolveResponse(response).response.choices[0]?.message.tool_calls?.[0],
    ).toEqual({
      id: 'c',
      type: 'custom',
      custom: { name: LONG, input: 'SELECT 2' },
    });
  });
});

describe('projectChatRequest on the next turn', () => {
  it('should reuse the projected tools and history of earlier turns and see changes made in place', () => {
    const tools = [fn(LONG, 'Gets it.'), fn('github__create_issue')];
    const call = { id: 'c1', type: 'function' as const, function: { name: LONG, arguments: '{}' } };
    const messages: ChatCompletionCreateParams['messages'] = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: null, tool_calls: [call] },
    ];
    const first = projectChatRequest({ model: 'gpt-test', messages, tools });
    const next = projectChatRequest({
      model: 'gpt-test',
      messages: [...messages, { role: 'user', content: 'again' }],
      tools,
    });
    expect(next.request.tools).toBe(first.request.tools);
    expect(next.request.messages[1]).toBe(first.request.messages[1]);
    // A host that edits its objects in place gets them projected again.
    (tools[1] as { function: { name: string } }).function.name = 'browser__browser.fetch';
    call.function.name = 'github__create_issue';
    const edited = projectChatRequest({ model: 'gpt-test', messages: [...messages], tools });
    const [, second] = edited.request.tools as { function: { name: string } }[];
    expect(second?.function.name).toBe('browser__browser_fetch');
    const [, assistant] = edited.request.messages as { tool_calls?: (typeof call)[] }[];
    expect(assistant?.tool_calls?.[0]?.function.name).toBe('github__create_issue');
    expect(edited.map.fromWire('browser__browser_fetch')).toBe('browser__browser.fetch');
  });

  it('should send the items of a history array the host changed in place since the last turn', () => {
    const tools = [fn(LONG)];
    const call = { id: 'c1', type: 'function' as const, function: { name: LONG, arguments: '{}' } };
    const messages: ChatCompletionCreateParams['messages'] = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: null, tool_calls: [call] },
      { role: 'user', content: 'thanks' },
    ];
    const first = projectChatRequest({ model: 'gpt-test', messages, tools });
    // The same array on the next turn: an item replaced, one added.
    messages[2] = { role: 'user', content: 'no, the other one' };
    messages.push({ role: 'user', content: 'please' });
    const next = projectChatRequest({ model: 'gpt-test', messages, tools });
    expect(next.request.messages[1]).toBe(first.request.messages[1]);
    expect(next.request.messages.slice(2)).toEqual(messages.slice(2));
  });
});
