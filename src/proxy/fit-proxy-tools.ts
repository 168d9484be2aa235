import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchemaObject } from '../core/json-schema.js';
import type { ArgumentMap } from '../core/schema/argument-map.js';
import {
  type ProjectInputSchemaResult,
  projectInputSchema,
} from '../core/schema/project-input-schema.js';
import { ToolwireError } from '../core/toolwire-error.js';
import { type ClientProfile, clientEnvelope } from './client-profile.js';
import { fitProxyNames, type ProxyNameItem } from './fit-proxy-names.js';

/** A tool as the hub offers it: what {@link fitProxyTools} needs. */
export interface ProxyToolSource extends ProxyNameItem {
  /** The input schema (normalised by the hub). */
  readonly inputSchema: Record<string, unknown>;
  /** The tool exactly as the server listed it. */
  readonly tool: Tool;
}

/** One tool as the proxy lists it to one client. */
export interface ProxyTool {
  /** The name listed (and the name the client's model sees, after the client's prefix). */
  readonly name: string;
  /** The hub's canonical name. */
  readonly canonical: string;
  /** The server key. */
  readonly server: string;
  /** The server's own name, used for `tools/call`. */
  readonly remoteName: string;
  /** The tool as listed: the server's tool with the fitted name and the projected schema. */
  readonly tool: Tool;
  /** For `restoreArguments`; `null` when the projection changed no argument's shape. */
  readonly argumentMap: ArgumentMap | null;
}

/** One tool the proxy does not offer, with why. */
export interface LeftOutTool {
  readonly canonical: string;
  readonly server: string;
  readonly remoteName: string;
  /** `UNSUPPORTED_SCHEMA` and the other schema codes, `STALE_NAME`, or `TOOL_LIMIT`. */
  readonly code: string;
  /** A sentence naming the tool and what to do. */
  readonly reason: string;
}

/** Options of {@link fitProxyTools}. */
export interface FitProxyToolsOptions {
  /** The tools of every ready server. */
  tools: readonly ProxyToolSource[];
  /** The client the tools are listed to. */
  profile: ClientProfile;
  /** The key under which the client registers the proxy (`--as`). @defaultValue `'toolwire'` */
  key?: string;
  /** Names issued before, by canonical name (see {@link fitProxyNames}). */
  pinned?: Readonly<Record<string, string>>;
  /** See {@link FitProxyNamesOptions.prefix}. @defaultValue `'server'` */
  prefix?: 'server' | 'none';
  /**
   * Past the profile's tool limit: `report` (offer everything, say so) or `fit` (offer the first
   * tools up to the limit: servers in configuration order, each server's tools by remote name).
   * @defaultValue `'report'`
   */
  limit?: 'report' | 'fit';
  /** Server keys in configuration order, for the `fit` rule. */
  serverOrder?: readonly string[];
}

/** Result of {@link fitProxyTools}. */
export interface FitProxyToolsResult {
  /** The tools offered, sorted by listed name. */
  tools: ProxyTool[];
  /** Tools left out, with why; never a whole server for one tool. */
  leftOut: LeftOutTool[];
  /** Every listed name by canonical name, for a names file. */
  names: Record<string, string>;
  /** Set when more tools are offered (or were, before `fit`) than the client takes. */
  overLimit?: { limit: number; count: number; servers: Array<{ server: string; count: number }> };
}

const COMBINATORS = ['anyOf', 'oneOf', 'allOf', 'not'] as const;

/**
 * Fits every tool of the hub to one client: a name from {@link fitProxyNames} that the client will
 * pass to its model unchanged, and an input schema projected for the model behind the client with
 * root `"type": "object"` and no top-level combinator (which several clients reject for the whole
 * server). A tool whose schema cannot be offered is left out and reported, never its server.
 *
 * @example
 * ```ts
 * const { tools, leftOut } = fitProxyTools({ tools: hub.tools(), profile: resolveClientProfile('claude-code') });
 * for (const tool of leftOut) console.error(tool.reason);
 * ```
 */
export function fitProxyTools(options: FitProxyToolsOptions): FitProxyToolsResult {
  const { profile } = options;
  const key = options.key ?? 'toolwire';
  const leftOut: LeftOutTool[] = [];
  const projected: Array<{ source: ProxyToolSource; projection: ProjectInputSchemaResult }> = [];
  for (const source of options.tools) {
    try {
      projected.push({ source, projection: projectForClient(source, profile) });
    } catch (error) {
      leftOut.push({
        canonical: source.canonical,
        server: source.server,
        remoteName: source.remoteName,
        code: ToolwireError.isInstance(error) ? error.code : 'UNSUPPORTED_SCHEMA',
        reason: `Tool "${source.remoteName}" of server "${source.server}" is left out for ${profile.title}: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }
  let kept = projected;
  let overLimit: FitProxyToolsResult['overLimit'];
  const limit = profile.toolLimit;
  if (limit !== null && projected.length > limit) {
    const perServer = new Map<string, number>();
    for (const { source } of projected)
      perServer.set(source.server, (perServer.get(source.server) ?? 0) + 1);
    overLimit = {
      limit,
      count: projected.length,
      servers: [...perServer].map(([server, count]) => ({ server, count })),
    };
    if (options.limit === 'fit') {
      const order = new Map((options.serverOrder ?? []).map((server, index) => [server, index]));
      const rank = (server: string): number => order.get(server) ?? order.size;
      const sorted = [...projected].sort(
        (a, b) =>
          rank(a.source.server) - rank(b.source.server) ||
          compare(a.source.server, b.source.server) ||
          compare(a.source.remoteName, b.source.remoteName),
      );
      kept = sorted.slice(0, limit);
      for (const { source } of sorted.slice(limit)) {
        leftOut.push({
          canonical: source.canonical,
          server: source.server,
          remoteName: source.remoteName,
          code: 'TOOL_LIMIT',
          reason: `Tool "${source.remoteName}" of server "${source.server}" is left out: ${profile.title} takes ${limit} tools and the servers before it fill them. Exclude tools you do not need, or put this server earlier in the configuration.`,
        });
      }
    }
  }
  const { names, stale } = fitProxyNames({
    items: kept.map(({ source }) => source),
    envelope: clientEnvelope(profile, key),
    ...(options.pinned === undefined ? {} : { pinned: options.pinned }),
    ...(options.prefix === undefined ? {} : { prefix: options.prefix }),
  });
  for (const { item, reason } of stale) {
    leftOut.push({
      canonical: item.canonical,
      server: item.server,
      remoteName: item.remoteName,
      code: 'STALE_NAME',
      reason,
    });
  }
  const tools: ProxyTool[] = [];
  const listedNames: Record<string, string> = {};
  for (const { source, projection } of kept) {
    const name = names.get(source.canonical);
    if (name === undefined) continue;
    listedNames[source.canonical] = name;
    tools.push({
      name,
      canonical: source.canonical,
      server: source.server,
      remoteName: source.remoteName,
      tool: { ...source.tool, name, inputSchema: projection.schema as Tool['inputSchema'] },
      argumentMap: projection.argumentMap,
    });
  }
  tools.sort((a, b) => compare(a.name, b.name));
  return { tools, leftOut, names: listedNames, ...(overLimit === undefined ? {} : { overLimit }) };
}

function projectForClient(
  source: ProxyToolSource,
  profile: ClientProfile,
): ProjectInputSchemaResult {
  const subject = `Tool "${source.remoteName}" of server "${source.server}"`;
  const projection = projectInputSchema(source.inputSchema, {
    target: profile.schemaTarget,
    subject,
    ...(profile.geminiField === undefined ? {} : { geminiField: profile.geminiField }),
  });
  if (hasPlainObjectRoot(projection.schema)) return projection;
  // The pass-through target keeps a top-level combinator, which clients reject or flatten badly;
  // the Anthropic rules merge it into one object schema (its meaning kept in the description).
  const merged = projectInputSchema(source.inputSchema, { target: 'anthropic', subject });
  if (hasPlainObjectRoot(merged.schema)) return merged;
  throw new ToolwireError({
    code: 'UNSUPPORTED_SCHEMA',
    message: `${subject}: its schema cannot be written with root "type": "object" and no top-level combinator; fix the tool's inputSchema.`,
  });
}

function hasPlainObjectRoot(schema: JsonSchemaObject): boolean {
  const record = schema as Record<string, unknown>;
  return record.type === 'object' && COMBINATORS.every((keyword) => !(keyword in record));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
