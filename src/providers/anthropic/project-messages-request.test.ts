import Anthropic from '@anthropic-ai/sdk';
import type {
  Message,
  MessageCreateParamsNonStreaming,
  MessageParam,
  RawMessageStreamEvent,
} from '@anthropic-ai/sdk/resources/messages';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropicModule } from '../../../test/provider-server/anthropic-module.js';
import {
  type ProviderServer,
  startProviderServer,
} from '../../../test/provider-server/start-provider-server.js';
import { fitsEnvelope } from '../../core/fits-envelope.js';
import { projectMessagesRequest } from './project-messages-request.js';
import { wrapAnthropic } from './wrap-anthropic.js';

const LONG = `${'io-github-modelcontextprotocol-server-catalog-atlassian-enterprise'.repeat(2)}__getPage`;
const BRIDGE = 'clerum__tool_call';
const schema = { type: 'object' as const, properties: { name: { type: 'string' } } };

const request = (
  names: string[],
  history: string[] = [],
  choice?: string,
): MessageCreateParamsNonStreaming => ({
  model: 'claude-test',
  max_tokens: 100,
  system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
  messages: [
    { role: 'user', content: 'hi' },
    ...history.map((name, index) => ({
      role: 'assistant' as const,
      content: [{ type: 'tool_use' as const, id: `t${index}`, name, input: {} }],
    })),
  ],
  tools: names.map((name, index) => ({
    name,
    description: 'Does it.',
    input_schema: schema,
    ...(index === names.length - 1 ? { cache_control: { type: 'ephemeral' as const } } : {}),
  })),
  ...(choice === undefined ? {} : { tool_choice: { type: 'tool' as const, name: choice } }),
});

const message = (name: string, input: unknown): Message =>
  ({
    id: 'm',
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content: [{ type: 'tool_use', id: 't', name, input }],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  }) as unknown as Message;

const name = fc.oneof(
  fc.stringMatching(/^[a-z]{1,12}__[a-z_]{1,20}$/),
  fc.string({ minLength: 1, maxLength: 200 }),
  fc.constantFrom(LONG, 'fs__read.file'),
);

describe('projectMessagesRequest', () => {
  it('should fit every name, never mutate the input, and resolve every wire name back', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 1, maxLength: 12 }),
        fc.nat(),
        (names, pick) => {
          const target = names[pick % names.length] as string;
          const input = request(names, [target], target);
          const before = structuredClone(input);
          const projected = projectMessagesRequest(input);
          expect(input).toEqual(before);
          for (const tool of projected.request.tools ?? [])
            expect(fitsEnvelope((tool as { name: string }).name, 'anthropic')).toBe(true);
          const wire = projected.map.toWire(target);
          expect(projected.request.tool_choice).toEqual({ type: 'tool', name: wire });
          const { response } = projected.resolveResponse(message(wire, { a: 1 }));
          expect(response.content[0]).toMatchObject({ name: target, input: { a: 1 } });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('should return the very request object when every name fits', () => {
    const input = request(['github__create_issue', 'github__search'], ['github__search']);
    expect(projectMessagesRequest(input).request).toBe(input);
  });

  it('should keep cache_control where it was and leave server tools and system alone', () => {
    const input = request(['github__create_issue', LONG]);
    input.tools?.push({ type: 'web_search_20250305', name: 'web_search' });
    const projected = projectMessagesRequest(input);
    const tools = projected.request.tools ?? [];
    expect(tools[1]).toMatchObject({
      cache_control: { type: 'ephemeral' },
      name: projected.map.toWire(LONG),
    });
    expect(tools[0]).toBe(input.tools?.[0]);
    expect(tools[2]).toBe(input.tools?.[2]);
    expect(projected.request.system).toBe(input.system);
    // Deterministic: the cached prefix is the same on the next turn.
    expect(JSON.stringify(projectMessagesRequest(structuredClone(input)).request.tools)).toBe(
      JSON.stringify(tools),
    );
  });

  it('should send a tool offered twice once, with a warning, instead of failing the request', () => {
    const input = request(['github__create_issue', 'github__create_issue', 'github__search']);
    const projected = projectMessagesRequest(input);
    expect(projected.request.tools?.map((tool) => (tool as { name: string }).name)).toEqual([
      'github__create_issue',
      'github__search',
    ]);
    expect(projected.warnings).toMatchObject([
      { code: 'DUPLICATE_TOOL_LEFT_OUT', tool: 'github__create_issue' },
    ]);
  });

  it('should turn a choice of a left-out tool into auto, with a warning', () => {
    const input = request(['github__create_issue'], [], 'broken__tool');
    input.tools?.push({
      name: 'broken__tool',
      input_schema: { type: 'object', properties: { a: { $ref: '#/nowhere' } } },
    });
    const projected = projectMessagesRequest(input);
    expect(projected.request.tools).toHaveLength(1);
    expect(projected.request.tool_choice).toEqual({ type: 'auto' });
    expect(projected.warnings.map((warning) => warning.code)).toEqual([
      'TOOL_QUARANTINED',
      'TOOL_CHOICE_DROPPED',
    ]);
  });

  it('should project tool references in tool results', () => {
    const input = request([LONG]);
    input.messages.push({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'x',
          content: [{ type: 'tool_reference', tool_name: LONG }] as never,
        },
      ],
    });
    const projected = projectMessagesRequest(input);
    const block = projected.request.messages.at(-1)?.content;
    expect(JSON.stringify(block)).toContain(`"tool_name":"${projected.map.toWire(LONG)}"`);
    // Tool search: references hold at most 64 characters, so every name is fitted to 64.
    expect(projected.map.envelope.maxLength).toBe(64);
    const medium = `server__${'x'.repeat(80)}`;
    const plain = projectMessagesRequest(request([medium]));
    expect(plain.map.toWire(medium)).toBe(medium);
    const deferred = request([medium]);
    (deferred.tools?.[0] as { defer_loading?: boolean }).defer_loading = true;
    expect(projectMessagesRequest(deferred).map.toWire(medium).length).toBeLessThanOrEqual(64);
  });

  it('should switch to tool search on the next turn of a list or history that gains it in place', () => {
    const medium = `server__${'x'.repeat(80)}`;
    const input = request([medium, 'github__create_issue']);
    const fitted = (sent: MessageCreateParamsNonStreaming) =>
      projectMessagesRequest(sent).map.toWire(medium).length <= 64;
    expect(fitted(input)).toBe(false);
    expect(fitted({ ...input })).toBe(false);
    // A tool of the same list deferred in place, then no longer.
    const tool = input.tools?.[1] as { defer_loading?: boolean };
    tool.defer_loading = true;
    expect(fitted({ ...input })).toBe(true);
    delete tool.defer_loading;
    expect(fitted({ ...input })).toBe(false);
    // A tool reference in an item added, then in an earlier item edited in place, then removed.
    const reference = {
      role: 'user' as const,
      content: [
        {
          type: 'tool_result' as const,
          tool_use_id: 'x',
          content: [{ type: 'tool_reference', tool_name: medium }] as never,
        },
      ],
    };
    const plain = { role: 'user' as const, content: [{ type: 'text' as const, text: 'ok' }] };
    const messages = [...input.messages, plain];
    expect(fitted({ ...input, messages })).toBe(false);
    expect(fitted({ ...input, messages: [...messages, reference] })).toBe(true);
    expect(fitted({ ...input, messages: [...messages, plain] })).toBe(false);
    Object.assign(plain, { content: reference.content });
    expect(fitted({ ...input, messages: [...messages, { ...plain }] })).toBe(true);
    expect(fitted({ ...input, messages: input.messages })).toBe(false);
  });

  it('should hold back a bridge call input while streaming and release it resolved', () => {
    const input = request([BRIDGE], []);
    input.messages.push({
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'b', name: BRIDGE, input: { name: LONG } }],
    });
    const projected = projectMessagesRequest(input, { argumentNameTools: { [BRIDGE]: ['name'] } });
    const wire = projected.map.toWire(LONG);
    expect(projected.request.messages.at(-1)?.content).toMatchObject([{ input: { name: wire } }]);
    const text = JSON.stringify({ name: wire });
    const events = [
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 't', name: BRIDGE, input: {} },
      },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: text.slice(0, 5) },
      },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: text.slice(5) },
      },
      { type: 'content_block_stop', index: 0 },
    ] as RawMessageStreamEvent[];
    const out = events.flatMap((event) => projected.resolveStreamEvent(event).events);
    const json = out
      .map((event) =>
        event.type === 'content_block_delta' && event.delta.type === 'input_json_delta'
          ? event.delta.partial_json
          : '',
      )
      .join('');
    expect(JSON.parse(json)).toEqual({ name: LONG });
    expect(out.at(-1)?.type).toBe('content_block_stop');
  });
});

describe('wrapAnthropic', () => {
  let server: ProviderServer;
  let raw: Anthropic;
  beforeAll(async () => {
    server = await startProviderServer({ modules: [anthropicModule] });
    raw = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
  });
  afterAll(() => server.close());

  it('should resolve plain calls with withResponse, leave the original client alone, and report resolutions', async () => {
    const resolutions: unknown[] = [];
    const client = wrapAnthropic(raw, { onResolutions: (list) => resolutions.push(...list) });
    const { data, response } = await client.messages.create(request([LONG])).withResponse();
    expect(response.status).toBe(200);
    expect(data.content[0]).toMatchObject({ type: 'tool_use', name: LONG });
    expect(resolutions).toMatchObject([{ canonical: LONG, method: 'exact' }]);
    const error = await raw.messages.create(request([LONG])).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
  });

  it('should resolve a bridge argument through the SDK stream helper', async () => {
    const client = wrapAnthropic(raw, { argumentNameTools: { [BRIDGE]: ['name'] } });
    const input = request([BRIDGE, LONG]);
    server.script = (_recorded, tools) => {
      const wire = tools.find((tool) => tool.name !== BRIDGE)?.name as string;
      return [{ name: BRIDGE, arguments: { name: wire }, id: 'c' }];
    };
    const final = await client.messages.stream(input).finalMessage();
    expect(server.lastRequest().violations).toEqual([]);
    expect(final.content[0]).toMatchObject({ name: BRIDGE, input: { name: LONG } });
  });

  it('should wrap beta.messages too, plain and through its stream helper', async () => {
    server.script = (_recorded, tools) => [
      { name: tools[0]?.name as string, arguments: {}, id: 'c' },
    ];
    const client = wrapAnthropic(raw);
    const plain = await client.beta.messages.create(request([LONG]));
    expect(server.lastRequest().violations).toEqual([]);
    expect(plain.content[0]).toMatchObject({ type: 'tool_use', name: LONG });
    const streamed = await client.beta.messages.stream(request([LONG])).finalMessage();
    expect(streamed.content[0]).toMatchObject({ type: 'tool_use', name: LONG });
  });
});

describe('projectMessagesRequest on the next turn', () => {
  it('should reuse the projected tools and history of earlier turns and see changes made in place', () => {
    const tools = [
      { name: LONG, description: 'Gets it.', input_schema: schema },
      { name: 'github__create_issue', input_schema: schema },
    ];
    const use = { type: 'tool_use' as const, id: 'u1', name: LONG, input: {} };
    const messages: MessageParam[] = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [use] },
    ];
    const base = { model: 'claude-test', max_tokens: 10 };
    const first = projectMessagesRequest({ ...base, messages, tools });
    const next = projectMessagesRequest({
      ...base,
      messages: [...messages, { role: 'user', content: 'again' }],
      tools,
    });
    expect(next.request.tools).toBe(first.request.tools);
    expect(next.request.messages[1]).toBe(first.request.messages[1]);
    // A host that edits its objects in place gets them projected again.
    (tools[1] as { name: string }).name = 'browser__browser.fetch';
    use.name = 'github__create_issue';
    const edited = projectMessagesRequest({ ...base, messages: [...messages], tools });
    expect((edited.request.tools?.[1] as { name?: string } | undefined)?.name).toBe(
      'browser__browser_fetch',
    );
    const content = edited.request.messages[1]?.content as { name: string }[];
    expect(content[0]?.name).toBe('github__create_issue');
  });
});
