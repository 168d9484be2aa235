import { typesOf, walkSchema } from './json-schema-walk.js';
import type { Violation } from './provider-module.js';
import { jsonResponse } from './sse.js';

/**
 * OpenAI's function-name rule: `^[a-zA-Z0-9_-]+$`, max 64, for `tools`, `tool_choice` and the
 * names in replayed history (OpenAI's API reference). Messages follow the API's
 * own error text.
 */
export const OPENAI_NAME_PATTERN: RegExp = /^[a-zA-Z0-9_-]+$/;
/** OpenAI's longest function name. */
export const OPENAI_NAME_MAX = 64;

/** The violations of one function name at `path`. */
export function checkOpenAIName(name: unknown, path: string): Violation[] {
  if (typeof name !== 'string') {
    return [
      { path, code: 'invalid_type', message: `Invalid type for '${path}': expected a string.` },
    ];
  }
  const violations: Violation[] = [];
  if (!OPENAI_NAME_PATTERN.test(name)) {
    violations.push({
      path,
      code: 'invalid_value',
      message: `Invalid '${path}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
    });
  }
  if (name.length > OPENAI_NAME_MAX) {
    violations.push({
      path,
      code: 'string_above_max_length',
      message: `Invalid '${path}': string too long. Expected a string with maximum length ${OPENAI_NAME_MAX}, but got a string with length ${name.length} instead.`,
    });
  }
  return violations;
}

/**
 * OpenAI's function `parameters` rules: when present, an object schema; arrays need `items` even
 * in non-strict mode ("array schema missing items"); in strict mode every object is closed with
 * `additionalProperties: false`, lists every property in `required`, and the root is no `anyOf`.
 */
export function checkOpenAIParameters(
  parameters: unknown,
  functionName: string,
  path: string,
  strict: boolean,
): Violation[] {
  if (parameters === undefined || parameters === null) return [];
  const invalid = (message: string): Violation => ({
    path,
    code: 'invalid_function_parameters',
    message: `Invalid schema for function '${functionName}': ${message}`,
  });
  if (typeof parameters !== 'object' || Array.isArray(parameters)) {
    return [
      invalid(`schema must be a JSON Schema of 'type: "object"', got '${typeof parameters}'.`),
    ];
  }
  const root = parameters as Record<string, unknown>;
  const violations: Violation[] = [];
  if (root.type !== 'object') {
    violations.push(
      invalid(
        `schema must be a JSON Schema of 'type: "object"', got 'type: "${String(root.type)}"'.`,
      ),
    );
  }
  if (strict && Array.isArray(root.anyOf)) {
    violations.push(invalid(`In context=(), 'anyOf' is not permitted at the root.`));
  }
  walkSchema(root, '', (node, nodePath) => {
    const context = `(${nodePath
      .split('.')
      .filter(Boolean)
      .map((part) => `'${part}'`)
      .join(', ')})`;
    const types = typesOf(node);
    if (types.includes('array') && !Object.hasOwn(node, 'items')) {
      violations.push(invalid(`In context=${context}, array schema missing items.`));
    }
    if (Object.hasOwn(node, 'properties')) {
      const properties = node.properties;
      if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) {
        violations.push(invalid(`In context=${context}, 'properties' must be an object.`));
      }
    }
    if (Object.hasOwn(node, 'required') && !Array.isArray(node.required)) {
      violations.push(invalid(`In context=${context}, 'required' must be an array.`));
    }
    if (strict && types.includes('object')) {
      if (node.additionalProperties !== false) {
        violations.push(
          invalid(
            `In context=${context}, 'additionalProperties' is required to be supplied and to be false.`,
          ),
        );
      }
      const keys = Object.keys((node.properties as Record<string, unknown>) ?? {});
      const required = Array.isArray(node.required) ? node.required : [];
      const missing = keys.filter((key) => !required.includes(key));
      if (missing.length > 0) {
        violations.push(
          invalid(
            `In context=${context}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0]}'.`,
          ),
        );
      }
    }
  });
  return violations;
}

/** OpenAI's 400 error shape: `{ error: { message, type, param, code } }`, first violation. */
export function openAIError(violations: Violation[]): ReturnType<typeof jsonResponse> {
  const [first] = violations;
  return jsonResponse(400, {
    error: {
      message: first?.message ?? 'Invalid request.',
      type: 'invalid_request_error',
      param: first?.path ?? null,
      code: first?.code ?? null,
    },
  });
}
