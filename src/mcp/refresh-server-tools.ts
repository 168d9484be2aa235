import { describeRequestFailure } from './describe-mcp-failure.js';
import { listMcpTools } from './list-mcp-tools.js';
import type { McpHubContext, McpServerRecord } from './mcp-server-record.js';

/**
 * Lists one ready server's tools again (after `notifications/tools/list_changed`, or when asked).
 * Refreshes that are asked for while one runs are coalesced into one more round. A refresh that
 * fails keeps the previous tools and says so in a warning.
 * @internal
 * @example
 * ```ts
 * await refreshServerTools(context, record);
 * ```
 */
export function refreshServerTools(context: McpHubContext, record: McpServerRecord): Promise<void> {
  if (record.refreshing !== undefined) {
    record.refreshAgain = true;
    return record.refreshing;
  }
  const listTimeout = context.options.listTimeout ?? 30_000;
  const run = async (): Promise<void> => {
    do {
      record.refreshAgain = false;
      const connection = record.connection;
      const generation = record.generation;
      if (connection === undefined || record.status.state !== 'ready') return;
      try {
        const listing = await listMcpTools({
          server: record.key,
          client: connection.client,
          pageTimeout: listTimeout,
        });
        if (generation !== record.generation) return;
        record.refreshWarnings = [];
        context.setTools(record, listing.tools, listing.warnings);
        context.setStatus(record, {});
      } catch (error) {
        if (generation !== record.generation) return;
        const note = `Server "${record.key}": refreshing tools after list_changed failed: ${describeRequestFailure(error, listTimeout)}; the previous tools are kept.`;
        const message = context.mask(note);
        record.refreshWarnings = [{ code: 'REFRESH_FAILED', server: record.key, message }];
        context.setStatus(record, { reason: message });
      }
    } while (record.refreshAgain);
  };
  record.refreshing = run().finally(() => {
    record.refreshing = undefined;
  });
  return record.refreshing;
}
