import fc from 'fast-check';
import type {
  Response,
  ResponseCreateParams,
  ResponseStreamEvent,
} from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { fitsEnvelope } from '../../core/fits-envelope.js';
import { projectResponsesRequest } from './project-responses-request.js';

const LONG =
  'io-github-modelcontextprotocol-server-catalog-atlassian__getConfluencePageDescendants';
const BRIDGE = 'clerum__tool_call';
const schema = { type: 'object', properties: { name: { type: 'string' } } };

const request = (
  names: string[],
  history: { name: string; arguments: string }[] = [],
): ResponseCreateParams => ({
  model: 'gpt-test',
  input: [
    { role: 'user', content: 'hi' },
    ...history.map((call, index) => ({
      type: 'function_call' as const,
      call_id: `c${index}`,
      name: call.name,
      arguments: call.arguments,
    })),
  ],
  tools: names.map((name) => ({
    type: 'function' as const,
    name,
    parameters: schema,
    strict: false,
  })),
});

const response = (name: string, args: unknown): Response =>
  ({
    id: 'r',
    object: 'response',
    output: [
      {
        type: 'function_call',
        id: 'fc',
        call_id: 'c',
        name,
        arguments: JSON.stringify(args),
        status: 'completed',
      },
    ],
  }) as unknown as Response;

describe('projectResponsesRequest', () => {
  it('should fit every name, never mutate the input, and resolve every wire name back', () => {
    const name = fc.oneof(
      fc.stringMatching(/^[a-z]{1,10}__[a-z_]{1,20}$/),
      fc.string({ minLength: 1, maxLength: 100 }),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 1, maxLength: 10 }),
        fc.nat(),
        (names, pick) => {
          const target = names[pick % names.length] as string;
          const input = request(names, [{ name: target, arguments: '{}' }]);
          const before = structuredClone(input);
          const projected = projectResponsesRequest(input);
          expect(input).toEqual(before);
          for (const tool of projected.request.tools ?? []) {
            expect(fitsEnvelope((tool as { name: string }).name, 'openai')).toBe(true);
          }
          const wire = projected.map.toWire(target);
          expect(projected.resolveResponse(response(wire, {})).response.output[0]).toMatchObject({
            name: target,
          });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('should resolve bridge arguments plain and streamed, holding the argument deltas back', () => {
    const input = request(
      [BRIDGE, LONG],
      [{ name: BRIDGE, arguments: JSON.stringify({ name: LONG }) }],
    );
    const projected = projectResponsesRequest(input, { argumentNameTools: { [BRIDGE]: ['name'] } });
    const wire = projected.map.toWire(LONG);
    const history = (projected.request.input as { arguments?: string }[])[1];
    expect(JSON.parse(history?.arguments ?? '{}')).toEqual({ name: wire });
    expect(
      projected.resolveResponse(response(BRIDGE, { name: wire })).response.output[0],
    ).toMatchObject({
      arguments: JSON.stringify({ name: LONG }),
    });
    const text = JSON.stringify({ name: wire });
    const item = {
      type: 'function_call',
      id: 'fc',
      call_id: 'c',
      name: BRIDGE,
      arguments: '',
      status: 'in_progress',
    };
    const events = [
      { type: 'response.output_item.added', output_index: 0, sequence_number: 1, item },
      {
        type: 'response.function_call_arguments.delta',
        item_id: 'fc',
        output_index: 0,
        sequence_number: 2,
        delta: text.slice(0, 6),
      },
      {
        type: 'response.function_call_arguments.delta',
        item_id: 'fc',
        output_index: 0,
        sequence_number: 3,
        delta: text.slice(6),
      },
      {
        type: 'response.function_call_arguments.done',
        item_id: 'fc',
        output_index: 0,
        sequence_number: 4,
        arguments: text,
      },
      {
        type: 'response.output_item.done',
        output_index: 0,
        sequence_number: 5,
        item: { ...item, arguments: text, status: 'completed' },
      },
    ] as unknown as ResponseStreamEvent[];
    const out = events.flatMap((event) => projected.resolveStreamEvent(event).events);
    const deltas = out
      .filter((event) => event.type === 'response.function_call_arguments.delta')
      .map((event) => (event as { delta: string }).delta);
    expect(deltas).toEqual([JSON.stringify({ name: LONG })]);
    const done = out.find((event) => event.type === 'response.output_item.done') as {
      item: { arguments: string };
    };
    expect(JSON.parse(done.item.arguments)).toEqual({ name: LONG });
  });

  it('should return the very request object when every name fits', () => {
    const input = request(
      ['github__create_issue'],
      [{ name: 'github__create_issue', arguments: '{}' }],
    );
    expect(projectResponsesRequest(input).request).toBe(input);
  });
});

describe('projectResponsesRequest on the next turn', () => {
  it('should reuse the projected tools and history of earlier turns and see changes made in place', () => {
    const tools = [
      { type: 'function' as const, name: LONG, parameters: schema, strict: false },
      {
        type: 'function' as const,
        name: 'github__create_issue',
        parameters: schema,
        strict: false,
      },
    ];
    const call = { type: 'function_call' as const, call_id: 'c1', name: LONG, arguments: '{}' };
    const input = [{ role: 'user' as const, content: 'hi' }, call];
    const first = projectResponsesRequest({ model: 'gpt-test', input, tools });
    const next = projectResponsesRequest({
      model: 'gpt-test',
      input: [...input, { role: 'user' as const, content: 'again' }],
      tools,
    });
    expect(next.request.tools).toBe(first.request.tools);
    expect((next.request.input as unknown[])[1]).toBe((first.request.input as unknown[])[1]);
    // A host that edits its objects in place gets them projected again.
    (tools[1] as { name: string }).name = 'browser__browser.fetch';
    call.name = 'github__create_issue';
    const edited = projectResponsesRequest({ model: 'gpt-test', input: [...input], tools });
    expect((edited.request.tools?.[1] as { name?: string } | undefined)?.name).toBe(
      'browser__browser_fetch',
    );
    expect(((edited.request.input as unknown[])[1] as { name: string }).name).toBe(
      'github__create_issue',
    );
  });
});
