import { describe, expect, it } from 'vitest';
import { checkGeminiRequest } from './gemini-rules.js';

const declare = (declaration: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
  tools: [{ functionDeclarations: [{ name: 'ok_tool', ...declaration }] }],
  ...extra,
});
const paths = (body: unknown, surface: 'gemini' | 'vertex' = 'gemini') =>
  checkGeminiRequest(body, surface).map((violation) => violation.path);

describe('checkGeminiRequest', () => {
  it('should hold names to the surface: a leading letter or _, colons on the Gemini API only, 64 at most', () => {
    for (const name of ['1password__x', 'a.b/c', 'x'.repeat(65)]) {
      expect(paths(declare({ name })), name).toEqual(['tools[0].function_declarations[0].name']);
    }
    expect(paths(declare({ name: 'maps__geo:lookup' }))).toEqual([]);
    expect(paths(declare({ name: 'maps__geo:lookup' }), 'vertex')).toEqual([
      'tools[0].function_declarations[0].name',
    ]);
    expect(paths(declare({ name: `_${'x'.repeat(63)}` }))).toEqual([]);
  });

  it('should check history names, allowed function names and duplicates', () => {
    const body = {
      contents: [
        { role: 'model', parts: [{ functionCall: { name: 'a.b/c', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { name: '9x', response: {} } }] },
      ],
      tools: [{ functionDeclarations: [{ name: 'dup' }, { name: 'dup' }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['missing'] } },
    };
    const violations = checkGeminiRequest(body, 'gemini');
    expect(violations.map((violation) => violation.path)).toEqual([
      'tools[0].function_declarations[1].name',
      'tool_config.function_calling_config.allowed_function_names[0]',
      'contents[0].parts[0].function_call.name',
      'contents[1].parts[0].function_response.name',
    ]);
    expect(violations[0]?.message).toBe('Duplicate function declaration found: dup');
  });

  it('should hold `parameters` to the OpenAPI subset of the Schema proto', () => {
    const parameters = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      additionalProperties: false,
      properties: {
        tags: { type: 'array' },
        kind: { type: ['string', 'null'] },
        when: { type: 'string', format: 'uri' },
        level: { type: 'integer', enum: [1, 2] },
        name: { type: 'string', items: { type: 'string' } },
      },
    };
    const violations = checkGeminiRequest(declare({ parameters }), 'gemini');
    const messages = violations.map((violation) => violation.message).join('\n');
    expect(messages).toContain('Unknown name "$schema"');
    expect(messages).toContain('Unknown name "additionalProperties"');
    expect(messages).toContain('items: missing field');
    expect(messages).toContain('Proto field is not repeating, cannot start list');
    expect(messages).toContain('only enum and date-time are supported for STRING');
    expect(messages).toContain('enum values must be strings');
    expect(messages).toContain('field predicate failed: $type == Type.ARRAY');
    // Vertex's Schema has additionalProperties and no format rule.
    const vertex = checkGeminiRequest(declare({ parameters }), 'vertex').map(
      (violation) => violation.message,
    );
    expect(vertex.join('\n')).not.toContain('additionalProperties');
    expect(vertex.join('\n')).not.toContain('date-time');
  });

  it('should accept Gemini-shaped `parameters` and a JSON Schema object in `parametersJsonSchema`', () => {
    const parameters = {
      type: 'OBJECT',
      properties: {
        tags: { type: 'ARRAY', items: { type: 'STRING' } },
        kind: { type: 'STRING', nullable: true, enum: ['a', 'b'] },
        either: { anyOf: [{ type: 'STRING' }, { type: 'NUMBER' }] },
      },
      required: ['tags'],
    };
    expect(paths(declare({ parameters }))).toEqual([]);
    expect(
      paths(declare({ parametersJsonSchema: { type: 'object', additionalProperties: false } })),
    ).toEqual([]);
    expect(paths(declare({ parametersJsonSchema: { $schema: 'x' } }))).toEqual([
      'tools[0].function_declarations[0].parameters_json_schema',
    ]);
    expect(paths(declare({ parameters, parametersJsonSchema: { type: 'object' } }))).toEqual([
      'tools[0].function_declarations[0]',
    ]);
  });
});
