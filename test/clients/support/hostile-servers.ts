import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, expect } from 'vitest';
import { installClient } from './install-client.js';
import type { ClientRun } from './run-client.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = join(root, 'test/clients/fixtures/hostile-server.mjs');

/** The proxy's entry point; the tests need `npm run build` first. */
export const PROXY_MAIN: string = join(root, 'dist/cli/main.js');

/**
 * The server keys the hostile catalogs run under: dotted, long (past every client's budget once
 * prefixed), and dotted again for the schema cases (a schema without root type makes Claude Code
 * and Gemini CLI reject that server's whole list, so it gets a server of its own).
 */
export const SERVER_KEYS: Readonly<Record<string, string>> = Object.freeze({
  names: 'io.github.acme.hostile-names',
  lengths: 'a-very-long-server-key-for-the-hostile-tool-catalog-in-production',
  schemas: 'schema.cases',
});

/** One tool of the fixture servers: its catalog (server) and remote name. */
export interface HostileTool {
  catalog: string;
  key: string;
  name: string;
}

/** Every tool the fixture servers offer. */
export function hostileTools(): HostileTool[] {
  const catalogs = JSON.parse(
    readFileSync(join(root, 'test/clients/fixtures/hostile-catalog.json'), 'utf8'),
  ) as Record<string, { name: string }[]>;
  return Object.entries(catalogs).flatMap(([catalog, tools]) =>
    tools.map((tool) => ({ catalog, key: SERVER_KEYS[catalog] ?? catalog, name: tool.name })),
  );
}

/** The `mcpServers` entries of the fixture servers, each recording its calls to `record`. */
export function hostileServers(
  record: string,
): Record<string, { command: string; args: string[] }> {
  return Object.fromEntries(
    Object.entries(SERVER_KEYS).map(([catalog, key]) => [
      key,
      { command: process.execPath, args: [fixture, catalog, record] },
    ]),
  );
}

/** Writes the proxy's own configuration (the fixture servers) to `path`. */
export function writeServersConfig(path: string, record: string): void {
  writeFileSync(path, JSON.stringify({ mcpServers: hostileServers(record) }, null, 2));
}

/** The proxy's command line for a client profile, as an MCP client would start it. */
export function proxyServer(config: string, client: string): { command: string; args: string[] } {
  return { command: process.execPath, args: [PROXY_MAIN, 'proxy', '--client', client, config] };
}

/** What the proxy lists (name and the remote tool it stands for), asked over stdio like a client. */
export async function listThroughProxy(config: string, client: string): Promise<string[]> {
  const server = proxyServer(config, client);
  const transport = new StdioClientTransport({ ...server, stderr: 'ignore' });
  const mcp = new Client({ name: 'toolwire-clients-test', version: '1.0.0' });
  await mcp.connect(transport);
  try {
    const listed = await mcp.listTools();
    return listed.tools.map((tool) => tool.name);
  } finally {
    await mcp.close();
  }
}

/** One recorded `tools/call` at a fixture server. */
export interface RecordedCall {
  catalog: string;
  name: string;
}

/** The calls the fixture servers recorded, in order. */
export function recordedCalls(record: string): RecordedCall[] {
  if (!existsSync(record)) return [];
  return readFileSync(record, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as RecordedCall);
}

/** The tools that no recorded call reached, as `<key>: <name>`. */
export function unreached(calls: RecordedCall[]): string[] {
  return hostileTools()
    .filter(
      (tool) => !calls.some((call) => call.catalog === tool.catalog && call.name === tool.name),
    )
    .map((tool) => `${tool.key}: ${tool.name}`);
}

/** A client installed from npm and the scratch HOME one test file runs it in. */
export interface ClientHome {
  /** The client's binary. */
  bin: string;
  home: string;
  /** Where the fixture servers record the calls that reach them. */
  record: string;
  /** The proxy's own configuration: the fixture servers. */
  servers: string;
}

/**
 * Installs the client `spec` (once, into the cache), makes a scratch HOME with the fixture
 * servers' configuration before the file's tests and removes it after them. Call the returned
 * function inside a test.
 */
export function useClientHome(spec: string, binary: string): () => ClientHome {
  let home: ClientHome | undefined;
  beforeAll(async () => {
    const bin = await installClient(spec, binary);
    const folder = mkdtempSync(join(tmpdir(), `toolwire-proxy-${binary}-`));
    home = {
      bin,
      home: folder,
      record: join(folder, 'calls.jsonl'),
      servers: join(folder, 'servers.json'),
    };
    writeServersConfig(home.servers, home.record);
  });
  afterAll(() => {
    if (home !== undefined) rmSync(home.home, { recursive: true, force: true });
  });
  return () => {
    if (home === undefined) throw new Error(`${spec} was not installed`);
    return home;
  };
}

/**
 * Checks a run through the proxy: exactly the listed tools reached the model (under the client's
 * prefix), one call to each reached its fixture server, and the client finished cleanly.
 */
export function expectEveryToolReached(options: {
  client: string;
  listed: string[];
  /** What the model request carried, with the client's prefix. */
  reaching: string[];
  /** The listed names as the client shows them to its model. */
  expected: string[];
  record: string;
  run: ClientRun;
}): void {
  const { listed, reaching, run } = options;
  console.log(
    `${options.client} + proxy: ${listed.length} listed, ${reaching.length} reach the model`,
  );
  expect([...reaching].sort(), run.stderr).toEqual([...options.expected].sort());
  const calls = recordedCalls(options.record);
  expect(unreached(calls)).toEqual([]);
  expect(calls).toHaveLength(listed.length);
  expect(run.code, run.stderr).toBe(0);
}

/** The tools `keep` accepts in the first request the model stub saw that carried any of them. */
export function firstOffered<Tool>(
  seen: { tools: Tool[] }[],
  keep: (tool: Tool) => boolean,
): Tool[] {
  const first = seen.find((request) => request.tools.some(keep));
  return (first?.tools ?? []).filter(keep);
}
