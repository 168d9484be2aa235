import { createToolWireMap } from '../../core/create-tool-wire-map.js';
import { type NamingPreset, resolveNamingPreset } from '../../core/naming-preset.js';
import { EXIT } from '../cli-context.js';
import type { CommandSpec } from '../command-spec.js';
import { createStyle } from '../create-style.js';
import { escapeTerminalStrings } from '../escape-terminal-strings.js';
import { formatTerminalJson } from '../format-terminal-json.js';
import { type LoadedTarget, loadTarget } from '../load-target.js';
import {
  type CommonTargetFlags,
  parseEnvelopeList,
  TARGET_NOTES,
  TARGET_OPTIONS,
  targetOptions,
} from '../target-options.js';

interface DiffFlags extends CommonTargetFlags {
  envelopes: string[];
}

/** A name on one side of a diff. */
export interface DiffName {
  canonical: string;
  wire: string;
}

/** The differences under one envelope. */
export interface EnvelopeDiff {
  envelope: string;
  added: DiffName[];
  removed: DiffName[];
  /**
   * Names that changed: `wire` when the same tool is sent under another wire name (its aliases moved),
   * `tool` when a server renamed a tool (same server, same description and schema, another name).
   */
  renamed: { why: 'wire' | 'tool'; before: DiffName; after: DiffName }[];
}

/** `toolwire diff --json`. */
export interface DiffReport {
  before: string;
  after: string;
  preset: string;
  envelopes: EnvelopeDiff[];
  /** True when any envelope has a difference. */
  changed: boolean;
}

/**
 * `toolwire diff <before> <after>`: added, removed and renamed wire names between two catalogs or
 * captures (or configs), per envelope: the migration aid for renamed tools.
 * @internal
 * @example
 * ```ts
 * await runCli({ args: ['diff', 'before.json', 'after.json'] });
 * ```
 */
export const diffCommand: CommandSpec = {
  name: 'diff',
  summary: 'Show added, removed and renamed wire names between two tool sets, per envelope.',
  positionals: [
    { name: 'before', required: true, description: 'catalog, capture or config before the change' },
    { name: 'after', required: true, description: 'catalog, capture or config after the change' },
  ],
  options: [
    ...TARGET_OPTIONS,
    {
      name: 'envelopes',
      type: 'string',
      valueName: '<ids>',
      description: 'comma-separated envelopes',
      parse: parseEnvelopeList,
      default: ['openai', 'anthropic', 'gemini'],
    },
  ],
  notes: TARGET_NOTES,
  run: async (parsed, context) => {
    const flags = parsed.options as unknown as DiffFlags;
    const left = await loadTarget({
      ...targetOptions(parsed.positionals[0], flags, context),
      command: undefined,
      url: undefined,
    });
    const right = await loadTarget({
      ...targetOptions(parsed.positionals[1], flags, context),
      command: undefined,
      url: undefined,
    });
    const preset = resolveNamingPreset(flags.preset);
    const report: DiffReport = {
      before: left.description,
      after: right.description,
      preset: preset.id,
      envelopes: flags.envelopes.map((envelope) => diffEnvelope(left, right, preset, envelope)),
      changed: false,
    };
    report.changed = report.envelopes.some(
      (entry) => entry.added.length + entry.removed.length + entry.renamed.length > 0,
    );
    if (flags.json === true) {
      context.stdout(formatTerminalJson(report));
    } else {
      const style = createStyle({
        stream: { isTTY: context.stdoutIsTTY },
        env: context.env,
        color: flags.color,
      });
      const shown = escapeTerminalStrings(report);
      const lines = [
        `${style.bold('toolwire diff')} ${shown.before} -> ${shown.after} ${style.dim(`(preset ${shown.preset})`)}`,
      ];
      for (const entry of shown.envelopes) {
        lines.push('');
        lines.push(
          style.bold(
            `${entry.envelope}: ${entry.added.length} added, ${entry.removed.length} removed, ${entry.renamed.length} renamed`,
          ),
        );
        for (const name of entry.added)
          lines.push(
            style.green(
              `  + ${name.wire}${name.wire === name.canonical ? '' : `  (${name.canonical})`}`,
            ),
          );
        for (const name of entry.removed)
          lines.push(
            style.red(
              `  - ${name.wire}${name.wire === name.canonical ? '' : `  (${name.canonical})`}`,
            ),
          );
        for (const change of entry.renamed) {
          const why =
            change.why === 'tool'
              ? 'the server renamed the tool (same description and schema)'
              : 'same tool, new wire name';
          lines.push(style.yellow(`  ~ ${change.before.wire} -> ${change.after.wire}  (${why})`));
        }
      }
      context.stdout(`${lines.join('\n')}\n`);
    }
    const failed = [...left.failures, ...right.failures].some(
      (failure) => failure.state === 'failed',
    );
    if (failed) context.exit(EXIT.serverFailed);
    if (report.changed) context.exit(EXIT.findings);
  },
};

interface Side {
  canonical: string;
  server: string;
  fingerprint: string;
}

function sides(loaded: LoadedTarget, preset: NamingPreset): Map<string, Side> {
  const result = new Map<string, Side>();
  for (const catalog of loaded.catalogs) {
    for (const tool of catalog.tools) {
      const canonical = preset.formatName(catalog.server, tool.name);
      if (result.has(canonical)) continue;
      result.set(canonical, {
        canonical,
        server: catalog.server,
        fingerprint: JSON.stringify([tool.description ?? null, tool.inputSchema ?? null]),
      });
    }
  }
  return result;
}

function diffEnvelope(
  left: LoadedTarget,
  right: LoadedTarget,
  preset: NamingPreset,
  envelope: string,
): EnvelopeDiff {
  const before = sides(left, preset);
  const after = sides(right, preset);
  const beforeMap = createToolWireMap(before.keys(), { envelope, separator: preset.separator });
  const afterMap = createToolWireMap(after.keys(), { envelope, separator: preset.separator });
  const name = (map: typeof beforeMap, canonical: string): DiffName => ({
    canonical,
    wire: map.toWire(canonical),
  });
  const renamed: EnvelopeDiff['renamed'] = [];
  for (const canonical of before.keys()) {
    if (!after.has(canonical)) continue;
    const was = beforeMap.toWire(canonical);
    const is = afterMap.toWire(canonical);
    if (was !== is)
      renamed.push({
        why: 'wire',
        before: { canonical, wire: was },
        after: { canonical, wire: is },
      });
  }
  const gone = [...before.values()].filter((side) => !after.has(side.canonical));
  const fresh = [...after.values()].filter((side) => !before.has(side.canonical));
  // A removed and an added tool of one server with the same description and schema is a rename,
  // when the pairing is unambiguous.
  const paired = new Set<string>();
  for (const old of gone) {
    const matches = fresh.filter(
      (side) => side.server === old.server && side.fingerprint === old.fingerprint,
    );
    const reverse = gone.filter(
      (side) => side.server === old.server && side.fingerprint === old.fingerprint,
    );
    const match = matches[0];
    if (matches.length === 1 && reverse.length === 1 && match !== undefined) {
      paired.add(old.canonical).add(match.canonical);
      renamed.push({
        why: 'tool',
        before: name(beforeMap, old.canonical),
        after: name(afterMap, match.canonical),
      });
    }
  }
  const order = (a: DiffName, b: DiffName): number =>
    a.canonical < b.canonical ? -1 : a.canonical > b.canonical ? 1 : 0;
  return {
    envelope,
    added: fresh
      .filter((side) => !paired.has(side.canonical))
      .map((side) => name(afterMap, side.canonical))
      .sort(order),
    removed: gone
      .filter((side) => !paired.has(side.canonical))
      .map((side) => name(beforeMap, side.canonical))
      .sort(order),
    renamed: renamed.sort((a, b) => order(a.before, b.before)),
  };
}
