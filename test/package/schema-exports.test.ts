import { describe, expect, it } from 'vitest';

describe('toolwire root entry: schemas', () => {
  it('should export the schema API from the built file, and it should work there', async () => {
    // A variable specifier, so that type-checking does not need a build.
    const built = '../../dist/index.js';
    const entry = (await import(/* @vite-ignore */ built)) as Record<string, unknown>;
    for (const name of [
      'normalizeInputSchema',
      'MAX_SCHEMA_DEPTH',
      'projectInputSchema',
      'projectToolSchemas',
      'restoreArguments',
      'projectArguments',
      'SCHEMA_TARGETS',
    ]) {
      expect(entry[name], name).toBeDefined();
    }
    const { projectToolSchemas, restoreArguments } = entry as typeof import('../../src/index.js');
    const { tools, quarantined } = projectToolSchemas({
      tools: [
        {
          name: 'list',
          inputSchema: { type: 'object', properties: { 'filter[id]': { type: 'string' } } },
        },
        {
          name: 'remote',
          inputSchema: {
            type: 'object',
            properties: { a: { $ref: 'https://example.com/a.json' } },
          },
        },
      ],
      target: 'anthropic',
    });
    expect(tools.map(({ tool }) => tool.name)).toEqual(['list']);
    expect(quarantined.map(({ tool, code }) => [tool.name, code])).toEqual([
      ['remote', 'UNRESOLVED_REF'],
    ]);
    const [list] = tools;
    expect(restoreArguments({ filter_id_: '7' }, list?.argumentMap ?? null)).toEqual({
      'filter[id]': '7',
    });
  });
});
