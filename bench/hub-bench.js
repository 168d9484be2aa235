// Hub benchmark (issue 12, hub listing target): every bundled catalog (test/fixtures/catalogs)
// served over streamable HTTP on 127.0.0.1 by a fixture server in its own process, listed through
// the hub (connect, tools/list, canonical names under the openai-agents preset, and projection of
// every tool into one OpenAI Responses request), against openai-agents' own MCP client
// (@openai/agents-core: connect, listTools, function tools with server names) and the MCP SDK's
// Client.listTools() on the same servers in the same run. Each round times the three back to back
// in a rotating order; the ratios are medians of the rounds' ratios, so load on a shared machine
// affects all sides alike. Runs after `npm run build`: `node bench/hub-bench.js`, or through
// `npm run bench`.
//
// The catalog servers declare `tools: {}` and nothing they may send unasked, so the hub does not
// open their optional GET stream (openai-agents and the SDK client do). The row "with the GET
// stream" makes the hub declare a client capability (roots), which opens it, to show the ratio
// for servers that declare list changes or logging.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createMcpHub } from '../dist/mcp/index.js';
import { projectResponsesRequest } from '../dist/providers/openai/index.js';
import { median } from './bench-fixture.js';

const ROUNDS = 7;
const TARGET = 0.5;
const serverScript = fileURLToPath(
  new URL('../test/fixtures/servers/catalog-http-server.mjs', import.meta.url),
);
const catalogFolder = fileURLToPath(new URL('../test/fixtures/catalogs/', import.meta.url));

async function startServers() {
  const child = spawn(process.execPath, [serverScript, catalogFolder], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = await createInterface({ input: child.stdout })
    [Symbol.asyncIterator]()
    .next()
    .then(({ value }) => [value]);
  const { urls } = JSON.parse(line);
  return { urls: Object.entries(urls), stop: () => child.stdin.end() };
}

/** The hub as a host uses it: start, canonical names, one projected request of every tool. */
async function throughHub(urls, clientCapabilities = {}) {
  const hub = createMcpHub({
    clientCapabilities,
    preset: 'openai-agents',
    servers: Object.fromEntries(
      urls.map(([name, url]) => [
        name,
        { type: 'http', url, transport: 'streamable-http', headers: {} },
      ]),
    ),
  });
  await hub.start();
  const projected = projectResponsesRequest({
    model: 'gpt-5',
    input: [],
    tools: hub.tools().map((tool) => ({
      type: 'function',
      name: tool.canonical,
      description: tool.description ?? '',
      parameters: tool.inputSchema,
    })),
  });
  const count = projected.request.tools.length;
  await hub.close();
  return count;
}

/**
 * openai-agents' own path: connect each server, then getAllMcpTools (listTools and function tools
 * named with the server). Its client rejects a whole listing with one tool it does not accept
 * (gitlab's), and getAllMcpTools then fails for every server, so that server's listing is
 * attempted beside the others and counts as done when it fails.
 */
async function throughAgents(urls, agentsCore) {
  const { getAllMcpTools, MCPServerStreamableHttp } = agentsCore;
  const servers = urls.map(
    ([name, url]) => new MCPServerStreamableHttp({ url, name, cacheToolsList: false }),
  );
  await Promise.all(servers.map((server) => server.connect()));
  const rejected = servers.filter((server) => server.name === 'gitlab');
  const [tools] = await Promise.all([
    getAllMcpTools({
      mcpServers: servers.filter((server) => !rejected.includes(server)),
      convertSchemasToStrict: false,
      includeServerInToolNames: true,
    }),
    ...rejected.map((server) => server.listTools().catch(() => [])),
  ]);
  await Promise.all(servers.map((server) => server.close()));
  return tools.length;
}

/** The MCP SDK client alone: connect and listTools() on each server (a rejected listing counts as done). */
async function throughSdkClient(urls) {
  const clients = await Promise.all(
    urls.map(async ([, url]) => {
      const client = new Client({ name: 'bench', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      return client;
    }),
  );
  const lists = await Promise.all(
    clients.map((client) =>
      client.listTools().then(
        (result) => result.tools,
        () => [],
      ),
    ),
  );
  await Promise.all(clients.map((client) => client.close()));
  return lists.flat().length;
}

async function time(run, urls) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const count = await run(urls);
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, count };
}

/** Rows `{ name, value, target, detail }` for `bench/run.js`. */
export async function runHubBench() {
  const { urls, stop } = await startServers();
  try {
    // Loaded here, so that an install without the dev dependency still runs the other rows.
    const agentsCore = await import('@openai/agents-core').catch(() => undefined);
    if (agentsCore === undefined) {
      console.warn(
        'hub bench: @openai/agents-core is not installed (npm ci); its rows are left out.',
      );
    }
    const sides = {
      hub: throughHub,
      hubWithStream: (urls) => throughHub(urls, { roots: {} }),
      ...(agentsCore === undefined ? {} : { agents: (urls) => throughAgents(urls, agentsCore) }),
      sdk: throughSdkClient,
    };
    for (const run of Object.values(sides)) await run(urls);
    const samples = { hub: [], hubWithStream: [], agents: [], sdk: [] };
    const cpuSamples = { hub: [], hubWithStream: [], agents: [], sdk: [] };
    const counts = {};
    const names = Object.keys(sides);
    for (let round = 0; round < ROUNDS; round++) {
      for (let offset = 0; offset < names.length; offset++) {
        const name = names[(round + offset) % names.length];
        const { ms, cpuMs, count } = await time(sides[name], urls);
        samples[name].push(ms);
        cpuSamples[name].push(cpuMs);
        counts[name] = count;
      }
    }
    const ratios = (other, from = samples, side = 'hub') =>
      median(from[side].map((ms, index) => ms / from[other][index]));
    const sdkRow = {
      name: 'hub: list all catalogs over HTTP, name, project / MCP SDK Client.listTools',
      value: ratios('sdk'),
      target: undefined,
      detail: `hub ${median(samples.hub).toFixed(0)} ms, SDK client ${median(samples.sdk).toFixed(0)} ms; the SDK client validates every result and compiles an output-schema validator per tool`,
    };
    if (agentsCore === undefined) return [sdkRow];
    const ms = (name) => `${median(samples[name]).toFixed(0)} ms`;
    const detail = `${urls.length} servers; hub ${ms('hub')} (${counts.hub} tools named and projected), openai-agents ${ms('agents')} (${counts.agents} tools), SDK client ${ms('sdk')} (${counts.sdk} tools)`;
    return [
      {
        name: 'hub: list all catalogs over HTTP, name, project / openai-agents MCP client',
        value: ratios('agents'),
        target: TARGET,
        detail,
      },
      {
        name: 'hub: the same, GET stream opened (client declares roots) / openai-agents',
        value: ratios('agents', samples, 'hubWithStream'),
        target: undefined,
        detail: `hub ${ms('hubWithStream')}, openai-agents ${ms('agents')}; servers that declare list changes or logging get the stream`,
      },
      {
        name: 'hub: the same, CPU time of the client process / openai-agents',
        value: ratios('agents', cpuSamples),
        target: undefined,
        detail: `hub ${median(cpuSamples.hub).toFixed(0)} ms, openai-agents ${median(cpuSamples.agents).toFixed(0)} ms, SDK client ${median(cpuSamples.sdk).toFixed(0)} ms of CPU`,
      },
      sdkRow,
    ];
  } finally {
    stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const row of await runHubBench()) {
    const ok = row.target === undefined ? '' : row.value <= row.target ? 'yes' : 'NO';
    console.log(
      `${row.name.padEnd(76)} ${row.value.toFixed(4).padStart(8)}  ${row.target === undefined ? '       ' : `<= ${row.target}`}  ${ok.padEnd(3)}  ${row.detail}`,
    );
  }
}
