import { ToolwireError } from '../toolwire-error.js';

/** Options of {@link assertRequestShape}. */
export interface AssertRequestShapeOptions {
  /** The API, for the message (`OpenAI Chat Completions request`). */
  subject: string;
  /** Fields that must be arrays. */
  arrays?: readonly string[];
  /** Fields that must be arrays when present (`undefined` and `null` pass). */
  optionalArrays?: readonly string[];
}

/**
 * Throws `INVALID_REQUEST` when a request is not an object or a field an adapter walks has the
 * wrong shape, so a malformed request fails with a clear message instead of a `TypeError` deep
 * inside the projection.
 *
 * @example
 * ```ts
 * assertRequestShape(request, { subject: 'Anthropic Messages request', arrays: ['messages'], optionalArrays: ['tools'] });
 * ```
 */
export function assertRequestShape(request: unknown, options: AssertRequestShapeOptions): void {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    throw new ToolwireError({
      code: 'INVALID_REQUEST',
      message: `${options.subject} must be an object, not ${request === null ? 'null' : Array.isArray(request) ? 'an array' : typeof request}; pass the request body you would send.`,
    });
  }
  const record = request as Record<string, unknown>;
  for (const field of options.arrays ?? []) {
    if (!Array.isArray(record[field])) fail(options.subject, field, record[field]);
  }
  for (const field of options.optionalArrays ?? []) {
    const value = record[field];
    if (value !== undefined && value !== null && !Array.isArray(value))
      fail(options.subject, field, value);
  }
}

function fail(subject: string, field: string, value: unknown): never {
  throw new ToolwireError({
    code: 'INVALID_REQUEST',
    message: `${subject}: "${field}" must be an array, not ${value === null ? 'null' : typeof value}; fix the request before projecting it.`,
  });
}
