import {
  type ProjectToolSchemaOptions,
  type ProjectToolSchemaResult,
  projectToolSchema,
} from '../../core/projection/project-tool-schema.js';
import { sameContent } from './remember.js';

interface Entry {
  /**
   * The schema projected, compared side by side with a new one (nothing recorded up front, so a
   * first sight costs no more). Like the core's cache, one edited in place after it was sent is
   * not seen.
   */
  readonly source: object;
  readonly result: ProjectToolSchemaResult;
}

// By target, options and tool: fresh JSON brings the same schemas as new objects, where the core's
// cache (by object) misses. Two generations bound it in constant time per call (evicting one entry
// at a time made V8 scan a Map's deleted slots, milliseconds per request).
let current = new Map<string, Entry>();
let previous = new Map<string, Entry>();
const MAX_SCHEMAS = 2048;

/**
 * {@link projectToolSchema}, reused for a new object with the content of the schema projected
 * last for the same tool, target and options. A schema that came through unchanged comes back as
 * the caller's own new object, as a cold projection returns it.
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

/** How many schemas the memo holds (for tests of its bounds). @internal */
export function rememberedToolSchemas(): number {
  return current.size + previous.size;
}
