import type { Envelope } from '../core/envelope.js';
import type { SchemaTarget } from '../core/schema/schema-target.js';
import { ToolwireError } from '../core/toolwire-error.js';

/** The ids of the client profiles toolwire ships. */
export type ClientProfileId =
  | 'claude-code'
  | 'claude-desktop'
  | 'cursor'
  | 'vscode'
  | 'gemini-cli'
  | 'codex'
  | 'openai-agents'
  | 'generic';

/**
 * What one MCP client does to the names of the tools a server offers before its model sees them,
 * and the schema rules of the model behind it, as plain data.
 */
export interface ClientProfile {
  /** A short id, such as `claude-code`. */
  readonly id: string;
  /** The client's name, for messages and `--print-config`. */
  readonly title: string;
  /**
   * What the client puts in front of every tool name, with `{key}` standing for the key under
   * which the proxy is registered in the client's configuration (`--as`). Empty when nothing.
   */
  readonly prefix: string;
  /** Characters of the key that the client keeps in the prefix (a class body); others become `_`. */
  readonly keyCharacters: string;
  /** Characters that reach the model unchanged (a class body over ASCII); the client rewrites others. */
  readonly survivingCharacters: string;
  /** The longest name the client sends to its model unchanged, prefix included. */
  readonly maxNameLength: number;
  /** The longest tool part, when the client limits it apart from the whole name. */
  readonly maxToolLength?: number;
  /** The most tools the client offers its model, or `null` when it has no known limit. */
  readonly toolLimit: number | null;
  /** The schema rules of the model behind the client. */
  readonly schemaTarget: SchemaTarget;
  /** Gemini only: the `FunctionDeclaration` field the client fills. */
  readonly geminiField?: 'parameters' | 'parametersJsonSchema';
  /** Which configuration snippet `--print-config` prints. */
  readonly configStyle: 'mcpServers' | 'vscode' | 'codex' | 'openai-agents';
  /** Where the rules come from. */
  readonly source: string;
}

/** A client profile, or the id of one in {@link CLIENT_PROFILES}. */
export type ClientProfileInput = ClientProfile | ClientProfileId | (string & {});

const WORD = 'A-Za-z0-9_-';

/**
 * The client profiles toolwire knows, measured against the clients themselves where they can be
 * scripted (Claude Code, Gemini CLI, Codex) and taken from their trackers otherwise.
 *
 * @example
 * ```ts
 * CLIENT_PROFILES['gemini-cli'].maxNameLength; // 63
 * clientNameBudget(CLIENT_PROFILES['claude-code'], 'toolwire'); // 50: 64 minus "mcp__toolwire__"
 * ```
 */
export const CLIENT_PROFILES: Readonly<Record<ClientProfileId, ClientProfile>> = Object.freeze({
  'claude-code': Object.freeze({
    id: 'claude-code',
    title: 'Claude Code',
    prefix: 'mcp__{key}__',
    keyCharacters: WORD,
    survivingCharacters: WORD,
    // 128 is where Claude Code drops a tool; with tool search on (its default), deferred tools are
    // referenced through Anthropic's `tool_reference`, which allows 64.
    maxNameLength: 64,
    toolLimit: null,
    schemaTarget: 'anthropic',
    configStyle: 'mcpServers',
    source:
      'Measured: `mcp__<key>__<tool>`, every UTF-16 unit outside [A-Za-z0-9_-] becomes `_`, tools past 128 dropped; tool_reference allows 64 (claude-code #19882, #22276).',
  }),
  'claude-desktop': Object.freeze({
    id: 'claude-desktop',
    title: 'Claude Desktop',
    prefix: 'mcp__{key}__',
    keyCharacters: WORD,
    survivingCharacters: WORD,
    maxNameLength: 64,
    toolLimit: null,
    schemaTarget: 'anthropic',
    configStyle: 'mcpServers',
    source:
      'Names must match ^[a-zA-Z0-9_-]{1,64}$ (docker/mcp-gateway #228); the prefix is assumed to be the one Claude Code adds.',
  }),
  cursor: Object.freeze({
    id: 'cursor',
    title: 'Cursor',
    prefix: '{key}',
    keyCharacters: WORD,
    survivingCharacters: WORD,
    maxNameLength: 60,
    toolLimit: 40,
    schemaTarget: 'openai',
    configStyle: 'mcpServers',
    source:
      'Server and tool together at most 60 characters, longer tools filtered out (Composio #2788, awslabs/mcp #1283); about 40 tools reported.',
  }),
  vscode: Object.freeze({
    id: 'vscode',
    title: 'VS Code',
    prefix: 'mcp_{key}_',
    keyCharacters: WORD,
    survivingCharacters: WORD,
    maxNameLength: 64,
    toolLimit: 128,
    schemaTarget: 'openai',
    configStyle: 'vscode',
    source:
      '`mcp_<prefix>_<tool>`, 64 characters (microsoft/vscode #243602); 128 tools per request.',
  }),
  'gemini-cli': Object.freeze({
    id: 'gemini-cli',
    title: 'Gemini CLI',
    prefix: 'mcp_{key}_',
    keyCharacters: 'A-Za-z0-9_.:-',
    survivingCharacters: 'A-Za-z0-9_.:-',
    maxNameLength: 63,
    toolLimit: null,
    schemaTarget: 'gemini',
    geminiField: 'parametersJsonSchema',
    configStyle: 'mcpServers',
    source:
      'Measured: `mcp_<key>_<tool>`, every UTF-16 unit outside [A-Za-z0-9_.:-] becomes `_`, names past 63 cut to first 30 + "..." + last 30.',
  }),
  codex: Object.freeze({
    id: 'codex',
    title: 'Codex CLI',
    prefix: 'mcp__{key}__',
    keyCharacters: 'A-Za-z0-9_',
    survivingCharacters: 'A-Za-z0-9_',
    maxNameLength: 128,
    // Tools are functions of a Responses API namespace, named after the tool: OpenAI's 64 apply.
    maxToolLength: 64,
    toolLimit: 128,
    schemaTarget: 'openai',
    configStyle: 'codex',
    source:
      'Measured: namespace `mcp__<key>` of functions named after the tools, every character outside [A-Za-z0-9_] becomes `_`, past 128 for `mcp__<key>__<tool>` cut and hashed; OpenAI allows 64 per function and 128 tools.',
  }),
  'openai-agents': Object.freeze({
    id: 'openai-agents',
    title: 'OpenAI Agents SDK',
    prefix: '',
    keyCharacters: WORD,
    survivingCharacters: WORD,
    maxNameLength: 64,
    toolLimit: 128,
    schemaTarget: 'openai',
    configStyle: 'openai-agents',
    source:
      'Tool names go to the OpenAI API as they are: ^[a-zA-Z0-9_-]{1,64}$, 128 tools per request.',
  }),
  generic: Object.freeze({
    id: 'generic',
    title: 'any MCP client',
    prefix: '',
    keyCharacters: 'A-Za-z0-9_.-',
    survivingCharacters: 'A-Za-z0-9_.-',
    maxNameLength: 128,
    toolLimit: null,
    schemaTarget: 'mcp',
    configStyle: 'mcpServers',
    source: 'MCP specification 2025-11-25 `Tool.name` SHOULD: [A-Za-z0-9_.-], 1-128 characters.',
  }),
});

/**
 * Turns a profile or a profile id into a profile.
 *
 * @example
 * ```ts
 * resolveClientProfile('codex').survivingCharacters; // 'A-Za-z0-9_'
 * ```
 */
export function resolveClientProfile(profile: ClientProfileInput): ClientProfile {
  if (typeof profile === 'string') {
    if (Object.hasOwn(CLIENT_PROFILES, profile)) return CLIENT_PROFILES[profile as ClientProfileId];
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message: `Client "${profile}" is not known; use one of ${Object.keys(CLIENT_PROFILES).join(', ')}.`,
    });
  }
  if (typeof profile !== 'object' || profile === null || typeof profile.id !== 'string') {
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message:
        'Client profile must be a profile id or an object shaped like CLIENT_PROFILES.generic.',
    });
  }
  return profile;
}

/**
 * The prefix the client puts in front of every tool of the proxy registered under `key`.
 *
 * @example
 * ```ts
 * clientNamePrefix(CLIENT_PROFILES['claude-code'], 'my.tools'); // 'mcp__my_tools__'
 * ```
 */
export function clientNamePrefix(profile: ClientProfile, key: string): string {
  const outside = new RegExp(`[^${profile.keyCharacters}]`, 'g');
  return profile.prefix.replaceAll('{key}', key.normalize('NFKC').replace(outside, '_'));
}

/**
 * How many characters a tool name may have under this profile when the proxy is registered as
 * `key`: what is left after the client's prefix, within the client's own tool-part limit.
 *
 * @example
 * ```ts
 * clientNameBudget(CLIENT_PROFILES['gemini-cli'], 'toolwire'); // 50: 63 minus "mcp_toolwire_"
 * ```
 */
export function clientNameBudget(profile: ClientProfile, key: string): number {
  const left = profile.maxNameLength - clientNamePrefix(profile, key).length;
  return Math.min(left, profile.maxToolLength ?? left);
}

/**
 * The name envelope of the tools the proxy lists to this client: the characters that survive the
 * client and the length its prefix leaves. Throws `INVALID_OPTION` when the key leaves too
 * little room for a name.
 *
 * @example
 * ```ts
 * createToolWireMap(names, { envelope: clientEnvelope(resolveClientProfile('cursor'), 'tools') });
 * ```
 */
export function clientEnvelope(profile: ClientProfile, key: string): Envelope {
  const budget = clientNameBudget(profile, key);
  if (budget < 16) {
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message: `Key "${key}" leaves ${budget} characters for tool names in ${profile.title} (at most ${profile.maxNameLength} with "${clientNamePrefix(profile, key)}" in front); register the proxy under a shorter key (--as).`,
    });
  }
  return {
    id: `${profile.id}:${key}`,
    maxLength: budget,
    allowedCharacters: profile.survivingCharacters,
    firstCharacters: null,
    source: `${profile.title} with the proxy registered as "${key}": ${profile.source}`,
  };
}
