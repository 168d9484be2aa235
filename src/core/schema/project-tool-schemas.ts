import type { JsonSchemaObject } from '../json-schema.js';
import { ToolwireError } from '../toolwire-error.js';
import type { ArgumentMap } from './argument-map.js';
import { type ProjectInputSchemaOptions, projectInputSchema } from './project-input-schema.js';
import type { SchemaWarning } from './schema-warning.js';

/** The least a tool needs for {@link projectToolSchemas}: an MCP `Tool` fits. */
export interface ToolWithSchema {
  /** The tool's name, used in messages. */
  readonly name: string;
  /** The MCP `inputSchema`; missing means "no arguments". */
  readonly inputSchema?: unknown;
}

/** Options of {@link projectToolSchemas}: the options of `projectInputSchema` plus the tools. */
export interface ProjectToolSchemasOptions<T extends ToolWithSchema>
  extends Omit<ProjectInputSchemaOptions, 'subject'> {
  /** The tools, in the order they are offered. */
  tools: Iterable<T>;
}

/** One tool whose schema was projected. */
export interface ProjectedToolSchema<T extends ToolWithSchema> {
  /** The tool as given. */
  readonly tool: T;
  /** The projected schema. */
  readonly schema: JsonSchemaObject;
  /** Lossy changes. */
  readonly warnings: readonly SchemaWarning[];
  /** For `restoreArguments`; `null` when nothing changed shape. */
  readonly argumentMap: ArgumentMap | null;
  /** Whether to send this tool with OpenAI `strict: true`. */
  readonly strict: boolean;
}

/** One tool left out, with why. */
export interface QuarantinedTool<T extends ToolWithSchema> {
  /** The tool as given. */
  readonly tool: T;
  /** The error code (`UNSUPPORTED_SCHEMA`, `RECURSIVE_SCHEMA`, `UNRESOLVED_REF`, `SCHEMA_TOO_DEEP`, `LOSSY_PROJECTION`). */
  readonly code: ToolwireError['code'];
  /** A sentence naming the tool and what to do. */
  readonly reason: string;
  /** The error itself. */
  readonly error: ToolwireError;
}

/** Result of {@link projectToolSchemas}. */
export interface ProjectToolSchemasResult<T extends ToolWithSchema> {
  /** Every tool that can be offered, in input order. */
  readonly tools: ProjectedToolSchema<T>[];
  /** Every tool left out, in input order. */
  readonly quarantined: QuarantinedTool<T>[];
}

/**
 * Projects the schema of every tool in a list for one target, and quarantines (leaves out, with
 * its reason) each tool whose schema cannot be projected, so that one bad tool never fails the
 * whole request. Every other tool is kept. Cheap to call on every request: each schema's
 * projection is cached.
 *
 * @example
 * ```ts
 * const { tools, quarantined } = projectToolSchemas({ tools: listed.tools, target: 'gemini' });
 * for (const { tool, reason } of quarantined) console.warn(`left out ${tool.name}: ${reason}`);
 * ```
 */
export function projectToolSchemas<T extends ToolWithSchema>(
  options: ProjectToolSchemasOptions<T>,
): ProjectToolSchemasResult<T> {
  const { tools: input, ...rest } = options;
  const tools: ProjectedToolSchema<T>[] = [];
  const quarantined: QuarantinedTool<T>[] = [];
  for (const tool of input) {
    try {
      const result = projectInputSchema(tool.inputSchema, {
        ...rest,
        subject: `Tool "${tool.name}"`,
      });
      tools.push({ tool, ...result });
    } catch (error) {
      if (!ToolwireError.isInstance(error)) throw error;
      quarantined.push({ tool, code: error.code, reason: error.message, error });
    }
  }
  return { tools, quarantined };
}
