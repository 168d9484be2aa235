/**
 * The rules each provider applies to tool results in the history, written from the providers'
 * API references and the error texts they answer with, independent of toolwire's code: every
 * tool call of the previous turn is answered (and nothing else is), by id, in the provider's
 * own result shape.
 */
import type { Violation } from './provider-module.js';

type Body = Record<string, unknown>;

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asObject = (value: unknown): Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : {};
const isBase64 = (value: unknown): boolean =>
  typeof value === 'string' && value.length > 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(value);

/** OpenAI Chat Completions: `tool_calls` answered by `role: "tool"` messages, text content only. */
export function checkChatToolResults(body: unknown): Violation[] {
  const violations: Violation[] = [];
  const messages = asArray(asObject(body).messages).map(asObject);
  messages.forEach((message, index) => {
    if (message.role === 'tool') {
      const previous = messages
        .slice(0, index)
        .reverse()
        .find((entry) => entry.role !== 'tool');
      const ids = asArray(previous?.tool_calls).map((call) => asObject(call).id);
      if (!ids.includes(message.tool_call_id)) {
        violations.push({
          path: `messages.[${index}].role`,
          code: 'invalid_request_error',
          message: `Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.`,
        });
      }
      const content = message.content;
      const parts = typeof content === 'string' ? [] : asArray(content);
      if (typeof content !== 'string' && !Array.isArray(content)) {
        violations.push({
          path: `messages[${index}].content`,
          code: 'invalid_type',
          message: `Invalid type for 'messages[${index}].content': expected one of a string or array of objects.`,
        });
      }
      parts.forEach((part, partIndex) => {
        const entry = asObject(part);
        if (entry.type !== 'text' || typeof entry.text !== 'string') {
          violations.push({
            path: `messages[${index}].content[${partIndex}].type`,
            code: 'invalid_value',
            message: `Invalid value: '${String(entry.type)}'. Supported values are: 'text'.`,
          });
        }
      });
    }
    const calls = asArray(message.tool_calls);
    if (message.role !== 'assistant' || calls.length === 0) return;
    const answered = new Set<unknown>();
    for (const next of messages.slice(index + 1)) {
      if (next.role !== 'tool') break;
      answered.add(next.tool_call_id);
    }
    const missing = calls.map((call) => asObject(call).id).filter((id) => !answered.has(id));
    if (missing.length > 0) {
      violations.push({
        path: 'messages',
        code: 'invalid_request_error',
        message: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${missing.join(', ')}`,
      });
    }
  });
  return violations;
}

/** OpenAI Responses: every `function_call` answered by a `function_call_output` and vice versa. */
export function checkResponsesToolResults(body: unknown): Violation[] {
  const violations: Violation[] = [];
  const input = asArray(asObject(body).input).map(asObject);
  const calls = new Set(
    input.filter((item) => item.type === 'function_call').map((item) => item.call_id),
  );
  const outputs = new Set<unknown>();
  input.forEach((item, index) => {
    if (item.type !== 'function_call_output') return;
    outputs.add(item.call_id);
    if (!calls.has(item.call_id)) {
      violations.push({
        path: `input[${index}].call_id`,
        code: 'invalid_value',
        message: `No tool call found for function call output with call_id ${String(item.call_id)}.`,
      });
    }
    if (typeof item.output === 'string') return;
    if (!Array.isArray(item.output)) {
      violations.push({
        path: `input[${index}].output`,
        code: 'invalid_type',
        message: `Invalid type for 'input[${index}].output': expected one of a string or array of objects.`,
      });
      return;
    }
    item.output.forEach((part, partIndex) => {
      const entry = asObject(part);
      const path = `input[${index}].output[${partIndex}]`;
      const ok =
        (entry.type === 'input_text' && typeof entry.text === 'string') ||
        (entry.type === 'input_image' &&
          (typeof entry.image_url === 'string' || typeof entry.file_id === 'string')) ||
        (entry.type === 'input_file' &&
          (typeof entry.file_data === 'string' ||
            typeof entry.file_id === 'string' ||
            typeof entry.file_url === 'string'));
      if (!ok) {
        violations.push({
          path,
          code: 'invalid_value',
          message: `Invalid value for '${path}': expected an input_text, input_image or input_file item.`,
        });
      }
    });
  });
  for (const id of calls) {
    if (!outputs.has(id)) {
      violations.push({
        path: 'input',
        code: 'invalid_request_error',
        message: `No tool output found for function call ${String(id)}.`,
      });
    }
  }
  return violations;
}

const ANTHROPIC_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const ANTHROPIC_RESULT_BLOCKS = ['text', 'image', 'search_result', 'document', 'tool_reference'];

/** Anthropic Messages: `tool_use` blocks answered by `tool_result` blocks in the next message. */
export function checkAnthropicToolResults(body: unknown): Violation[] {
  const violations: Violation[] = [];
  const messages = asArray(asObject(body).messages).map(asObject);
  messages.forEach((message, index) => {
    const blocks = asArray(message.content).map(asObject);
    const previous = index > 0 ? asArray(messages[index - 1]?.content).map(asObject) : [];
    const uses = new Set(
      previous.filter((block) => block.type === 'tool_use').map((block) => block.id),
    );
    blocks.forEach((block, blockIndex) => {
      if (block.type !== 'tool_result') return;
      const path = `messages.${index}.content.${blockIndex}`;
      if (message.role !== 'user' || !uses.has(block.tool_use_id)) {
        violations.push({
          path,
          message: `${path}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(block.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
        });
      }
      if (block.is_error !== undefined && typeof block.is_error !== 'boolean') {
        violations.push({
          path: `${path}.is_error`,
          message: `${path}.is_error: Input should be a valid boolean`,
        });
      }
      if (typeof block.content === 'string' || block.content === undefined) return;
      asArray(block.content).forEach((part, partIndex) => {
        const entry = asObject(part);
        const partPath = `${path}.content.${partIndex}`;
        if (!ANTHROPIC_RESULT_BLOCKS.includes(String(entry.type))) {
          violations.push({
            path: partPath,
            message: `${partPath}: Input tag '${String(entry.type)}' found using 'type' does not match any of the expected tags: ${ANTHROPIC_RESULT_BLOCKS.map((tag) => `'${tag}'`).join(', ')}`,
          });
        }
        if (entry.type === 'image') {
          const source = asObject(entry.source);
          if (
            source.type !== 'base64' ||
            !ANTHROPIC_IMAGE_TYPES.includes(String(source.media_type)) ||
            !isBase64(source.data)
          ) {
            violations.push({
              path: `${partPath}.source`,
              message: `${partPath}.image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp', with base64 data`,
            });
          }
        }
      });
    });
    if (message.role !== 'assistant') return;
    const ids = blocks.filter((block) => block.type === 'tool_use').map((block) => block.id);
    if (ids.length === 0) return;
    const next = messages[index + 1];
    const answered = new Set(
      asArray(next?.content)
        .map(asObject)
        .filter((block) => block.type === 'tool_result')
        .map((block) => block.tool_use_id),
    );
    const missing = ids.filter((id) => !answered.has(id));
    if (next !== undefined && missing.length > 0) {
      violations.push({
        path: `messages.${index + 1}`,
        message: `messages.${index + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
      });
    }
  });
  return violations;
}

/** Gemini: a function call turn answered by as many `functionResponse` parts, each well formed. */
export function checkGeminiToolResults(body: unknown): Violation[] {
  const violations: Violation[] = [];
  const contents = asArray(asObject(body).contents).map(asObject);
  contents.forEach((content, index) => {
    const parts = asArray(content.parts).map(asObject);
    parts.forEach((part, partIndex) => {
      if (part.functionResponse === undefined) return;
      const response = asObject(part.functionResponse);
      const path = `contents[${index}].parts[${partIndex}].function_response`;
      if (typeof response.name !== 'string') {
        violations.push({ path: `${path}.name`, message: 'Name cannot be empty.' });
      }
      if (
        typeof response.response !== 'object' ||
        response.response === null ||
        Array.isArray(response.response)
      ) {
        violations.push({
          path: `${path}.response`,
          message: `Invalid value at '${path}.response' (type.googleapis.com/google.protobuf.Struct), expected an object.`,
        });
      }
      asArray(response.parts).forEach((item, itemIndex) => {
        const blob = asObject(asObject(item).inlineData);
        if (typeof blob.mimeType !== 'string' || !isBase64(blob.data)) {
          violations.push({
            path: `${path}.parts[${itemIndex}].inline_data`,
            message: 'Inline data needs a mime type and base64 data.',
          });
        }
      });
    });
    const calls = parts.filter((part) => part.functionCall !== undefined).length;
    if (content.role !== 'model' || calls === 0) return;
    const next = contents[index + 1];
    if (next === undefined) return;
    const responses = asArray(next.parts).filter(
      (part) => asObject(part).functionResponse !== undefined,
    ).length;
    if (responses !== calls) {
      violations.push({
        path: `contents[${index + 1}]`,
        message:
          'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
      });
    }
  });
  return violations;
}

const BEDROCK_IMAGE_FORMATS = ['png', 'jpeg', 'gif', 'webp'];
const BEDROCK_RESULT_MEMBERS = ['text', 'json', 'image', 'document', 'video', 'searchResult'];

/** Bedrock Converse: `toolUse` blocks answered by `toolResult` blocks in the next message. */
export function checkBedrockToolResults(body: unknown): Violation[] {
  const violations: Violation[] = [];
  const messages = asArray(asObject(body).messages).map(asObject);
  messages.forEach((message, index) => {
    const blocks = asArray(message.content).map(asObject);
    blocks.forEach((block, blockIndex) => {
      if (block.toolResult === undefined) return;
      const result = asObject(block.toolResult);
      const path = `messages.${index + 1}.member.content.${blockIndex + 1}.member.toolResult`;
      if (result.status !== undefined && result.status !== 'success' && result.status !== 'error') {
        violations.push({
          path: `${path}.status`,
          message: `Value '${String(result.status)}' at '${path}.status' failed to satisfy constraint: Member must satisfy enum value set: [success, error]`,
        });
      }
      asArray(result.content).forEach((item, itemIndex) => {
        const entry = asObject(item);
        const members = Object.keys(entry).filter((key) => entry[key] !== undefined);
        const itemPath = `${path}.content.${itemIndex + 1}.member`;
        if (members.length !== 1 || !BEDROCK_RESULT_MEMBERS.includes(members[0] as string)) {
          violations.push({
            path: itemPath,
            message: `The value at ${itemPath} must set exactly one of ${BEDROCK_RESULT_MEMBERS.join(', ')}.`,
          });
          return;
        }
        if (members[0] === 'image') {
          const image = asObject(entry.image);
          if (
            !BEDROCK_IMAGE_FORMATS.includes(String(image.format)) ||
            !isBase64(asObject(image.source).bytes)
          ) {
            violations.push({
              path: `${itemPath}.image`,
              message: `Value at '${itemPath}.image' failed to satisfy constraint: format must be one of [png, jpeg, gif, webp] with source bytes`,
            });
          }
        }
      });
    });
    if (message.role !== 'assistant') return;
    const ids = blocks
      .filter((block) => block.toolUse !== undefined)
      .map((block) => asObject(block.toolUse).toolUseId);
    const next = messages[index + 1];
    if (ids.length === 0 || next === undefined) return;
    const results = asArray(next.content)
      .map((block) => asObject(block).toolResult)
      .filter((result) => result !== undefined)
      .map((result) => asObject(result).toolUseId);
    const missing = ids.filter((id) => !results.includes(id));
    if (missing.length > 0) {
      violations.push({
        path: `messages.${index + 2}.content`,
        message: `Expected toolResult blocks at messages.${index + 1}.content for the following Ids: ${missing.join(', ')}`,
      });
    }
    if (results.length > ids.length) {
      violations.push({
        path: `messages.${index + 2}.content`,
        message: `The number of toolResult blocks at messages.${index + 1}.content exceeds the number of toolUse blocks of previous turn.`,
      });
    }
  });
  return violations;
}
