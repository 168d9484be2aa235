import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENVELOPES } from '../core/envelope.js';
import { describeAlias } from '../core/projection/describe-alias.js';
import { projectApiRequest } from './project-api-request.js';

// Server keys over the 48 characters a bounded alias note shows.
const SERVER = 'io-github-modelcontextprotocol-registry-atlassian-mcp-server-production';
const TOOL = 'getConfluencePageDescendantsWithEveryAttachmentAndComment';

function responsesBody(store: boolean | undefined, tools: string[]) {
  return {
    model: 'gpt-5',
    input: [{ role: 'user', content: 'hi' }],
    tools: tools.map((name) => ({
      type: 'function',
      name,
      description: 'Does it.',
      parameters: { type: 'object', properties: {} },
      strict: false,
    })),
    ...(store === undefined ? {} : { store }),
  };
}

function descriptions(body: unknown): string[] {
  return (body as { tools: { description: string }[] }).tools.map((tool) => tool.description);
}

describe('projectApiRequest', () => {
  it('should send whole alias notes in a Responses request the upstream stores, bounded ones otherwise', () => {
    const names = [`${SERVER}__${TOOL}`, `${SERVER}__${TOOL}Again`, 'github__create_issue'];
    const projection = {};
    // Alternating on the same tool set: the engine's memo must keep the two note forms apart.
    for (const store of [false, true, undefined, false, true]) {
      const projected = projectApiRequest({
        api: 'openai-responses',
        body: responsesBody(store, names),
        envelope: undefined,
        projection,
      });
      const notes = descriptions(projected.body);
      if (store === false) {
        expect(notes[0]).toMatch(/^Does it\.\n\n\(MCP server "io-github.{30,}…", tool "/);
      } else {
        expect(notes[0]).toBe(`Does it.\n\n(MCP server "${SERVER}", tool "${TOOL}")`);
        expect(notes[1]).toBe(`Does it.\n\n(MCP server "${SERVER}", tool "${TOOL}Again")`);
      }
      expect(notes[2]).toBe('Does it.');
    }
    const chat = projectApiRequest({
      api: 'openai-chat',
      body: {
        model: 'gpt-5',
        messages: [],
        tools: names.map((name) => ({ type: 'function', function: { name, description: 'D.' } })),
      },
      envelope: undefined,
      projection,
    });
    const chatTools = (chat.body as { tools: { function: { description: string } }[] }).tools;
    expect(chatTools[0]?.function.description).toContain('…');
  });

  it('should send no note when the caller turned notes off, stored or not', () => {
    const projected = projectApiRequest({
      api: 'openai-responses',
      body: responsesBody(true, [`${SERVER}__${TOOL}`]),
      envelope: undefined,
      projection: { describeAliases: false },
    });
    expect(descriptions(projected.body)).toEqual(['Does it.']);
  });

  it('should note namespace members as the setting says: whole when stored, none when off', () => {
    const space = `${SERVER}-namespace-for-every-tool-of-the-atlassian-server`;
    const body = (store: boolean) => ({
      model: 'gpt-5',
      input: [],
      tools: [
        {
          type: 'namespace',
          name: space,
          description: 'Atlassian.',
          tools: [
            {
              type: 'function',
              name: TOOL.repeat(2),
              description: 'Does it.',
              parameters: { type: 'object', properties: {} },
            },
          ],
        },
      ],
      store,
    });
    const member = (projection: object, store: boolean) => {
      const projected = projectApiRequest({
        api: 'openai-responses',
        body: body(store),
        envelope: undefined,
        projection,
      });
      return (projected.body as { tools: { tools: { description: string }[] }[] }).tools[0]
        ?.tools[0]?.description;
    };
    const shared = {};
    expect(member(shared, true)).toBe(
      `Does it.\n\n(MCP server "${space}", tool "${TOOL.repeat(2)}")`,
    );
    expect(member(shared, false)).toContain('…');
    expect(member({ describeAliases: false }, true)).toBe('Does it.');
    expect(member({ describeAliases: false }, false)).toBe('Does it.');
  });

  it('should reuse its options objects, so the same request projected again hits the memo', () => {
    const projection = { schemaTarget: 'bedrock' as const };
    for (const api of ['openai-responses', 'openai-chat'] as const) {
      for (const envelope of [undefined, ENVELOPES.bedrock, 'bedrock' as const]) {
        const body =
          api === 'openai-responses'
            ? responsesBody(true, [`${SERVER}__${TOOL}`])
            : {
                model: 'gpt-5',
                messages: [],
                tools: [{ type: 'function', function: { name: `${SERVER}__${TOOL}` } }],
              };
        const first = projectApiRequest({ api, body, envelope, projection });
        const second = projectApiRequest({ api, body, envelope, projection });
        expect(second.body).toBe(first.body);
      }
    }
  });

  it('should give each request its own note form whatever was projected before (property)', () => {
    const name = fc
      .tuple(
        fc.stringMatching(/^[a-z][a-z0-9-]{0,79}$/),
        fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,119}$/),
      )
      .map(([server, tool]) => `${server}__${tool}`);
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 1, maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
        (names, order) => {
          const shared = {};
          for (const store of order) {
            const projected = projectApiRequest({
              api: 'openai-responses',
              body: responsesBody(store, names),
              envelope: 'bedrock',
              projection: shared,
            });
            const notes = descriptions(projected.body);
            names.forEach((canonical, index) => {
              expect(notes[index]).toBe(
                projected.map.toWire(canonical) === canonical
                  ? 'Does it.'
                  : describeAlias({ canonical, description: 'Does it.', whole: store }),
              );
            });
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
