// Proxy benchmark: tools/call through `toolwire proxy` over stdio against the same server called
// directly (p50 and p99 of sequential calls, interleaved in short blocks; beside them bare byte
// relays in Node and in C, the floor of any proxy in its own process), and tools/list of every
// bundled catalog through one proxy against listing each catalog server directly.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { z } from 'zod';
import { median } from './bench-fixture.js';

// Listed as sent: the SDK's own result schema rejects a whole list for one tool without root
// `type: object`, which some bundled catalogs have.
const anyResult = z.object({}).passthrough();

const root = fileURLToPath(new URL('../', import.meta.url));
const scripted = join(root, 'test/fixtures/servers/scripted-server.mjs');
const catalogServer = join(root, 'bench/catalog-server.mjs');
const catalogFolder = join(root, 'test/fixtures/catalogs');
const cli = join(root, 'dist/cli/main.js');
const relay = join(root, 'bench/pipe-relay.mjs');
const cRelaySource = join(root, 'bench/pipe-relay.c');

/**
 * Compiles bench/pipe-relay.c into `folder` with the machine's C compiler (`$CC`, else `cc`):
 * `{ path }`, or `{ reason }` when there is no compiler or it fails.
 */
function compileCRelay(folder) {
  const compiler = process.env.CC || 'cc';
  const path = join(folder, 'pipe-relay');
  try {
    execFileSync(compiler, ['-O2', '-o', path, cRelaySource], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    return { path };
  } catch (error) {
    const said =
      String(error.stderr ?? '')
        .trim()
        .split('\n')[0] || error.message;
    return {
      reason:
        error.code === 'ENOENT'
          ? `no C compiler on this machine (${compiler}; set CC to use another)`
          : `${compiler} -O2 bench/pipe-relay.c failed: ${said}`,
    };
  }
}

async function connect(command, args, env = {}) {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(
    new StdioClientTransport({ command, args, env: { ...process.env, ...env }, stderr: 'ignore' }),
  );
  return client;
}

function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

async function timeCalls(client, name, count, samples = [], args = { text: 'benchmark' }) {
  for (let index = 0; index < count; index++) {
    const start = performance.now();
    await client.callTool({ name, arguments: args });
    samples.push(performance.now() - start);
  }
  return samples;
}

/** Samples of each path's calls, interleaved in short blocks so that load falls on all alike. */
async function interleave(paths, blocks, args) {
  for (const path of paths) await timeCalls(path.client, path.name, 300, [], args);
  const samples = new Map(paths.map((path) => [path.label, []]));
  for (let block = 0; block < blocks; block++) {
    for (let turn = 0; turn < paths.length; turn++) {
      const path = paths[(block + turn) % paths.length];
      await timeCalls(path.client, path.name, BLOCK, samples.get(path.label), args);
    }
  }
  for (const path of paths) await path.client.close();
  return samples;
}

const BLOCK = 20;
const BLOCKS = 200;

/** Rows `{ name, ratio, target?, detail }` for bench/run.js. */
export async function runProxyBench() {
  const folder = mkdtempSync(join(tmpdir(), 'toolwire-proxy-bench-'));
  const config = join(folder, 'servers.json');
  writeFileSync(
    config,
    JSON.stringify({ mcpServers: { bench: { command: process.execPath, args: [scripted] } } }),
  );
  // The same server and the same client four ways: directly, through bare byte relays in Node and
  // in C (the cost of the extra process hop alone, with and without a runtime), and through the
  // proxy.
  const cRelay = compileCRelay(folder);
  const paths = [
    { label: 'direct', name: 'echo', client: await connect(process.execPath, [scripted]) },
    {
      label: 'relay',
      name: 'echo',
      client: await connect(process.execPath, [relay, process.execPath, scripted]),
    },
    ...(cRelay.path === undefined
      ? []
      : [
          {
            label: 'c-relay',
            name: 'echo',
            client: await connect(cRelay.path, [process.execPath, scripted]),
          },
        ]),
    {
      label: 'proxy',
      name: 'bench__echo',
      client: await connect(process.execPath, [cli, 'proxy', config, '--client', 'claude-code']),
    },
  ];
  const samples = await interleave(paths, BLOCKS);
  const direct = samples.get('direct');
  const rows = [];
  for (const [label, fraction, target] of [
    ['p50', 0.5, 1.15],
    ['p99', 0.99, 1.5],
  ]) {
    const d = percentile(direct, fraction);
    const p = percentile(samples.get('proxy'), fraction);
    const r = percentile(samples.get('relay'), fraction);
    rows.push({
      name: `proxy tools/call ${label} vs direct`,
      ratio: p / d,
      target,
      detail: `${p.toFixed(3)} ms through the proxy, ${d.toFixed(3)} ms direct, ${direct.length} calls each over stdio, interleaved`,
    });
    rows.push({
      name: `Node byte relay tools/call ${label} vs direct`,
      ratio: r / d,
      detail: `${r.toFixed(3)} ms through a Node process that only copies bytes (bench/pipe-relay.mjs: the floor of a proxy in Node)`,
    });
    if (cRelay.path !== undefined) {
      const c = percentile(samples.get('c-relay'), fraction);
      rows.push({
        name: `C byte relay tools/call ${label} vs direct`,
        ratio: c / d,
        detail: `${c.toFixed(3)} ms through a C process that only copies bytes (bench/pipe-relay.c, cc -O2: the floor of any proxy in its own process)`,
      });
    }
  }
  if (cRelay.path === undefined) {
    rows.push({
      name: 'C byte relay tools/call p50/p99 vs direct (skipped)',
      ratio: Number.NaN,
      detail: `not measured: ${cRelay.reason}`,
    });
  }

  // Beside the rows (a trivial echo, where the process hop is most of the time): a call
  // that does real work, the filesystem server from npm reading a 20 KB text file, directly and
  // through the proxy. Informational: the issue's targets are the echo rows'.
  const fileFolder = join(folder, 'files');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(fileFolder);
  const text = Array.from(
    { length: 400 },
    (_, line) => `line ${line}: the quick brown fox jumps over the lazy dog "${line}" ✓`,
  ).join('\n');
  writeFileSync(join(fileFolder, 'source.txt'), text.slice(0, 20_000));
  const filesystem = join(
    root,
    'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js',
  );
  writeFileSync(
    join(folder, 'files.json'),
    JSON.stringify({
      mcpServers: { files: { command: process.execPath, args: [filesystem, fileFolder] } },
    }),
  );
  const realistic = await interleave(
    [
      {
        label: 'direct',
        name: 'read_text_file',
        client: await connect(process.execPath, [filesystem, fileFolder]),
      },
      {
        label: 'relay',
        name: 'read_text_file',
        client: await connect(process.execPath, [relay, process.execPath, filesystem, fileFolder]),
      },
      {
        label: 'proxy',
        name: 'files__read_text_file',
        client: await connect(process.execPath, [
          cli,
          'proxy',
          join(folder, 'files.json'),
          '--client',
          'claude-code',
        ]),
      },
    ],
    BLOCKS / 2,
    { path: join(fileFolder, 'source.txt') },
  );
  for (const [label, fraction] of [
    ['p50', 0.5],
    ['p99', 0.99],
  ]) {
    const d = percentile(realistic.get('direct'), fraction);
    const p = percentile(realistic.get('proxy'), fraction);
    const r = percentile(realistic.get('relay'), fraction);
    rows.push({
      name: `proxy filesystem read_text_file ${label} vs direct (informational)`,
      ratio: p / d,
      detail: `${p.toFixed(3)} ms through the proxy, ${d.toFixed(3)} ms direct, ${r.toFixed(3)} ms through the byte relay (${(r / d).toFixed(2)}x): @modelcontextprotocol/server-filesystem reading a 20 KB file, ${realistic.get('direct').length} calls each, interleaved`,
    });
  }

  // tools/list of every bundled catalog: one proxy in front of all of them, against each directly.
  const { readdirSync } = await import('node:fs');
  const files = readdirSync(catalogFolder).filter((file) => file.endsWith('.json'));
  const servers = Object.fromEntries(
    files.map((file) => [
      file.replace(/\.json$/, ''),
      {
        command: process.execPath,
        args: [catalogServer],
        env: { CATALOG: join(catalogFolder, file) },
      },
    ]),
  );
  const catalogConfig = join(folder, 'catalogs.json');
  writeFileSync(catalogConfig, JSON.stringify({ mcpServers: servers }));
  const directClients = await Promise.all(
    files.map((file) =>
      connect(process.execPath, [catalogServer], { CATALOG: join(catalogFolder, file) }),
    ),
  );
  const proxy = await connect(process.execPath, [
    cli,
    'proxy',
    catalogConfig,
    '--client',
    'claude-code',
  ]);
  let proxiedCount = 0;
  const directTimes = [];
  const proxiedTimes = [];
  for (let round = 0; round < 15; round++) {
    let start = performance.now();
    for (const client of directClients)
      await client.request({ method: 'tools/list', params: {} }, anyResult);
    directTimes.push(performance.now() - start);
    start = performance.now();
    proxiedCount = (await proxy.request({ method: 'tools/list', params: {} }, anyResult)).tools
      .length;
    proxiedTimes.push(performance.now() - start);
  }
  const directMs = median(directTimes);
  const proxiedMs = median(proxiedTimes);
  rows.push({
    name: 'proxy tools/list all catalogs vs direct',
    ratio: proxiedMs / directMs,
    detail: `${proxiedCount} tools of ${files.length} catalogs: ${proxiedMs.toFixed(2)} ms through the proxy (names fitted for claude-code), ${directMs.toFixed(2)} ms listing each server directly`,
  });
  await Promise.all(directClients.map((client) => client.close()));
  await proxy.close();
  return rows;
}
