/**
 * The rules Amazon Bedrock Converse / ConverseStream applies to the tool parts of a request,
 * written from the provider's API reference, independent of toolwire's code.
 * Messages follow AWS's validation text: `Value 'x' at 'path' failed to satisfy constraint: ...`.
 */

/** One broken rule, as Bedrock would report it. */
export interface BedrockViolation {
  /** The member path, as in AWS's error text (`toolConfig.tools.1.member.toolSpec.name`). */
  path: string;
  /** The provider's message for it. */
  message: string;
}

// ToolSpecification.name, SpecificToolChoice.name, ToolUseBlock.name: [a-zA-Z0-9_-]+, 1-64,
// whatever the model (docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html).
const NAME_PATTERN = /^[a-zA-Z0-9_-]+$/;
const NAME_MAX = 64;

/**
 * Checks the tool parts of a Converse or ConverseStream request body (`toolConfig`, `messages`).
 * `modelId` decides the model-dependent schema rules: Anthropic models get Anthropic's
 * `input_schema` rules (type object, no top-level `anyOf`/`oneOf`/`allOf`).
 */
export function checkBedrockRequest(body: unknown, modelId: string): BedrockViolation[] {
  const violations: BedrockViolation[] = [];
  if (!isRecord(body)) return [{ path: '', message: 'The request body is not a JSON object.' }];
  const checkName = (name: unknown, path: string): boolean => {
    if (typeof name !== 'string' || name.length === 0) {
      violations.push({
        path,
        message: `Value '${String(name)}' at '${path}' failed to satisfy constraint: Member must have length greater than or equal to 1`,
      });
      return false;
    }
    let fits = true;
    if (!NAME_PATTERN.test(name)) {
      violations.push({
        path,
        message: `Value '${name}' at '${path}' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+`,
      });
      fits = false;
    }
    if (name.length > NAME_MAX) {
      violations.push({
        path,
        message: `Value '${name}' at '${path}' failed to satisfy constraint: Member must have length less than or equal to ${NAME_MAX}`,
      });
      fits = false;
    }
    return fits;
  };
  const declared = new Set<string>();
  const toolConfig = isRecord(body.toolConfig) ? body.toolConfig : undefined;
  const anthropic = modelId.includes('anthropic');
  if (toolConfig !== undefined) {
    const tools = Array.isArray(toolConfig.tools) ? toolConfig.tools : [];
    tools.forEach((tool, index) => {
      if (!isRecord(tool) || !isRecord(tool.toolSpec)) return;
      // AWS numbers list members from 1 in validation messages.
      const path = `toolConfig.tools.${index + 1}.member.toolSpec`;
      const spec = tool.toolSpec;
      if (checkName(spec.name, `${path}.name`) && typeof spec.name === 'string') {
        if (declared.has(spec.name)) {
          violations.push({
            path: `${path}.name`,
            message: `The toolConfig contains a duplicate tool name: ${spec.name}. Tool names must be unique.`,
          });
        }
        declared.add(spec.name);
      }
      if (
        spec.description !== undefined &&
        (typeof spec.description !== 'string' || spec.description.length === 0)
      ) {
        violations.push({
          path: `${path}.description`,
          message: `Value '' at '${path}.description' failed to satisfy constraint: Member must have length greater than or equal to 1`,
        });
      }
      const schema = isRecord(spec.inputSchema) ? spec.inputSchema.json : undefined;
      if (!isRecord(schema)) {
        violations.push({
          path: `${path}.inputSchema`,
          message: `The value at ${path}.inputSchema.json must be a JSON object schema.`,
        });
      } else if (anthropic) {
        if (schema.type !== 'object') {
          violations.push({
            path: `${path}.inputSchema.json.type`,
            message: `The model returned the following errors: tools.${index}.custom.input_schema.type: Input should be 'object'`,
          });
        }
        for (const keyword of ['oneOf', 'allOf', 'anyOf']) {
          if (schema[keyword] !== undefined) {
            violations.push({
              path: `${path}.inputSchema.json.${keyword}`,
              message: `The model returned the following errors: tools.${index}.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level`,
            });
          }
        }
      }
    });
    const choice = isRecord(toolConfig.toolChoice) ? toolConfig.toolChoice.tool : undefined;
    if (isRecord(choice)) {
      const path = 'toolConfig.toolChoice.tool.name';
      if (
        checkName(choice.name, path) &&
        typeof choice.name === 'string' &&
        !declared.has(choice.name)
      ) {
        violations.push({
          path,
          message: `The tool ${choice.name} in toolChoice is not defined in toolConfig.tools.`,
        });
      }
    }
  }
  const messages = Array.isArray(body.messages) ? body.messages : [];
  let usesTools = false;
  messages.forEach((message, messageIndex) => {
    if (!isRecord(message) || !Array.isArray(message.content)) return;
    message.content.forEach((block, blockIndex) => {
      if (!isRecord(block)) return;
      const path = `messages.${messageIndex + 1}.member.content.${blockIndex + 1}.member`;
      if (isRecord(block.toolUse)) {
        usesTools = true;
        checkName(block.toolUse.name, `${path}.toolUse.name`);
      }
      if (isRecord(block.toolResult)) usesTools = true;
      for (const key of ['toolAddition', 'toolRemoval']) {
        const reference = isRecord(block[key])
          ? (block[key] as Record<string, unknown>).tool
          : undefined;
        if (isRecord(reference) && reference.serverName === undefined) {
          checkName(reference.name, `${path}.${key}.tool.name`);
        }
      }
    });
  });
  // "toolConfig must be present whenever history contains toolUse/toolResult blocks".
  if (usesTools && toolConfig === undefined) {
    violations.push({
      path: 'toolConfig',
      message:
        'The toolConfig field must be defined when using toolUse and toolResult content blocks.',
    });
  }
  return violations;
}

/** AWS's summary of several validation errors, as `ValidationException` messages read. */
export function bedrockValidationMessage(violations: readonly BedrockViolation[]): string {
  const constraint = violations.filter((violation) => violation.message.startsWith('Value '));
  if (constraint.length === violations.length) {
    const count = constraint.length;
    return `${count} validation error${count === 1 ? '' : 's'} detected: ${constraint
      .map((violation) => violation.message)
      .join('; ')}`;
  }
  return violations.map((violation) => violation.message).join('; ');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
