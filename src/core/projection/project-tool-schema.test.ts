import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCatalogs } from '../../../test/support/catalogs.js';
import { projectInputSchema } from '../schema/project-input-schema.js';
import type { SchemaTarget } from '../schema/schema-target.js';
import { projectToolSchema } from './project-tool-schema.js';

describe('projectToolSchema', () => {
  it('should send the input itself exactly when its projection reads the same, for every real schema', () => {
    const targets: SchemaTarget[] = ['openai', 'anthropic', 'gemini', 'vertex', 'bedrock'];
    for (const catalog of loadCatalogs()) {
      for (const tool of catalog.tools) {
        for (const target of targets) {
          // Fresh objects, so that neither cache has seen them.
          const schema = structuredClone(tool.inputSchema ?? { type: 'object', properties: {} });
          const reference = JSON.stringify(
            projectInputSchema(structuredClone(schema), { target }).schema,
          );
          const result = projectToolSchema({ schema, target, tool: tool.name });
          expect(result.schema === schema).toBe(reference === JSON.stringify(schema));
        }
      }
    }
  });

  it('should send the input itself exactly when its projection reads the same, for generated schemas', () => {
    const property = fc.letrec((tie) => ({
      schema: fc.oneof(
        { depthSize: 'small' },
        fc.record(
          {
            type: fc.constantFrom('string', 'number', 'integer', 'boolean', 'null'),
            description: fc.string({ maxLength: 8 }),
            enum: fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer()), { maxLength: 3 }),
            const: fc.jsonValue({ maxDepth: 1 }),
            format: fc.constantFrom('date-time', 'uri', 'email'),
            minLength: fc.nat(5),
            default: fc.jsonValue({ maxDepth: 1 }),
          },
          { requiredKeys: ['type'] },
        ),
        fc.record(
          {
            type: fc.constant('array'),
            items: tie('schema'),
            minItems: fc.nat(3),
          },
          { requiredKeys: ['type'] },
        ),
        fc.record(
          {
            type: fc.constant('object'),
            properties: fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), tie('schema'), {
              maxKeys: 3,
            }),
            additionalProperties: fc.boolean(),
          },
          { requiredKeys: ['type'] },
        ),
        fc.record({ anyOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) }),
      ),
    })).schema;
    const root = fc.record(
      {
        type: fc.constant('object'),
        properties: fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), property, {
          maxKeys: 4,
        }),
        required: fc.array(fc.string({ maxLength: 6 }), { maxLength: 2 }),
        additionalProperties: fc.boolean(),
        $schema: fc.constant('http://json-schema.org/draft-07/schema#'),
      },
      { requiredKeys: ['type'] },
    );
    const targets = fc.constantFrom<SchemaTarget>('openai', 'anthropic', 'gemini', 'bedrock');
    fc.assert(
      fc.property(root, targets, (schema, target) => {
        let reference: string;
        try {
          reference = JSON.stringify(
            projectInputSchema(structuredClone(schema), { target }).schema,
          );
        } catch {
          return;
        }
        const result = projectToolSchema({ schema, target, tool: 's__t' });
        expect(result.schema === schema).toBe(reference === JSON.stringify(schema));
      }),
      { numRuns: 300 },
    );
  });

  it('should pass a schema that already fits through by reference', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const result = projectToolSchema({ schema, target: 'openai', tool: 's__t' });
    expect(result.schema).toBe(schema);
    expect(result.restore).toBeUndefined();
    expect(result.quarantined).toBe(false);
  });

  it('should project a schema the target rejects, on a copy, with a restorer when keys change', () => {
    const schema = { type: 'object', properties: { 'StartTime<': { type: 'string' } } };
    const before = structuredClone(schema);
    const result = projectToolSchema({ schema, target: 'anthropic', tool: 'twilio__ListCall' });
    expect(schema).toEqual(before);
    const keys = Object.keys((result.schema as { properties: object }).properties);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[a-zA-Z0-9_.-]{1,64}$/);
    expect(result.restore?.({ [keys[0] as string]: 'x' })).toEqual({ 'StartTime<': 'x' });
  });

  it('should complete a root that holds only $schema', () => {
    const schema = { $schema: 'http://json-schema.org/draft-07/schema#' };
    const result = projectToolSchema({ schema, target: 'anthropic', tool: 's__t' });
    expect(result.schema).toMatchObject({ type: 'object' });
    expect(schema).toEqual({ $schema: 'http://json-schema.org/draft-07/schema#' });
  });

  it('should replace a non-object schema with a warning naming the tool', () => {
    const result = projectToolSchema({ schema: 'nope', target: 'openai', tool: 's__t' });
    expect(result.schema).toEqual({ type: 'object', properties: {} });
    expect(result.warnings[0]).toMatchObject({ code: 'SCHEMA_REPLACED', tool: 's__t' });
    expect(result.warnings[0]?.message).toMatch(/^Tool "s__t"/);
  });

  it('should quarantine a schema the target cannot express, naming the tool and the reason', () => {
    const schema = {
      type: 'object',
      // A $ref to nowhere: nothing can be sent for it (a recursive one is unrolled instead).
      properties: { node: { $ref: '#/$defs/node' } },
      $defs: {},
    };
    const result = projectToolSchema({ schema, target: 'gemini', tool: 'tree__walk' });
    expect(result.quarantined).toBe(true);
    expect(result.schema).toBeUndefined();
    expect(result.warnings[0]).toMatchObject({ code: 'TOOL_QUARANTINED', tool: 'tree__walk' });
    expect(result.warnings[0]?.message).toMatch(/^Tool "tree__walk": left out of the request/);
  });

  it('should report a strict fallback', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'object', additionalProperties: { type: 'string' } } },
    };
    const result = projectToolSchema({ schema, target: 'openai', tool: 's__t', strict: true });
    expect(result.strict).toBe(false);
    expect(result.warnings.map((warning) => warning.code)).toContain('STRICT_FALLBACK');
  });
});
