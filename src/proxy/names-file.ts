import { readFile, rename, writeFile } from 'node:fs/promises';
import { isRecord } from '../core/is-record.js';
import { ToolwireError } from '../core/toolwire-error.js';

/**
 * A names file: the tool names the proxy issued, per scope (`<client profile>/<key>`), then per
 * canonical name. Users commit it like a package lock, so that tool names in permission lists
 * and histories stay valid.
 */
export interface NamesFile {
  version: 1;
  /** Listed names by scope, then by canonical name (`<server>__<tool>`). */
  names: Record<string, Record<string, string>>;
}

/**
 * Reads a names file; a file that does not exist yet is an empty one.
 *
 * @example
 * ```ts
 * const file = await readNamesFile('toolwire.names.json');
 * createMcpProxy({ servers, pinnedNames: file.names });
 * ```
 */
export async function readNamesFile(path: string): Promise<NamesFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, names: {} };
    throw new ToolwireError({
      code: 'INVALID_CONFIG',
      message: `Names file ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); check the path.`,
      cause: error,
    });
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new ToolwireError({
      code: 'INVALID_CONFIG',
      message: `Names file ${path} is not JSON; restore it from version control or delete it to issue names afresh.`,
      cause: error,
    });
  }
  const names = (document as { names?: unknown } | null)?.names;
  if ((document as { version?: unknown }).version !== 1 || !isRecord(names)) {
    throw new ToolwireError({
      code: 'INVALID_CONFIG',
      message: `Names file ${path} is not a toolwire names file (version 1 with "names"); restore it or delete it.`,
    });
  }
  const result: NamesFile = { version: 1, names: {} };
  for (const [scope, entries] of Object.entries(names)) {
    if (!isRecord(entries)) continue;
    const scoped: Record<string, string> = {};
    for (const [canonical, wire] of Object.entries(entries))
      if (typeof wire === 'string') scoped[canonical] = wire;
    result.names[scope] = scoped;
  }
  return result;
}

/**
 * Writes a names file with sorted keys (stable diffs), through a temporary file and a rename so a
 * crash never leaves half a file.
 *
 * @example
 * ```ts
 * await writeNamesFile('toolwire.names.json', { version: 1, names: { 'claude-code/toolwire': { github__search: 'github__search' } } });
 * ```
 */
export async function writeNamesFile(path: string, file: NamesFile): Promise<void> {
  const sorted: Record<string, Record<string, string>> = {};
  for (const scope of Object.keys(file.names).sort()) {
    const entries = file.names[scope] ?? {};
    sorted[scope] = Object.fromEntries(
      Object.keys(entries)
        .sort()
        .map((canonical) => [canonical, entries[canonical] as string]),
    );
  }
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ version: 1, names: sorted }, null, 2)}\n`);
  await rename(temporary, path);
}
