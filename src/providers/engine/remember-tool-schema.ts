import {
  type ProjectToolSchemaOptions,
  type ProjectToolSchemaResult,
  projectToolSchema,
} from '../../core/projection/project-tool-schema.js';
import { sameContent } from './remember.js';

interface Entry {
  /**
   * The schema object the result was projected from, compared side by side with a new one. Like
   * the core's cache (by object), this takes a schema as a value: one edited in place after it
   * was sent is not seen. Nothing is recorded up front, so a first sight costs no more.
   */
  readonly source: object;
  readonly result: ProjectToolSchemaResult;
}

// By target, options and tool: a gateway, or a host that rebuilds its tools from JSON on every
// turn, sends the same schemas as new objects each time, where the core's cache (by object) misses.
// Two generations bound the memo in constant time per call (evicting the oldest entry of one Map
// one by one made V8 scan its deleted slots, milliseconds per request): a full current generation
// becomes the previous one, and the previous one is dropped; a hit in the previous is carried over.
let current = new Map<string, Entry>();
let previous = new Map<string, Entry>();
/** The bound of each generation, so that a long-running host or gateway cannot grow the memo. */
const MAX_SCHEMAS = 2048;

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
  const entry = current.get(key) ?? previous.get(key);
  if (entry !== undefined) {
    if (entry.source === schema || sameContent(entry.source, schema)) {
      if (!current.has(key)) store(key, entry);
      const { result } = entry;
      return result.schema === entry.source && entry.source !== schema
        ? { ...result, schema }
        : result;
    }
  }
  const result = projectToolSchema(options);
  store(key, { source: schema, result });
  return result;
}

function store(key: string, entry: Entry): void {
  if (!current.has(key) && current.size >= MAX_SCHEMAS) {
    previous = current;
    current = new Map();
  }
  current.set(key, entry);
}

/**
 * How many schemas the memo holds (for tests of its bounds).
 * @internal
 */
export function rememberedToolSchemas(): number {
  return current.size + previous.size;
}
