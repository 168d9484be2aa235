/**
 * The rules the Gemini API and Vertex AI apply to the tool parts of a `generateContent` request,
 * written from the provider's API reference, independent of toolwire's code.
 * Each broken rule is one violation with the field path the provider reports.
 */

import { GEMINI_SCHEMA_FIELDS, VERTEX_SCHEMA_FIELDS } from '../support/gemini-schema-fields.js';

/** Which Google surface a request is for. */
export type GeminiSurface = 'gemini' | 'vertex';

/** One broken rule, as the provider would report it. */
export interface GeminiViolation {
  /** The proto field path, as in Google's error text (`tools[0].function_declarations[1].name`). */
  path: string;
  /** The provider's message for it. */
  message: string;
}

// Gemini API FunctionDeclaration.name: leading letter or `_`; a-z A-Z 0-9 _ . : -; max 64
// (googleapis google/ai/generativelanguage/v1beta/content.proto, since 2025-10).
const GEMINI_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/;
// Vertex FunctionDeclaration.name: same without the colon (google/cloud/aiplatform/v1/tool.proto).
const VERTEX_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

const GEMINI_NAME_MESSAGE =
  'Invalid function name. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.';
const VERTEX_NAME_MESSAGE =
  'Invalid function name. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots and dashes, with a maximum length of 64.';

const TYPES = new Set([
  'TYPE_UNSPECIFIED',
  'STRING',
  'NUMBER',
  'INTEGER',
  'BOOLEAN',
  'ARRAY',
  'OBJECT',
  'NULL',
]);
// Gemini Developer API: a STRING format must be `enum` or `date-time`; NUMBER float/double;
// INTEGER int32/int64 (ai.google.dev/api/rest/v1beta/Schema, providers.md table b).
const FORMATS: Readonly<Record<string, ReadonlySet<string>>> = {
  STRING: new Set(['enum', 'date-time']),
  NUMBER: new Set(['float', 'double']),
  INTEGER: new Set(['int32', 'int64']),
};

/**
 * Checks the tool parts of a `generateContent` / `streamGenerateContent` request body as the
 * REST API receives it (`tools`, `toolConfig` and `contents` at the top level).
 */
export function checkGeminiRequest(body: unknown, surface: GeminiSurface): GeminiViolation[] {
  const violations: GeminiViolation[] = [];
  if (!isRecord(body)) return [{ path: '', message: 'Invalid JSON payload received.' }];
  const namePattern = surface === 'gemini' ? GEMINI_NAME : VERTEX_NAME;
  const nameMessage = surface === 'gemini' ? GEMINI_NAME_MESSAGE : VERTEX_NAME_MESSAGE;
  const checkName = (name: unknown, path: string): void => {
    if (typeof name !== 'string' || !namePattern.test(name)) {
      violations.push({ path, message: `${nameMessage} Got "${String(name)}".` });
    }
  };
  const declared = new Set<string>();
  const tools = Array.isArray(body.tools) ? body.tools : [];
  tools.forEach((tool, toolIndex) => {
    if (!isRecord(tool) || !Array.isArray(tool.functionDeclarations)) return;
    tool.functionDeclarations.forEach((declaration, index) => {
      const path = `tools[${toolIndex}].function_declarations[${index}]`;
      if (!isRecord(declaration)) return;
      checkName(declaration.name, `${path}.name`);
      if (typeof declaration.name === 'string') {
        if (declared.has(declaration.name)) {
          violations.push({
            path: `${path}.name`,
            message: `Duplicate function declaration found: ${declaration.name}`,
          });
        }
        declared.add(declaration.name);
      }
      if (declaration.parameters !== undefined && declaration.parametersJsonSchema !== undefined) {
        violations.push({
          path,
          message: 'parameters and parameters_json_schema are mutually exclusive; set only one.',
        });
      }
      if (declaration.parameters !== undefined) {
        checkOpenApiSchema(declaration.parameters, `${path}.parameters`, surface, violations, 0);
      }
      if (declaration.parametersJsonSchema !== undefined) {
        checkJsonSchemaRoot(
          declaration.parametersJsonSchema,
          `${path}.parameters_json_schema`,
          violations,
        );
      }
    });
  });
  const config = isRecord(body.toolConfig) ? body.toolConfig.functionCallingConfig : undefined;
  if (isRecord(config) && Array.isArray(config.allowedFunctionNames)) {
    config.allowedFunctionNames.forEach((name, index) => {
      const path = `tool_config.function_calling_config.allowed_function_names[${index}]`;
      checkName(name, path);
      if (typeof name === 'string' && namePattern.test(name) && !declared.has(name)) {
        violations.push({
          path,
          message: `Function "${name}" in allowed_function_names is not declared in tools.`,
        });
      }
    });
  }
  const contents = Array.isArray(body.contents) ? body.contents : [];
  contents.forEach((content, contentIndex) => {
    if (!isRecord(content) || !Array.isArray(content.parts)) return;
    content.parts.forEach((part, partIndex) => {
      if (!isRecord(part)) return;
      const path = `contents[${contentIndex}].parts[${partIndex}]`;
      if (isRecord(part.functionCall))
        checkName(part.functionCall.name, `${path}.function_call.name`);
      if (isRecord(part.functionResponse)) {
        checkName(part.functionResponse.name, `${path}.function_response.name`);
      }
    });
  });
  return violations;
}

function checkOpenApiSchema(
  schema: unknown,
  path: string,
  surface: GeminiSurface,
  violations: GeminiViolation[],
  depth: number,
): void {
  if (depth > 64) return;
  if (!isRecord(schema)) {
    violations.push({
      path,
      message: `Invalid value at '${path}', expected a Schema object.`,
    });
    return;
  }
  const fields = surface === 'gemini' ? GEMINI_SCHEMA_FIELDS : VERTEX_SCHEMA_FIELDS;
  for (const key of Object.keys(schema)) {
    if (!fields.has(key)) {
      violations.push({
        path,
        message: `Invalid JSON payload received. Unknown name "${key}" at '${path}': Cannot find field.`,
      });
    }
  }
  const rawType = schema.type;
  let type: string | undefined;
  if (Array.isArray(rawType)) {
    violations.push({
      path: `${path}.type`,
      message: `Invalid JSON payload received. Unknown name "type" at '${path}': Proto field is not repeating, cannot start list.`,
    });
  } else if (rawType !== undefined) {
    type = typeof rawType === 'string' ? rawType.toUpperCase() : undefined;
    if (type === undefined || !TYPES.has(type)) {
      violations.push({
        path: `${path}.type`,
        message: `Invalid value at '${path}.type' (type.googleapis.com/google.ai.generativelanguage.v1beta.Type), "${String(rawType)}"`,
      });
    }
  } else if (surface === 'gemini' && schema.anyOf === undefined) {
    violations.push({ path: `${path}.type`, message: `${path}.type: must be specified` });
  }
  if (type === 'ARRAY' && schema.items === undefined) {
    violations.push({ path: `${path}.items`, message: `${path}.items: missing field.` });
  }
  if (schema.items !== undefined) {
    if (type !== 'ARRAY') {
      violations.push({
        path: `${path}.items`,
        message: `${path}.items: field predicate failed: $type == Type.ARRAY`,
      });
    }
    checkOpenApiSchema(schema.items, `${path}.items`, surface, violations, depth + 1);
  }
  if (schema.enum !== undefined) {
    if (!Array.isArray(schema.enum) || schema.enum.some((value) => typeof value !== 'string')) {
      violations.push({
        path: `${path}.enum`,
        message: `Invalid value at '${path}.enum', enum values must be strings.`,
      });
    }
  }
  if (surface === 'gemini' && typeof schema.format === 'string' && type !== undefined) {
    const allowed = FORMATS[type];
    if (allowed !== undefined && !allowed.has(schema.format)) {
      violations.push({
        path: `${path}.format`,
        message: `${path}.format: only ${[...allowed].join(' and ')} are supported for ${type}, got "${schema.format}".`,
      });
    }
  }
  if (schema.required !== undefined) {
    if (!Array.isArray(schema.required) || schema.required.some((key) => typeof key !== 'string')) {
      violations.push({
        path: `${path}.required`,
        message: `Invalid value at '${path}.required', expected a list of strings.`,
      });
    }
  }
  if (schema.properties !== undefined) {
    if (!isRecord(schema.properties)) {
      violations.push({
        path: `${path}.properties`,
        message: `Invalid value at '${path}.properties', expected a map of Schema.`,
      });
    } else {
      for (const [key, value] of Object.entries(schema.properties)) {
        checkOpenApiSchema(
          value,
          `${path}.properties[${key}].value`,
          surface,
          violations,
          depth + 1,
        );
      }
    }
  }
  if (schema.anyOf !== undefined) {
    if (!Array.isArray(schema.anyOf)) {
      violations.push({ path: `${path}.any_of`, message: `Invalid value at '${path}.any_of'.` });
    } else {
      schema.anyOf.forEach((branch, index) => {
        checkOpenApiSchema(branch, `${path}.any_of[${index}]`, surface, violations, depth + 1);
      });
    }
  }
}

function checkJsonSchemaRoot(schema: unknown, path: string, violations: GeminiViolation[]): void {
  // parameters_json_schema "must describe an object where the properties are the parameters";
  // its keyword subset is documented only for response_json_schema, so only the root is held here.
  if (!isRecord(schema) || schema.type !== 'object') {
    violations.push({
      path,
      message: `${path}: the schema must describe an object where the properties are the parameters to the function.`,
    });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
