import { createToolWireMap } from './create-tool-wire-map.js';
import { ENVELOPES, type EnvelopeInput, resolveEnvelope } from './envelope.js';
import { type EnvelopeViolation, explainEnvelopeFit } from './explain-envelope-fit.js';
import { DEFAULT_SEPARATOR, joinToolName } from './join-tool-name.js';

/** A tool as {@link checkToolNames} reads it: a name, or anything with a `name` (an MCP `Tool`). */
export type ToolNameInput = string | { readonly name?: unknown };

/** Options of {@link checkToolNames}. */
export interface CheckToolNamesOptions {
  /** The tools, in the order the server lists them. */
  tools: readonly ToolNameInput[];
  /**
   * The envelopes to check against.
   * @defaultValue every envelope in `ENVELOPES`
   */
  envelopes?: readonly EnvelopeInput[];
  /**
   * A server key. When given, the suggested wire names are those a host sends for
   * `<server><separator><tool>`; otherwise they are for the bare tool names, as a server author
   * would rename them.
   */
  server?: string;
  /** The separator between server and tool. @defaultValue `'__'` */
  separator?: string;
}

/** How one tool name fares in one envelope. */
export interface ToolNameEnvelopeCheck {
  /** The envelope's id. */
  envelope: string;
  /** True when the name (or the canonical name, with `server`) fits as it is. */
  fits: boolean;
  /** Why it does not fit; empty when it does. */
  violations: EnvelopeViolation[];
  /** The wire name a host would send: the name itself when it fits, else its alias. */
  wire: string | undefined;
}

/** How one tool fares. */
export interface ToolNameCheck {
  /** The position of the tool in `tools`. */
  index: number;
  /** The name as given (it may not be a string). */
  name: unknown;
  /** The name that was checked: the tool name, or the canonical name when `server` was given. */
  checked: string | undefined;
  /** True when the name fits every envelope checked and is not a duplicate. */
  ok: boolean;
  /** One entry per envelope, in the order asked for. */
  envelopes: ToolNameEnvelopeCheck[];
  /** The positions of the other tools with the same name; empty when the name is unique. */
  duplicates: number[];
}

/** The result of {@link checkToolNames}. */
export interface CheckToolNamesResult {
  /** True when every name fits every envelope and no name repeats. */
  ok: boolean;
  /** The envelope ids checked. */
  envelopes: string[];
  /** One entry per tool, in input order. */
  tools: ToolNameCheck[];
  /** Names given to more than one tool, with their positions. */
  duplicates: { name: string; indexes: number[] }[];
  /** Per envelope, how many names fit and how many do not. */
  summary: { envelope: string; fit: number; misfit: number }[];
}

/**
 * A report on a server's tool names against every provider envelope, for server authors and CI.
 * It never throws for bad names: per tool and per envelope it says whether the name fits, why not,
 * and the wire name a host would send instead; and it lists duplicates. (A malformed envelope is
 * still an `INVALID_ENVELOPE` error: that is a bug in the caller, not in the names.)
 *
 * @example
 * ```ts
 * const report = checkToolNames({ tools: ['search', 'browser.fetch'], envelopes: ['openai', 'gemini'] });
 * report.ok; // false
 * report.tools[1].envelopes[0];
 * // { envelope: 'openai', fits: false, wire: 'browser_fetch',
 * //   violations: [{ rule: 'characters', characters: ['.'], message: 'characters: "." not allowed (allowed: A-Za-z0-9_-)' }] }
 * report.tools[1].envelopes[1].fits; // true: Gemini allows dots
 * ```
 */
export function checkToolNames(options: CheckToolNamesOptions): CheckToolNamesResult {
  const envelopes = (options.envelopes ?? Object.keys(ENVELOPES)).map((envelope) =>
    resolveEnvelope(envelope),
  );
  const separator = options.separator ?? DEFAULT_SEPARATOR;
  const names = options.tools.map((tool) =>
    typeof tool === 'string' ? tool : typeof tool === 'object' && tool !== null ? tool.name : tool,
  );
  const checked = names.map((name) => {
    if (typeof name !== 'string') return undefined;
    if (options.server === undefined) return name;
    try {
      return joinToolName(options.server, name, { separator });
    } catch {
      return undefined;
    }
  });
  const positions = new Map<string, number[]>();
  names.forEach((name, index) => {
    if (typeof name !== 'string') return;
    const list = positions.get(name);
    if (list === undefined) positions.set(name, [index]);
    else list.push(index);
  });
  const usable = checked.filter((name): name is string => name !== undefined);
  const maps = envelopes.map((envelope) => {
    try {
      return createToolWireMap(usable, { envelope, separator });
    } catch {
      return undefined;
    }
  });
  const tools = names.map((name, index): ToolNameCheck => {
    const subject = checked[index];
    const perEnvelope = envelopes.map((envelope, at): ToolNameEnvelopeCheck => {
      const fit = explainEnvelopeFit({ name: subject ?? name, envelope });
      let wire: string | undefined;
      try {
        wire = subject === undefined ? undefined : maps[at]?.toWire(subject);
      } catch {
        wire = undefined;
      }
      return { envelope: envelope.id, fits: fit.fits, violations: fit.violations, wire };
    });
    const duplicates =
      typeof name === 'string'
        ? (positions.get(name) ?? []).filter((position) => position !== index)
        : [];
    return {
      index,
      name,
      checked: subject,
      ok: duplicates.length === 0 && perEnvelope.every((entry) => entry.fits),
      envelopes: perEnvelope,
      duplicates,
    };
  });
  const duplicates = [...positions]
    .filter(([, indexes]) => indexes.length > 1)
    .map(([name, indexes]) => ({ name, indexes }));
  return {
    ok: tools.every((tool) => tool.ok),
    envelopes: envelopes.map((envelope) => envelope.id),
    tools,
    duplicates,
    summary: envelopes.map((envelope, at) => {
      const fit = tools.filter((tool) => tool.envelopes[at]?.fits === true).length;
      return { envelope: envelope.id, fit, misfit: tools.length - fit };
    }),
  };
}
