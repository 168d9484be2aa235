import type { LintReport, LintServer } from './build-lint-report.js';
import type { Style } from './create-style.js';
import { displayWidth, padToWidth } from './display-width.js';
import { truncateMiddle } from './truncate-middle.js';

const SHORT: Record<string, string> = {
  openai: 'openai',
  anthropic: 'anthropic',
  bedrock: 'bedrock',
  gemini: 'gemini',
  vertex: 'vertex',
  mcp: 'mcp',
  universal: 'universal',
};

/**
 * The lint report as text: one block per server (a table of tools against envelopes, the wire
 * name under the first envelope where it differs, schema problems), then names shared across
 * servers, warnings and a summary line.
 * @internal
 * @example
 * ```ts
 * process.stdout.write(formatLintReport(report, createStyle({ stream: process.stdout, env: process.env })));
 * ```
 */
export function formatLintReport(
  report: LintReport,
  style: Style,
  /** The terminal's width: tool and wire names are shortened in the middle to fit it. */
  columns?: number,
): string {
  const lines: string[] = [];
  const tokens = report.tokensExact
    ? "o200k_base tokens of each server's tools as an OpenAI tools array"
    : "estimated tokens (~) of each server's tools as an OpenAI tools array; npm install gpt-tokenizer for exact o200k_base counts";
  lines.push(
    `${style.bold('toolwire lint')} ${report.target} ${style.dim(`(preset ${report.preset}; ${tokens})`)}`,
  );
  for (const server of report.servers) {
    lines.push('');
    lines.push(...formatServer(server, report, style, columns));
  }
  if (report.sharedNames.length > 0) {
    lines.push('');
    lines.push(
      style.bold('Tool names offered by more than one server') +
        style.dim(' (kept apart by their canonical names):'),
    );
    for (const shared of report.sharedNames) {
      lines.push(`  ${shared.tool}: ${shared.servers.join(', ')}`);
    }
  }
  if (report.warnings.length > 0) {
    lines.push('');
    lines.push(style.bold('Warnings:'));
    for (const warning of report.warnings) lines.push(`  ${style.yellow(warning)}`);
  }
  const { summary } = report;
  const renamed = report.envelopes
    .map((envelope) => `${envelope} ${summary.renamed[envelope] ?? 0}`)
    .join(', ');
  lines.push('');
  lines.push(
    `${style.bold('Summary:')} ${summary.servers} server${summary.servers === 1 ? '' : 's'} (${summary.ready} ready${summary.failed > 0 ? `, ${style.red(`${summary.failed} failed`)}` : ''}${summary.disabled > 0 ? `, ${summary.disabled} disabled` : ''}), ${summary.tools} tools, ${tokenCount(summary.tokens, report)}${report.tokensExact ? '' : ' (estimate; npm install gpt-tokenizer for exact counts)'}.`,
  );
  lines.push(`  Sent under another name: ${renamed}.`);
  if (summary.schemaLossy > 0) {
    lines.push(
      `  Schemas sent with a lossy rewrite: ${summary.schemaLossy} (tool, provider) pairs.`,
    );
  }
  if (summary.leftOut > 0 || summary.schemaRejected > 0) {
    lines.push(
      `  ${style.red(`${summary.leftOut} left out (name taken), ${summary.schemaRejected} (tool, provider) schemas rejected.`)}`,
    );
  }
  const fitted = columns === undefined ? lines : lines.flatMap((line) => wrapLine(line, columns));
  return `${fitted.join('\n')}\n`;
}

// Our own colour codes are the only escape sequences left in a line (everything from servers is
// escaped before formatting), so the visible width is the length without them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: our own SGR colour codes.
const COLOUR = /\u001b\[[0-9;]*m/g;

// Prose lines (messages, schema notes) wrap at spaces, continued two columns further in; a single
// word longer than the line stays whole.
function wrapLine(line: string, columns: number): string[] {
  if (displayWidth(line.replace(COLOUR, '')) <= columns) return [line];
  const indent = ' '.repeat(
    Math.min(Math.floor(columns / 2), (/^ */.exec(line)?.[0].length ?? 0) + 2),
  );
  const lead = /^ */.exec(line)?.[0] ?? '';
  const [first = '', ...rest] = line.slice(lead.length).split(' ');
  const wrapped: string[] = [];
  let current = lead + first;
  let visible = displayWidth(current.replace(COLOUR, ''));
  for (const word of rest) {
    const length = displayWidth(word.replace(COLOUR, ''));
    if (visible + 1 + length > columns) {
      wrapped.push(current);
      current = indent + word;
      visible = indent.length + length;
    } else {
      current = `${current} ${word}`;
      visible += 1 + length;
    }
  }
  wrapped.push(current);
  return wrapped;
}

function formatServer(
  server: LintServer,
  report: LintReport,
  style: Style,
  columns: number | undefined,
): string[] {
  const lines: string[] = [];
  if (server.state !== 'ready') {
    const label = server.state === 'failed' ? style.red('FAILED') : style.dim('disabled');
    lines.push(`${style.bold(server.server)}  ${label}`);
    if (server.reason !== undefined && server.reason !== '') lines.push(`  ${server.reason}`);
    const stderr = server.stderr ?? [];
    if (stderr.length > 1) {
      lines.push(style.dim('  stderr:'));
      for (const line of stderr.slice(-5)) lines.push(style.dim(`    ${line}`));
    }
    return lines;
  }
  const info =
    server.serverInfo === undefined
      ? ''
      : ` · ${server.serverInfo.name} ${server.serverInfo.version}`;
  lines.push(
    `${style.bold(server.server)}  ${style.green('ready')}${info} · ${server.tools.length} tools · ${tokenCount(server.tokens, report)}`,
  );
  const first = report.envelopes[0];
  for (const problem of server.keyProblems) {
    lines.push(
      `  ${style.yellow(`server key under ${first}: ${problem}`)}${style.dim(' (every tool of this server is renamed)')}`,
    );
  }
  if (server.tools.length === 0) return lines;
  let longest = 4;
  for (const tool of server.tools) longest = Math.max(longest, displayWidth(tool.tool));
  let width = Math.min(40, longest);
  const heads = report.envelopes.map((envelope) => SHORT[envelope] ?? envelope);
  // "  tool  cells  wire": on a terminal, the tool and wire columns share what the cells leave.
  const cellsWidth = heads.reduce((total, head) => total + Math.max(head.length, 5) + 1, 0);
  let wireWidth = Number.POSITIVE_INFINITY;
  let wireHead = `  wire name (${first})`;
  if (columns !== undefined) {
    const room = Math.max(16, columns - 6 - cellsWidth);
    const needsWire = server.tools.some(
      (tool) => first !== undefined && tool.envelopes[first]?.status !== 'ok',
    );
    width = Math.max(4, Math.min(longest, needsWire ? Math.floor(room * 0.4) : room));
    if (!needsWire) wireHead = '';
    wireWidth = Math.max(8, room - width);
  }
  lines.push(
    style.dim(
      `  ${padToWidth('tool', width)}  ${heads.map((head) => padToWidth(head, Math.max(head.length, 5))).join(' ')}${wireHead}`,
    ),
  );
  for (const tool of server.tools) {
    const cells = report.envelopes.map((envelope, index) => {
      const fit = tool.envelopes[envelope];
      const head = heads[index] as string;
      const text = padToWidth(fit?.status ?? '?', Math.max(head.length, 5));
      if (fit?.status === 'ok') return style.green(text);
      return fit?.status === 'fixed' ? style.yellow(text) : style.magenta(text);
    });
    const firstFit = first === undefined ? undefined : tool.envelopes[first];
    const wire =
      firstFit === undefined || firstFit.status === 'ok'
        ? ''
        : truncateMiddle(firstFit.wire, wireWidth);
    const name = padToWidth(truncateMiddle(tool.tool, width), width);
    lines.push(`  ${name}  ${cells.join(' ')}  ${wire}`.trimEnd());
    if (tool.collidesWith !== undefined) {
      lines.push(
        `    ${style.red(`left out: "${tool.canonical}" is already the name of ${tool.collidesWith.tool} (${tool.collidesWith.server})`)}`,
      );
    }
    const rejected = tool.schema.filter((note) => note.severity === 'rejected');
    for (const note of rejected) {
      lines.push(`    ${style.red(`schema rejected by ${note.target}: ${note.message}`)}`);
    }
    const lossyTargets = [
      ...new Set(
        tool.schema.filter((note) => note.severity === 'lossy').map((note) => note.target),
      ),
    ];
    for (const target of lossyTargets) {
      const notes = tool.schema.filter(
        (note) => note.severity === 'lossy' && note.target === target,
      );
      const first = notes[0] as (typeof notes)[number];
      const more = notes.length > 1 ? ` (+${notes.length - 1} more)` : '';
      lines.push(style.dim(`    schema ${target}: ${first.path} ${first.message}${more}`));
    }
  }
  return lines;
}

function tokenCount(count: number, report: LintReport): string {
  return `${report.tokensExact ? '' : '~'}${count.toLocaleString('en-US')} tokens`;
}
