import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { ToolwireError } from '../core/toolwire-error.js';
import {
  connectMcpServer,
  type LiveConnection,
  type StartDiagnostics,
} from './connect-mcp-server.js';
import { describeRequestFailure, describeStartFailure } from './describe-mcp-failure.js';
import { listMcpTools } from './list-mcp-tools.js';
import type { McpHubContext, McpServerRecord } from './mcp-server-record.js';
import { requestToolsRefresh } from './refresh-server-tools.js';

const STABLE_AFTER = 60_000;
const VERSION = '0.1.0';

/**
 * Connects one server and lists its tools; on success the server is `ready`. A server that never
 * was ready is left `failed` with the reason; one that is being restarted after a crash backs off
 * and tries again until `maxAttempts`. Never rejects. A connection that is replaced meanwhile
 * (restart, close) is dropped quietly.
 * @internal
 * @example
 * ```ts
 * record.ready = connectServer(context, record);
 * ```
 */
export async function connectServer(
  context: McpHubContext,
  record: McpServerRecord,
): Promise<void> {
  const config = record.config;
  if (config === undefined || context.closed()) return;
  const generation = ++record.generation;
  const { limits } = context;
  let connection: LiveConnection | undefined;
  const diagnostics: StartDiagnostics = { stderr: [], exit: undefined, lastError: undefined };
  try {
    connection = await connectMcpServer({
      diagnostics,
      config,
      clientInfo: context.options.clientInfo ?? { name: 'toolwire', version: VERSION },
      ...(context.options.clientCapabilities === undefined
        ? {}
        : { capabilities: context.options.clientCapabilities }),
      timeout: limits.connectTimeout,
      maxMessageBytes: limits.maxMessageBytes,
      mask: context.mask,
      prepare: (client) => prepareClient(context, record, client),
      onClose: () => handleServerClose(context, record, generation),
    });
  } catch (error) {
    if (generation !== record.generation) return;
    const reason = describeStartFailure(
      record.key,
      config,
      record.display,
      error,
      limits.connectTimeout,
      diagnostics,
    );
    record.status.stderr = diagnostics.stderr;
    retryOrFail(context, record, reason, error, undefined);
    return;
  }
  if (generation !== record.generation || context.closed()) {
    await connection.close({ signal: 'SIGKILL' });
    return;
  }
  record.connection = connection;
  try {
    const listing = await listMcpTools({ server: record.key, client: connection.client, limits });
    if (generation !== record.generation) return;
    record.everReady = true;
    record.readySince = Date.now();
    const version = connection.client.getServerVersion();
    const protocol = connection.protocolVersion();
    record.refreshWarnings = [];
    context.setTools(record, listing.tools, listing.warnings);
    context.setStatus(record, {
      state: 'ready',
      transport: connection.kind,
      ...(version === undefined
        ? {}
        : { serverInfo: { name: version.name, version: version.version } }),
      ...(protocol === undefined ? {} : { protocolVersion: protocol }),
    });
  } catch (error) {
    if (generation !== record.generation) return;
    record.generation++;
    record.connection = undefined;
    const reason = describeListFailure(record.key, error, limits.listTimeout, connection);
    retryOrFail(context, record, reason, error, connection);
    await connection.close({ signal: 'SIGKILL' });
  }
}

/**
 * Drops a server's connection now and connects it again, whatever its state.
 * @internal
 * @example
 * ```ts
 * await restartServer(context, record);
 * ```
 */
export async function restartServer(
  context: McpHubContext,
  record: McpServerRecord,
): Promise<void> {
  clearTimeout(record.timer);
  record.timer = undefined;
  record.generation++;
  const previous = record.connection;
  record.connection = undefined;
  await previous?.close({ signal: 'SIGKILL' });
  record.attempts = 0;
  context.setStatus(record, { state: 'connecting' });
  record.ready = connectServer(context, record);
  await record.ready;
}

/**
 * Ends a server's connection for good (the hub is closing).
 * @internal
 * @example
 * ```ts
 * await closeServer(record);
 * ```
 */
export async function closeServer(record: McpServerRecord): Promise<void> {
  clearTimeout(record.timer);
  clearTimeout(record.refreshTimer);
  record.generation++;
  const connection = record.connection;
  record.connection = undefined;
  if (record.status.state !== 'disabled') {
    if (connection !== undefined) record.status.stderr = connection.stderrTail();
    record.status.state = 'closed';
  }
  await connection?.close({ signal: 'SIGTERM' });
}

function prepareClient(context: McpHubContext, record: McpServerRecord, client: Client): void {
  context.options.prepareClient?.(record.key, client);
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    // Only marks the server; a flood of notifications costs one refresh round at a time.
    if (record.status.state === 'ready') requestToolsRefresh(context, record);
  });
}

function describeListFailure(
  key: string,
  error: unknown,
  listTimeout: number,
  connection: LiveConnection,
): string {
  if (ToolwireError.isInstance(error) && error.code === 'SERVER_UNAVAILABLE') return error.message;
  const fatal = connection.fatalError();
  if (fatal !== undefined) return `Server "${key}" started but tools/list failed: ${fatal}.`;
  const protocolError = connection.lastError();
  return `Server "${key}" started but tools/list failed: ${describeRequestFailure(error, listTimeout)}${protocolError === undefined ? '' : ` (last protocol error: ${protocolError})`}; fix the server or raise the timeout.`;
}

/**
 * A connection closed: a server that was ready is restarted with exponential backoff until
 * `maxAttempts`; one that never was is left `failed`.
 */
function handleServerClose(
  context: McpHubContext,
  record: McpServerRecord,
  generation: number,
): void {
  if (generation !== record.generation || context.closed()) return;
  const connection = record.connection;
  record.connection = undefined;
  record.generation++;
  const exit = connection?.exit();
  const stderr = connection?.stderrTail() ?? [];
  const fatal = connection?.fatalError();
  const how =
    fatal !== undefined
      ? fatal
      : exit === undefined
        ? 'closed the connection'
        : exit.signal !== null
          ? `was killed by ${exit.signal}`
          : `exited with code ${exit.code}`;
  const last = stderr.at(-1);
  const reason =
    fatal !== undefined
      ? `Server "${record.key}": ${how}`
      : `Server "${record.key}" ${how}${last === undefined ? '' : ` (stderr: ${last})`}`;
  record.status.stderr = stderr;
  context.setTools(record, [], []);
  // A server that stayed up for a minute starts its restart count afresh.
  if (Date.now() - record.readySince > STABLE_AFTER) record.attempts = 0;
  if (!record.everReady) {
    failServer(context, record, `${reason}.`, undefined, undefined);
    return;
  }
  scheduleRestart(context, record, reason, undefined);
}

/** A start that failed: a server being restarted backs off and tries again; any other fails. */
function retryOrFail(
  context: McpHubContext,
  record: McpServerRecord,
  reason: string,
  cause: unknown,
  connection: LiveConnection | undefined,
): void {
  if (connection !== undefined) record.status.stderr = connection.stderrTail();
  if (record.everReady && record.attempts > 0) {
    scheduleRestart(context, record, reason.replace(/[.;]?$/, ''), cause);
    return;
  }
  failServer(context, record, reason, cause, undefined);
}

function scheduleRestart(
  context: McpHubContext,
  record: McpServerRecord,
  reason: string,
  cause: unknown,
): void {
  const restart = context.options.restart;
  const maxAttempts = restart === false ? 0 : (restart?.maxAttempts ?? 5);
  if (record.attempts >= maxAttempts) {
    failServer(
      context,
      record,
      `${reason}; ${maxAttempts === 0 ? 'restarts are off' : `gave up after ${record.attempts} restarts`}.`,
      cause,
      undefined,
    );
    return;
  }
  const initial = restart === false ? 500 : (restart?.initialDelay ?? 500);
  const cap = restart === false ? 30_000 : (restart?.maxDelay ?? 30_000);
  const delay = Math.min(cap, initial * 2 ** record.attempts);
  record.attempts++;
  context.setStatus(record, {
    state: 'restarting',
    reason: `${reason}; restart ${record.attempts} of ${maxAttempts} in ${delay} ms.`,
  });
  record.timer = setTimeout(() => {
    record.timer = undefined;
    if (context.closed()) return;
    record.status.restarts++;
    record.ready = connectServer(context, record);
  }, delay);
}

/**
 * Leaves a server `failed` with its reason, and takes its tools away.
 * @internal
 * @example
 * ```ts
 * failServer(context, record, 'Server "x" ...', error, connection);
 * ```
 */
export function failServer(
  context: McpHubContext,
  record: McpServerRecord,
  reason: string,
  cause: unknown,
  connection: LiveConnection | undefined,
): void {
  if (connection !== undefined) record.status.stderr = connection.stderrTail();
  context.setTools(record, [], []);
  context.setStatus(record, {
    state: 'failed',
    reason,
    error: new ToolwireError({
      code: 'SERVER_UNAVAILABLE',
      message: reason,
      ...(cause === undefined ? {} : { cause }),
    }),
  });
}
