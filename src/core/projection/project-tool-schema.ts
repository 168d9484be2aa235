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
  if (typeof schema === 'object' && schema !== null) {
    return { schema, warnings: [], restore: undefined };
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
              message: `Tool "${options.tool}": its input schema is not an object (${typeof schema}); sent as an empty object schema.`,
            },
          ],
    restore: undefined,
  };
}
