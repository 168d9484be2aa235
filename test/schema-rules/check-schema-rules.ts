/**
 * An independent checker of provider schema rules, written from the providers' API references
 * (schema sections; for Anthropic property keys, the API error quoted in public bug reports).
 * It shares no code with src/core/schema: it is the second opinion the projection is tested against.
 */

import { Ajv2020 } from 'ajv/dist/2020.js';
import { GEMINI_SCHEMA_FIELDS, VERTEX_SCHEMA_FIELDS } from '../support/gemini-schema-fields.js';

export type RuleSet =
  | 'openai'
  | 'openai-strict'
  | 'anthropic'
  | 'bedrock'
  | 'gemini'
  | 'gemini-json'
  | 'vertex'
  | 'mcp';

type Node = Record<string, unknown>;

const GEMINI_JSON_FIELDS = new Set([
  '$id',
  '$defs',
  '$ref',
  '$anchor',
  'type',
  'format',
  'title',
  'description',
  'enum',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'anyOf',
  'oneOf',
  'properties',
  'additionalProperties',
  'required',
  'propertyOrdering',
]);
const GEMINI_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);
const GEMINI_FORMATS: Record<string, string[]> = {
  string: ['enum', 'date-time'],
  number: ['float', 'double'],
  integer: ['int32', 'int64'],
};
const STRICT_FORBIDDEN = [
  'allOf',
  'not',
  'dependentRequired',
  'dependentSchemas',
  'if',
  'then',
  'else',
  'default',
  '$anchor',
  '$dynamicAnchor',
  '$dynamicRef',
  '$recursiveAnchor',
  '$recursiveRef',
  'contains',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
  'dependencies',
  'minContains',
  'maxContains',
  'minProperties',
  'maxProperties',
  'patternProperties',
  'prefixItems',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'uniqueItems',
  'additionalItems',
];
const STRICT_FORMATS = [
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
];
const STRICT_TYPES = new Set(['string', 'number', 'boolean', 'integer', 'object', 'array', 'null']);
const ANTHROPIC_KEY = /^[a-zA-Z0-9_.-]{1,64}$/;
const VERTEX_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

const ajv2020 = new Ajv2020({ strict: false, logger: false });

/** Every violation of the rule set in `schema`, as `path: rule` strings; empty when it passes. */
export function checkSchemaRules(schema: unknown, rules: RuleSet): string[] {
  const problems: string[] = [];
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return [`: root must be an object schema, got ${JSON.stringify(schema)}`];
  }
  const root = schema as Node;
  if (root.type !== 'object') problems.push(': root type must be "object"');
  if (rules === 'anthropic' || rules === 'bedrock') {
    for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
      if (keyword in root) problems.push(`: ${keyword} not allowed at the top level`);
    }
    // Which draft a `$schema` names is not the rule; the 2020-12 meta-schema is.
    const { $schema: _declared, ...body } = root;
    if (!ajv2020.validateSchema(body)) {
      problems.push(
        `: not valid JSON Schema draft 2020-12 (${ajv2020.errorsText(ajv2020.errors)})`,
      );
    }
  }
  if (rules === 'openai-strict' && 'anyOf' in root)
    problems.push(': anyOf not allowed at the root');
  if ((rules === 'openai' || rules === 'openai-strict') && typeof root.properties !== 'object') {
    problems.push(': root needs properties');
  }
  const totals = { properties: 0, characters: 0 };
  walk(root, '', rules, problems, 0, totals);
  if (rules === 'openai-strict') {
    if (totals.properties > 5000) problems.push(`: ${totals.properties} properties (max 5000)`);
    if (totals.characters > 120_000)
      problems.push(': more than 120,000 characters of names and enums');
  }
  return problems;
}

function walk(
  schema: unknown,
  path: string,
  rules: RuleSet,
  problems: string[],
  depth: number,
  totals: { properties: number; characters: number },
): void {
  if (typeof schema === 'boolean') {
    if (rules === 'gemini' || rules === 'vertex' || rules === 'gemini-json') {
      problems.push(`${path}: boolean schemas are not allowed`);
    }
    return;
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    problems.push(`${path}: a schema must be an object`);
    return;
  }
  const node = schema as Node;
  const types =
    typeof node.type === 'string'
      ? [node.type]
      : Array.isArray(node.type)
        ? (node.type as string[])
        : [];

  // OpenAI, both modes: every array needs `items` (also inside anyOf and type arrays).
  if (
    (rules === 'openai' || rules === 'openai-strict') &&
    types.includes('array') &&
    !('items' in node)
  ) {
    problems.push(`${path}: array schema missing items`);
  }
  if ('required' in node && !Array.isArray(node.required))
    problems.push(`${path}: required must be an array`);
  if (
    'properties' in node &&
    (typeof node.properties !== 'object' ||
      node.properties === null ||
      Array.isArray(node.properties))
  ) {
    problems.push(`${path}: properties must be an object`);
  }

  if (rules === 'openai-strict') {
    for (const keyword of STRICT_FORBIDDEN)
      if (keyword in node) problems.push(`${path}: ${keyword} is not supported in strict mode`);
    if (Array.isArray(node.items))
      problems.push(`${path}: tuple items are not supported in strict mode`);
    if (depth > 0 && '$id' in node) problems.push(`${path}: nested $id`);
    for (const type of types)
      if (!STRICT_TYPES.has(type)) problems.push(`${path}: type ${type} not supported`);
    if ('format' in node && !STRICT_FORMATS.includes(node.format as string))
      problems.push(`${path}: format ${String(node.format)} not supported`);
    if (types.includes('object') || 'properties' in node) {
      if (node.additionalProperties !== false)
        problems.push(`${path}: additionalProperties must be false`);
      const keys = Object.keys((node.properties as Node | undefined) ?? {});
      const required = Array.isArray(node.required) ? node.required : [];
      for (const key of keys)
        if (!required.includes(key)) problems.push(`${path}: property ${key} must be required`);
      for (const key of required)
        if (!keys.includes(key as string))
          problems.push(`${path}: required ${String(key)} is not a property`);
      totals.properties += keys.length;
      for (const key of keys) totals.characters += key.length;
    }
    if (
      types.length === 0 &&
      !('anyOf' in node) &&
      !('enum' in node) &&
      !('const' in node) &&
      !('$ref' in node)
    ) {
      problems.push(`${path}: strict schemas need a type`);
    }
    if (Array.isArray(node.enum)) {
      if (node.enum.length > 1000) problems.push(`${path}: more than 1000 enum values`);
      for (const value of node.enum) totals.characters += String(value).length;
    }
    if (depth > 10) problems.push(`${path}: nested more than 10 levels`);
  }

  if (rules === 'anthropic' || rules === 'bedrock') {
    for (const key of Object.keys((node.properties as Node | undefined) ?? {})) {
      if (!ANTHROPIC_KEY.test(key))
        problems.push(
          `${path}: property key ${JSON.stringify(key)} must match ^[a-zA-Z0-9_.-]{1,64}$`,
        );
    }
  }

  if (rules === 'gemini' || rules === 'vertex') {
    const fields = rules === 'gemini' ? GEMINI_SCHEMA_FIELDS : VERTEX_SCHEMA_FIELDS;
    for (const key of Object.keys(node))
      if (!fields.has(key)) problems.push(`${path}: unknown field ${key}`);
    if (Array.isArray(node.type)) problems.push(`${path}: type must be a single value`);
    if (typeof node.type === 'string' && !GEMINI_TYPES.has(node.type.toLowerCase()))
      problems.push(`${path}: type ${node.type} unknown`);
    if (rules === 'gemini' && node.type === undefined && !('anyOf' in node))
      problems.push(`${path}: type is required`);
    const type = typeof node.type === 'string' ? node.type.toLowerCase() : undefined;
    if (type === 'array' && !('items' in node)) problems.push(`${path}: items: missing field`);
    if ('items' in node && type !== 'array')
      problems.push(`${path}: items only valid when type is ARRAY`);
    if (Array.isArray(node.enum) && node.enum.some((value) => typeof value !== 'string'))
      problems.push(`${path}: enum values must be strings`);
    if ('format' in node && type !== undefined) {
      const allowed = GEMINI_FORMATS[type] ?? [];
      if (!allowed.includes(node.format as string))
        problems.push(`${path}: format ${String(node.format)} not allowed on ${type}`);
    }
    if ('nullable' in node && typeof node.nullable !== 'boolean')
      problems.push(`${path}: nullable must be a boolean`);
    if (rules === 'vertex') {
      for (const key of Object.keys((node.properties as Node | undefined) ?? {})) {
        if (!VERTEX_KEY.test(key))
          problems.push(
            `${path}: property name ${JSON.stringify(key)} must match ^[A-Za-z_][A-Za-z0-9_]{0,63}$`,
          );
      }
    }
  }

  if (rules === 'gemini-json') {
    for (const key of Object.keys(node))
      if (!GEMINI_JSON_FIELDS.has(key))
        problems.push(`${path}: keyword ${key} outside the supported subset`);
    if (Array.isArray(node.type))
      problems.push(`${path}: type arrays are not known to be accepted`);
    if (
      Array.isArray(node.enum) &&
      node.enum.some((value) => typeof value !== 'string' && typeof value !== 'number')
    ) {
      problems.push(`${path}: enum values must be strings or numbers`);
    }
  }

  // Recurse into every place a sub-schema can sit.
  const properties = node.properties;
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
    for (const [key, value] of Object.entries(properties))
      walk(value, `${path}/properties/${key}`, rules, problems, depth + 1, totals);
  }
  for (const keyword of [
    'items',
    'additionalProperties',
    'not',
    'if',
    'then',
    'else',
    'contains',
    'propertyNames',
    'additionalItems',
    'unevaluatedItems',
    'unevaluatedProperties',
  ]) {
    const value = node[keyword];
    if (keyword === 'additionalProperties' && typeof value === 'boolean') continue;
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) {
        walk(item, `${path}/${keyword}/${index}`, rules, problems, depth + 1, totals);
      }
    } else if (value !== undefined)
      walk(value, `${path}/${keyword}`, rules, problems, depth + 1, totals);
  }
  for (const keyword of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    const value = node[keyword];
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) {
        walk(item, `${path}/${keyword}/${index}`, rules, problems, depth, totals);
      }
    }
  }
  for (const keyword of ['$defs', 'definitions', 'patternProperties', 'dependentSchemas']) {
    const value = node[keyword];
    if (typeof value === 'object' && value !== null) {
      for (const [key, member] of Object.entries(value))
        walk(member, `${path}/${keyword}/${key}`, rules, problems, depth + 1, totals);
    }
  }
}
