import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectArguments } from '../../src/core/schema/project-arguments.js';
import type { ProjectInputSchemaOptions } from '../../src/core/schema/project-input-schema.js';
import { projectToolSchemas } from '../../src/core/schema/project-tool-schemas.js';
import { restoreArguments } from '../../src/core/schema/restore-arguments.js';
import { argumentsForSchema, nullableToJsonSchema } from '../support/arguments-for-schema.js';
import { loadCorpusTools } from '../support/corpus.js';

const ajv = new Ajv2020({
  strict: false,
  logger: false,
  validateFormats: false,
  allowUnionTypes: true,
  unicodeRegExp: false,
});
const tools = loadCorpusTools();

// Compiling is the cost of this suite: compile each distinct schema text once (a projection that
// changes nothing, or the same schema on several targets, reuses the validator).
const compiled = new Map<string, ReturnType<typeof ajv.compile> | undefined>();
function compile(schema: unknown): ReturnType<typeof ajv.compile> | undefined {
  const { $schema: _draft, ...body } = (schema ?? {}) as Record<string, unknown>;
  const text = JSON.stringify(body);
  if (compiled.has(text)) return compiled.get(text);
  let validate: ReturnType<typeof ajv.compile> | undefined;
  try {
    validate = ajv.compile(body);
  } catch {
    validate = undefined;
  }
  compiled.set(text, validate);
  return validate;
}

const originals = new Map(tools.map((tool) => [tool, compile(tool.inputSchema)]));

const CASES: [string, Omit<ProjectInputSchemaOptions, 'subject'>][] = [
  ['openai', { target: 'openai' }],
  ['openai strict', { target: 'openai', strict: true }],
  ['anthropic', { target: 'anthropic' }],
  ['gemini parameters', { target: 'gemini' }],
  ['gemini parametersJsonSchema', { target: 'gemini', geminiField: 'parametersJsonSchema' }],
  ['vertex', { target: 'vertex' }],
  ['bedrock', { target: 'bedrock' }],
  ['mcp', { target: 'mcp' }],
];

describe('round trip of meaning over the corpus', () => {
  it('should compile nearly every corpus schema, so the property covers the corpus', () => {
    const compiledCount = [...originals.values()].filter(
      (validate) => validate !== undefined,
    ).length;
    expect(compiledCount).toBe(tools.length);
  });

  for (const [label, options] of CASES) {
    it(`should keep valid arguments valid and restore them exactly (${label})`, () => {
      const { tools: projected } = projectToolSchemas({ tools, ...options });
      let checked = 0;
      for (const { tool, schema, argumentMap } of projected) {
        const validateOriginal = originals.get(tool);
        if (validateOriginal === undefined) continue;
        const validateProjected = compile(nullableToJsonSchema(schema));
        expect(validateProjected, tool.name).toBeDefined();
        // Under strict, an explicit null for an optional property reads as "absent" (documented),
        // so the exact round trip is asserted for arguments that do not send one.
        const valid = argumentsForSchema(tool.inputSchema ?? {}, tool.inputSchema ?? {}, 0, {
          optionalNull: options.strict !== true,
        })
          .map((value) => JSON.parse(JSON.stringify(value ?? {})) as unknown)
          .filter((value) => validateOriginal(value) === true);
        fc.assert(
          fc.property(valid, (args) => {
            const wire = projectArguments(args, argumentMap);
            if (validateProjected !== undefined && !validateProjected(wire)) {
              const errors = (validateProjected as { errors?: unknown }).errors;
              throw new Error(
                `${tool.name}: ${JSON.stringify(wire)} fails the projected schema: ${JSON.stringify(errors)}`,
              );
            }
            expect(restoreArguments(wire, argumentMap)).toEqual(args);
            checked++;
          }),
          { numRuns: 4 },
        );
      }
      expect(checked).toBeGreaterThan(projected.length * 3);
    });
  }
});
