import {
  ConverseCommand,
  type ConverseCommandInput,
  ConverseStreamCommand,
  type ConverseStreamOutput,
  InvokeModelCommand,
} from '@aws-sdk/client-bedrock-runtime';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { BedrockConverseRequest, BedrockConverseStreamEvent } from './bedrock-wire.js';
import { projectConverseRequest, wrapBedrock } from './index.js';

// See the Gemini adapter's test: a stand-in restorer for tools named `*__renamed_keys` until
// `projectInputSchema` lands in the schema seam.
vi.mock('../../core/projection/project-tool-schema.js', async (importOriginal) => {
  const actual =
    await importOriginal<typeof import('../../core/projection/project-tool-schema.js')>();
  return {
    ...actual,
    projectToolSchema: (options: Parameters<typeof actual.projectToolSchema>[0]) => {
      const result = actual.projectToolSchema(options);
      if (!options.tool.endsWith('__renamed_keys')) return result;
      return {
        ...result,
        restore: (args: unknown) => {
          const { page_id: pageId, ...rest } = args as Record<string, unknown>;
          return pageId === undefined ? args : { ...rest, pageId };
        },
      };
    },
  };
});

const LONG =
  'io-github-modelcontextprotocol-server-catalog-atlassian-prod__getConfluencePageDescendants';
const BEDROCK_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

function converse(
  names: string[],
  extra: Partial<BedrockConverseRequest> = {},
): BedrockConverseRequest {
  return {
    modelId: 'anthropic.claude-sonnet-4-5',
    messages: [{ role: 'user', content: [{ text: 'hi' } as never] }],
    toolConfig: {
      tools: [
        ...names.map((name) => ({
          toolSpec: {
            name,
            description: `Tool ${name}`,
            inputSchema: { json: { type: 'object', properties: {} } },
          },
        })),
        { cachePoint: { type: 'default' } } as never,
      ],
    },
    ...extra,
  };
}

function spec(name: string) {
  return { toolSpec: { name, inputSchema: { json: { type: 'object', properties: {} } } } };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function toolNames(request: BedrockConverseRequest): (string | undefined)[] {
  return (request.toolConfig?.tools ?? []).flatMap((tool) =>
    tool.toolSpec === undefined ? [] : [tool.toolSpec.name],
  );
}

describe('projectConverseRequest', () => {
  it('should project toolSpec, toolChoice and history names without touching the input', () => {
    const input = deepFreeze(
      converse([LONG, 'notion__search.pages'], {
        messages: [
          {
            role: 'assistant',
            content: [{ toolUse: { toolUseId: 't1', name: LONG, input: { a: 1 } } }],
          },
          { role: 'user', content: [{ toolResult: { toolUseId: 't1', content: [] } } as never] },
          {
            role: 'system',
            content: [
              { toolAddition: { tool: { name: 'notion__search.pages' } } },
              { toolRemoval: { tool: { name: 'remote.tool', serverName: 'bedrock-side' } } },
            ],
          },
        ],
      }),
    );
    const withChoice = {
      ...input,
      toolConfig: { ...input.toolConfig, toolChoice: { tool: { name: LONG } } },
    };
    const before = JSON.stringify(withChoice);
    const { request, map, warnings } = projectConverseRequest(withChoice);
    expect(JSON.stringify(withChoice)).toBe(before);
    expect(warnings).toEqual([]);
    const wireLong = map.toWire(LONG);
    const wireDotted = map.toWire('notion__search.pages');
    expect(toolNames(request)).toEqual([wireLong, wireDotted]);
    for (const name of toolNames(request)) expect(name).toMatch(BEDROCK_NAME);
    expect(request.toolConfig?.toolChoice).toEqual({ tool: { name: wireLong } });
    expect(request.toolConfig?.tools?.[2]).toBe(input.toolConfig?.tools?.[2]);
    const messages = request.messages ?? [];
    expect(messages[0]?.content?.[0]?.toolUse?.name).toBe(wireLong);
    expect(messages[1]).toBe(input.messages?.[1]);
    expect(messages[2]?.content?.[0]?.toolAddition?.tool?.name).toBe(wireDotted);
    // A Bedrock-side MCP tool (with serverName) is Bedrock's business: left as it is.
    expect(messages[2]?.content?.[1]?.toolRemoval?.tool?.name).toBe('remote.tool');
  });

  it('should leave a request whose names fit as the very same object', () => {
    const input = converse(['github__create_issue']);
    expect(projectConverseRequest(input).request).toBe(input);
  });

  it('should project schemas for the schemaTarget it is given, as the other adapters do', () => {
    const input = converse(['github__create_issue']);
    type Spec = { toolSpec: { inputSchema: { json: unknown } } };
    const tool = (input.toolConfig?.tools ?? [])[0] as Spec;
    tool.toolSpec.inputSchema.json = {
      type: 'object',
      properties: { mode: { const: 'fast' } },
    };
    const schemaOf = (request: BedrockConverseRequest) =>
      ((request.toolConfig?.tools ?? [])[0] as Spec).toolSpec.inputSchema.json;
    // Bedrock takes `const`; Gemini's subset does not, and gets an enum of one.
    expect(schemaOf(projectConverseRequest(input).request)).toEqual({
      type: 'object',
      properties: { mode: { const: 'fast' } },
    });
    expect(
      schemaOf(projectConverseRequest(input, { schemaTarget: 'gemini' }).request),
    ).toMatchObject({ properties: { mode: { enum: ['fast'] } } });
  });

  it('should drop an empty description, which Bedrock rejects, and note aliases', () => {
    const input = converse(['github__create_issue', LONG]);
    const tools = input.toolConfig?.tools ?? [];
    const emptied = {
      ...input,
      toolConfig: {
        tools: tools.map((tool) =>
          tool.toolSpec === undefined ? tool : { toolSpec: { ...tool.toolSpec, description: '' } },
        ),
      },
    };
    const { request } = projectConverseRequest(emptied);
    const [fitting, aliased] = request.toolConfig?.tools ?? [];
    expect(fitting?.toolSpec).not.toHaveProperty('description');
    expect(aliased?.toolSpec?.description).toContain('getConfluencePageDescendants');
  });

  it('should warn, naming the fix, when history uses tools but there is no toolConfig', () => {
    const { warnings } = projectConverseRequest({
      modelId: 'm',
      messages: [
        { role: 'assistant', content: [{ toolUse: { toolUseId: 't', name: 'a__b', input: {} } }] },
      ],
    });
    expect(warnings).toEqual([expect.objectContaining({ code: 'TOOL_CONFIG_REQUIRED' })]);
  });

  it('should resolve tool calls of a response and restore their input', () => {
    const projected = projectConverseRequest(converse([LONG, 'notion__renamed_keys']));
    const output = {
      output: {
        message: {
          role: 'assistant',
          content: [
            { text: 'ok' },
            { toolUse: { toolUseId: 'a', name: projected.map.toWire(LONG), input: { x: 1 } } },
            { toolUse: { toolUseId: 'b', name: 'notion__renamed_keys', input: { page_id: '7' } } },
          ],
        },
      },
      stopReason: 'tool_use',
    };
    const { response, resolutions } = projected.resolveResponse(output);
    expect(response.output?.message?.content?.map((block) => block.toolUse?.name)).toEqual([
      undefined,
      LONG,
      'notion__renamed_keys',
    ]);
    expect(response.output?.message?.content?.[2]?.toolUse?.input).toEqual({ pageId: '7' });
    expect(response.output?.message?.content?.[0]).toBe(output.output.message.content[0]);
    expect(resolutions.map((resolution) => resolution.canonical)).toEqual([
      LONG,
      'notion__renamed_keys',
    ]);
  });

  it('should resolve the stream: names at contentBlockStart, held input released before contentBlockStop', () => {
    const bridge = 'clerum__tool_call';
    const projected = projectConverseRequest(converse([bridge, LONG]), {
      argumentNameTools: { [bridge]: ['name'] },
    });
    const wire = projected.map.toWire(LONG);
    const text = JSON.stringify({ name: wire, arguments: { q: 1 } });
    const incoming: BedrockConverseStreamEvent[] = [
      {
        contentBlockStart: {
          contentBlockIndex: 0,
          start: { toolUse: { toolUseId: 'a', name: wire } },
        },
      },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: '{"q":' } } } },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: '1}' } } } },
      { contentBlockStop: { contentBlockIndex: 0 } },
      {
        contentBlockStart: {
          contentBlockIndex: 1,
          start: { toolUse: { toolUseId: 'b', name: bridge } },
        },
      },
      {
        contentBlockDelta: {
          contentBlockIndex: 1,
          delta: { toolUse: { input: text.slice(0, 9) } },
        },
      },
      { contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: text.slice(9) } } } },
      { contentBlockStop: { contentBlockIndex: 1 } },
    ];
    const outgoing = incoming.flatMap((event) => projected.resolveStreamEvent(event).events);
    expect(outgoing[0]?.contentBlockStart?.start?.toolUse?.name).toBe(LONG);
    // A call whose input needs no rewrite streams through untouched.
    expect(outgoing.slice(1, 4)).toEqual(incoming.slice(1, 4));
    expect(outgoing[1]).toBe(incoming[1]);
    expect(outgoing[4]?.contentBlockStart?.start?.toolUse?.name).toBe(bridge);
    expect(outgoing.slice(5)).toEqual([
      {
        contentBlockDelta: {
          contentBlockIndex: 1,
          delta: { toolUse: { input: JSON.stringify({ name: LONG, arguments: { q: 1 } }) } },
        },
      },
      { contentBlockStop: { contentBlockIndex: 1 } },
    ]);
  });

  it('should leave out a tool whose schema cannot be sent, and a toolChoice naming it, with warnings', () => {
    const input: BedrockConverseRequest = {
      modelId: 'anthropic.claude-sonnet-4-5',
      toolConfig: {
        tools: [
          { toolSpec: { name: 'tree__walk', inputSchema: { json: { $ref: '#/$defs/missing' } } } },
          spec('github__create_issue'),
        ],
        toolChoice: { tool: { name: 'tree__walk' } },
      },
    };
    const { request, warnings } = projectConverseRequest(input);
    expect(toolNames(request)).toEqual(['github__create_issue']);
    expect(request.toolConfig).not.toHaveProperty('toolChoice');
    expect(warnings.map((warning) => [warning.code, warning.tool])).toEqual([
      ['TOOL_QUARANTINED', 'tree__walk'],
      ['TOOL_CHOICE_DROPPED', 'tree__walk'],
    ]);
  });

  it('should send a tool offered twice once, with a warning', () => {
    const input = converse(['github__create_issue', 'github__create_issue']);
    const projected = projectConverseRequest(input);
    expect(toolNames(projected.request)).toEqual(['github__create_issue']);
    expect(projected.warnings).toEqual([
      expect.objectContaining({ code: 'DUPLICATE_TOOL_LEFT_OUT', tool: 'github__create_issue' }),
    ]);
  });

  it('should fit every name and resolve it back, for any set of names', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 90 }), { minLength: 1, maxLength: 6 }),
        (names) => {
          const input = converse(names, {
            messages: names.map((name) => ({
              role: 'assistant',
              content: [{ toolUse: { toolUseId: 'x', name, input: {} } }],
            })),
          });
          const before = JSON.stringify(input);
          const projected = projectConverseRequest(input);
          expect(JSON.stringify(input)).toBe(before);
          for (const name of toolNames(projected.request)) expect(name).toMatch(BEDROCK_NAME);
          const history = (projected.request.messages ?? []).map(
            (message) => message.content?.[0]?.toolUse?.name,
          );
          expect(history).toEqual(toolNames(projected.request));
          const resolved = history.map((wire) => projected.map.fromWire(String(wire)));
          expect(resolved).toEqual(names);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('wrapBedrock', () => {
  it('should project Converse and ConverseStream commands and pass other commands through', async () => {
    const sent: unknown[] = [];
    const client = {
      region: 'us-east-1',
      async send(command: unknown): Promise<unknown> {
        sent.push(command);
        if (command instanceof ConverseStreamCommand) {
          const name = command.input.toolConfig?.tools?.[0]?.toolSpec?.name;
          return {
            stream: (async function* events(): AsyncGenerator<ConverseStreamOutput> {
              yield {
                contentBlockStart: {
                  contentBlockIndex: 0,
                  start: { toolUse: { toolUseId: 'a', name } },
                },
              };
            })(),
          };
        }
        return { output: { message: { role: 'assistant', content: [] } } };
      },
    };
    const wrapped = wrapBedrock(client);
    expect(wrapped.region).toBe('us-east-1');
    const input = converse([LONG]) as ConverseCommandInput;
    const command = new ConverseCommand(input);
    await wrapped.send(command);
    const first = sent[0] as ConverseCommand;
    expect(first).toBeInstanceOf(ConverseCommand);
    expect(first).not.toBe(command);
    expect(command.input).toBe(input);
    expect(toolNames(first.input)[0]).toMatch(BEDROCK_NAME);

    const streamed = (await wrapped.send(new ConverseStreamCommand(input))) as {
      stream: AsyncIterable<ConverseStreamOutput>;
    };
    const names: unknown[] = [];
    for await (const event of streamed.stream)
      names.push(event.contentBlockStart?.start?.toolUse?.name);
    expect(names).toEqual([LONG]);

    const viaCallback = await new Promise((resolve, reject) => {
      (
        wrapped.send as (
          command: unknown,
          callback: (error: unknown, output?: unknown) => void,
        ) => void
      )(new ConverseCommand(input), (error, output) => (error ? reject(error) : resolve(output)));
    });
    expect(viaCallback).toEqual({ output: { message: { role: 'assistant', content: [] } } });
    expect(toolNames((sent.at(-1) as ConverseCommand).input)[0]).toMatch(BEDROCK_NAME);

    const invoke = new InvokeModelCommand({ modelId: 'm', body: new Uint8Array() });
    await wrapped.send(invoke);
    expect(sent.at(-1)).toBe(invoke);
  });
});
