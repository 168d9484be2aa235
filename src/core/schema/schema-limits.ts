/**
 * How deep toolwire walks a schema, in nested objects and arrays. Real catalogs reach about a
 * dozen levels; the limit is far above that and far below what would exhaust a call stack in any
 * runtime. A deeper schema (or a cyclic one) is a `ToolwireError` with code `SCHEMA_TOO_DEEP`.
 *
 * @example
 * ```ts
 * MAX_SCHEMA_DEPTH; // 256
 * ```
 */
export const MAX_SCHEMA_DEPTH = 256;
