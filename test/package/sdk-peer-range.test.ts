import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `@modelcontextprotocol/sdk` is a peer dependency (`^1.24.0`), so a server author's own copy is
 * the one toolwire uses. This installs the built package beside each end of the range (1.24.0 from
 * the `mcp-sdk-1-24` alias, the newest from the dev dependency) in a scratch folder, with no other
 * SDK copy reachable, then runs the hub against a real server and type-checks `guardToolNames` on
 * that SDK's own `McpServer`.
 */

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const modules = resolve(root, 'node_modules');
const packageJson = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  peerDependencies: Record<string, string>;
  dependencies?: Record<string, string>;
};
const scratch: string[] = [];

afterAll(() => {
  for (const folder of scratch) rmSync(folder, { recursive: true, force: true });
});

/** A folder where `toolwire` and `@modelcontextprotocol/sdk` resolve to one copy each. */
function install(sdkFolder: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'toolwire-sdk-range-'));
  scratch.push(folder);
  const own = join(folder, 'node_modules', 'toolwire');
  mkdirSync(own, { recursive: true });
  // A copy, not a link: Node resolves a linked package's imports from its real path, which would
  // reach the repository's own node_modules and the newest SDK.
  cpSync(resolve(root, 'dist'), join(own, 'dist'), { recursive: true });
  cpSync(resolve(root, 'package.json'), join(own, 'package.json'));
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  const link = (name: string, target: string): void => {
    const at = join(folder, 'node_modules', name);
    mkdirSync(dirname(at), { recursive: true });
    symlinkSync(realpathSync(target), at, 'dir');
  };
  link('@modelcontextprotocol/sdk', resolve(modules, sdkFolder));
  for (const name of Object.keys(packageJson.dependencies ?? {}))
    link(name, resolve(modules, name));
  link('@types/node', resolve(modules, '@types/node'));
  return folder;
}

const memoryServer = resolve(modules, '@modelcontextprotocol/server-memory/dist/index.js');

const runtimeCheck = `
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createMcpHub, guardToolNames } from 'toolwire/mcp';
const require = createRequire(import.meta.url);
const sdkEntry = require.resolve('@modelcontextprotocol/sdk/server/mcp.js');
const sdkPackage = sdkEntry.slice(0, sdkEntry.lastIndexOf('/dist/')) + '/package.json';
const version = JSON.parse(readFileSync(sdkPackage, 'utf8')).version;
const hub = createMcpHub({ servers: { memory: { type: 'stdio', command: process.execPath, args: [${JSON.stringify(memoryServer)}], env: {} } } });
await hub.start();
const status = hub.server('memory');
const tools = hub.tools().length;
const result = await hub.callTool({ name: 'memory__read_graph', arguments: {} });
await hub.close();
const server = new McpServer({ name: 'notes', version: '1.0.0' });
guardToolNames(server);
let refused = '';
try { server.registerTool('notes.search', { description: 'x' }, async () => ({ content: [] })); } catch (error) { refused = error.code; }
console.log(JSON.stringify({ version, state: status.state, tools, isError: result.isError === true, refused }));
`;

const typeCheck = `
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { guardToolNames, type McpHubTool } from 'toolwire/mcp';
const server = new McpServer({ name: 'notes', version: '1.0.0' });
const guard: { envelope: string; release: () => void } = guardToolNames(server, { envelope: 'openai' });
guard.release();
export const names = (tools: McpHubTool[]): string[] => tools.map((tool) => tool.remoteName);
`;

const ends = [
  { label: 'lowest (1.24.0)', folder: 'mcp-sdk-1-24', expected: '1.24.0' },
  {
    label: 'newest (dev dependency)',
    folder: '@modelcontextprotocol/sdk',
    expected: (
      JSON.parse(
        readFileSync(resolve(modules, '@modelcontextprotocol/sdk/package.json'), 'utf8'),
      ) as {
        version: string;
      }
    ).version,
  },
];

describe('the @modelcontextprotocol/sdk peer range', () => {
  it('should declare the SDK as a peer dependency and not as a dependency', () => {
    expect(packageJson.peerDependencies['@modelcontextprotocol/sdk']).toBe('^1.24.0');
    expect(packageJson.dependencies?.['@modelcontextprotocol/sdk']).toBeUndefined();
  });

  for (const end of ends) {
    it(`should run the hub and the guard on SDK ${end.label}, one copy only`, async () => {
      const folder = install(end.folder);
      writeFileSync(join(folder, 'check.mjs'), runtimeCheck);
      const { stdout } = await run(process.execPath, ['check.mjs'], {
        cwd: folder,
        timeout: 60_000,
      });
      expect(JSON.parse(stdout.trim().split('\n').at(-1) as string)).toEqual({
        version: end.expected,
        state: 'ready',
        tools: 9,
        isError: false,
        refused: 'INVALID_TOOL_NAME',
      });
    }, 90_000);

    it(`should type-check guardToolNames on the McpServer of SDK ${end.label}`, async () => {
      const folder = install(end.folder);
      writeFileSync(join(folder, 'check.ts'), typeCheck);
      writeFileSync(
        join(folder, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            module: 'nodenext',
            moduleResolution: 'nodenext',
            target: 'es2022',
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            types: ['node'],
          },
          files: ['check.ts'],
        }),
      );
      const tsc = resolve(modules, 'typescript/bin/tsc');
      const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], {
        cwd: folder,
        timeout: 90_000,
      }).catch((error: { stdout?: string; code?: number }) => ({
        stdout: error.stdout ?? '',
        code: error.code,
      }));
      expect(result.stdout).toBe('');
    }, 120_000);
  }
});
