import { type EnvelopeInput, resolveEnvelope } from '../core/envelope.js';
import { explainEnvelopeFit } from '../core/explain-envelope-fit.js';
import { ToolwireError } from '../core/toolwire-error.js';

/** Options of {@link guardToolNames}. */
export interface GuardToolNamesOptions {
  /**
   * The envelope every tool name must fit. The default fits every provider toolwire knows; pick
   * `mcp` to allow what the MCP specification allows, or `openai` for OpenAI-only hosts.
   * @defaultValue `'universal'`
   */
  envelope?: EnvelopeInput;
}

/** The result of {@link guardToolNames}. */
export interface GuardToolNamesResult {
  /** The envelope id names are checked against. */
  envelope: string;
  /** Removes the guard; registration behaves as before. */
  release: () => void;
}

type Registrar = (name: string, ...rest: never[]) => { update?: (updates: never) => void };

/**
 * What the guard needs of an `McpServer`: its registration methods. Structural on purpose, so a
 * server from any SDK copy within the peer range type-checks (a nominal `McpServer` with private
 * fields would not match across two copies of the SDK).
 */
export interface GuardableMcpServer {
  registerTool: (...args: never[]) => unknown;
  tool: (...args: never[]) => unknown;
}

interface GuardableServer {
  registerTool: Registrar;
  tool: Registrar;
  experimental?: { tasks?: { registerToolTask?: Registrar } };
  _registeredTools?: Record<string, unknown>;
}

/**
 * Makes an `McpServer` refuse, at registration, a tool name that breaks the envelope (default
 * `universal`, which every provider accepts) or that another tool already has. It throws a
 * `ToolwireError` (`INVALID_TOOL_NAME` or `DUPLICATE_TOOL_NAME`) whose message names the tool and
 * the rule, before the SDK registers anything, so nothing is half-registered. It guards
 * `registerTool`, the deprecated `tool`, `experimental.tasks.registerToolTask`, and renames through
 * a registered tool's `update({ name })`. Tools registered before the guard are checked at once.
 *
 * The MCP SDK itself only prints a console warning for names outside the MCP rule, and nothing for
 * names that MCP allows but providers reject (`browser.fetch` fails on OpenAI); this is the check
 * the stitchkit ADR asks for at mount time.
 *
 * @example
 * ```ts
 * const server = new McpServer({ name: 'notes', version: '1.0.0' });
 * guardToolNames(server); // universal: A-Za-z0-9_-, first a letter or _, at most 64
 * server.registerTool('get_note', { inputSchema: {} }, handler); // fine
 * server.registerTool('notes.search', { inputSchema: {} }, handler);
 * // ToolwireError INVALID_TOOL_NAME: Tool "notes.search" breaks the universal envelope:
 * //   characters: "." not allowed (allowed: A-Za-z0-9_-); rename it, e.g. "notes_search".
 * ```
 */
export function guardToolNames(
  server: GuardableMcpServer,
  options: GuardToolNamesOptions = {},
): GuardToolNamesResult {
  const envelope = resolveEnvelope(options.envelope ?? 'universal');
  const target = server as unknown as GuardableServer;
  const registered = (): Record<string, unknown> => target._registeredTools ?? {};

  const check = (name: unknown, replacing?: string): void => {
    const fit = explainEnvelopeFit({ name, envelope });
    if (!fit.fits) {
      const reasons = fit.violations.map((violation) => violation.message).join('; ');
      throw new ToolwireError({
        code: 'INVALID_TOOL_NAME',
        message: `Tool "${String(name)}" breaks the ${envelope.id} envelope: ${reasons}; rename it${suggestion(name)}.`,
      });
    }
    if (name !== replacing && Object.hasOwn(registered(), name as string)) {
      throw new ToolwireError({
        code: 'DUPLICATE_TOOL_NAME',
        message: `Tool "${String(name)}" is already registered on this server; give each tool its own name.`,
      });
    }
  };

  for (const name of Object.keys(registered())) check(name, name);

  const restores: (() => void)[] = [];
  const wrap = (owner: Record<string, unknown> | undefined, method: string): void => {
    if (owner === undefined || typeof owner[method] !== 'function') return;
    const original = owner[method] as Registrar;
    const hadOwn = Object.hasOwn(owner, method);
    owner[method] = function guarded(this: unknown, name: string, ...rest: never[]) {
      check(name);
      const tool = original.call(this, name, ...rest);
      guardUpdate(tool, name);
      return tool;
    };
    restores.push(() => {
      if (hadOwn) owner[method] = original;
      else delete owner[method];
    });
  };

  const guardUpdate = (tool: ReturnType<Registrar>, initialName: string): void => {
    if (typeof tool?.update !== 'function') return;
    const update = tool.update.bind(tool);
    let current = initialName;
    tool.update = (updates: never) => {
      const next = (updates as { name?: string | null }).name;
      if (typeof next === 'string' && next !== current) check(next, current);
      update(updates);
      if (typeof next === 'string') current = next;
    };
  };

  wrap(target as unknown as Record<string, unknown>, 'registerTool');
  wrap(target as unknown as Record<string, unknown>, 'tool');
  wrap(target.experimental?.tasks as Record<string, unknown> | undefined, 'registerToolTask');

  return {
    envelope: envelope.id,
    release: () => {
      for (const restore of restores.splice(0)) restore();
    },
  };

  function suggestion(name: unknown): string {
    if (typeof name !== 'string' || name.length === 0) return '';
    let fixed = '';
    for (const character of name) {
      fixed += /^[A-Za-z0-9_-]$/.test(character) ? character : '_';
    }
    if (!/^[A-Za-z_]/.test(fixed)) fixed = `_${fixed}`;
    if (fixed.length > envelope.maxLength)
      return ` and shorten it to ${envelope.maxLength} characters or fewer`;
    return explainEnvelopeFit({ name: fixed, envelope }).fits ? `, e.g. "${fixed}"` : '';
  }
}
