import { joinToolName } from './join-tool-name.js';
import { ToolwireError } from './toolwire-error.js';

/** The ids of the naming presets toolwire ships. */
export type NamingPresetId =
  | 'toolwire'
  | 'claude-code'
  | 'openai-agents'
  | 'cecli'
  | 'agent-framework';

/**
 * How a host turns a server key and a remote tool name into the name it shows the model and
 * keeps in history (its canonical name). A preset only forms names; the wire-name map fits them
 * into an envelope afterwards, so a name that already fits reaches the provider exactly as the
 * host would have sent it.
 */
export interface NamingPreset {
  /** A short id, such as `claude-code`. */
  readonly id: NamingPresetId;
  /** What the preset does, in one line, with the host it copies. */
  readonly description: string;
  /**
   * The separator the wire-name map splits at, so that aliases keep the server part readable.
   * It is the text between the server part and the tool part of a formed name.
   */
  readonly separator: string;
  /**
   * True when the name keeps the server key and the remote name exactly, so two different tools
   * can never form the same name. Presets that substitute characters are lossy: the hub reports
   * the tools that collide instead of guessing.
   */
  readonly lossless: boolean;
  /**
   * Forms the canonical name of one tool. Throws `INVALID_SERVER_NAME` when the server key cannot
   * be used by this preset (only `toolwire` rejects keys: a key containing `__`).
   */
  readonly formatName: (server: string, tool: string) => string;
}

/** A preset, or the id of one in {@link NAMING_PRESETS}. */
export type NamingPresetInput = NamingPreset | NamingPresetId | (string & {});

const OUTSIDE_WORD = /[^A-Za-z0-9_-]/gu;
const OUTSIDE_WORD_AND_DOT = /[^A-Za-z0-9_.-]/gu;

/**
 * The naming presets, so that people who move from another host keep the names their history and
 * permission rules already use. For names that fit the provider's envelope, the names equal that
 * host's, read from that host's source.
 *
 * | id | shape | copied from |
 * |---|---|---|
 * | `toolwire` | `server__tool` | toolwire's canonical name, unchanged segments |
 * | `claude-code` | `mcp__server__tool` | Claude Code; server characters outside `A-Za-z0-9_-` become `_` |
 * | `openai-agents` | `mcp_server__tool` | OpenAI Agents SDK `include_server_in_tool_names`; each part sanitised, `_`/`-` trimmed at its ends |
 * | `cecli` | `server--tool` | cecli; characters outside `A-Za-z0-9_-` become `_` |
 * | `agent-framework` | `prefix_tool` | Microsoft Agent Framework `tool_name_prefix`; characters outside `A-Za-z0-9_.-` become `-`, separators trimmed at the join |
 *
 * Substitution works per code point (an emoji becomes one character, as in the Python and Go
 * references), and no preset truncates: over-long names are the wire-name map's job, which keeps
 * dispatch intact where truncating hosts lose it.
 *
 * @example
 * ```ts
 * NAMING_PRESETS['claude-code'].formatName('github', 'create_issue'); // 'mcp__github__create_issue'
 * NAMING_PRESETS['agent-framework'].formatName('github__', '__search'); // 'github_search'
 * ```
 */
export const NAMING_PRESETS: Readonly<Record<NamingPresetId, NamingPreset>> = Object.freeze({
  toolwire: Object.freeze({
    id: 'toolwire',
    description: 'server__tool: toolwire canonical names, both segments kept as they are.',
    separator: '__',
    lossless: true,
    formatName: (server: string, tool: string): string => joinToolName(server, tool),
  }),
  'claude-code': Object.freeze({
    id: 'claude-code',
    description:
      'mcp__server__tool, as Claude Code names MCP tools; server characters outside A-Za-z0-9_- become _.',
    separator: '__',
    lossless: false,
    formatName: (server: string, tool: string): string =>
      `mcp__${server.replace(OUTSIDE_WORD, '_')}__${tool}`,
  }),
  'openai-agents': Object.freeze({
    id: 'openai-agents',
    description:
      'mcp_server__tool, as the OpenAI Agents SDK does with include_server_in_tool_names; each part sanitised to A-Za-z0-9_- and trimmed of _ and - at its ends.',
    separator: '__',
    lossless: false,
    formatName: (server: string, tool: string): string =>
      `mcp_${agentsPart(server, 'server')}__${agentsPart(tool, 'tool')}`,
  }),
  cecli: Object.freeze({
    id: 'cecli',
    description: 'server--tool, as cecli does; characters outside A-Za-z0-9_- become _.',
    separator: '--',
    lossless: false,
    formatName: (server: string, tool: string): string =>
      `${server}--${tool}`.replace(OUTSIDE_WORD, '_'),
  }),
  'agent-framework': Object.freeze({
    id: 'agent-framework',
    description:
      'prefix_tool, as Microsoft Agent Framework does with tool_name_prefix (the server key); characters outside A-Za-z0-9_.- become -, separators trimmed at the join.',
    separator: '_',
    lossless: false,
    formatName: (server: string, tool: string): string => agentFrameworkName(server, tool),
  }),
});

/**
 * Turns a preset or a preset id into a preset.
 *
 * @example
 * ```ts
 * resolveNamingPreset('cecli').formatName('browser', 'browser.fetch'); // 'browser--browser_fetch'
 * ```
 */
export function resolveNamingPreset(preset: NamingPresetInput | undefined): NamingPreset {
  if (preset === undefined) return NAMING_PRESETS.toolwire;
  if (typeof preset === 'string') {
    if (Object.hasOwn(NAMING_PRESETS, preset)) return NAMING_PRESETS[preset as NamingPresetId];
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message: `Naming preset "${preset}" is not known; use one of ${Object.keys(NAMING_PRESETS).join(', ')}, or pass a preset object.`,
    });
  }
  if (typeof preset !== 'object' || preset === null || typeof preset.formatName !== 'function') {
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message: 'Naming preset must be a preset id or an object with id, separator and formatName.',
    });
  }
  return preset;
}

function agentsPart(part: string, fallback: string): string {
  const sanitised = trimCharacters(part.replace(OUTSIDE_WORD, '_'), '_-', true, true);
  return sanitised.length > 0 ? sanitised : fallback;
}

function agentFrameworkName(server: string, tool: string): string {
  const name = tool.replace(OUTSIDE_WORD_AND_DOT, '-');
  const prefix = trimCharacters(server.replace(OUTSIDE_WORD_AND_DOT, '-'), '_.-', false, true);
  if (prefix.length === 0) return name;
  const rest = trimCharacters(name, '_.-', true, false);
  return rest.length === 0 ? prefix : `${prefix}_${rest}`;
}

// A linear scan rather than a regex, so that long runs of separators cost no backtracking.
function trimCharacters(text: string, characters: string, start: boolean, end: boolean): string {
  let from = 0;
  let to = text.length;
  if (start) while (from < to && characters.includes(text.charAt(from))) from++;
  if (end) while (to > from && characters.includes(text.charAt(to - 1))) to--;
  return text.slice(from, to);
}
