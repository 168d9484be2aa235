import type { SchemaWarningCode } from '../schema/schema-warning.js';

/**
 * Every code a {@link ProjectionWarning} can carry: the schema projection's codes, and those of the
 * request projection.
 */
export type ProjectionWarningCode =
  | SchemaWarningCode
  /** A name the wire map cannot take (an invalid server segment): sent unchanged. */
  | 'NAME_NOT_PROJECTED'
  /** A tool whose input schema cannot be sent to the target: left out of the request. */
  | 'TOOL_QUARANTINED'
  /** An input schema that is not an object schema: sent as an empty object schema. */
  | 'SCHEMA_REPLACED'
  /** A tool choice that named a tool left out of the request: it no longer names it. */
  | 'TOOL_CHOICE_DROPPED'
  /** A tool offered twice to a provider that takes each name once: only the first is sent. */
  | 'DUPLICATE_TOOL_LEFT_OUT'
  /** Bedrock: tool calls in the history but no `toolConfig`, which Bedrock rejects. */
  | 'TOOL_CONFIG_REQUIRED';

/**
 * A lossy or notable change an adapter made to a request, returned as data so the caller picks
 * the policy (log it, surface it, fail on it).
 *
 * @example
 * ```ts
 * const { warnings } = projectChatRequest(request);
 * for (const warning of warnings) console.warn(`${warning.tool}: ${warning.message}`);
 * ```
 */
export interface ProjectionWarning {
  /** A stable machine-readable code (see {@link ProjectionWarningCode}). */
  code: ProjectionWarningCode;
  /** The canonical name of the tool the warning is about, when it is about one. */
  tool?: string;
  /** A JSON path inside the tool's schema or the request, when there is one. */
  path?: string;
  /** Starts with the subject and says what happened. */
  message: string;
}
