import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { ToolwireError } from '../core/toolwire-error.js';

/** One tool as a `tools/list` result carries it. */
export interface CatalogTool {
  name: string;
  description?: string;
  inputSchema?: unknown;
  [key: string]: unknown;
}

/** A catalog read from a file or standard input. */
export interface ReadCatalogResult {
  /** The tools, in the catalog's order. */
  tools: CatalogTool[];
  /** A server key to use when the caller gives none: the file name without `.json`. */
  defaultServer: string;
}

/**
 * Reads a catalog: a `tools/list` result (`{ tools: [...] }`) or a bare array of tools, from a file
 * path or `-` for standard input.
 *
 * @example
 * ```ts
 * const { tools } = await readCatalog('test/fixtures/catalogs/github.json');
 * ```
 */
export async function readCatalog(path: string): Promise<ReadCatalogResult> {
  const text = path === '-' ? await readStandardInput() : await readFile(path, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw new ToolwireError({
      code: 'INVALID_CONFIG',
      message: `Catalog ${path === '-' ? 'from standard input' : `"${path}"`} is not JSON; pass a tools/list result or an array of tools.`,
      cause,
    });
  }
  const tools = Array.isArray(parsed)
    ? parsed
    : typeof parsed === 'object' &&
        parsed !== null &&
        Array.isArray((parsed as { tools?: unknown }).tools)
      ? (parsed as { tools: unknown[] }).tools
      : undefined;
  if (tools === undefined) {
    throw new ToolwireError({
      code: 'INVALID_CONFIG',
      message: `Catalog ${path === '-' ? 'from standard input' : `"${path}"`} has no tools; pass a tools/list result ({ "tools": [...] }) or an array of tools.`,
    });
  }
  tools.forEach((tool, index) => {
    if (
      typeof tool !== 'object' ||
      tool === null ||
      typeof (tool as { name?: unknown }).name !== 'string'
    ) {
      throw new ToolwireError({
        code: 'INVALID_NAME',
        message: `Catalog tool at position ${index} has no string "name"; every tool needs one.`,
      });
    }
  });
  return {
    tools: tools as CatalogTool[],
    defaultServer: path === '-' ? 'server' : basename(path).replace(/\.json$/i, ''),
  };
}

async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
