// PROVISIONAL stand-in for normalizeInputSchema (branch schema). Replaced at merge. Do not ship.
/**
 * Provisional.
 * @example
 * ```ts
 * normalizeInputSchema(undefined); // { type: 'object', properties: {} }
 * ```
 */
export function normalizeInputSchema(schema: unknown): unknown {
  if (schema === undefined || schema === null) return { type: 'object', properties: {} };
  const copy = structuredClone(schema) as Record<string, unknown>;
  if (typeof copy === 'object' && copy.type === 'object' && copy.properties === undefined) {
    copy.properties = {};
  }
  return copy;
}
