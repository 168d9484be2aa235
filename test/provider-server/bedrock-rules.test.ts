import { describe, expect, it } from 'vitest';
import { bedrockValidationMessage, checkBedrockRequest } from './bedrock-rules.js';

const spec = (name: string, extra: Record<string, unknown> = {}) => ({
  toolSpec: { name, inputSchema: { json: { type: 'object', properties: {} } }, ...extra },
});

describe('checkBedrockRequest', () => {
  it('should hold toolSpec names to [a-zA-Z0-9_-]{1,64}, numbering members from 1 as AWS does', () => {
    const violations = checkBedrockRequest(
      { toolConfig: { tools: [spec('fine-name_1'), spec('a.b'), spec('x'.repeat(65)), spec('')] } },
      'amazon.nova-pro-v1:0',
    );
    expect(violations.map((violation) => violation.path)).toEqual([
      'toolConfig.tools.2.member.toolSpec.name',
      'toolConfig.tools.3.member.toolSpec.name',
      'toolConfig.tools.4.member.toolSpec.name',
    ]);
    expect(bedrockValidationMessage(violations.slice(0, 1))).toBe(
      "1 validation error detected: Value 'a.b' at 'toolConfig.tools.2.member.toolSpec.name' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+",
    );
  });

  it('should check history, toolChoice, duplicates, empty descriptions and the toolConfig rule', () => {
    const history = {
      messages: [
        { role: 'assistant', content: [{ toolUse: { toolUseId: 't', name: 'a.b', input: {} } }] },
        { role: 'user', content: [{ toolResult: { toolUseId: 't', content: [] } }] },
      ],
    };
    expect(checkBedrockRequest(history, 'm').map((violation) => violation.path)).toEqual([
      'messages.1.member.content.1.member.toolUse.name',
      'toolConfig',
    ]);
    const config = {
      toolConfig: {
        tools: [spec('dup'), spec('dup', { description: '' })],
        toolChoice: { tool: { name: 'missing' } },
      },
    };
    expect(checkBedrockRequest(config, 'm').map((violation) => violation.path)).toEqual([
      'toolConfig.tools.2.member.toolSpec.name',
      'toolConfig.tools.2.member.toolSpec.description',
      'toolConfig.toolChoice.tool.name',
    ]);
  });

  it("should apply Anthropic's input_schema rules to Claude models only", () => {
    const body = {
      toolConfig: {
        tools: [
          { toolSpec: { name: 'x', inputSchema: { json: { anyOf: [{ type: 'object' }] } } } },
        ],
      },
    };
    expect(
      checkBedrockRequest(body, 'anthropic.claude-sonnet-4-5').map((violation) => violation.path),
    ).toEqual([
      'toolConfig.tools.1.member.toolSpec.inputSchema.json.type',
      'toolConfig.tools.1.member.toolSpec.inputSchema.json.anyOf',
    ]);
    expect(checkBedrockRequest(body, 'amazon.nova-pro-v1:0')).toEqual([]);
  });
});
