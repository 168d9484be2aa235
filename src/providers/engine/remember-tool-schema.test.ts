import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anySchema } from '../../../test/support/schema-arbitraries.js';
import {
  type ProjectToolSchemaResult,
  projectToolSchema,
} from '../../core/projection/project-tool-schema.js';
import type { SchemaTarget } from '../../core/schema/schema-target.js';
import { projectToolSchemaByContent, rememberedToolSchemas } from './remember-tool-schema.js';

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const target = fc.constantFrom<SchemaTarget>('openai', 'anthropic', 'gemini', 'vertex', 'bedrock');
const flags = fc.record({ strict: fc.boolean(), jsonSchema: fc.boolean() });
let run = 0;

/** What a caller can observe of a result (a restorer is compared by presence). */
function observed(result: ProjectToolSchemaResult) {
  return {
    schema: JSON.stringify(result.schema),
    warnings: result.warnings,
    strict: result.strict,
    quarantined: result.quarantined,
    restores: result.restore !== undefined,
  };
}

describe('projectToolSchemaByContent', () => {
  it('should give for the same content as new objects exactly what a cold projection gives', () => {
    fc.assert(
      fc.property(anySchema, target, flags, (schema, schemaTarget, { strict, jsonSchema }) => {
        const tool = `memo${run++}__tool`;
        const options = { target: schemaTarget, tool, strict, jsonSchema };
        // A fresh copy is never seen by the core's cache (by object): a cold projection.
        const coldInput = copy(schema);
        const cold = projectToolSchema({ ...options, schema: coldInput });
        projectToolSchemaByContent({ ...options, schema: copy(schema) });
        const again = copy(schema);
        const hit = projectToolSchemaByContent({ ...options, schema: again });
        expect(observed(hit)).toEqual(observed(cold));
        expect(hit.schema).toEqual(cold.schema);
        // A schema the projection left as it was comes back as the caller's own object.
        if (cold.schema === coldInput) expect(hit.schema).toBe(again);
      }),
      { numRuns: 300 },
    );
  });

  it('should never serve the projection of an earlier content for a changed schema', () => {
    fc.assert(
      fc.property(
        anySchema,
        anySchema,
        target,
        flags,
        (before, after, schemaTarget, { strict, jsonSchema }) => {
          fc.pre(JSON.stringify(before) !== JSON.stringify(after));
          const tool = `changed${run++}__tool`;
          const options = { target: schemaTarget, tool, strict, jsonSchema };
          projectToolSchemaByContent({ ...options, schema: copy(before) });
          const changed = projectToolSchemaByContent({ ...options, schema: copy(after) });
          const cold = projectToolSchema({ ...options, schema: copy(after) });
          expect(observed(changed)).toEqual(observed(cold));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('should see a change deep inside a schema, and one that only moves a value between levels', () => {
    const tool = 'deep__tool';
    const base = {
      type: 'object',
      properties: { x: { type: 'object', properties: { k: { type: 'string' } } } },
    };
    const first = projectToolSchemaByContent({ schema: copy(base), target: 'openai', tool });
    expect(first.schema).toEqual(base);
    const edited = copy(base);
    edited.properties.x.properties.k.type = 'integer';
    expect(projectToolSchemaByContent({ schema: edited, target: 'openai', tool }).schema).toBe(
      edited,
    );
    // `{x: 'k', y: {}}` and `{x: {k: 'y'}}` read alike as keys and values in order.
    const one = { type: 'object', default: { x: 'k', y: {} } };
    const other = { type: 'object', default: { x: { k: 'y' } } };
    projectToolSchemaByContent({ schema: one, target: 'anthropic', tool });
    const result = projectToolSchemaByContent({ schema: other, target: 'anthropic', tool });
    const cold = projectToolSchema({ schema: copy(other), target: 'anthropic', tool });
    expect(result.schema).toEqual(cold.schema);
    expect(result.schema).toMatchObject({ default: { x: { k: 'y' } } });
  });

  it('should keep its memory bounded however many tools go through it', () => {
    for (let index = 0; index < 5000; index++) {
      projectToolSchemaByContent({
        schema: { type: 'object', properties: { [`p${index}`]: { type: 'string' } } },
        target: 'gemini',
        tool: `bounded__tool_${index}`,
      });
    }
    expect(rememberedToolSchemas()).toBeLessThanOrEqual(4096);
    // The most recent tools are still remembered: their schemas come back without a projection.
    const last = { type: 'object', properties: { p4999: { type: 'string' } } };
    const again = projectToolSchemaByContent({
      schema: last,
      target: 'gemini',
      tool: 'bounded__tool_4999',
    });
    expect(again.schema).toEqual(last);
  });
});
