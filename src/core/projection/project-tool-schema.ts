import type { ProjectionWarning } from './projection-warning.js';

/** The schema dialects adapters project input schemas for. */
export type SchemaTarget = 'openai' | 'anthropic' | 'gemini' | 'vertex' | 'bedrock' | 'mcp';

/** Options of {@link projectToolSchema}. */
export interface ProjectToolSchemaOptions {
  /** The tool's input schema as the host holds it (never mutated). */
  schema: unknown;
  /** The provider dialect to fit. */
  target: SchemaTarget;
  /** The tool's canonical name, for warnings. */
  tool: string;
  /** OpenAI strict mode was asked for this tool. */
  strict?: boolean;
  /** Gemini only: the schema goes in `parametersJsonSchema` (JSON Schema) instead of `parameters`. */
  jsonSchema?: boolean;
}

/** What {@link projectToolSchema} returns. */
export interface ProjectToolSchemaResult {
  /** The schema to send; the input object itself when nothing needed changing. */
  schema: unknown;
  /** One per lossy change, naming the tool. */
  warnings: ProjectionWarning[];
  /**
   * Turns the model's arguments back into what the server's schema describes; `undefined` when
   * the projection did not change the shape of arguments.
   */
  restore: ((args: unknown) => unknown) | undefined;
}

const EMPTY_OBJECT_SCHEMA = Object.freeze({ type: 'object', properties: Object.freeze({}) });

/**
 * The one seam between adapters and the core's schema projection, so that adapters do not
 * depend on how it is done. Today it only supplies an empty object schema for a missing one
 * and passes every other schema through by reference; the schema projection (`projectInputSchema`
 * / `restoreArguments`) plugs in here.
 *
 * @example
 * ```ts
 * const { schema, warnings, restore } = projectToolSchema({ schema: tool.inputSchema, target: 'openai', tool: 'github__create_issue' });
 * ```
 */
export function projectToolSchema(options: ProjectToolSchemaOptions): ProjectToolSchemaResult {
  const { schema } = options;
  if (typeof schema === 'object' && schema !== null && !Array.isArray(schema)) {
    return {
      schema: completeRoot(schema as Record<string, unknown>),
      warnings: [],
      restore: undefined,
    };
  }
  return {
    schema: { ...EMPTY_OBJECT_SCHEMA, properties: {} },
    warnings:
      schema === undefined || schema === null
        ? []
        : [
            {
              code: 'SCHEMA_REPLACED',
              tool: options.tool,
              path: '',
              message: `Tool "${options.tool}": its input schema is not an object schema (${Array.isArray(schema) ? 'array' : typeof schema}); sent as an empty object schema.`,
            },
          ],
    restore: undefined,
  };
}

/**
 * MCP input schemas are object schemas by definition, so a root without `type` (some servers
 * send only `$schema`) gets `type: "object"`, and an object root without `properties` gets an
 * empty one: both lossless, and providers reject their absence. Copy-on-write.
 */
function completeRoot(schema: Record<string, unknown>): Record<string, unknown> {
  const combined = 'anyOf' in schema || 'oneOf' in schema || 'allOf' in schema || '$ref' in schema;
  const needsType = !Object.hasOwn(schema, 'type') && !combined;
  const isObject = needsType || schema.type === 'object';
  const needsProperties = isObject && !Object.hasOwn(schema, 'properties');
  if (!needsType && !needsProperties) return schema;
  return {
    ...(needsType ? { type: 'object' } : {}),
    ...schema,
    ...(needsProperties ? { properties: {} } : {}),
  };
}
