import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { NamingPreset } from '../core/naming-preset.js';
import { normalizeInputSchema } from '../core/normalize-input-schema.js';
import { errorText } from './describe-mcp-failure.js';
import type { McpHubTool } from './mcp-hub-tool.js';
import type { McpHubWarning } from './mcp-hub-warning.js';

/** Options of {@link toHubTools}. @internal */
export interface ToHubToolsOptions {
  server: string;
  listed: readonly Tool[];
  preset: NamingPreset;
}

/** The result of {@link toHubTools}. @internal */
export interface ToHubToolsResult {
  tools: McpHubTool[];
  warnings: McpHubWarning[];
}

/**
 * Turns one server's listed tools into hub tools: the first of a repeated name is kept, and a tool
 * whose schema toolwire cannot use is left out with its reason; the rest of the server is kept.
 * @internal
 * @example
 * ```ts
 * const { tools, warnings } = toHubTools({ server: 'github', listed, preset });
 * ```
 */
export function toHubTools(options: ToHubToolsOptions): ToHubToolsResult {
  const { server, preset } = options;
  const warnings: McpHubWarning[] = [];
  const seen = new Set<string>();
  const tools: McpHubTool[] = [];
  for (const tool of options.listed) {
    if (typeof tool.name !== 'string' || seen.has(tool.name)) {
      warnings.push({
        code: 'DUPLICATE_TOOL',
        server,
        tool: String(tool.name),
        message: `Server "${server}" lists "${String(tool.name)}" more than once; the first is kept.`,
      });
      continue;
    }
    seen.add(tool.name);
    let inputSchema: Record<string, unknown>;
    // Arguments are an object: a root without `type` (gitlab's `$schema`-only schemas) says so.
    const root =
      tool.inputSchema.type === undefined
        ? { ...tool.inputSchema, type: 'object' }
        : tool.inputSchema;
    try {
      inputSchema = normalizeInputSchema(root) as Record<string, unknown>;
    } catch (error) {
      // One tool with an unusable schema (cyclic, absurdly deep) is left out, not the server.
      warnings.push({
        code: 'UNUSABLE_TOOL',
        server,
        tool: tool.name,
        message: `Server "${server}" lists "${tool.name}" with an input schema toolwire cannot use (${errorText(error)}); the tool is left out.`,
      });
      continue;
    }
    const entry: McpHubTool = {
      canonical: preset.formatName(server, tool.name),
      server,
      remoteName: tool.name,
      inputSchema,
      tool,
    };
    if (tool.title !== undefined) entry.title = tool.title;
    if (tool.description !== undefined) entry.description = tool.description;
    tools.push(entry);
  }
  return { tools, warnings };
}
