import { createToolWireMap } from '../core/create-tool-wire-map.js';
import { resolveEnvelope } from '../core/envelope.js';
import { explainEnvelopeFit } from '../core/explain-envelope-fit.js';
import type { NamingPreset } from '../core/naming-preset.js';
import { projectInputSchema } from '../core/schema/project-input-schema.js';
import { SCHEMA_TARGETS, type SchemaTarget } from '../core/schema/schema-target.js';
import { ToolwireError } from '../core/toolwire-error.js';
import type { LoadedTarget } from './load-target.js';
import { nameFitStatus } from './name-fit-status.js';

/** How one tool's canonical name fares in one envelope. */
export interface LintFit {
  /** `ok`: sent as it is; `fixed`: characters substituted, no hash; `alias`: shortened with a hash. */
  status: 'ok' | 'fixed' | 'alias';
  /** The wire name sent under this envelope. */
  wire: string;
  /** Why the canonical name does not fit as it is. */
  violations: string[];
}

/** What projecting a tool's input schema onto one provider does (from `projectInputSchema`). */
export interface LintSchemaNote {
  /** The provider. */
  target: SchemaTarget;
  /** `lossy`: sent with a rewrite that loses meaning; `rejected`: cannot be sent (quarantined). */
  severity: 'lossy' | 'rejected';
  /** A `SchemaWarningCode`, or the `ToolwireError` code of a rejection. */
  code: string;
  /** A JSON Pointer into the tool's input schema. */
  path: string;
  /** What happened, starting with the provider. */
  message: string;
}

/** One tool in the lint report. */
export interface LintTool {
  /** The server's own name. */
  tool: string;
  /** The canonical name under the preset. */
  canonical: string;
  /** Per envelope id. */
  envelopes: Record<string, LintFit>;
  /** Lossy rewrites and rejections of the input schema per provider; empty when it goes through as it is. */
  schema: LintSchemaNote[];
  /** Set when another tool already has this canonical name (lossy presets); the tool is left out. */
  collidesWith?: { server: string; tool: string };
}

/** One server in the lint report. */
export interface LintServer {
  server: string;
  state: 'ready' | 'failed' | 'disabled';
  reason?: string;
  stderr?: string[];
  source?: string;
  serverInfo?: { name: string; version: string };
  /** Problems with the server key itself, under the first envelope. */
  keyProblems: string[];
  tools: LintTool[];
  /** o200k_base tokens of this server's tools as an OpenAI `tools` array (names, descriptions, schemas). */
  tokens: number;
}

/** The whole lint report (`toolwire lint --json`). */
export interface LintReport {
  target: string;
  /**
   * True when `tokens` are exact o200k_base counts (gpt-tokenizer installed), false when they are
   * an estimate from the UTF-8 length.
   */
  tokensExact: boolean;
  preset: string;
  envelopes: string[];
  servers: LintServer[];
  /** Remote names that several servers offer (kept apart by their canonical names). */
  sharedNames: { tool: string; servers: string[] }[];
  warnings: string[];
  summary: {
    servers: number;
    ready: number;
    failed: number;
    disabled: number;
    tools: number;
    /** Per envelope, tools sent under another name (fixed or alias). */
    renamed: Record<string, number>;
    /** Tools left out because their canonical name is taken. */
    leftOut: number;
    /** Tool and provider pairs whose schema cannot be sent at all. */
    schemaRejected: number;
    /** Tool and provider pairs whose schema is sent with a lossy rewrite. */
    schemaLossy: number;
    tokens: number;
  };
}

/** Options of {@link buildLintReport}. @internal */
export interface BuildLintReportOptions {
  loaded: LoadedTarget;
  preset: NamingPreset;
  envelopes: string[];
  /** Counts o200k_base tokens (gpt-tokenizer; passed in so that it loads only for lint). */
  countTokens: (text: string) => number;
  /** False when `countTokens` estimates (gpt-tokenizer is not installed). @defaultValue `true` */
  tokensExact?: boolean;
}

/**
 * Builds the lint report: every tool's canonical name against every envelope (with the wire name a
 * host would send, from one wire map per envelope over all servers, as in one request), schema
 * problems, remote names shared across servers, and the token cost of each server's tool list.
 * @internal
 * @example
 * ```ts
 * const report = buildLintReport({ loaded, preset: NAMING_PRESETS.toolwire, envelopes: ['openai'], countTokens });
 * ```
 */
export function buildLintReport(options: BuildLintReportOptions): LintReport {
  const { loaded, preset } = options;
  const envelopes = options.envelopes.map((envelope) => resolveEnvelope(envelope));
  const schemaTargets = SCHEMA_TARGETS.filter((target) =>
    envelopes.some((envelope) => envelope.id === target),
  );
  const taken = new Map<string, { server: string; tool: string }>();
  const pending = loaded.catalogs.map((catalog) => ({
    catalog,
    tools: catalog.tools.map((tool) => {
      const canonical = preset.formatName(catalog.server, tool.name);
      const holder = taken.get(canonical);
      if (holder === undefined) taken.set(canonical, { server: catalog.server, tool: tool.name });
      return { tool, canonical, holder };
    }),
  }));
  const identities = [...taken].map(([canonical, { server, tool }]) => ({
    canonical,
    server,
    remoteName: tool,
  }));
  const maps = envelopes.map((envelope) =>
    createToolWireMap(identities, { envelope, separator: preset.separator }),
  );
  const servers: LintServer[] = pending.map(({ catalog, tools }) => {
    const lintTools = tools.map(({ tool, canonical, holder }): LintTool => {
      const fits: Record<string, LintFit> = {};
      envelopes.forEach((envelope, index) => {
        const wire = (maps[index] as ReturnType<typeof createToolWireMap>).toWire(canonical);
        const fit = explainEnvelopeFit({ name: canonical, envelope });
        fits[envelope.id] = {
          status: nameFitStatus({ canonical, wire }),
          wire,
          violations: fit.violations.map((violation) => violation.message),
        };
      });
      const entry: LintTool = {
        tool: tool.name,
        canonical,
        envelopes: fits,
        schema: schemaNotes(tool.inputSchema, schemaTargets, `Tool "${canonical}"`),
      };
      if (holder !== undefined) entry.collidesWith = holder;
      return entry;
    });
    const openai = envelopes.find((envelope) => envelope.id === 'openai') ?? envelopes[0];
    const wireTools = lintTools
      .map((tool, index) => ({ tool, listed: catalog.tools[index] }))
      .filter(({ tool }) => tool.collidesWith === undefined)
      .map(({ tool, listed }) => ({
        type: 'function',
        function: {
          name: openai === undefined ? tool.canonical : tool.envelopes[openai.id]?.wire,
          description: listed?.description,
          parameters: openaiSchema(listed?.inputSchema),
        },
      }));
    const first = envelopes[0];
    const keyFit =
      first === undefined
        ? undefined
        : explainEnvelopeFit({ name: preset.formatName(catalog.server, 'x'), envelope: first });
    const server: LintServer = {
      server: catalog.server,
      state: 'ready',
      keyProblems: (keyFit?.violations ?? [])
        .filter((violation) => violation.rule !== 'length')
        .map((violation) => violation.message),
      tools: lintTools,
      tokens: wireTools.length === 0 ? 0 : options.countTokens(JSON.stringify(wireTools)),
    };
    if (catalog.source !== undefined) server.source = catalog.source;
    if (catalog.serverInfo !== undefined) server.serverInfo = catalog.serverInfo;
    return server;
  });
  for (const failure of loaded.failures) {
    servers.push({
      server: failure.server,
      state: failure.state,
      reason: failure.reason,
      stderr: failure.stderr,
      keyProblems: [],
      tools: [],
      tokens: 0,
    });
  }
  const byName = new Map<string, string[]>();
  for (const catalog of loaded.catalogs) {
    for (const tool of catalog.tools) {
      const list = byName.get(tool.name) ?? [];
      if (!list.includes(catalog.server)) list.push(catalog.server);
      byName.set(tool.name, list);
    }
  }
  const sharedNames = [...byName]
    .filter(([, list]) => list.length > 1)
    .map(([tool, list]) => ({ tool, servers: list }))
    .sort((a, b) => (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0));
  const allTools = servers.flatMap((server) => server.tools);
  const renamed: Record<string, number> = {};
  for (const envelope of envelopes) {
    renamed[envelope.id] = allTools.filter(
      (tool) => tool.envelopes[envelope.id]?.status !== 'ok',
    ).length;
  }
  return {
    target: loaded.description,
    tokensExact: options.tokensExact ?? true,
    preset: preset.id,
    envelopes: envelopes.map((envelope) => envelope.id),
    servers,
    sharedNames,
    warnings: loaded.warnings,
    summary: {
      servers: servers.length,
      ready: servers.filter((server) => server.state === 'ready').length,
      failed: servers.filter((server) => server.state === 'failed').length,
      disabled: servers.filter((server) => server.state === 'disabled').length,
      tools: allTools.length,
      renamed,
      leftOut: allTools.filter((tool) => tool.collidesWith !== undefined).length,
      schemaRejected: allTools.reduce(
        (count, tool) => count + tool.schema.filter((note) => note.severity === 'rejected').length,
        0,
      ),
      schemaLossy: allTools.reduce(
        (count, tool) =>
          count +
          new Set(
            tool.schema.filter((note) => note.severity === 'lossy').map((note) => note.target),
          ).size,
        0,
      ),
      tokens: servers.reduce((count, server) => count + server.tokens, 0),
    },
  };
}

function schemaNotes(
  schema: unknown,
  targets: readonly SchemaTarget[],
  subject: string,
): LintSchemaNote[] {
  const notes: LintSchemaNote[] = [];
  for (const target of targets) {
    try {
      for (const warning of projectInputSchema(schema, { target, subject }).warnings) {
        notes.push({
          target,
          severity: 'lossy',
          code: warning.code,
          path: warning.path,
          message: warning.message,
        });
      }
    } catch (error) {
      notes.push({
        target,
        severity: 'rejected',
        code: ToolwireError.isInstance(error) ? error.code : 'UNSUPPORTED_SCHEMA',
        path: '',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return notes;
}

// The schema as OpenAI receives it, for the token count; a rejected schema is not sent.
function openaiSchema(schema: unknown): unknown {
  try {
    return projectInputSchema(schema, { target: 'openai' }).schema;
  } catch {
    return null;
  }
}
