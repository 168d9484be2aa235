import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { createToolWireMap, type EnvelopeInput } from '../../src/index.js';
import { createMcpHub, type McpHub } from '../../src/mcp/index.js';
import type { HubToolCallOutcome } from '../../src/providers/hub-bridge/run-hub-tool-calls.js';
import type { ProviderModule, ScriptedToolCall } from '../provider-server/provider-module.js';
import {
  type ProviderServer,
  startProviderServer,
  type ToolCallScript,
} from '../provider-server/start-provider-server.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The long registry-style server keys the agent-loop tests run under. */
export const KEYS = {
  everything: 'io.github.modelcontextprotocol/server-everything',
  filesystem: 'io-github-modelcontextprotocol-server-filesystem',
  memory: 'io.github.modelcontextprotocol/knowledge-graph-memory',
  crashing: 'io.github.example-org/scripted-crash-test-server',
} as const;

/** The canonical name of a tool of one of the servers (preset `toolwire`). */
export const canonical = (server: keyof typeof KEYS, tool: string): string =>
  `${KEYS[server]}__${tool}`;

/** A running hub over three real npm MCP servers and one that crashes on request. */
export interface AgentLoopHub {
  hub: McpHub;
  /** The folder server-filesystem may read, holding `note.txt`. */
  folder: string;
  close(): Promise<void>;
}

/** Starts the hub: server-everything, server-filesystem, server-memory and the scripted server. */
export async function startAgentLoopHub(): Promise<AgentLoopHub> {
  const folder = await mkdtemp(join(tmpdir(), 'toolwire-agent-loop-'));
  await writeFile(join(folder, 'note.txt'), 'Ada Lovelace wrote the first program.\n');
  const npm = (name: string) =>
    join(root, 'node_modules/@modelcontextprotocol', name, 'dist/index.js');
  const hub = createMcpHub({
    servers: {
      [KEYS.everything]: {
        type: 'stdio',
        command: process.execPath,
        args: [npm('server-everything'), 'stdio'],
        env: {},
      },
      [KEYS.filesystem]: {
        type: 'stdio',
        command: process.execPath,
        args: [npm('server-filesystem'), folder],
        env: {},
      },
      [KEYS.memory]: {
        type: 'stdio',
        command: process.execPath,
        args: [npm('server-memory')],
        env: { MEMORY_FILE_PATH: join(folder, 'memory.jsonl') },
      },
      [KEYS.crashing]: {
        type: 'stdio',
        command: process.execPath,
        args: [join(root, 'test/fixtures/servers/scripted-server.mjs')],
        env: {},
      },
    },
    // The crash must stay visible for the rest of the test, not be repaired by a restart.
    restart: false,
  });
  await hub.start();
  const down = hub.servers().filter((status) => status.state !== 'ready');
  if (down.length > 0) {
    await hub.close();
    throw new Error(
      `servers did not start: ${JSON.stringify(down.map((s) => [s.server, s.reason]))}`,
    );
  }
  return {
    hub,
    folder,
    async close() {
      await hub.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** The tools each agent-loop test offers (a filter by canonical name, which the bridges take). */
export function offeredTools(): string[] {
  return [
    canonical('everything', 'echo'),
    canonical('everything', 'get-sum'),
    canonical('everything', 'get-tiny-image'),
    canonical('filesystem', 'read_text_file'),
    canonical('memory', 'create_entities'),
    canonical('everything', 'trigger-long-running-operation'),
    canonical('crashing', 'crash'),
    canonical('crashing', 'sleep'),
  ];
}

/** A wire name the model invents, which no server offers. */
export const UNKNOWN_WIRE_NAME = 'io_github_example_org_no_such_tool';

/** The calls of the first turn, by canonical name, with the arguments the servers need. */
export function firstTurn(folder: string): { name: string; arguments: Record<string, unknown> }[] {
  return [
    { name: canonical('everything', 'echo'), arguments: { message: 'hello from the model' } },
    { name: canonical('everything', 'get-sum'), arguments: { a: 2, b: 3 } },
    { name: canonical('everything', 'get-tiny-image'), arguments: {} },
    {
      name: canonical('filesystem', 'read_text_file'),
      arguments: { path: join(folder, 'note.txt') },
    },
    // Outside the allowed folder: server-filesystem answers with an error result.
    { name: canonical('filesystem', 'read_text_file'), arguments: { path: '/etc/hostname' } },
    {
      name: canonical('memory', 'create_entities'),
      arguments: {
        entities: [
          { name: 'Ada', entityType: 'person', observations: ['wrote the first program'] },
        ],
      },
    },
    {
      name: canonical('everything', 'trigger-long-running-operation'),
      arguments: { duration: 0.2, steps: 2 },
    },
    // The scripted server exits while `sleep` is still running: both end, neither loses the turn.
    { name: canonical('crashing', 'sleep'), arguments: { ms: 60_000 } },
    { name: canonical('crashing', 'crash'), arguments: {} },
    { name: UNKNOWN_WIRE_NAME, arguments: {} },
  ];
}

/**
 * A provider-server script for a two-turn agent loop: the first request is answered with every
 * call of {@link firstTurn}, by the wire name the envelope gives its canonical name (the same map
 * the adapter builds), and every later request with text only.
 */
export function agentLoopScript(folder: string, envelope: EnvelopeInput): ToolCallScript {
  let requests = 0;
  return (_request, tools) => {
    requests++;
    if (requests > 1) return [];
    const offered = offeredTools();
    const map = createToolWireMap(offered, { envelope });
    const wireNames = new Set(tools.map((tool) => tool.name));
    return firstTurn(folder).map((call, index): ScriptedToolCall => {
      const wire = offered.includes(call.name) ? map.toWire(call.name) : call.name;
      if (offered.includes(call.name) && !wireNames.has(wire)) {
        throw new Error(`the request does not offer ${wire} (${call.name})`);
      }
      return { name: wire, arguments: call.arguments, id: `call_${index + 1}` };
    });
  };
}

/** The text of an outcome's result, every text block joined. */
export function outcomeText(outcome: Pick<HubToolCallOutcome, 'result'> | undefined): string {
  const content = (outcome?.result.content ?? []) as { type?: string; text?: string }[];
  return content
    .filter((block) => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
}

/**
 * Checks the outcomes of the first turn, whatever the provider: each call reached the server its
 * canonical name names, under the remote name, with the arguments the model sent (restored where
 * the provider's schema rules changed them), and every failure is an error result with its reason.
 */
export function expectFirstTurnOutcomes(outcomes: HubToolCallOutcome[], folder: string): void {
  const calls = firstTurn(folder);
  expect(outcomes.map((outcome) => outcome.call.name)).toEqual(calls.map((call) => call.name));
  const byIndex = (index: number) => outcomes[index] as HubToolCallOutcome;
  // server-everything's echo (the scripted server has an echo too, without the prefix).
  expect(outcomeText(byIndex(0))).toBe('Echo: hello from the model');
  expect(outcomeText(byIndex(1))).toBe('The sum of 2 and 3 is 5.');
  expect(byIndex(2).result.content).toContainEqual(
    expect.objectContaining({ type: 'image', mimeType: 'image/png' }),
  );
  expect(outcomeText(byIndex(3))).toBe('Ada Lovelace wrote the first program.\n');
  expect(byIndex(4)).toMatchObject({ isError: true });
  expect(byIndex(4).error).toBeUndefined(); // the server's own error result
  expect(outcomeText(byIndex(4))).toContain('Access denied');
  expect(outcomeText(byIndex(5))).toContain('"name": "Ada"');
  expect(outcomeText(byIndex(6))).toMatch(/Long running operation .*completed/i);
  expect(byIndex(7).error?.code).toBe('SERVER_UNAVAILABLE'); // sleep, cut off by the crash
  expect(byIndex(7).error?.message).toContain('remote name "sleep"');
  expect(outcomeText(byIndex(8))).toBe('crashing');
  expect(byIndex(9).error?.code).toBe('TOOL_NOT_FOUND');
  expect(outcomeText(byIndex(9))).toContain(UNKNOWN_WIRE_NAME);
}

/** The JSON body of the request the provider server received at `index`. */
export function sentBody<T>(server: ProviderServer, index: number): T {
  const request = server.requests[index];
  if (request === undefined) throw new Error(`the provider server received no request ${index}`);
  return request.body as T;
}

/** The hub and the provider server one agent-loop test file runs against. */
export interface AgentLoopSuite {
  loop: AgentLoopHub;
  server: ProviderServer;
}

/**
 * Starts the hub and a provider server serving `module` with {@link agentLoopScript} before the
 * file's tests and closes both after them. Call the returned function inside a test.
 */
export function useAgentLoopSuite(
  module: ProviderModule,
  envelope: EnvelopeInput,
): () => AgentLoopSuite {
  let loop: AgentLoopHub | undefined;
  let server: ProviderServer | undefined;
  beforeAll(async () => {
    loop = await startAgentLoopHub();
    server = await startProviderServer({
      modules: [module],
      script: agentLoopScript(loop.folder, envelope),
    });
  });
  afterAll(async () => {
    await server?.close();
    await loop?.close();
  });
  return () => {
    if (loop === undefined || server === undefined) throw new Error('the suite did not start');
    return { loop, server };
  };
}

/** What one turn of a provider's loop gave: the calls it ran and how many results it sends. */
export interface AgentTurn {
  outcomes: readonly HubToolCallOutcome[];
  results: number;
}

/**
 * Runs a provider's turn up to five times, until a turn has no results to send back (the model
 * answered with text), and returns every call's outcome in order.
 */
export async function runAgentTurns(turn: () => Promise<AgentTurn>): Promise<HubToolCallOutcome[]> {
  const outcomes: HubToolCallOutcome[] = [];
  for (let index = 0; index < 5; index++) {
    const ran = await turn();
    outcomes.push(...ran.outcomes);
    if (ran.results === 0) break;
  }
  return outcomes;
}

/** Both requests met the provider's rules and the first turn's calls came back as expected. */
export function expectAgentLoopRun(suite: AgentLoopSuite, outcomes: HubToolCallOutcome[]): void {
  expect(suite.server.requests.map((request) => request.violations)).toEqual([[], []]);
  expectFirstTurnOutcomes(outcomes, suite.loop.folder);
}
