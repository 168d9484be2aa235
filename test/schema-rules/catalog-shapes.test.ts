import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { projectArguments } from '../../src/core/schema/project-arguments.js';
import type { ProjectInputSchemaOptions } from '../../src/core/schema/project-input-schema.js';
import { projectToolSchemas } from '../../src/core/schema/project-tool-schemas.js';
import { restoreArguments } from '../../src/core/schema/restore-arguments.js';
import { anthropicModule } from '../provider-server/anthropic-module.js';
import { checkBedrockRequest } from '../provider-server/bedrock-rules.js';
import { checkGeminiRequest } from '../provider-server/gemini-rules.js';
import { checkOpenAIParameters } from '../provider-server/openai-rules.js';
import type { RecordedRequest } from '../provider-server/provider-module.js';
import { nullableToJsonSchema } from '../support/arguments-for-schema.js';
import { checkSchemaRules, type RuleSet } from './check-schema-rules.js';

// Two catalogs of the wider corpus that the bundled one lacks, as small fixtures of the same
// shapes: a free-form `parameters` object (azure-namespace-mode) and a recursive filter
// (awslabs-amazon-qindex SearchRelevantContent).
interface FixtureTool {
  readonly name: string;
  readonly inputSchema: Record<string, unknown>;
}
const load = (file: string): FixtureTool[] =>
  (
    JSON.parse(readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8')) as {
      tools: FixtureTool[];
    }
  ).tools;
const azure = load('azure-namespace-shape.json');
const qindex = load('qindex-shape.json');

const ajv = new Ajv2020({ strict: false, logger: false, validateFormats: false });

interface Case {
  readonly label: string;
  readonly options: Omit<ProjectInputSchemaOptions, 'subject'>;
  readonly rules: (strict: boolean) => RuleSet;
  /** The local provider server's check of a request carrying this one tool. */
  readonly server: (name: string, schema: unknown, strict: boolean) => unknown[];
}

const CASES: Case[] = [
  {
    label: 'openai',
    options: { target: 'openai' },
    rules: () => 'openai',
    server: (name, schema) => checkOpenAIParameters(schema, name, 'tools[0].function', false),
  },
  {
    label: 'openai strict',
    options: { target: 'openai', strict: true },
    rules: (strict) => (strict ? 'openai-strict' : 'openai'),
    server: (name, schema, strict) =>
      checkOpenAIParameters(schema, name, 'tools[0].function', strict),
  },
  {
    label: 'anthropic',
    options: { target: 'anthropic' },
    rules: () => 'anthropic',
    server: (name, schema) =>
      anthropicModule.check({
        body: {
          model: 'claude',
          max_tokens: 1,
          messages: [],
          tools: [{ name, input_schema: schema }],
        },
      } as RecordedRequest),
  },
  {
    label: 'bedrock',
    options: { target: 'bedrock' },
    rules: () => 'bedrock',
    server: (name, schema) =>
      checkBedrockRequest(
        {
          messages: [],
          toolConfig: { tools: [{ toolSpec: { name, inputSchema: { json: schema } } }] },
        },
        'anthropic.claude-sonnet-4-5-v1:0',
      ),
  },
  {
    label: 'gemini parameters',
    options: { target: 'gemini' },
    rules: () => 'gemini',
    server: (name, schema) =>
      checkGeminiRequest(
        { tools: [{ functionDeclarations: [{ name, parameters: schema }] }] },
        'gemini',
      ),
  },
  {
    label: 'gemini parametersJsonSchema',
    options: { target: 'gemini', geminiField: 'parametersJsonSchema' },
    rules: () => 'gemini-json',
    server: (name, schema) =>
      checkGeminiRequest(
        { tools: [{ functionDeclarations: [{ name, parametersJsonSchema: schema }] }] },
        'gemini',
      ),
  },
  {
    label: 'vertex',
    options: { target: 'vertex' },
    rules: () => 'vertex',
    server: (name, schema) =>
      checkGeminiRequest(
        { tools: [{ functionDeclarations: [{ name, parameters: schema }] }] },
        'vertex',
      ),
  },
];

const ARGUMENTS: Record<string, unknown[]> = {
  storage: [
    {
      intent: 'list accounts',
      command: 'storage_account_list',
      parameters: { subscription: 's1', 'resource-group': 'rg', 'x y': [1, { z: null }] },
    },
    { intent: 'help', learn: true },
  ],
  cosmos: [
    { intent: 'query', command: 'cosmos_query', parameters: { query: 'SELECT 1', limit: 3 } },
  ],
  SearchRelevantContent: [
    { applicationId: 'app', queryText: 'q' },
    {
      applicationId: 'app',
      queryText: 'q',
      maxResults: 5,
      attributeFilter: {
        andAllFilters: [
          { equalsTo: { name: 'kind', value: { stringValue: 'pdf' } } },
          {
            orAllFilters: [
              {
                notFilter: {
                  andAllFilters: [
                    { notFilter: { equalsTo: { name: 'n', value: { longValue: 2 } } } },
                  ],
                },
              },
            ],
          },
        ],
      },
    },
  ],
};

describe('catalog shapes the bundled corpus lacks, on every target', () => {
  for (const { label, options, rules, server } of CASES) {
    it(`should offer every tool to ${label}, pass its rules and round-trip arguments`, () => {
      const { tools, quarantined } = projectToolSchemas({
        tools: [...azure, ...qindex],
        ...options,
      });
      expect(quarantined.map((entry) => entry.reason)).toEqual([]);
      for (const { tool, schema, strict, argumentMap } of tools) {
        expect({ tool: tool.name, problems: checkSchemaRules(schema, rules(strict)) }).toEqual({
          tool: tool.name,
          problems: [],
        });
        expect({ tool: tool.name, violations: server(tool.name, schema, strict) }).toEqual({
          tool: tool.name,
          violations: [],
        });
        const validateOriginal = ajv.compile(tool.inputSchema);
        const validateProjected = ajv.compile(nullableToJsonSchema(schema) as object);
        for (const args of ARGUMENTS[tool.name] ?? []) {
          expect(validateOriginal(args)).toBe(true);
          const wire = projectArguments(args, argumentMap);
          expect({ tool: tool.name, wire, valid: validateProjected(wire) }).toMatchObject({
            valid: true,
          });
          expect(restoreArguments(wire, argumentMap)).toEqual(args);
        }
      }
    });
  }

  it('should keep OpenAI strict for free-form objects, carrying them as JSON text', () => {
    const { tools } = projectToolSchemas({ tools: azure, target: 'openai', strict: true });
    for (const { tool, schema, strict, warnings } of tools) {
      expect({ tool: tool.name, strict }).toEqual({ tool: tool.name, strict: true });
      const parameters = (schema.properties as Record<string, { type: unknown }>).parameters;
      expect(parameters?.type).toEqual(tool.name === 'cosmos' ? 'string' : ['string', 'null']);
      expect(warnings.map((warning) => `${warning.code} ${warning.path}`)).toEqual([
        'OPEN_OBJECT_AS_JSON /properties/parameters',
      ]);
    }
  });

  it('should keep the recursive filter as $defs where the target takes recursion', () => {
    for (const options of [
      { target: 'openai' },
      { target: 'openai', strict: true },
      { target: 'gemini', geminiField: 'parametersJsonSchema' },
    ] as const) {
      const [projected] = projectToolSchemas({ tools: qindex, ...options }).tools;
      expect(Object.keys((projected?.schema.$defs ?? {}) as object)).toEqual(['AttributeFilter']);
      expect(projected?.strict).toBe(options.target === 'openai' && 'strict' in options);
    }
  });
});
