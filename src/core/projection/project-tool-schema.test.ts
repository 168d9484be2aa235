import { describe, expect, it } from 'vitest';
import { projectToolSchema } from './project-tool-schema.js';

describe('projectToolSchema', () => {
  it('should pass a complete object schema through by reference', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(projectToolSchema({ schema, target: 'openai', tool: 's__t' }).schema).toBe(schema);
  });

  it('should complete a root without type or properties, on a copy', () => {
    const schema = { $schema: 'http://json-schema.org/draft-07/schema#' };
    const result = projectToolSchema({ schema, target: 'anthropic', tool: 's__t' });
    expect(result.schema).toEqual({ type: 'object', ...schema, properties: {} });
    expect(schema).toEqual({ $schema: 'http://json-schema.org/draft-07/schema#' });
    expect(result.warnings).toEqual([]);
  });

  it('should leave a combinator root alone and replace a non-object schema with a warning', () => {
    const schema = { anyOf: [{ type: 'object' }] };
    expect(projectToolSchema({ schema, target: 'openai', tool: 's__t' }).schema).toBe(schema);
    const result = projectToolSchema({ schema: 'nope', target: 'openai', tool: 's__t' });
    expect(result.schema).toEqual({ type: 'object', properties: {} });
    expect(result.warnings[0]?.message).toMatch(/^Tool "s__t"/);
    expect(
      projectToolSchema({ schema: undefined, target: 'openai', tool: 's__t' }).warnings,
    ).toEqual([]);
  });
});
