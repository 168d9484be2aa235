import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ToolwireError } from '../../core/toolwire-error.js';
import type {
  GeminiCandidate,
  GeminiGenerateContentRequest,
  GeminiGenerateContentResponse,
} from './gemini-wire.js';
import { projectGenerateContentRequest, wrapGemini } from './index.js';

// The schema projection seam returns a restorer only when a projection changed the shape of
// arguments; until `projectInputSchema` lands it never does, so this stand-in renames `page_id`
// back to `pageId` for tools named `*__renamed_keys`, to check that every resolved call is restored.
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
const GEMINI_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/;
const VERTEX_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

function request(names: string[], contents: unknown = 'Hello'): GeminiGenerateContentRequest {
  return {
    model: 'gemini-2.5-flash',
    contents,
    config: {
      tools: [
        {
          functionDeclarations: names.map((name) => ({
            name,
            description: `Tool ${name}`,
            parametersJsonSchema: { type: 'object', properties: { q: { type: 'string' } } },
          })),
        },
        { googleSearch: {} },
      ],
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function declarations(
  projected: GeminiGenerateContentRequest,
): { name?: string; description?: string }[] {
  const [first] = projected.config?.tools ?? [];
  return (first as { functionDeclarations: { name?: string; description?: string }[] })
    .functionDeclarations;
}

describe('projectGenerateContentRequest', () => {
  it('should project declarations, allowedFunctionNames and history names without touching the input', () => {
    const input = deepFreeze({
      ...request([LONG, '1password__items.get']),
      contents: [
        { role: 'user', parts: [{ text: 'hi' }] },
        {
          role: 'model',
          parts: [{ functionCall: { id: 'c1', name: LONG, args: { pageId: '1' } } }],
        },
        {
          role: 'user',
          parts: [{ functionResponse: { id: 'c1', name: LONG, response: { output: 'x' } } }],
        },
      ],
      config: {
        ...request([LONG, '1password__items.get']).config,
        toolConfig: {
          functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['1password__items.get'] },
        },
      },
    } as GeminiGenerateContentRequest);
    const before = JSON.stringify(input);
    const { request: projected, map, warnings } = projectGenerateContentRequest(input);
    expect(JSON.stringify(input)).toBe(before);
    expect(warnings).toEqual([]);
    const wireLong = map.toWire(LONG);
    const wireDotted = map.toWire('1password__items.get');
    expect(declarations(projected).map((declaration) => declaration.name)).toEqual([
      wireLong,
      wireDotted,
    ]);
    for (const name of [wireLong, wireDotted]) expect(name).toMatch(GEMINI_NAME);
    expect(projected.config?.toolConfig?.functionCallingConfig).toEqual({
      mode: 'ANY',
      allowedFunctionNames: [wireDotted],
    });
    const contents = projected.contents as {
      parts: { functionCall?: { name: string }; functionResponse?: { name: string } }[];
    }[];
    expect(contents[1]?.parts[0]?.functionCall?.name).toBe(wireLong);
    expect(contents[2]?.parts[0]?.functionResponse?.name).toBe(wireLong);
    // Untouched parts of the request stay the caller's objects.
    expect(contents[0]).toBe(input.contents && (input.contents as unknown[])[0]);
    expect(projected.config?.tools?.[1]).toBe(input.config?.tools?.[1]);
  });

  it('should accept every form of contents: a string, a content, a part, a list of parts and strings', () => {
    const call = { functionCall: { name: LONG, args: {} } };
    const forms: unknown[] = [
      'Hello',
      { role: 'model', parts: [call] },
      call,
      [call, 'and text', { text: 'more' }],
    ];
    for (const contents of forms) {
      const { request: projected, map } = projectGenerateContentRequest(request([LONG], contents));
      const text = JSON.stringify(projected.contents);
      if (typeof contents === 'string') expect(projected.contents).toBe(contents);
      else {
        expect(text).toContain(`"name":"${map.toWire(LONG)}"`);
        expect(text).not.toContain(LONG);
      }
    }
  });

  it('should leave a request whose names fit as the very same object', () => {
    const input = request(['github__create_issue', 'maps__geo:lookup']);
    const projected = projectGenerateContentRequest(input);
    expect(projected.request).toBe(input);
    expect(projected.warnings).toEqual([]);
  });

  it('should follow the surface: a colon fits the Gemini API but not Vertex', () => {
    const input = request(['maps__geo:lookup']);
    expect(projectGenerateContentRequest(input).request).toBe(input);
    const vertex = projectGenerateContentRequest(input, { envelope: 'vertex' });
    const [declaration] = declarations(vertex.request);
    expect(declaration?.name).not.toBe('maps__geo:lookup');
    expect(declaration?.name).toMatch(VERTEX_NAME);
  });

  it('should add a bounded note to aliased declarations only', () => {
    const { request: projected } = projectGenerateContentRequest(
      request([LONG, 'github__create_issue']),
    );
    const [aliased, fitting] = declarations(projected);
    expect(aliased?.description).toContain(`Tool ${LONG}`);
    expect(aliased?.description).toContain('getConfluencePageDescendants');
    expect((aliased?.description?.length ?? 0) - `Tool ${LONG}`.length).toBeLessThanOrEqual(202);
    expect(fitting?.description).toBe('Tool github__create_issue');
  });

  it('should resolve function calls and keep the response class and its getters', () => {
    class FakeResponse implements GeminiGenerateContentResponse {
      candidates?: GeminiCandidate[];
      get functionCalls() {
        return this.candidates?.[0]?.content?.parts?.flatMap((part) =>
          part.functionCall === undefined ? [] : [part.functionCall],
        );
      }
    }
    const projected = projectGenerateContentRequest(request([LONG]));
    const response = new FakeResponse();
    response.candidates = [
      {
        content: {
          role: 'model',
          parts: [
            { functionCall: { name: projected.map.toWire(LONG), args: { q: 'x' } } },
            { functionCall: { name: 'unknown_tool', args: {} } },
          ],
        },
      },
    ];
    const { response: resolved, resolutions } = projected.resolveResponse(response);
    expect(resolved).toBeInstanceOf(FakeResponse);
    expect(resolved.functionCalls).toEqual([
      { name: LONG, args: { q: 'x' } },
      { name: 'unknown_tool', args: {} },
    ]);
    expect(resolutions.map((resolution) => resolution.method)).toEqual(['exact', 'unknown']);
    expect(response.functionCalls?.[0]?.name).toBe(projected.map.toWire(LONG));
  });

  it('should resolve tool names held in the arguments of bridge tools, both ways', () => {
    const bridge = 'clerum__tool_call';
    const input = request(
      [bridge, LONG],
      [
        {
          role: 'model',
          parts: [{ functionCall: { name: bridge, args: { name: LONG, arguments: {} } } }],
        },
      ],
    );
    const projected = projectGenerateContentRequest(input, {
      argumentNameTools: { [bridge]: ['name'] },
    });
    const wire = projected.map.toWire(LONG);
    expect(JSON.stringify(projected.request.contents)).toContain(`"name":"${wire}"`);
    const { events, resolutions } = projected.resolveStreamEvent({
      candidates: [
        { content: { parts: [{ functionCall: { name: bridge, args: { name: wire } } }] } },
      ],
    });
    expect(firstCall(events)).toEqual({ name: bridge, args: { name: LONG } });
    expect(resolutions.map((resolution) => resolution.canonical)).toEqual([bridge, LONG]);

    function firstCall(events: GeminiGenerateContentResponse[]) {
      return events[0]?.candidates?.[0]?.content?.parts?.[0]?.functionCall;
    }
  });

  it('should restore arguments whose shape the schema projection changed, plain and streamed', () => {
    const tool = 'notion__renamed_keys';
    const projected = projectGenerateContentRequest(request([tool]));
    const chunk = {
      candidates: [
        { content: { parts: [{ functionCall: { name: tool, args: { page_id: '7' } } }] } },
      ],
    };
    const plain = projected.resolveResponse(chunk).response;
    const streamed = projected.resolveStreamEvent(chunk).events[0];
    for (const resolved of [plain, streamed]) {
      expect(resolved?.candidates?.[0]?.content?.parts?.[0]?.functionCall?.args).toEqual({
        pageId: '7',
      });
    }
  });

  it('should fit every name and resolve it back, for any set of names', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 90 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('gemini', 'vertex'),
        (names, envelope) => {
          const input = request(names, [
            { role: 'model', parts: names.map((name) => ({ functionCall: { name, args: {} } })) },
          ]);
          const before = JSON.stringify(input);
          const projected = projectGenerateContentRequest(input, { envelope });
          expect(JSON.stringify(input)).toBe(before);
          const pattern = envelope === 'gemini' ? GEMINI_NAME : VERTEX_NAME;
          for (const declaration of declarations(projected.request)) {
            expect(declaration.name).toMatch(pattern);
          }
          const response = {
            candidates: [
              {
                content: {
                  parts: names.map((name) => ({
                    functionCall: { name: projected.map.toWire(name) },
                  })),
                },
              },
            ],
          };
          const resolved = projected.resolveResponse(response).response;
          expect(
            resolved.candidates?.[0]?.content?.parts?.map((part) => part.functionCall?.name),
          ).toEqual(names);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('should reuse the projection of a request sent again, and see parts replaced or added', () => {
    const input = request([LONG]);
    const first = projectGenerateContentRequest(input);
    expect(projectGenerateContentRequest(input).request).toBe(first.request);
    const [tool] = input.config?.tools ?? [];
    const list = (tool as { functionDeclarations: { name: string }[] }).functionDeclarations;
    list.push({ name: '1password__items.get' });
    const second = projectGenerateContentRequest(input).request;
    expect(second).not.toBe(first.request);
    expect(declarations(second)).toHaveLength(2);
    expect(declarations(second)[1]?.name).toMatch(GEMINI_NAME);
  });

  it('should see a declaration renamed in place in a list it projected before', () => {
    const input = request([LONG]);
    projectGenerateContentRequest(input);
    const [tool] = input.config?.tools ?? [];
    const [declaration] = (tool as { functionDeclarations: { name: string }[] })
      .functionDeclarations;
    (declaration as { name: string }).name = 'github__create_issue';
    // A new request object around the same tool list: the list itself is checked value by value.
    const next = projectGenerateContentRequest({ ...input });
    expect(declarations(next.request).map((entry) => entry.name)).toEqual(['github__create_issue']);
  });

  it('should send a declaration with `parameters` as a fresh copy on every request, as the SDK rewrites it', () => {
    const input: GeminiGenerateContentRequest = {
      model: 'gemini-2.5-flash',
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      config: {
        tools: [
          {
            functionDeclarations: [
              { name: 'github__create_issue', parameters: { type: 'object', properties: {} } },
              { name: 'github__get_issue' },
            ],
          },
        ],
      },
    };
    const first = declarations(projectGenerateContentRequest(input).request);
    const sent = structuredClone(first[0]);
    // What @google/genai does to the declarations it is given.
    (first[0] as { parameters: unknown }).parameters = { rewritten: true };
    const second = declarations(projectGenerateContentRequest({ ...input }).request);
    expect(second[0]).not.toBe(first[0]);
    expect(second[0]).toEqual(sent);
    // Without `parameters`, the caller's own declaration goes out; given one in place, a copy.
    const declaration = declarations(input)[1] as { parameters?: unknown };
    expect(second[1]).toBe(declaration);
    declaration.parameters = { type: 'object', properties: {} };
    const third = declarations(projectGenerateContentRequest({ ...input }).request);
    expect(third[1]).not.toBe(declaration);
    expect(third[1]).toEqual({ name: 'github__get_issue', parameters: expect.any(Object) });
    // The same request sent again is copied again.
    const resent = { ...input };
    const fourth = declarations(projectGenerateContentRequest(resent).request);
    const fifth = declarations(projectGenerateContentRequest(resent).request);
    expect(fifth[0]).not.toBe(fourth[0]);
    expect(fifth[1]).not.toBe(fourth[1]);
  });

  it('should leave out a declaration whose schema cannot be sent, and its allowed name, with a warning', () => {
    // A $ref to nowhere: nothing can be sent for it (a recursive one is unrolled instead).
    const recursive = { type: 'object', properties: { child: { $ref: '#/$defs/missing' } } };
    const input: GeminiGenerateContentRequest = {
      model: 'gemini-2.5-flash',
      contents: 'hi',
      config: {
        tools: [
          {
            functionDeclarations: [
              { name: 'tree__walk', parameters: recursive },
              { name: 'github__create_issue', parameters: { type: 'object', properties: {} } },
            ],
          },
        ],
        toolConfig: {
          functionCallingConfig: { allowedFunctionNames: ['tree__walk', 'github__create_issue'] },
        },
      },
    };
    const projected = projectGenerateContentRequest(input);
    expect(declarations(projected.request).map((entry) => entry.name)).toEqual([
      'github__create_issue',
    ]);
    expect(
      projected.request.config?.toolConfig?.functionCallingConfig?.allowedFunctionNames,
    ).toEqual(['github__create_issue']);
    expect(projected.warnings).toEqual([
      expect.objectContaining({ code: 'TOOL_QUARANTINED', tool: 'tree__walk' }),
      expect.objectContaining({ code: 'TOOL_CHOICE_DROPPED', tool: 'tree__walk' }),
    ]);
  });

  it('should send a function declared twice once, with a warning', () => {
    const input = request(['github__create_issue', LONG]);
    input.config?.tools?.push({ functionDeclarations: [{ name: LONG, description: 'again' }] });
    const projected = projectGenerateContentRequest(input);
    const names = (projected.request.config?.tools ?? []).flatMap((tool) =>
      ((tool as { functionDeclarations?: { name: string }[] }).functionDeclarations ?? []).map(
        (declaration) => declaration.name,
      ),
    );
    expect(names).toEqual(['github__create_issue', projected.map.toWire(LONG)]);
    expect(projected.warnings).toEqual([
      expect.objectContaining({ code: 'DUPLICATE_TOOL_LEFT_OUT', tool: LONG }),
    ]);
  });

  it('should reject a request that is not an object with a typed error', () => {
    expect(() => projectGenerateContentRequest(null as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_REQUEST' }),
    );
    try {
      projectGenerateContentRequest('hello' as never);
    } catch (error) {
      expect(ToolwireError.isInstance(error)).toBe(true);
    }
  });
});

describe('wrapGemini', () => {
  it('should project with the Vertex envelope for a vertexai client and keep everything else', async () => {
    const sent: GeminiGenerateContentRequest[] = [];
    const models = {
      async generateContent(params: GeminiGenerateContentRequest) {
        sent.push(params);
        return { candidates: [] };
      },
      async generateContentStream(params: GeminiGenerateContentRequest) {
        sent.push(params);
        return (async function* chunks() {})();
      },
      embedContent: () => 'embedded',
    };
    const client = { models, vertexai: true, apiVersion: 'v1' };
    const wrapped = wrapGemini(client);
    expect(wrapped.apiVersion).toBe('v1');
    expect(wrapped.models.embedContent()).toBe('embedded');
    await wrapped.models.generateContent(request(['maps__geo:lookup']));
    const [declaration] = declarations(sent[0] as GeminiGenerateContentRequest);
    expect(declaration?.name).toMatch(VERTEX_NAME);
    expect(client.models).toBe(models);
  });
});
