import { describe, expect, it } from 'vitest';
import type { ProjectionOptions } from '../../src/core/projection/create-request-projection.js';
import { projectLanguageModelRequest } from '../../src/providers/ai-sdk/project-language-model-request.js';
import { projectMessagesRequest } from '../../src/providers/anthropic/project-messages-request.js';
import { projectConverseRequest } from '../../src/providers/bedrock/project-converse-request.js';
import { resolveEvents } from '../../src/providers/engine/wrap-client.js';
import { projectChatRequest } from '../../src/providers/openai/project-chat-request.js';
import { projectResponsesRequest } from '../../src/providers/openai/project-responses-request.js';

const BRIDGE = 'bridge__call';
const LONG = `io.github.example-org/linear-mcp-server__${'create_project_with_issues_'.repeat(3)}`;
const OPTIONS: ProjectionOptions = { argumentNameTools: { [BRIDGE]: ['name'] } };
const schema = { type: 'object', properties: { name: { type: 'string' } } };

type Events = { events: unknown[] };
type ChatChunk = {
  choices: { delta: { tool_calls?: { index: number; function?: { arguments?: string } }[] } }[];
};
interface Streamed {
  resolveStreamEvent(event: unknown): Events;
  flushStream(): Events;
  map: { toWire(name: string): string };
}

/** One adapter: its projection, a call's start, an argument piece, its end, and the text a release carries. */
interface Subject {
  name: string;
  project(): Streamed;
  start(wire: string): unknown;
  piece(text: string): unknown;
  end: unknown;
  released(event: unknown): string | undefined;
}

const SUBJECTS: Subject[] = [
  {
    name: 'openai chat',
    project: () =>
      projectChatRequest(
        {
          messages: [],
          tools: [BRIDGE, LONG].map((name) => ({
            type: 'function' as const,
            function: { name, parameters: schema },
          })),
        },
        OPTIONS,
      ) as never,
    start: (wire) => ({
      choices: [
        {
          index: 0,
          delta: {
            tool_calls: [{ index: 0, id: 'c', type: 'function', function: { name: wire } }],
          },
        },
      ],
    }),
    piece: (text) => ({
      choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: text } }] } }],
    }),
    end: { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
    released: (event) =>
      (event as { choices: { delta: { tool_calls?: { function: { arguments: string } }[] } }[] })
        .choices[0]?.delta.tool_calls?.[0]?.function.arguments,
  },
  {
    name: 'openai responses',
    project: () =>
      projectResponsesRequest(
        {
          input: 'x',
          tools: [BRIDGE, LONG].map((name) => ({
            type: 'function' as const,
            name,
            parameters: schema,
            strict: false,
          })),
        },
        OPTIONS,
      ) as never,
    start: (wire) => ({
      type: 'response.output_item.added',
      item: { type: 'function_call', id: 'fc', call_id: 'c', name: wire, arguments: '' },
    }),
    piece: (delta) => ({ type: 'response.function_call_arguments.delta', item_id: 'fc', delta }),
    end: { type: 'response.output_item.done', item: { type: 'message', id: 'm' } },
    released: (event) => (event as { delta?: string }).delta,
  },
  {
    name: 'anthropic',
    project: () =>
      projectMessagesRequest(
        {
          model: 'm',
          max_tokens: 1,
          messages: [],
          tools: [BRIDGE, LONG].map((name) => ({ name, input_schema: schema as never })),
        },
        OPTIONS,
      ) as never,
    start: (name) => ({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 't', name, input: {} },
    }),
    piece: (partial_json) => ({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json },
    }),
    end: { type: 'content_block_stop', index: 0 },
    released: (event) => (event as { delta?: { partial_json?: string } }).delta?.partial_json,
  },
  {
    name: 'bedrock',
    project: () =>
      projectConverseRequest(
        {
          modelId: 'm',
          messages: [],
          toolConfig: {
            tools: [BRIDGE, LONG].map((name) => ({
              toolSpec: { name, inputSchema: { json: schema } },
            })),
          },
        },
        OPTIONS,
      ) as never,
    start: (name) => ({
      contentBlockStart: { contentBlockIndex: 0, start: { toolUse: { toolUseId: 't', name } } },
    }),
    piece: (input) => ({
      contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input } } },
    }),
    end: { contentBlockStop: { contentBlockIndex: 0 } },
    released: (event) =>
      (event as { contentBlockDelta?: { delta: { toolUse: { input: string } } } }).contentBlockDelta
        ?.delta.toolUse.input,
  },
  {
    name: 'ai-sdk',
    project: () =>
      projectLanguageModelRequest(
        {
          prompt: [],
          tools: [BRIDGE, LONG].map((name) => ({
            type: 'function' as const,
            name,
            inputSchema: schema,
          })),
        },
        OPTIONS,
      ) as never,
    start: (toolName) => ({ type: 'tool-input-start', id: 't', toolName }),
    piece: (delta) => ({ type: 'tool-input-delta', id: 't', delta }),
    end: { type: 'tool-input-end', id: 't' },
    released: (event) => (event as { delta?: string }).delta,
  },
];

/** Feeds the events and returns every event passed on, the flush included. */
function run(subject: Subject, events: (wire: (name: string) => string) => unknown[]): unknown[] {
  const projected = subject.project();
  const out: unknown[] = [];
  for (const event of events((name) => projected.map.toWire(name))) {
    out.push(...projected.resolveStreamEvent(event).events);
  }
  out.push(...projected.flushStream().events);
  return out;
}

describe('stream resolution: held-back arguments', () => {
  for (const subject of SUBJECTS) {
    it(`${subject.name}: should release held arguments, restored, when the stream ends without its end event`, () => {
      const out = run(subject, (wire) => {
        const text = JSON.stringify({ name: wire(LONG) });
        return [
          subject.start(wire(BRIDGE)),
          subject.piece(text.slice(0, 7)),
          subject.piece(text.slice(7)),
        ];
      });
      const released = out
        .map(subject.released)
        .filter((text) => text !== undefined && text !== '');
      expect(released).toEqual([JSON.stringify({ name: LONG })]);
    });

    it(`${subject.name}: should release a held call with no argument text as {} (one behaviour for every adapter)`, () => {
      const out = run(subject, (wire) => [subject.start(wire(BRIDGE)), subject.end]);
      const released = out
        .map(subject.released)
        .filter((text) => text !== undefined && text !== '');
      expect(released).toEqual(['{}']);
    });
  }

  it('openai chat: should keep the arguments of tool-call deltas that carry no index', () => {
    const projected = projectChatRequest(
      {
        messages: [],
        tools: [BRIDGE, LONG].map((name) => ({
          type: 'function' as const,
          function: { name, parameters: schema },
        })),
      },
      OPTIONS,
    );
    const wire = projected.map.toWire(LONG);
    const call = (fn: object) => ({
      choices: [{ index: 0, delta: { tool_calls: [{ function: fn }] } }],
    });
    const first = JSON.stringify({ name: wire });
    const second = JSON.stringify({ name: 'other' });
    const events = [
      call({ name: BRIDGE, arguments: first.slice(0, 5) }),
      call({ arguments: first.slice(5) }),
      call({ name: BRIDGE, arguments: second }),
      { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
    ].flatMap((event) => projected.resolveStreamEvent(event as never).events as ChatChunk[]);
    const released = events.flatMap((event) =>
      (event.choices[0]?.delta.tool_calls ?? []).map((delta) => [
        delta.index,
        delta.function?.arguments,
      ]),
    );
    expect(released.filter(([, text]) => text !== '')).toEqual([
      [0, JSON.stringify({ name: LONG })],
      [1, second],
    ]);
  });
});

describe('resolveEvents (every wrapper streams through it)', () => {
  const subject = SUBJECTS[2] as Subject;
  async function* source(wire: (name: string) => string, fail: boolean) {
    yield subject.start(wire(BRIDGE));
    yield subject.piece(JSON.stringify({ name: wire(LONG) }));
    if (fail) throw new Error('connection reset');
  }

  it('should release what is held back when the stream ends without its end event, or fails', async () => {
    for (const fail of [false, true]) {
      const projected = subject.project();
      const seen: unknown[] = [];
      const run = async () => {
        for await (const event of resolveEvents(
          source((name) => projected.map.toWire(name), fail),
          projected as never,
          {},
        )) {
          seen.push(event);
        }
      };
      if (fail) await expect(run()).rejects.toThrow('connection reset');
      else await run();
      expect(seen.map(subject.released).filter((text) => text !== undefined)).toEqual([
        JSON.stringify({ name: LONG }),
      ]);
    }
  });
});
