import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { ToolwireError } from '../core/toolwire-error.js';
import { type ParseMcpConfigResult, parseMcpConfig } from './parse-mcp-config.js';

/** Options of {@link readMcpConfig}. */
export interface ReadMcpConfigOptions {
  /** The configuration file. */
  path: string;
  /** Variables for `${VAR}` expansion. @defaultValue `process.env` */
  env?: Readonly<Record<string, string | undefined>>;
}

/** The result of {@link readMcpConfig}. */
export interface ReadMcpConfigResult extends ParseMcpConfigResult {
  /** The absolute path that was read. */
  path: string;
}

/**
 * Reads an MCP configuration file (Claude Desktop, Cursor, Claude Code or VS Code; JSON with
 * comments and trailing commas, as VS Code writes) and parses it with {@link parseMcpConfig}.
 * Relative `cwd` values are resolved against the file's folder, and `${workspaceFolder}` is the
 * folder above `.vscode/` for a VS Code file, else the file's folder.
 *
 * @example
 * ```ts
 * const { servers } = await readMcpConfig({ path: 'examples/mcp.json' });
 * const hub = createMcpHub({ servers });
 * ```
 */
export async function readMcpConfig(options: ReadMcpConfigOptions): Promise<ReadMcpConfigResult> {
  const path = resolve(options.path);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ToolwireError({
      code: 'INVALID_CONFIG',
      message: `Config file ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); check the path.`,
      cause: error,
    });
  }
  const document = parseJsonWithComments(text, path);
  const baseDirectory = dirname(path);
  const workspaceFolder =
    basename(baseDirectory) === '.vscode' ? dirname(baseDirectory) : baseDirectory;
  const parsed = parseMcpConfig({
    document,
    baseDirectory,
    workspaceFolder,
    source: `Config file ${path}`,
    ...(options.env === undefined ? {} : { env: options.env }),
  });
  return { path, ...parsed };
}

/**
 * Parses JSON that may contain `//` and `/* *\/` comments and trailing commas (JSONC).
 * @internal
 * @example
 * ```ts
 * parseJsonWithComments('{ "a": 1, // one\n }', 'inline'); // { a: 1 }
 * ```
 */
export function parseJsonWithComments(text: string, source: string): unknown {
  try {
    return JSON.parse(stripJsonComments(text));
  } catch (error) {
    throw new ToolwireError({
      code: 'INVALID_CONFIG',
      message: `${source} is not valid JSON: ${(error as Error).message}; fix the file.`,
      cause: error,
    });
  }
}

function stripJsonComments(text: string): string {
  // Two passes over the text outside strings: comments first, then commas before } or ].
  return dropTrailingCommas(dropComments(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text));
}

function dropComments(text: string): string {
  let output = '';
  let index = 0;
  while (index < text.length) {
    const character = text[index] as string;
    const next = text[index + 1];
    if (character === '"') {
      const end = stringEnd(text, index);
      output += text.slice(index, end);
      index = end;
    } else if (character === '/' && next === '/') {
      while (index < text.length && text[index] !== '\n') index++;
    } else if (character === '/' && next === '*') {
      const end = text.indexOf('*/', index + 2);
      index = end === -1 ? text.length : end + 2;
    } else {
      output += character;
      index++;
    }
  }
  return output;
}

function dropTrailingCommas(text: string): string {
  let output = '';
  let index = 0;
  while (index < text.length) {
    const character = text[index] as string;
    if (character === '"') {
      const end = stringEnd(text, index);
      output += text.slice(index, end);
      index = end;
      continue;
    }
    if (character === ',') {
      let look = index + 1;
      while (look < text.length && /\s/.test(text[look] as string)) look++;
      if (text[look] === '}' || text[look] === ']') {
        index++;
        continue;
      }
    }
    output += character;
    index++;
  }
  return output;
}

function stringEnd(text: string, start: number): number {
  let end = start + 1;
  while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
  return end + 1;
}
