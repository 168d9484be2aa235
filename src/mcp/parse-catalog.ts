import { isRecord } from '../core/is-record.js';
import { ToolwireError } from '../core/toolwire-error.js';

/** A tool as a catalog holds it: at least a name; the rest as the server listed it. */
export interface CatalogTool {
  /** The server's own name for the tool. */
  name: string;
  /** Everything else the server listed (`description`, `inputSchema`, `annotations`, ...). */
  [field: string]: unknown;
}

/** The saved `tools/list` result of one server. */
export interface McpCatalog {
  /** The server key (the server segment of canonical names). */
  server: string;
  /** Where the tools came from: `stdio:<command>`, `http:<url>`, or a file. */
  source?: string;
  /** How they were obtained, such as `tools/list live`. */
  how?: string;
  /** What the server said it is at `initialize`. */
  serverInfo?: { name: string; version: string };
  /** The protocol version agreed at `initialize`. */
  protocolVersion?: string;
  /** The tools, in the server's order. */
  tools: CatalogTool[];
}

/** Options of {@link parseCatalog}. */
export interface ParseCatalogOptions {
  /** The parsed JSON document. */
  document: unknown;
  /** The server key; it overrides the one a single-server catalog names, and is needed when it names none. */
  server?: string;
  /** Named in messages, such as the file path. */
  source?: string;
}

/** The result of {@link parseCatalog}. */
export interface ParseCatalogResult {
  /** One catalog per server, in document order. */
  catalogs: McpCatalog[];
  /** Entries that were left out, with why (a tool without a string name). */
  warnings: string[];
}

/**
 * Reads tool catalogs in the shapes people have: a bare array of tools, a `tools/list` result
 * (`{ tools, nextCursor? }`), a JSON-RPC response (`{ result: { tools } }`), a toolwire capture of
 * one server (`{ server, serverInfo, tools }`), or of many (`{ servers: [...] }`).
 *
 * @example
 * ```ts
 * parseCatalog({ document: [{ name: 'search' }], server: 'docs' }).catalogs;
 * // [{ server: 'docs', tools: [{ name: 'search' }] }]
 * ```
 */
export function parseCatalog(options: ParseCatalogOptions): ParseCatalogResult {
  const source = options.source ?? 'Catalog';
  const warnings: string[] = [];
  const { document } = options;
  if (isRecord(document) && Array.isArray(document.servers)) {
    const catalogs = document.servers.map((entry, index) => {
      if (!isRecord(entry) || typeof entry.server !== 'string') {
        throw invalid(`${source}: servers[${index}] needs a "server" key and a "tools" array`);
      }
      return readOne(entry, entry.server, `${source} servers[${index}]`, warnings);
    });
    // A capture records the servers that could not be listed; say so rather than drop them quietly.
    if (Array.isArray(document.failures)) {
      for (const failure of document.failures) {
        if (isRecord(failure) && typeof failure.server === 'string') {
          warnings.push(
            `${source}: server "${failure.server}" was not captured${typeof failure.reason === 'string' ? ` (${failure.reason})` : ''}.`,
          );
        }
      }
    }
    return { catalogs, warnings };
  }
  const body = isRecord(document) && isRecord(document.result) ? document.result : document;
  const named = isRecord(body) && typeof body.server === 'string' ? body.server : undefined;
  const server = options.server ?? named;
  if (server === undefined) {
    throw invalid(`${source}: the catalog names no server; pass a server key (--server KEY)`);
  }
  return { catalogs: [readOne(body, server, source, warnings)], warnings };
}

function readOne(body: unknown, server: string, source: string, warnings: string[]): McpCatalog {
  const list = Array.isArray(body) ? body : isRecord(body) ? body.tools : undefined;
  if (!Array.isArray(list)) {
    throw invalid(
      `${source}: expected a tools/list result ({ "tools": [...] }), a bare array of tools, or { "servers": [...] }`,
    );
  }
  const tools: CatalogTool[] = [];
  list.forEach((tool, index) => {
    if (!isRecord(tool) || typeof tool.name !== 'string') {
      warnings.push(`${source}: tools[${index}] has no string "name" and is left out.`);
      return;
    }
    tools.push(tool as CatalogTool);
  });
  const catalog: McpCatalog = { server, tools };
  if (isRecord(body)) {
    if (typeof body.source === 'string') catalog.source = body.source;
    if (typeof body.how === 'string') catalog.how = body.how;
    if (isRecord(body.serverInfo) && typeof body.serverInfo.name === 'string') {
      catalog.serverInfo = {
        name: body.serverInfo.name,
        version: String(body.serverInfo.version ?? ''),
      };
    }
    if (typeof body.protocolVersion === 'string') catalog.protocolVersion = body.protocolVersion;
  }
  return catalog;
}

function invalid(message: string): ToolwireError {
  return new ToolwireError({ code: 'INVALID_CONFIG', message: `${message}.` });
}
