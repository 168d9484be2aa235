import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { ToolwireError } from '../core/toolwire-error.js';
import { judgeListedTool } from './judge-listed-tool.js';
import type { McpHubWarning } from './mcp-hub-warning.js';
import type { HubLimits } from './resolve-hub-limits.js';

/** Options of {@link listMcpTools}. @internal */
export interface ListMcpToolsOptions {
  /** The server key, for warnings and reasons. */
  server: string;
  client: Client;
  limits: Pick<HubLimits, 'listTimeout' | 'maxTools' | 'maxBytes' | 'maxTime' | 'maxPages'>;
  /** Ends the listing early (the connection was replaced). */
  signal?: AbortSignal;
}

/** The result of {@link listMcpTools}. @internal */
export interface ListMcpToolsResult {
  /** Every usable tool of every page, in the server's order. */
  tools: Tool[];
  /** Tools left out with their reasons, and why listing stopped early, when it did. */
  warnings: McpHubWarning[];
}

// The page is taken as it comes: the SDK client's listTools() validates the whole result (one
// bad tool rejects every tool) and compiles an output-schema validator per tool that the hub
// never uses. Each tool is judged on its own instead.
const ANY_RESULT = {
  safeParse: (data: unknown) => ({ success: true as const, data }),
} as unknown as Parameters<Client['request']>[1];

/**
 * Lists every tool of one server, following `nextCursor`, within total bounds: tools, bytes,
 * time and pages (`listLimits`). Past a bound the listing fails with a `SERVER_UNAVAILABLE` error
 * whose message names the limit; a tool with a bad definition is left out with its reason.
 * @internal
 * @example
 * ```ts
 * const { tools, warnings } = await listMcpTools({ server: 'github', client, limits });
 * ```
 */
export async function listMcpTools(options: ListMcpToolsOptions): Promise<ListMcpToolsResult> {
  const { client, server, limits } = options;
  const tools: Tool[] = [];
  const warnings: McpHubWarning[] = [];
  const cursors = new Set<string>();
  const deadline = Date.now() + limits.maxTime;
  let bytes = 0;
  let cursor: string | undefined;
  const limit = (what: string): ToolwireError =>
    new ToolwireError({
      code: 'SERVER_UNAVAILABLE',
      message: `Server "${server}": tools/list went past ${what}; the server is left out. Raise the limit (listLimits) if the server is trusted.`,
    });
  for (let page = 0; ; page++) {
    if (page >= limits.maxPages) throw limit(`listLimits.maxPages (${limits.maxPages} pages)`);
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw limit(`listLimits.maxTime (${limits.maxTime} ms for all pages)`);
    const timeout = Math.min(limits.listTimeout, remaining);
    let result: unknown;
    try {
      result = await client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        ANY_RESULT,
        { timeout, ...(options.signal === undefined ? {} : { signal: options.signal }) },
      );
    } catch (error) {
      if (
        timeout < limits.listTimeout &&
        error instanceof McpError &&
        error.code === ErrorCode.RequestTimeout
      ) {
        throw limit(`listLimits.maxTime (${limits.maxTime} ms for all pages)`);
      }
      throw error;
    }
    const listed = (result as { tools?: unknown } | null)?.tools;
    if (!Array.isArray(listed)) {
      throw new ToolwireError({
        code: 'SERVER_UNAVAILABLE',
        message: `Server "${server}": tools/list answered without a "tools" array; fix the server.`,
      });
    }
    for (const entry of listed) {
      bytes += jsonSize(entry, limits.maxBytes - bytes);
      if (bytes > limits.maxBytes) {
        throw limit(`listLimits.maxBytes (${limits.maxBytes} bytes of tool definitions)`);
      }
      const verdict = judgeListedTool(entry);
      if ('tool' in verdict) {
        if (tools.length >= limits.maxTools) {
          throw limit(`listLimits.maxTools (${limits.maxTools} tools)`);
        }
        tools.push(verdict.tool);
      } else {
        const named = verdict.name === '' ? 'a tool' : `tool "${verdict.name}"`;
        warnings.push({
          code: 'UNUSABLE_TOOL',
          server,
          ...(verdict.name === '' ? {} : { tool: verdict.name }),
          message: `Server "${server}": ${named} ${verdict.reason}; it is left out, the server's other tools are kept.`,
        });
      }
    }
    const next = (result as { nextCursor?: unknown }).nextCursor;
    if (next === undefined || next === null) return { tools, warnings };
    if (typeof next !== 'string' || cursors.has(next)) {
      warnings.push({
        code: 'CURSOR_REPEATED',
        server,
        message: `Server "${server}": tools/list returned the cursor ${JSON.stringify(next)} ${typeof next === 'string' ? 'twice' : 'which is not text'}; listing stopped there.`,
      });
      return { tools, warnings };
    }
    cursors.add(next);
    cursor = next;
  }
}

/**
 * About the length of a value as JSON text, counted without building the text, and cut short
 * once it passes `budget` (the caller only needs to know that it did).
 */
function jsonSize(value: unknown, budget: number): number {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && size <= budget) {
    const item = stack.pop();
    if (typeof item === 'string') size += item.length + 2;
    else if (Array.isArray(item)) {
      size += 2 + item.length;
      for (const element of item) stack.push(element);
    } else if (typeof item === 'object' && item !== null) {
      size += 2;
      for (const key in item) {
        size += key.length + 4;
        stack.push((item as Record<string, unknown>)[key]);
      }
    } else size += 6;
  }
  return size;
}
