import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStoredResponseResolver } from './create-stored-response-resolver.js';
import { projectApiRequest } from './project-api-request.js';

type Json = Record<string, unknown>;

// What the upstream stores for a request the gateway projected: the tools as sent, and calls of
// each tool by its wire name.
function storedFor(names: string[], envelope: 'bedrock' | undefined) {
  const body = {
    model: 'gpt-test',
    input: [{ role: 'user', content: 'Go.' }],
    tools: names.map((name) => ({
      type: 'function',
      name,
      description: `Does ${name.length} things.`,
      parameters: { type: 'object', properties: {} },
      strict: false,
    })),
  };
  const projected = projectApiRequest({ api: 'openai-responses', body, envelope, projection: {} });
  const tools = (projected.body as { tools: Json[] }).tools;
  const response = {
    id: 'resp_1',
    object: 'response',
    tools,
    tool_choice: 'auto',
    output: tools.map((tool, index) => ({
      type: 'function_call',
      id: `fc_${index}`,
      call_id: `call_${index}`,
      name: tool.name,
      arguments: '{}',
    })),
  };
  return { response, map: projected.map };
}

const segment = (min: number, max: number) =>
  fc.stringMatching(new RegExp(`^[a-zA-Z0-9][a-zA-Z0-9._/-]{${min},${max}}$`));
// Names as MCP hosts make them: registry-style servers, dotted tools, some over every limit.
const plainName = fc.oneof(
  fc.tuple(segment(0, 70), segment(0, 110)).map(([server, tool]) => `${server}__${tool}`),
  segment(0, 80),
);

describe('createStoredResponseResolver', () => {
  it('should recover every name the gateway projected, from the stored response alone', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(plainName, { minLength: 1, maxLength: 12 }),
        fc.constantFrom<'bedrock' | undefined>(undefined, 'bedrock'),
        (names, envelope) => {
          const { response, map } = storedFor(names, envelope);
          const resolver = createStoredResponseResolver({
            tools: response.tools,
            envelope,
            projection: {},
          });
          expect(resolver.unresolved).toBe(0);
          const resolved = resolver.resolveResponse(response) as { output: Json[]; tools: Json[] };
          expect(resolved.output.map((item) => item.name)).toEqual(
            response.output.map((item) => map.fromWire(item.name as string)),
          );
          expect(resolved.tools.map((tool) => tool.name)).toEqual(names);
          expect(resolved.tools.map((tool) => tool.description)).toEqual(
            names.map((name) => `Does ${name.length} things.`),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('should never resolve a name to another tool, whatever the names hold', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.oneof(plainName, fc.string({ minLength: 1, maxLength: 40 })), {
          minLength: 1,
          maxLength: 8,
        }),
        (names) => {
          let stored: ReturnType<typeof storedFor>;
          try {
            stored = storedFor(names, undefined);
          } catch {
            return; // a set of names the projection refuses never reaches the upstream
          }
          const { response, map } = stored;
          const resolver = createStoredResponseResolver({
            tools: response.tools,
            envelope: undefined,
            projection: {},
          });
          const resolved = resolver.resolveResponse(response) as { output: Json[] };
          resolved.output.forEach((item, index) => {
            const wire = response.output[index]?.name as string;
            // Resolved to the true name, or left as the wire name (and counted).
            expect([map.fromWire(wire), wire]).toContain(item.name);
          });
          const left = resolved.output.filter(
            (item, index) => item.name !== map.fromWire(response.output[index]?.name as string),
          ).length;
          expect(left).toBeLessThanOrEqual(resolver.unresolved);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('should leave a name whose note is cut or lossy under its wire name and count it', () => {
    const { response } = storedFor(
      ['io.github/x__get.env', 'plain__tool', 'a "quoted" name'],
      undefined,
    );
    const long = `${'s'.repeat(600)}__tool`;
    const cut = storedFor([long], undefined).response;
    const tools = [...response.tools, ...cut.tools];
    const resolver = createStoredResponseResolver({ tools, envelope: undefined, projection: {} });
    expect(resolver.unresolved).toBe(2);
    expect([...resolver.names.values()]).toEqual(['io.github/x__get.env', 'plain__tool']);
  });

  it('should take a tool without a note as sent under its own name', () => {
    const { response } = storedFor(['io.github/x__get.env', 'plain__tool'], undefined);
    const tools = response.tools.map((tool) => ({ ...tool, description: 'No note.' }));
    const resolver = createStoredResponseResolver({ tools, envelope: undefined, projection: {} });
    const resolved = resolver.resolveResponse({ ...response, tools }) as { output: Json[] };
    expect(resolved.output.map((item) => item.name)).toEqual(
      response.output.map((item) => item.name),
    );
  });
});
