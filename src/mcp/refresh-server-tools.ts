import { describeRequestFailure } from './describe-mcp-failure.js';
import { listMcpTools } from './list-mcp-tools.js';
import type { McpHubContext, McpServerRecord } from './mcp-server-record.js';

/** Listings in a row for one refresh, however many notifications arrive meanwhile. */
const ROUNDS = 3;
/** The pause after a refresh that ended with notifications still pending, in ms. */
const COOLDOWN = 1000;

/**
 * Marks a server's tools as stale (`notifications/tools/list_changed`) and starts a refresh if
 * none is running or pausing. It allocates nothing per notification, so a flood of them costs
 * one refresh at a time, at most {@link ROUNDS} listings in a row and then a pause.
 * @internal
 * @example
 * ```ts
 * client.setNotificationHandler(ToolListChangedNotificationSchema, () => requestToolsRefresh(context, record));
 * ```
 */
export function requestToolsRefresh(context: McpHubContext, record: McpServerRecord): void {
  record.refreshWanted = true;
  if (record.refreshing === undefined && record.refreshTimer === undefined) {
    void startRefresh(context, record);
  }
}

/**
 * Lists one ready server's tools again, now, and resolves when that refresh has ended (it always
 * ends: at most a few listings in a row). Refreshes asked for while one runs join it. A refresh
 * that fails keeps the previous tools and says so in a warning.
 * @internal
 * @example
 * ```ts
 * await refreshServerTools(context, record);
 * ```
 */
export function refreshServerTools(context: McpHubContext, record: McpServerRecord): Promise<void> {
  record.refreshWanted = true;
  if (record.refreshing !== undefined) return record.refreshing;
  clearTimeout(record.refreshTimer);
  record.refreshTimer = undefined;
  return startRefresh(context, record);
}

function startRefresh(context: McpHubContext, record: McpServerRecord): Promise<void> {
  const run = async (): Promise<void> => {
    for (let round = 0; round < ROUNDS && record.refreshWanted; round++) {
      record.refreshWanted = false;
      const connection = record.connection;
      const generation = record.generation;
      if (connection === undefined || record.status.state !== 'ready') return;
      try {
        const listing = await listMcpTools({
          server: record.key,
          client: connection.client,
          limits: context.limits,
        });
        if (generation !== record.generation) return;
        record.refreshWarnings = [];
        context.setTools(record, listing.tools, listing.warnings);
        context.setStatus(record, {});
      } catch (error) {
        if (generation !== record.generation) return;
        const note = `Server "${record.key}": refreshing tools after list_changed failed: ${describeRequestFailure(error, context.limits.listTimeout)}; the previous tools are kept.`;
        const message = context.mask(note);
        record.refreshWarnings = [{ code: 'REFRESH_FAILED', server: record.key, message }];
        context.setStatus(record, { reason: message });
      }
    }
  };
  const refreshing = run().finally(() => {
    record.refreshing = undefined;
    // Still stale after the rounds (a server that keeps notifying): once more, after a pause.
    if (record.refreshWanted && !context.closed() && record.status.state === 'ready') {
      record.refreshTimer = setTimeout(() => {
        record.refreshTimer = undefined;
        if (record.refreshWanted && !context.closed() && record.status.state === 'ready') {
          void startRefresh(context, record);
        }
      }, COOLDOWN);
      record.refreshTimer.unref?.();
    }
  });
  record.refreshing = refreshing;
  return refreshing;
}
