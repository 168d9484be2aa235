import {
  type ProjectInputSchemaOptions,
  projectInputSchemaUncached,
} from '../../src/core/schema/project-input-schema.js';
import { ToolwireError } from '../../src/core/toolwire-error.js';

/**
 * A schema's projection as JSON text (key order included), or the typed error it throws, with
 * the fast paths (`shortcut`) or the reference walk alone: the two must always agree.
 */
export function projectionOutcome(
  schema: unknown,
  options: ProjectInputSchemaOptions,
  shortcut: boolean,
): string {
  try {
    return JSON.stringify(projectInputSchemaUncached(schema, options, shortcut));
  } catch (error) {
    if (!ToolwireError.isInstance(error)) throw error;
    return `${error.code}: ${error.message}`;
  }
}
