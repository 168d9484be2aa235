import { type Command, Option } from 'commander';
import { ENVELOPES } from '../../core/envelope.js';
import { resolveNamingPreset } from '../../core/naming-preset.js';
import { buildLintReport } from '../build-lint-report.js';
import { type CliContext, EXIT } from '../cli-context.js';
import { createStyle } from '../create-style.js';
import { formatLintReport } from '../format-lint-report.js';
import { loadTarget } from '../load-target.js';
import {
  addTargetOptions,
  type CommonTargetFlags,
  parseEnvelopeList,
  targetOptions,
} from '../target-options.js';

interface LintFlags extends CommonTargetFlags {
  envelopes: string[];
  strict?: boolean;
}

/**
 * `toolwire lint [target]`: per server, its tools against every envelope, the wire name where a
 * name does not fit, schema problems, names shared across servers, and the token cost.
 * @internal
 * @example
 * ```ts
 * registerLintCommand(program, context); // toolwire lint examples/mcp.json --strict
 * ```
 */
export function registerLintCommand(program: Command, context: CliContext): void {
  addTargetOptions(
    program
      .command('lint')
      .argument(
        '[target]',
        'config file (Claude Desktop, Cursor, VS Code), catalog JSON, or - for stdin; default: the usual config files',
      )
      .description(
        'Report how every tool of every server fares on every provider, before a request fails.',
      )
      .addOption(
        new Option(
          '--envelopes <ids>',
          'comma-separated envelopes to check; the first one shows wire names',
        )
          .argParser(parseEnvelopeList)
          .default(
            ['openai', 'anthropic', 'bedrock', 'gemini', 'vertex', 'mcp', 'universal'],
            'openai,anthropic,bedrock,gemini,vertex,mcp,universal',
          ),
      )
      .option(
        '--strict',
        'exit 1 when any tool would be renamed, left out, or rejected for its schema',
      ),
  ).action(async (target: string | undefined, flags: LintFlags) => {
    const loaded = await loadTarget(targetOptions(target, flags, context));
    // The o200k tables take a moment to load; only lint needs them.
    const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
    const report = buildLintReport({
      countTokens,
      loaded,
      preset: resolveNamingPreset(flags.preset),
      envelopes: flags.envelopes.filter((id) => Object.hasOwn(ENVELOPES, id)),
    });
    if (flags.json === true) {
      context.stdout(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      const style = createStyle({
        stream: { isTTY: context.stdoutIsTTY },
        env: context.env,
        color: flags.color,
      });
      context.stdout(formatLintReport(report, style));
    }
    const { summary } = report;
    if (summary.failed > 0) context.exit(EXIT.serverFailed);
    const renamed = Object.values(summary.renamed).some((count) => count > 0);
    const rejected = summary.leftOut > 0 || summary.schemaRejected > 0;
    if (flags.strict === true && (renamed || rejected)) context.exit(EXIT.findings);
  });
}
