import { describe, expect, it } from 'vitest';
import type { ProjectInputSchemaOptions } from '../../src/core/schema/project-input-schema.js';
import { projectToolSchemas } from '../../src/core/schema/project-tool-schemas.js';
import { loadCorpusTools } from '../support/corpus.js';
import { checkSchemaRules, type RuleSet } from './check-schema-rules.js';

const tools = loadCorpusTools();

interface Case {
  readonly label: string;
  readonly options: Omit<ProjectInputSchemaOptions, 'subject'>;
  readonly rules: (strict: boolean) => RuleSet;
}

const CASES: Case[] = [
  { label: 'openai', options: { target: 'openai' }, rules: () => 'openai' },
  {
    label: 'openai strict',
    options: { target: 'openai', strict: true },
    rules: (strict) => (strict ? 'openai-strict' : 'openai'),
  },
  { label: 'anthropic', options: { target: 'anthropic' }, rules: () => 'anthropic' },
  { label: 'gemini parameters', options: { target: 'gemini' }, rules: () => 'gemini' },
  {
    label: 'gemini parametersJsonSchema',
    options: { target: 'gemini', geminiField: 'parametersJsonSchema' },
    rules: () => 'gemini-json',
  },
  { label: 'vertex', options: { target: 'vertex' }, rules: () => 'vertex' },
  { label: 'bedrock', options: { target: 'bedrock' }, rules: () => 'bedrock' },
  { label: 'mcp', options: { target: 'mcp' }, rules: () => 'mcp' },
];

describe('projectToolSchemas over the corpus', () => {
  const rows: string[] = [];

  it('should have real violations to fix, so the checker is not vacuous', () => {
    const raw = (rules: RuleSet) =>
      tools.filter((tool) => checkSchemaRules(tool.inputSchema ?? {}, rules).length > 0).length;
    expect(raw('gemini')).toBeGreaterThan(400);
    expect(raw('openai-strict')).toBeGreaterThan(400);
    expect(raw('anthropic')).toBeGreaterThan(0);
    expect(raw('vertex')).toBeGreaterThan(400);
    expect(raw('gemini-json')).toBeGreaterThan(400);
  });

  for (const { label, options, rules } of CASES) {
    it(`should fit every tool to ${label} or quarantine it with a reason`, () => {
      const result = projectToolSchemas({ tools, ...options });
      expect(result.tools.length + result.quarantined.length).toBe(tools.length);
      for (const projected of result.tools) {
        const problems = checkSchemaRules(projected.schema, rules(projected.strict));
        expect({ tool: projected.tool.name, problems }).toEqual({
          tool: projected.tool.name,
          problems: [],
        });
      }
      for (const quarantined of result.quarantined) {
        expect(quarantined.reason).toMatch(/^Tool "/);
      }
      const strict = result.tools.filter((tool) => tool.strict).length;
      const warned = result.tools.filter((tool) => tool.warnings.length > 0).length;
      rows.push(
        `| ${label} | ${result.tools.length} | ${result.quarantined.length} | ${options.strict === true ? strict : '-'} | ${warned} |`,
      );
    });
  }

  it('should print the corpus table and keep its counts', () => {
    const table = [
      `| target (${tools.length} tools) | projected | quarantined | strict | with warnings |`,
      '|---|---|---|---|---|',
      ...rows,
    ].join('\n');
    console.log(table);
    expect(table).toMatchInlineSnapshot(`
      "| target (848 tools) | projected | quarantined | strict | with warnings |
      |---|---|---|---|---|
      | openai | 848 | 0 | - | 0 |
      | openai strict | 848 | 0 | 804 | 236 |
      | anthropic | 848 | 0 | - | 0 |
      | gemini parameters | 848 | 0 | - | 88 |
      | gemini parametersJsonSchema | 848 | 0 | - | 222 |
      | vertex | 848 | 0 | - | 88 |
      | bedrock | 848 | 0 | - | 0 |
      | mcp | 848 | 0 | - | 0 |"
    `);
  });
});
