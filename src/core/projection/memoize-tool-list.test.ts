import { describe, expect, it } from 'vitest';
import { createRequestProjection } from './create-request-projection.js';
import { memoizeToolList } from './memoize-tool-list.js';

interface Tool {
  name: string;
  schema: object;
}

const fingerprint = (tools: Tool[], visit: (value: unknown) => void): void => {
  for (const tool of tools) {
    visit(tool);
    visit(tool.name);
    visit(tool.schema);
  }
};

function run(tools: Tool[], names: string[], key: unknown[] = ['openai']) {
  const projection = createRequestProjection({ names, envelope: 'openai' });
  let projections = 0;
  const restore = (args: unknown) => args;
  const result = memoizeToolList({
    tools,
    projection,
    key,
    fingerprint,
    project: (recorder) => {
      projections++;
      recorder.warnings.push({ code: 'TEST', tool: 'a__b', message: 'Tool "a__b": test.' });
      recorder.setArgumentRestorer('a__b', restore);
      return tools.map((tool) => ({ ...tool, name: projection.toWire(tool.name) }));
    },
  });
  return { result, projections, projection };
}

describe('memoizeToolList', () => {
  it('should reuse the projected list for the same list and name set, replaying warnings and restorers', () => {
    const tools: Tool[] = [
      { name: 'a__b', schema: {} },
      { name: 'c.d__e', schema: {} },
    ];
    const first = run(tools, ['a__b', 'c.d__e']);
    const second = run(tools, ['a__b', 'c.d__e']);
    expect(first.projections).toBe(1);
    expect(second.projections).toBe(0);
    expect(second.result.tools).toBe(first.result.tools);
    expect(second.result.warnings).toEqual(first.result.warnings);
    expect(second.projection.rewritesArguments('a__b')).toBe(true);
  });

  it('should project again when a tool is renamed in place, the name set or the key changes', () => {
    const tools: Tool[] = [{ name: 'a__b', schema: {} }];
    run(tools, ['a__b']);
    expect(run(tools, ['a__b', 'x__y']).projections).toBe(1);
    expect(run(tools, ['a__b', 'x__y'], ['anthropic']).projections).toBe(1);
    (tools[0] as Tool).name = 'a__c';
    const renamed = run(tools, ['a__c']);
    expect(renamed.projections).toBe(1);
    expect(renamed.result.tools[0]?.name).toBe('a__c');
    tools.push({ name: 'e__f', schema: {} });
    expect(run(tools, ['a__c', 'e__f']).projections).toBe(1);
  });
});
