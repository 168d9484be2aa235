import { ToolwireError } from '../core/toolwire-error.js';

/**
 * Total bounds on one server's `tools/list` (all pages together). A server past any of them is
 * `failed` alone, with a reason that names the limit; the other servers are not touched.
 *
 * @example
 * ```ts
 * createMcpHub({ servers, listLimits: { maxTools: 2_000, maxBytes: 8 * 1024 * 1024, maxTime: 60_000 } });
 * ```
 */
export interface McpListLimits {
  /** Tools per server. @defaultValue 10000 */
  maxTools?: number;
  /** Bytes of tool definitions per server (as JSON text, counted while listing). @defaultValue 33554432 (32 MiB) */
  maxBytes?: number;
  /** Time for the whole listing, every page together, in ms. @defaultValue 120000 */
  maxTime?: number;
  /** Pages per listing. @defaultValue 1000 */
  maxPages?: number;
}

/** Every bound of the hub, checked and with its default. @internal */
export interface HubLimits {
  connectTimeout: number;
  listTimeout: number;
  callTimeout: number;
  /** The total cap of a call whose timeout progress keeps restarting, when the call sets none. */
  callTotalTimeout: number | undefined;
  maxMessageBytes: number;
  maxTools: number;
  maxBytes: number;
  maxTime: number;
  maxPages: number;
}

/** The longest delay a Node timer takes (about 24.8 days); longer ones fire at once. */
export const LONGEST_TIMEOUT = 2_147_483_647;

/** Options that {@link resolveHubLimits} reads. @internal */
export interface HubLimitOptions {
  connectTimeout?: number | undefined;
  listTimeout?: number | undefined;
  callTimeout?: number | undefined;
  callTotalTimeout?: number | undefined;
  maxMessageBytes?: number | undefined;
  listLimits?: McpListLimits | undefined;
}

/**
 * Checks the hub's bounds and fills in the defaults; a bound that is not a positive finite number
 * of a safe size is `INVALID_OPTION`.
 * @internal
 * @example
 * ```ts
 * resolveHubLimits({ listTimeout: 5_000 }).maxTools; // 10000
 * ```
 */
export function resolveHubLimits(options: HubLimitOptions): HubLimits {
  const limits = options.listLimits ?? {};
  return {
    connectTimeout: checkTimeout(options.connectTimeout, 30_000, 'connectTimeout', 'MCP hub'),
    listTimeout: checkTimeout(options.listTimeout, 30_000, 'listTimeout', 'MCP hub'),
    callTimeout: checkTimeout(options.callTimeout, 60_000, 'callTimeout', 'MCP hub'),
    callTotalTimeout:
      options.callTotalTimeout === undefined
        ? undefined
        : checkTimeout(options.callTotalTimeout, 0, 'callTotalTimeout', 'MCP hub'),
    maxMessageBytes: checkCount(options.maxMessageBytes, 10 * 1024 * 1024, 'maxMessageBytes'),
    maxTools: checkCount(limits.maxTools, 10_000, 'listLimits.maxTools'),
    maxBytes: checkCount(limits.maxBytes, 32 * 1024 * 1024, 'listLimits.maxBytes'),
    maxTime: checkTimeout(limits.maxTime, 120_000, 'listLimits.maxTime', 'MCP hub'),
    maxPages: checkCount(limits.maxPages, 1000, 'listLimits.maxPages'),
  };
}

/**
 * A timeout in ms: the default when unset, else a positive finite number up to
 * {@link LONGEST_TIMEOUT}, or `INVALID_OPTION` naming the subject.
 * @internal
 * @example
 * ```ts
 * checkTimeout(undefined, 60_000, 'timeout', 'Tool "a__b"'); // 60000
 * checkTimeout(Number.POSITIVE_INFINITY, 60_000, 'timeout', 'Tool "a__b"'); // throws INVALID_OPTION
 * ```
 */
export function checkTimeout(
  value: unknown,
  fallback: number,
  name: string,
  subject: string,
): number {
  if (value === undefined) return fallback;
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value <= 0 ||
    value > LONGEST_TIMEOUT
  ) {
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message: `${subject}: ${name} must be a number of milliseconds above 0 and at most ${LONGEST_TIMEOUT}, not ${describeNumber(value)}; leave it out for the default.`,
    });
  }
  return value;
}

function checkCount(value: unknown, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message: `MCP hub: ${name} must be a whole number above 0, not ${describeNumber(value)}; leave it out for the default.`,
    });
  }
  return value;
}

function describeNumber(value: unknown): string {
  return typeof value === 'number'
    ? String(value)
    : typeof value === 'string'
      ? JSON.stringify(value)
      : typeof value;
}
