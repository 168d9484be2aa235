import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { projectLanguageModelRequest } from './index.js';

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
const UNIVERSAL_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

function callOptions(names: string[], history: string[] = []): LanguageModelV4CallOptions {
  return {
    prompt: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      ...history.flatMap((name, index) => [
        {
          role: 'assistant' as const,
          content: [
            { type: 'tool-call' as const, toolCallId: `c${index}`, toolName: name, input: {} },
          ],
        },
        {
          role: 'tool' as const,
          content: [
            {
              type: 'tool-result' as const,
              toolCallId: `c${index}`,
              toolName: name,
              output: { type: 'text' as const, value: 'ok' },
            },
          ],
        },
      ]),
    ],
    tools: [
      ...names.map((name) => ({
        type: 'function' as const,
        name,
        description: `Tool ${name}`,
        inputSchema: { type: 'object' as const, properties: {} },
      })),
      { type: 'provider' as const, id: 'openai.web_search' as const, name: 'web.search', args: {} },
    ],
  };
}

function functionNames(options: LanguageModelV4CallOptions): string[] {
  return (options.tools ?? []).flatMap((tool) => (tool.type === 'function' ? [tool.name] : []));
}

describe('projectLanguageModelRequest', () => {
  it('should project tools, toolChoice and prompt names, and leave provider tools alone', () => {
    const input = {
      ...callOptions([LONG, 'notion__search.pages'], [LONG]),
      toolChoice: { type: 'tool' as const, toolName: LONG },
    };
    const before = JSON.stringify(input);
    const { request, map, warnings } = projectLanguageModelRequest(input);
    expect(JSON.stringify(input)).toBe(before);
    expect(warnings).toEqual([]);
    const wire = map.toWire(LONG);
    expect(functionNames(request)).toEqual([wire, map.toWire('notion__search.pages')]);
    for (const name of functionNames(request)) expect(name).toMatch(UNIVERSAL_NAME);
    expect(request.tools?.at(-1)).toBe(input.tools?.at(-1));
    expect(request.toolChoice).toEqual({ type: 'tool', toolName: wire });
    expect(JSON.stringify(request.prompt)).not.toContain(LONG);
    expect(request.prompt[0]).toBe(input.prompt[0]);
  });

  it('should leave call options whose names fit as the very same object', () => {
    const input = callOptions(['github__create_issue'], ['github__create_issue']);
    expect(projectLanguageModelRequest(input).request).toBe(input);
  });

  it('should resolve tool calls and results of a generate result, restoring inputs', () => {
    const projected = projectLanguageModelRequest(callOptions([LONG, 'notion__renamed_keys']));
    const result = {
      content: [
        { type: 'text' as const, text: 'calling' },
        {
          type: 'tool-call' as const,
          toolCallId: 'a',
          toolName: projected.map.toWire(LONG),
          input: '{"q":1}',
        },
        {
          type: 'tool-call' as const,
          toolCallId: 'b',
          toolName: 'notion__renamed_keys',
          input: '{"page_id":"7"}',
        },
        { type: 'tool-call' as const, toolCallId: 'c', toolName: 'nope', input: '{}' },
      ],
    };
    const resolved = projected.resolveResponse(result);
    expect(
      resolved.response.content.map((part) => ('toolName' in part ? part.toolName : undefined)),
    ).toEqual([undefined, LONG, 'notion__renamed_keys', 'nope']);
    expect(resolved.response.content[2]).toMatchObject({ input: '{"pageId":"7"}' });
    expect(resolved.response.content[0]).toBe(result.content[0]);
    expect(resolved.resolutions.map((resolution) => resolution.method)).toEqual([
      'exact',
      'exact',
      'unknown',
    ]);
  });

  it('should resolve stream parts and hold back the input deltas of calls it rewrites', () => {
    const bridge = 'clerum__tool_call';
    const projected = projectLanguageModelRequest(callOptions([bridge, LONG]), {
      argumentNameTools: { [bridge]: ['name'] },
    });
    const wire = projected.map.toWire(LONG);
    const text = JSON.stringify({ name: wire });
    const incoming: LanguageModelV4StreamPart[] = [
      { type: 'tool-input-start', id: 'a', toolName: wire },
      { type: 'tool-input-delta', id: 'a', delta: '{}' },
      { type: 'tool-input-end', id: 'a' },
      { type: 'tool-call', toolCallId: 'a', toolName: wire, input: '{}' },
      { type: 'tool-input-start', id: 'b', toolName: bridge },
      { type: 'tool-input-delta', id: 'b', delta: text.slice(0, 5) },
      { type: 'tool-input-delta', id: 'b', delta: text.slice(5) },
      { type: 'tool-input-end', id: 'b' },
      { type: 'tool-call', toolCallId: 'b', toolName: bridge, input: text },
    ];
    const outgoing = incoming.flatMap((part) => projected.resolveStreamEvent(part).events);
    const restored = JSON.stringify({ name: LONG });
    expect(outgoing).toEqual([
      { type: 'tool-input-start', id: 'a', toolName: LONG },
      { type: 'tool-input-delta', id: 'a', delta: '{}' },
      { type: 'tool-input-end', id: 'a' },
      { type: 'tool-call', toolCallId: 'a', toolName: LONG, input: '{}' },
      { type: 'tool-input-start', id: 'b', toolName: bridge },
      { type: 'tool-input-delta', id: 'b', delta: restored },
      { type: 'tool-input-end', id: 'b' },
      { type: 'tool-call', toolCallId: 'b', toolName: bridge, input: restored },
    ]);
  });

  it('should leave out a tool whose schema cannot be sent and stop forcing it, with warnings', () => {
    const input: LanguageModelV4CallOptions = {
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      tools: [
        { type: 'function', name: 'tree__walk', inputSchema: { $ref: '#/$defs/missing' } },
        { type: 'function', name: 'github__create_issue', inputSchema: { type: 'object' } },
      ],
      toolChoice: { type: 'tool', toolName: 'tree__walk' },
    };
    const { request, warnings } = projectLanguageModelRequest(input, { schemaTarget: 'openai' });
    expect(functionNames(request)).toEqual(['github__create_issue']);
    expect(request.toolChoice).toEqual({ type: 'required' });
    expect(warnings.map((warning) => [warning.code, warning.tool])).toEqual([
      ['TOOL_QUARANTINED', 'tree__walk'],
      ['TOOL_CHOICE_DROPPED', 'tree__walk'],
    ]);
  });

  it('should fit every name and resolve it back, for any set of names', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 90 }), { minLength: 1, maxLength: 6 }),
        (names) => {
          const input = callOptions(names, names);
          const before = JSON.stringify(input);
          const projected = projectLanguageModelRequest(input);
          expect(JSON.stringify(input)).toBe(before);
          const wires = functionNames(projected.request);
          for (const name of wires) expect(name).toMatch(UNIVERSAL_NAME);
          const { response } = projected.resolveResponse({
            content: wires.map((wire, index) => ({
              type: 'tool-call' as const,
              toolCallId: String(index),
              toolName: wire,
              input: '{}',
            })),
          });
          expect(response.content.map((part) => part.toolName)).toEqual(names);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
