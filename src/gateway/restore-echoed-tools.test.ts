import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectApiRequest } from './project-api-request.js';

// Names of every kind: fitting, dotted, spaced, non-ASCII, over 64 characters.
const name = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/),
  fc.stringMatching(/^[a-z][a-z0-9._ -]{0,90}$/),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
);
const member = (tool: string) => ({
  type: 'function',
  name: tool,
  description: `Tool ${tool}.`,
  parameters: { type: 'object', properties: { 'a.b': { type: 'string' } } },
});

describe('restoreEchoedTools (through the Responses projection)', () => {
  it("should give back the caller's tools, namespaces and members as sent, for any names (property)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { maxLength: 4 }),
        fc.uniqueArray(
          fc.record({
            namespace: name,
            members: fc.uniqueArray(name, { minLength: 1, maxLength: 4 }),
          }),
          { selector: (space) => space.namespace, maxLength: 3 },
        ),
        (functions, spaces) => {
          const tools = [
            ...functions.map(member),
            ...spaces.map((space) => ({
              type: 'namespace',
              name: space.namespace,
              description: `Server ${space.namespace}.`,
              tools: space.members.map(member),
            })),
          ];
          const body = { model: 'gpt-5', input: 'hi', tools };
          const projection = projectApiRequest({
            api: 'openai-responses',
            body,
            model: 'gpt-5',
            envelope: undefined,
            projection: {},
          });
          // The upstream echoes the tools it got, as it got them.
          const sent = (projection.body as { tools: unknown[] }).tools;
          const echoed = { object: 'response', output: [], tools: sent };
          const resolved = projection.resolveResponse(echoed) as { tools: unknown };
          expect(resolved.tools).toEqual(tools);
        },
      ),
      { numRuns: 300 },
    );
  });
});
