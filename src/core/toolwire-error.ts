const MARKER: unique symbol = Symbol.for('toolwire.error');

/**
 * Every code a {@link ToolwireError} can carry. Codes are part of the public contract: match on
 * them, never on messages.
 */
export type ToolwireErrorCode =
  /** A tool name is not a string, or cannot be used at all. */
  | 'INVALID_NAME'
  /** A server segment is empty, contains the separator, or would make the separator ambiguous. */
  | 'INVALID_SERVER_NAME'
  /** A pinned wire name does not fit the envelope or is pinned twice. */
  | 'INVALID_OVERRIDE'
  /** A canonical name was asked for that the map does not hold. */
  | 'UNKNOWN_NAME'
  /** An envelope id that is not in `ENVELOPES`. */
  | 'UNKNOWN_ENVELOPE'
  /** A custom envelope that is malformed or cannot hold an alias. */
  | 'INVALID_ENVELOPE'
  /** An option has a value toolwire cannot use. */
  | 'INVALID_OPTION'
  /** A schema nests deeper than toolwire walks, or contains a cycle. */
  | 'SCHEMA_TOO_DEEP'
  /** A schema cannot be expressed for the target at all (the tool is quarantined). */
  | 'UNSUPPORTED_SCHEMA'
  /** A schema refers to itself in a way the target cannot express. */
  | 'RECURSIVE_SCHEMA'
  /** A `$ref` points at nothing inside the schema. */
  | 'UNRESOLVED_REF'
  /** A lossy rewrite happened while the caller's policy is `throw`. */
  | 'LOSSY_PROJECTION'
  /** A request or response does not have the shape the adapter expects. */
  | 'INVALID_REQUEST'
  /** A configuration file or object cannot be read. */
  | 'INVALID_CONFIG'
  /** Two tools would be offered under one name. */
  | 'DUPLICATE_TOOL_NAME'
  /** A tool name breaks the envelope it is guarded against. */
  | 'INVALID_TOOL_NAME'
  /** No server is configured under that key. */
  | 'SERVER_NOT_FOUND'
  /** The server is configured but not connected (failed to start, crashed, or hung). */
  | 'SERVER_UNAVAILABLE'
  /** The server has no tool by that name. */
  | 'TOOL_NOT_FOUND'
  /** The server answered the call with a protocol error. */
  | 'TOOL_CALL_FAILED'
  /** The call did not finish in time. */
  | 'TOOL_CALL_TIMEOUT'
  /** The caller cancelled the call. */
  | 'TOOL_CALL_CANCELLED';

/** Constructor options of {@link ToolwireError}. */
export interface ToolwireErrorOptions {
  /** The machine-readable code. */
  code: ToolwireErrorCode;
  /** Starts with the subject (server, tool, name) and says what to do. */
  message: string;
  /** The underlying error, when there is one. */
  cause?: unknown;
}

/**
 * The one error class of toolwire. Recognise it with {@link ToolwireError.isInstance}, which also
 * works across duplicated copies of the package, and branch on `code`.
 *
 * @example
 * ```ts
 * try {
 *   map.toWire('github__nope');
 * } catch (error) {
 *   if (ToolwireError.isInstance(error) && error.code === 'UNKNOWN_NAME') {
 *     // the tool set changed; rebuild the map
 *   }
 * }
 * ```
 */
export class ToolwireError extends Error {
  /** The machine-readable code. */
  readonly code: ToolwireErrorCode;

  constructor({ code, message, cause }: ToolwireErrorOptions) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ToolwireError';
    this.code = code;
    // A symbol brand instead of instanceof, so that two copies of toolwire recognise each other.
    Object.defineProperty(this, MARKER, { value: true });
  }

  /** True for any `ToolwireError`, including one thrown by another copy of toolwire. */
  static isInstance(error: unknown): error is ToolwireError {
    return (
      typeof error === 'object' &&
      error !== null &&
      (error as Record<symbol, unknown>)[MARKER] === true
    );
  }
}
