import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { isRecord } from '../core/is-record.js';

/** The verdict on one listed tool: usable as it is, or left out with why. @internal */
export type ListedToolVerdict = { tool: Tool } | { name: string; reason: string };

/**
 * Judges one entry of a `tools/list` page on its own, so that one bad definition costs only that
 * tool, never its server. A tool needs a non-empty `name` and an object `inputSchema` (a schema
 * that carries only `$schema`, or no `type`, is kept: it describes an object all the same); a
 * `title` or `description` must be text, and `outputSchema` and `annotations` objects. The reason
 * is one line.
 * @internal
 * @example
 * ```ts
 * judgeListedTool({ name: 'search' }); // { name: 'search', reason: 'has no inputSchema (an object is required)' }
 * judgeListedTool({ name: 'ok', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#' } }); // { tool: ... }
 * ```
 */
export function judgeListedTool(entry: unknown): ListedToolVerdict {
  if (!isRecord(entry)) return { name: '', reason: `is ${describe(entry)}, not a tool object` };
  const { name } = entry;
  if (typeof name !== 'string' || name.length === 0) {
    return { name: '', reason: `has no name (name is ${describe(name)})` };
  }
  const schema = entry.inputSchema;
  if (schema === undefined) return { name, reason: 'has no inputSchema (an object is required)' };
  if (!isRecord(schema)) {
    return { name, reason: `has an inputSchema that is ${describe(schema)}, not an object` };
  }
  if (schema.type !== undefined && schema.type !== 'object') {
    return {
      name,
      reason: `has an inputSchema of type ${JSON.stringify(schema.type)}; tool arguments are an object`,
    };
  }
  for (const field of ['title', 'description'] as const) {
    if (entry[field] !== undefined && typeof entry[field] !== 'string') {
      return { name, reason: `has a ${field} that is ${describe(entry[field])}, not text` };
    }
  }
  for (const field of ['outputSchema', 'annotations'] as const) {
    if (entry[field] !== undefined && !isRecord(entry[field])) {
      return { name, reason: `has ${field} that is ${describe(entry[field])}, not an object` };
    }
  }
  return { tool: entry as Tool };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.slice(0, 40))}`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value).slice(0, 40)}`;
}
