import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectChatRequest } from '../../src/providers/openai/project-chat-request.js';
import { anySchema } from '../support/schema-arbitraries.js';

interface Tool {
  type: 'function';
  function: { name: string; description: string; parameters: unknown; strict?: boolean };
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const LONG = 'io.github.example-org/linear-mcp-server__create_issue_with_a_long_name';
let run = 0;

function tools(prefix: string): Tool[] {
  const schema = (property: string) => ({
    type: 'object',
    properties: { [property]: { type: 'string', format: 'uri' }, count: { type: 'integer' } },
    required: [property],
  });
  return [
    {
      type: 'function',
      function: {
        name: `${prefix}${LONG}`,
        description: 'Creates an issue.',
        parameters: schema('title'),
        strict: true,
      },
    },
    {
      type: 'function',
      function: {
        name: `${prefix}github__search`,
        description: 'Searches.',
        parameters: schema('q'),
        strict: true,
      },
    },
  ];
}

const request = (list: Tool[]) => ({
  model: 'gpt-test',
  messages: [{ role: 'user' as const, content: 'hi' }],
  tools: list,
});
const sent = (list: Tool[]) => projectChatRequest(request(list)).request.tools as Tool[];

describe('projectWireRequest with tools that arrive as fresh JSON', () => {
  it('should reuse the projection of the same tools as new objects, and give what it gave cold', () => {
    const list = tools(`fresh${run++}`);
    const cold = sent(copy(list));
    const again = sent(copy(list));
    expect(again).toEqual(cold);
    expect(JSON.stringify(again)).toBe(JSON.stringify(cold));
    // The strict schemas were rewritten once; the rewrite is reused, not made again.
    expect(again[0]?.function.parameters).toBe(cold[0]?.function.parameters);
  });

  it('should project again only the tool whose description, schema or name changed', () => {
    const list = tools(`changed${run++}`);
    const cold = sent(copy(list));

    const described = copy(list);
    (described[1] as Tool).function.description = 'Searches everything.';
    const afterDescription = sent(described);
    expect(afterDescription[1]?.function.description).toBe('Searches everything.');
    expect(afterDescription[1]?.function.parameters).toBe(cold[1]?.function.parameters);
    expect(afterDescription[0]).toEqual(cold[0]);

    const reshaped = copy(list);
    (reshaped[1] as Tool).function.parameters = {
      type: 'object',
      properties: { q: { type: 'number' } },
    };
    const afterSchema = sent(reshaped);
    expect(JSON.stringify(afterSchema[1]?.function.parameters)).toContain('number');
    expect(afterSchema[0]?.function.parameters).toBe(cold[0]?.function.parameters);

    const renamed = copy(list);
    (renamed[1] as Tool).function.name = `${(renamed[1] as Tool).function.name}_v2`;
    const afterName = sent(renamed);
    expect(afterName[1]?.function.name).toMatch(/_v2$/);
    expect(afterName[0]).toEqual(cold[0]);
  });

  it('should see an edit in place of a list it first met as fresh JSON, when that list is resent', () => {
    const list = tools(`resent${run++}`);
    sent(copy(list));
    const again = copy(list);
    sent(again);
    (again[1] as Tool).function.name = 'github__renamed.in.place';
    expect(sent(again)[1]?.function.name).toBe('github__renamed_in_place');
  });

  it('should project a history item sent as fresh JSON after its last copy was edited in place', () => {
    const list = tools(`history${run++}`);
    const call = { id: 'c1', type: 'function' as const, function: { name: LONG, arguments: '{}' } };
    const messages = [
      { role: 'user' as const, content: 'hi' },
      { role: 'assistant' as const, tool_calls: [call] },
    ];
    projectChatRequest({ ...request(list), messages });
    call.function.name = 'github__create_issue';
    const projected = projectChatRequest({ ...request(list), messages: copy(messages) });
    const [, assistant] = projected.request.messages as { tool_calls?: (typeof call)[] }[];
    expect(assistant?.tool_calls?.[0]?.function.name).toBe('github__create_issue');
  });

  it('should tell apart contents that read alike as keys and values in order', () => {
    const name = `alike${run++}__tool`;
    const list = (value: unknown): Tool[] => [
      {
        type: 'function',
        function: { name, description: '', parameters: { type: 'object', default: value } },
      },
    ];
    sent(list({ x: 'k', y: {} }));
    const other = sent(list({ x: { k: 'y' } }));
    expect(other[0]?.function.parameters).toMatchObject({ default: { x: { k: 'y' } } });
  });

  it('should not take a class instance in a tool list for the empty object of its earlier copies', () => {
    // A Date, a Map or a Set has no enumerable keys: read by keys alone it is `{}`.
    const name = `instance${run++}__tool`;
    const list = (value: unknown): Tool[] => [
      {
        type: 'function',
        function: { name, description: '', parameters: { type: 'object', default: value } },
      },
    ];
    sent(list({}));
    sent(list({}));
    for (const instance of [new Date(0), new Map([['k', 1]]), new Set(['k'])]) {
      const projected = sent(list(instance));
      expect(
        (projected[0]?.function.parameters as { default?: unknown } | undefined)?.default,
      ).toBe(instance);
    }
  });

  it('should not take a class instance in a history item for a plain object of its copies', () => {
    const list = tools(`history-instance${run++}`);
    const messages = (value: unknown) => [
      { role: 'user' as const, content: 'hi' },
      {
        role: 'assistant' as const,
        tool_calls: [
          { id: 'c1', type: 'function' as const, function: { name: LONG, arguments: '{}' } },
        ],
        extra: value,
      },
    ];
    for (let turn = 0; turn < 3; turn++)
      projectChatRequest({ ...request(list), messages: messages({}) });
    const date = new Date(0);
    const projected = projectChatRequest({ ...request(list), messages: messages(date) });
    const [, assistant] = projected.request.messages as { extra?: unknown }[];
    expect(assistant?.extra).toBe(date);
  });

  it('should give for any tool list, after any edit, what a first projection of it gives', () => {
    const list = fc.uniqueArray(
      fc.record({
        name: fc.stringMatching(/^[a-z]{1,8}__[a-z_.]{1,70}$/),
        description: fc.string({ maxLength: 20 }),
        parameters: anySchema,
        strict: fc.boolean(),
      }),
      { minLength: 1, maxLength: 4, selector: (tool) => tool.name },
    );
    fc.assert(
      fc.property(list, list, (before, after) => {
        const prefix = `prop${run++}`;
        const wrap = (items: typeof before): Tool[] =>
          items.map((item) => ({
            type: 'function',
            function: { ...item, name: `${prefix}${item.name}` },
          }));
        // `after` first (a cold projection), then `before`, then `after` again under the same
        // names: the last meets what `before` left in every memo.
        const reference = projectChatRequest(request(copy(wrap(after))));
        projectChatRequest(request(copy(wrap(before))));
        const edited = projectChatRequest(request(copy(wrap(after))));
        expect(JSON.stringify(edited.request)).toBe(JSON.stringify(reference.request));
        expect(edited.warnings).toEqual(reference.warnings);
      }),
      { numRuns: 100 },
    );
  });
});
