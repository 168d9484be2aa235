import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ToolwireError } from '../../core/toolwire-error.js';
import { EXIT } from '../cli-context.js';
import type { CommandSpec } from '../command-spec.js';
import { escapeTerminalText } from '../escape-terminal-text.js';
import { formatTerminalJson } from '../format-terminal-json.js';
import { loadTarget } from '../load-target.js';
import {
  type CommonTargetFlags,
  PROJECT_OPTION,
  TARGET_NOTES,
  TARGET_OPTIONS,
  targetOptions,
} from '../target-options.js';

interface CaptureFlags extends CommonTargetFlags {
  output?: string;
}

/**
 * `toolwire capture [target] -o file`: saves `tools/list` results as catalog JSON (one server: a
 * catalog like test/fixtures/catalogs; several: `{ servers: [...] }`).
 * @internal
 * @example
 * ```ts
 * await runCli({ args: ['capture', 'examples/mcp.json', '-o', 'tools.json'] });
 * ```
 */
export const captureCommand: CommandSpec = {
  name: 'capture',
  summary: 'Save the tools/list results of servers as catalog JSON, for diff and for tests.',
  positionals: [
    {
      name: 'target',
      required: false,
      description:
        'config file, or a catalog to rewrite; default: the config files in your home (--project adds those of the working folder)',
    },
  ],
  options: [
    ...TARGET_OPTIONS,
    PROJECT_OPTION,
    {
      name: 'output',
      short: 'o',
      type: 'string',
      valueName: '<file>',
      description: 'write to this file instead of standard output',
    },
  ],
  notes: TARGET_NOTES,
  run: async (parsed, context) => {
    const flags = parsed.options as unknown as CaptureFlags;
    const loaded = await loadTarget(targetOptions(parsed.positionals[0], flags, context));
    if (loaded.catalogs.length === 0) {
      throw new ToolwireError({
        code: 'SERVER_UNAVAILABLE',
        message: `Capture of ${loaded.description}: no server listed its tools (${loaded.failures.map((failure) => `${failure.server}: ${failure.reason}`).join('; ')}); nothing was written.`,
      });
    }
    const document =
      loaded.catalogs.length === 1 && loaded.failures.length === 0
        ? loaded.catalogs[0]
        : {
            servers: loaded.catalogs,
            ...(loaded.failures.length === 0 ? {} : { failures: loaded.failures }),
          };
    const text = formatTerminalJson(document);
    if (flags.output === undefined) {
      context.stdout(text);
    } else {
      const path = resolve(context.cwd, flags.output);
      await writeFile(path, text);
      if (flags.quiet !== true) {
        const count = loaded.catalogs.reduce((total, catalog) => total + catalog.tools.length, 0);
        context.stderr(
          `wrote ${count} tools of ${loaded.catalogs.length} server(s) to ${escapeTerminalText(path)}\n`,
        );
      }
    }
    if (loaded.failures.some((failure) => failure.state === 'failed'))
      context.exit(EXIT.serverFailed);
  },
};
