import {
  type ProjectToolSchemaOptions,
  type ProjectToolSchemaResult,
  projectToolSchema,
} from '../../core/projection/project-tool-schema.js';
import { matchesContent, recordContent } from './remember.js';

interface Entry {
  /** The schema object the result was projected from (the first of its content). */
  readonly source: object;
  /** Its whole content (see {@link recordContent}). */
  readonly content: unknown[];
  readonly result: ProjectToolSchemaResult;
}

// By target, options and tool: a gateway, or a host that rebuilds its tools from JSON on every
// turn, sends the same schemas as new objects each time, where the core's cache (by object) misses.
const entries = new Map<string, Entry>();
/** Bounds, so that a long-running host or gateway cannot grow the memo without end. */
const MAX_SCHEMAS = 4096;
const MAX_VALUES = 4_000_000;
let storedValues = 0;

/**
 * {@link projectToolSchema}, reused for a schema that arrives as a new object with the content
 * of the one projected last for the same tool, target and options: one read of the schema
 * instead of its projection. The result is the one a cold projection gives; a schema that came
 * through unchanged comes back as the caller's own new object, as a cold projection returns it.
 * @internal
 * @example
 * ```ts
 * const { schema } = projectToolSchemaByContent({ schema: JSON.parse(text), target: 'gemini', tool: 'github__create_issue' });
 * ```
 */
export function projectToolSchemaByContent(
  options: ProjectToolSchemaOptions,
): ProjectToolSchemaResult {
  const { schema } = options;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return projectToolSchema(options);
  const key = `${options.target}\u0000${options.strict === true}\u0000${options.jsonSchema === true}\u0000${options.tool}`;
  const entry = entries.get(key);
  if (entry !== undefined) {
    if (entry.source === schema) return entry.result;
    if (matchesContent(entry.content, schema)) {
      // Least recently used goes first: a Map iterates in insertion order.
      entries.delete(key);
      entries.set(key, entry);
      const { result } = entry;
      return result.schema === entry.source ? { ...result, schema } : result;
    }
  }
  const result = projectToolSchema(options);
  const content = recordContent(schema);
  if (entry !== undefined) forget(key, entry);
  if (content.length <= MAX_VALUES) {
    while (
      entries.size > 0 &&
      (entries.size >= MAX_SCHEMAS || storedValues + content.length > MAX_VALUES)
    ) {
      const [oldestKey, oldest] = entries.entries().next().value as [string, Entry];
      forget(oldestKey, oldest);
    }
    entries.set(key, { source: schema, content, result });
    storedValues += content.length;
  }
  return result;
}

function forget(key: string, entry: Entry): void {
  entries.delete(key);
  storedValues -= entry.content.length;
}

/**
 * How many schemas and recorded values the memo holds (for tests of its bounds).
 * @internal
 */
export function rememberedToolSchemas(): { schemas: number; values: number } {
  return { schemas: entries.size, values: storedValues };
}
