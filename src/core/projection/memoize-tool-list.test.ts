import { describe, expect, it } from 'vitest';
import { createNameCollector, createRequestProjection } from './create-request-projection.js';
import { collectToolListNames, memoizeToolList } from './memoize-tool-list.js';

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

describe('collectToolListNames', () => {
  const collect = (tools: Tool[], add: (name: unknown) => void): void => {
    for (const tool of tools) add(tool.name);
  };

  it('should collect the names of a list once and collect again after a change in place', () => {
    const tools: Tool[] = [
      { name: 'a__b', schema: {} },
      { name: 'c.d__e', schema: {} },
      { name: 'a__b', schema: {} },
    ];
    const first = collectToolListNames({ tools, fingerprint, collect });
    expect(first.names).toEqual(['a__b', 'c.d__e']);
    expect(first.set.has('c.d__e')).toBe(true);
    expect(collectToolListNames({ tools, fingerprint, collect })).toBe(first);
    (tools[1] as Tool).name = 'x__y';
    const renamed = collectToolListNames({ tools, fingerprint, collect });
    expect(renamed).not.toBe(first);
    expect(renamed.names).toEqual(['a__b', 'x__y']);
  });

  it('should let memoizeToolList reuse a list it was just compared for, and project a changed one', () => {
    const tools: Tool[] = [{ name: 'a__b', schema: {} }];
    let projections = 0;
    const project = (known: ReturnType<typeof collectToolListNames>) => {
      const collector = createNameCollector({ envelope: 'openai' });
      collector.addAll(known);
      const projection = collector.finish();
      return memoizeToolList({
        tools,
        projection,
        key: [],
        fingerprint,
        known,
        project: () => {
          projections++;
          return tools.map((tool) => ({ ...tool, name: projection.toWire(tool.name) }));
        },
      }).tools;
    };
    const first = project(collectToolListNames({ tools, fingerprint, collect }));
    expect(project(collectToolListNames({ tools, fingerprint, collect }))).toBe(first);
    expect(projections).toBe(1);
    (tools[0] as Tool).name = 'a.b__c';
    const renamed = project(collectToolListNames({ tools, fingerprint, collect }));
    expect(projections).toBe(2);
    expect(renamed[0]?.name).toBe('a_b__c');
  });
});

describe('NameCollector.addAll', () => {
  it('should take a list of names as they are and add only names outside it', () => {
    const known = { names: ['a__b', 'c__d'], set: new Set(['a__b', 'c__d']) };
    const collector = createNameCollector({ envelope: 'openai' });
    collector.addAll(known);
    collector.add('a__b');
    collector.add('e.f__g');
    const projection = collector.finish();
    expect(projection.map.entries().map(([canonical]) => canonical)).toEqual([
      'a__b',
      'c__d',
      'e.f__g',
    ]);
    const late = createNameCollector({ envelope: 'openai' });
    late.add('x__y');
    late.addAll(known);
    expect(late.finish().map.size).toBe(3);
  });
});
