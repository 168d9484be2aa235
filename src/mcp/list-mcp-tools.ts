import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpHubWarning } from './mcp-hub-warning.js';

/** Options of {@link listMcpTools}. @internal */
export interface ListMcpToolsOptions {
  /** The server key, for warnings. */
  server: string;
  client: Client;
  /** Time for each page, in ms. */
  pageTimeout: number;
}

/** The result of {@link listMcpTools}. @internal */
export interface ListMcpToolsResult {
  /** Every tool of every page, in the server's order. */
  tools: Tool[];
  /** Why listing stopped early, when it did. */
  warnings: McpHubWarning[];
}

const PAGE_LIMIT = 1000;

/**
 * Lists every tool of one server, following `nextCursor`, and stops at a repeated cursor.
 * @internal
 * @example
 * ```ts
 * const { tools, warnings } = await listMcpTools({ server: 'github', client, pageTimeout: 30_000 });
 * ```
 */
export async function listMcpTools(options: ListMcpToolsOptions): Promise<ListMcpToolsResult> {
  const { client, server } = options;
  const tools: Tool[] = [];
  const warnings: McpHubWarning[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < PAGE_LIMIT; page++) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor }, {
      timeout: options.pageTimeout,
    });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) return { tools, warnings };
    if (cursors.has(cursor)) {
      warnings.push({
        code: 'CURSOR_REPEATED',
        server,
        message: `Server "${server}": tools/list returned the cursor ${JSON.stringify(cursor)} twice; listing stopped there.`,
      });
      return { tools, warnings };
    }
    cursors.add(cursor);
  }
  warnings.push({
    code: 'PAGE_LIMIT',
    server,
    message: `Server "${server}": tools/list gave more than ${PAGE_LIMIT} pages; listing stopped.`,
  });
  return { tools, warnings };
}
