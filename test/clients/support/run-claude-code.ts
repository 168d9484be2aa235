import { type ClientRun, runClient } from './run-client.js';

/** The Claude Code release the opt-in tests install. */
export const CLAUDE_CODE = '@anthropic-ai/claude-code@2.1.332';

/**
 * Runs `claude -p` once against a Messages API at `baseUrl`, with only the MCP servers of
 * `config`, the tools `allow` names pre-approved, and nothing that reaches past 127.0.0.1.
 */
export function runClaudeCode(options: {
  bin: string;
  baseUrl: string;
  home: string;
  config: string;
  prompt: string;
  allow: string[];
}): Promise<ClientRun> {
  return runClient({
    command: options.bin,
    args: [
      '-p',
      options.prompt,
      '--mcp-config',
      options.config,
      '--strict-mcp-config',
      '--allowedTools',
      options.allow.join(','),
      '--output-format',
      'json',
    ],
    home: options.home,
    env: {
      ANTHROPIC_BASE_URL: options.baseUrl,
      ANTHROPIC_API_KEY: 'sk-ant-test',
      MCP_CONNECTION_NONBLOCKING: 'false',
      MCP_CONNECT_TIMEOUT_MS: '90000',
      ENABLE_TOOL_SEARCH: 'false',
      DISABLE_TELEMETRY: '1',
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    },
  });
}
