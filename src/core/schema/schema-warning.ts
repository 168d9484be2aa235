/** What a lossy rewrite did. */
export type SchemaWarningCode =
  /** A keyword the target rejects was removed and its meaning appended to `description`. */
  | 'MOVED_TO_DESCRIPTION'
  /** A keyword or sub-schema the target rejects was removed; nothing could carry its meaning. */
  | 'DROPPED_KEYWORD'
  /** `oneOf` became `anyOf`: the model is no longer told that exactly one branch must match. */
  | 'ONE_OF_AS_ANY_OF'
  /** `allOf` branches, or root-level alternatives, were merged and some of them disagreed. */
  | 'MERGED_SCHEMAS'
  /** A schema that accepts any value was given a type, because the target requires one. */
  | 'TYPE_ASSUMED'
  /** A tuple became a homogeneous array of the union of its members. */
  | 'TUPLE_FLATTENED'
  /** Non-string enum values were sent as strings; `restoreArguments` turns them back. */
  | 'ENUM_STRINGIFIED'
  /** A schema that accepts nothing (`false`) was removed, so the model may now send that part. */
  | 'DROPPED_IMPOSSIBLE'
  /** OpenAI `strict: true` could not be honoured without changing what the schema accepts. */
  | 'STRICT_FALLBACK'
  /**
   * An object that takes any keys was asked for as JSON text in a string (OpenAI strict closes
   * every object); `restoreArguments` parses it back.
   */
  | 'OPEN_OBJECT_AS_JSON'
  /**
   * A recursive `$ref` was unrolled a few levels deep for a target that takes no recursion; below
   * that, any value is accepted (as JSON text where the target needs a type).
   */
  | 'RECURSION_UNROLLED';

/**
 * One lossy change made while projecting a schema. Warnings are always returned; the caller's
 * `onLossy` policy decides whether they also throw.
 *
 * @example
 * ```ts
 * const warning: SchemaWarning = {
 *   code: 'MOVED_TO_DESCRIPTION',
 *   path: '/properties/id',
 *   message: 'Gemini does not take `format: "uuid"` on strings; moved it into the description.',
 * };
 * ```
 */
export interface SchemaWarning {
  /** Machine-readable kind. */
  readonly code: SchemaWarningCode;
  /** JSON Pointer into the original schema (`''` is the root). */
  readonly path: string;
  /** Human-readable, starting with the subject. */
  readonly message: string;
}
