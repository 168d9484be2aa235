import type { ArgumentMap } from '../schema/argument-map.js';
import { projectInputSchema } from '../schema/project-input-schema.js';
import { restoreArguments } from '../schema/restore-arguments.js';
import type { SchemaTarget } from '../schema/schema-target.js';
import { sameJson } from '../schema/schema-values.js';
import type { SchemaWarningCode } from '../schema/schema-warning.js';
import { ToolwireError } from '../toolwire-error.js';
import type { ProjectionWarning } from './projection-warning.js';

export type { SchemaTarget } from '../schema/schema-target.js';

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
  /**
   * The schema to send: the input object itself when the projection changed nothing, so a request
   * whose schemas already fit stays byte for byte the same. `undefined` when the tool is
   * quarantined.
   */
  schema: unknown;
  /** One per lossy change, naming the tool (and the quarantine, when there is one). Read-only. */
  warnings: readonly ProjectionWarning[];
  /**
   * Turns the model's arguments back into what the server's schema describes; `undefined` when
   * the projection did not change the shape of arguments.
   */
  restore: ((args: unknown) => unknown) | undefined;
  /** Whether OpenAI strict mode holds for the projected schema (false after a strict fallback). */
  strict: boolean;
  /** True when the schema cannot be projected for the target: leave the tool out of the request. */
  quarantined: boolean;
}

// The projection itself is cached by the core per schema object; this adds the comparison with the
// input (for byte identity), made once per schema and target. Warnings get the tool name per call.
interface Projected {
  schema: unknown;
  warnings: readonly { code: SchemaWarningCode; path: string; message: string }[];
  restore: ((args: unknown) => unknown) | undefined;
  strict: boolean;
  /** Why the schema cannot be projected, when it cannot. */
  failure: string | undefined;
  /** The shared result when there are no warnings (read-only for callers). */
  clean?: ProjectToolSchemaResult;
}

const results = new WeakMap<object, Map<number, Projected>>();
const TARGET_KEYS: Readonly<Record<SchemaTarget, number>> = {
  openai: 0,
  anthropic: 1,
  gemini: 2,
  vertex: 3,
  bedrock: 4,
  mcp: 5,
};

/**
 * The one seam between adapters and the core's schema projection (`projectInputSchema` /
 * `restoreArguments`): projects a tool's input schema for a provider, names the tool in every
 * warning, and quarantines a tool whose schema cannot be projected (the adapter leaves it out,
 * with the warning saying why) instead of letting it fail the whole request.
 *
 * @example
 * ```ts
 * const { schema, warnings, restore, quarantined } = projectToolSchema({ schema: tool.inputSchema, target: 'anthropic', tool: 'twilio__ListCall' });
 * ```
 */
export function projectToolSchema(options: ProjectToolSchemaOptions): ProjectToolSchemaResult {
  const { schema, target, tool } = options;
  const strict = options.strict === true;
  if (
    schema !== undefined &&
    schema !== null &&
    (typeof schema !== 'object' || Array.isArray(schema))
  ) {
    return {
      schema: { type: 'object', properties: {} },
      warnings: [
        {
          code: 'SCHEMA_REPLACED',
          tool,
          path: '',
          message: `Tool "${tool}": its input schema is not an object schema (${Array.isArray(schema) ? 'array' : typeof schema}); sent as an empty object schema.`,
        },
      ],
      restore: undefined,
      strict: false,
      quarantined: false,
    };
  }
  const key = TARGET_KEYS[target] * 4 + (strict ? 2 : 0) + (options.jsonSchema === true ? 1 : 0);
  let byKey = typeof schema === 'object' && schema !== null ? results.get(schema) : undefined;
  let projected = byKey?.get(key);
  if (projected === undefined) {
    projected = compute(options, strict);
    if (typeof schema === 'object' && schema !== null) {
      if (byKey === undefined) {
        byKey = new Map();
        results.set(schema, byKey);
      }
      byKey.set(key, projected);
    }
  }
  if (projected.failure !== undefined) {
    return {
      schema: undefined,
      warnings: [
        {
          code: 'TOOL_QUARANTINED',
          tool,
          path: '',
          message: `Tool "${tool}": left out of the request, its input schema cannot be sent to ${target} (${projected.failure}).`,
        },
      ],
      restore: undefined,
      strict: false,
      quarantined: true,
    };
  }
  // Most schemas project without warnings: then the result does not depend on the tool's name.
  if (projected.warnings.length === 0) {
    projected.clean ??= {
      schema: projected.schema,
      warnings: [],
      restore: projected.restore,
      strict: projected.strict,
      quarantined: false,
    };
    return projected.clean;
  }
  return {
    schema: projected.schema,
    warnings: projected.warnings.map((warning) => ({
      code: warning.code,
      tool,
      path: warning.path,
      message: `Tool "${tool}": ${warning.message}`,
    })),
    restore: projected.restore,
    strict: projected.strict,
    quarantined: false,
  };
}

function compute(options: ProjectToolSchemaOptions, strict: boolean): Projected {
  const { schema, target } = options;
  try {
    const result = projectInputSchema(schema as never, {
      target,
      strict,
      ...(options.jsonSchema === true ? { geminiField: 'parametersJsonSchema' as const } : {}),
    });
    // A schema that fits comes back as a root copy holding the input's own values: comparing
    // them by identity settles it without writing either schema as text.
    const same =
      typeof schema === 'object' &&
      schema !== null &&
      (sameOwnEntries(result.schema, schema as Record<string, unknown>) ||
        sameJson(result.schema, schema));
    const argumentMap: ArgumentMap | null = result.argumentMap;
    return {
      // The core's result is frozen and shared between requests: send it as it is, never edit it.
      schema: same ? schema : result.schema,
      warnings: result.warnings,
      restore:
        argumentMap === null ? undefined : (args: unknown) => restoreArguments(args, argumentMap),
      strict: result.strict,
      failure: undefined,
    };
  } catch (error) {
    if (!ToolwireError.isInstance(error)) throw error;
    return {
      schema: undefined,
      warnings: [],
      restore: undefined,
      strict: false,
      // The core names the subject "Tool"; the quarantine warning names the tool itself.
      failure: `${error.code}: ${error.message.replace(/^Tool: /, '')}`,
    };
  }
}

/** Whether two objects have the same own keys, in the same order, with identical values. */
function sameOwnEntries(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  const otherKeys = Object.keys(b);
  if (keys.length !== otherKeys.length) return false;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    if (key !== otherKeys[index] || a[key] !== b[key]) return false;
  }
  return true;
}
