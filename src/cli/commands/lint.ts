import { ENVELOPES } from '../../core/envelope.js';
import { resolveNamingPreset } from '../../core/naming-preset.js';
import { buildLintReport } from '../build-lint-report.js';
import { EXIT } from '../cli-context.js';
import type { CommandSpec } from '../command-spec.js';
import { createStyle } from '../create-style.js';
import { escapeTerminalStrings } from '../escape-terminal-strings.js';
import { formatLintReport } from '../format-lint-report.js';
import { formatTerminalJson } from '../format-terminal-json.js';
import { loadTarget } from '../load-target.js';
import { loadTokenCounter } from '../load-token-counter.js';
import {
  type CommonTargetFlags,
  PROJECT_OPTION,
  parseEnvelopeList,
  TARGET_NOTES,
  TARGET_OPTIONS,
  targetOptions,
} from '../target-options.js';

interface LintFlags extends CommonTargetFlags {
  envelopes: string[];
  strict?: boolean;
}

const DEFAULT_ENVELOPES = [
  'openai',
  'anthropic',
  'bedrock',
  'gemini',
  'vertex',
  'mcp',
  'universal',
];

/**
 * `toolwire lint [target]`: per server, its tools against every envelope, the wire name where a
 * name does not fit, schema problems, names shared across servers, and the token cost.
 * @internal
 * @example
 * ```ts
 * await runCli({ args: ['lint', 'examples/mcp.json', '--strict'] });
 * ```
 */
export const lintCommand: CommandSpec = {
  name: 'lint',
  summary: 'Report how every tool of every server fares on every provider, before a request fails.',
  positionals: [
    {
      name: 'target',
      required: false,
      description:
        'config file (Claude Desktop, Cursor, VS Code), catalog JSON, or - for stdin; default: the config files in your home (--project adds those of the working folder)',
    },
  ],
  options: [
    ...TARGET_OPTIONS,
    PROJECT_OPTION,
    {
      name: 'envelopes',
      type: 'string',
      valueName: '<ids>',
      description: 'comma-separated envelopes to check; the first one shows wire names',
      parse: parseEnvelopeList,
      default: DEFAULT_ENVELOPES,
    },
    {
      name: 'strict',
      type: 'boolean',
      description: 'exit 1 when any tool would be renamed, left out, or rejected for its schema',
    },
  ],
  notes: [
    ...TARGET_NOTES,
    'Token counts are exact o200k_base counts when the optional gpt-tokenizer package is installed (npm install gpt-tokenizer), else an estimate marked as such.',
  ],
  run: async (parsed, context) => {
    const flags = parsed.options as unknown as LintFlags;
    const loaded = await loadTarget(targetOptions(parsed.positionals[0], flags, context));
    // gpt-tokenizer is an optional peer dependency; its o200k tables load only for lint.
    const tokens = await loadTokenCounter();
    const report = buildLintReport({
      countTokens: tokens.count,
      tokensExact: tokens.exact,
      loaded,
      preset: resolveNamingPreset(flags.preset),
      envelopes: flags.envelopes.filter((id) => Object.hasOwn(ENVELOPES, id)),
    });
    if (flags.json === true) {
      context.stdout(formatTerminalJson(report));
    } else {
      const style = createStyle({
        stream: { isTTY: context.stdoutIsTTY },
        env: context.env,
        color: flags.color,
      });
      context.stdout(formatLintReport(escapeTerminalStrings(report), style, context.columns));
    }
    const { summary } = report;
    if (summary.failed > 0) context.exit(EXIT.serverFailed);
    const renamed = Object.values(summary.renamed).some((count) => count > 0);
    const rejected = summary.leftOut > 0 || summary.schemaRejected > 0;
    if (flags.strict === true && (renamed || rejected)) context.exit(EXIT.findings);
  },
};
