import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { masksAnything } from './mask-secrets.js';
import type { McpHubWarning } from './mcp-hub-warning.js';

/** Options of {@link maskListedTools}. @internal */
export interface MaskListedToolsOptions {
  /** The server key, for warnings. */
  server: string;
  listed: readonly Tool[];
  /** The hub's secret mask (`createSecretMask`). */
  mask: (text: string) => string;
}

/** The result of {@link maskListedTools}. @internal */
export interface MaskListedToolsResult {
  /** The tools, each with every configured secret masked in its text (the same object when none). */
  tools: Tool[];
  /** Tools left out because a name in them (the tool's own, an object key) quotes a secret. */
  warnings: McpHubWarning[];
}

/**
 * Masks every configured secret a server echoes inside its tool definitions (a description, a
 * title, any text in `inputSchema`, `outputSchema`, `annotations` or `_meta`), so that a secret
 * never reaches what the hub shows, a model provider included: `hub.tools()`, `hub.listed()`, and
 * every tool definition projected from them carry `***` instead. Text is masked where it stands;
 * a name cannot be (the tool would then be called under a name the server does not have, or with
 * an argument it does not know), so a tool whose own name or any object key quotes a secret is
 * left out with a warning that says why, and the server's other tools are kept. Dispatch is by
 * the remote name, which is never changed. A tool that quotes no secret is returned as it is.
 * @internal
 * @example
 * ```ts
 * const { tools } = maskListedTools({ server: 'echo', listed, mask: createSecretMask(['sk-LEAKME']) });
 * tools[0].description; // 'Uses the key ***.' where the server said 'Uses the key sk-LEAKME.'
 * ```
 */
export function maskListedTools(options: MaskListedToolsOptions): MaskListedToolsResult {
  const { server, listed, mask } = options;
  if (!masksAnything(mask)) return { tools: listed.slice(), warnings: [] };
  const tools: Tool[] = [];
  const warnings: McpHubWarning[] = [];
  for (const tool of listed) {
    const masked = maskTool(tool, mask);
    if ('tool' in masked) {
      tools.push(masked.tool);
      continue;
    }
    const name = mask(tool.name);
    warnings.push({
      code: 'UNUSABLE_TOOL',
      server,
      tool: name,
      message: `Server "${server}": tool "${name}" ${masked.reason} (every env value, header value and \${VAR} value is one), and a name cannot be masked and still called; it is left out, the server's other tools are kept. Fix the server, or keep that value out of the configuration.`,
    });
  }
  return { tools, warnings };
}

function maskTool(tool: Tool, mask: (text: string) => string): { tool: Tool } | { reason: string } {
  let text: string;
  try {
    text = JSON.stringify(tool);
  } catch {
    return { reason: 'is nested too deeply to be checked for secrets' };
  }
  // Every form the mask knows is found in the JSON text of a value that holds it (JSON escapes
  // character by character), so a definition whose text masks to itself quotes no secret.
  if (mask(text) === text) return { tool };
  if (mask(tool.name) !== tool.name) {
    return { reason: 'has a name that quotes a configured secret' };
  }
  const found = { key: false };
  let masked: Tool;
  try {
    masked = maskValue(tool, mask, found) as Tool;
  } catch {
    return { reason: 'is nested too deeply to be checked for secrets' };
  }
  if (found.key) {
    return { reason: 'has a property name (an object key) that quotes a configured secret' };
  }
  return { tool: masked };
}

/** Masks every text in a JSON value, copying only the paths that change. */
function maskValue(
  value: unknown,
  mask: (text: string) => string,
  found: { key: boolean },
): unknown {
  if (typeof value === 'string') return mask(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item = value[index];
      const masked = maskValue(item, mask, found);
      if (masked !== item) {
        copy ??= value.slice();
        copy[index] = masked;
      }
    }
    return copy ?? value;
  }
  if (typeof value === 'object' && value !== null) {
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value)) {
      if (mask(key) !== key) found.key = true;
      const masked = maskValue(item, mask, found);
      if (masked !== item) {
        copy ??= { ...value };
        // Defined, not assigned: a key `__proto__` (JSON.parse makes it an own key) stays a key.
        Object.defineProperty(copy, key, {
          value: masked,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    return copy ?? value;
  }
  return value;
}
