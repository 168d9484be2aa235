/**
 * True for a plain, non-array object; keeps the static type of typed values. Every layer reads
 * values a remote party or a caller wrote, and checks them with this one guard.
 *
 * @example
 * ```ts
 * if (isRecord(block) && block.type === 'tool_use') use(block.name);
 * ```
 */
export function isRecord<T>(
  value: T,
): value is Exclude<T, null | undefined | readonly unknown[]> & Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
