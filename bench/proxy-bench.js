// Proxy benchmark: tools/call through `toolwire proxy` over stdio against the same server called
// directly (p50 and p99 of sequential calls, interleaved in short blocks; beside them a bare byte
// relay, the floor of any proxy in its own process), and tools/list of every bundled
// catalog through one proxy against listing each catalog server directly.
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

async function timeCalls(client, name, count, samples = []) {
  for (let index = 0; index < count; index++) {
    const start = performance.now();
    await client.callTool({ name, arguments: { text: 'benchmark' } });
    samples.push(performance.now() - start);
  }
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
  // The same server and the same client three ways: directly, through a bare byte relay (the
  // cost of the extra process hop alone), and through the proxy.
  const paths = [
    { label: 'direct', name: 'echo', client: await connect(process.execPath, [scripted]) },
    {
      label: 'relay',
      name: 'echo',
      client: await connect(process.execPath, [relay, process.execPath, scripted]),
    },
    {
      label: 'proxy',
      name: 'bench__echo',
      client: await connect(process.execPath, [cli, 'proxy', config, '--client', 'claude-code']),
    },
  ];
  for (const path of paths) await timeCalls(path.client, path.name, 300);
  // Interleaved in short blocks, in turn, so that the load of a shared machine falls on every
  // path alike (p99 included).
  const samples = new Map(paths.map((path) => [path.label, []]));
  for (let block = 0; block < BLOCKS; block++) {
    for (let turn = 0; turn < paths.length; turn++) {
      const path = paths[(block + turn) % paths.length];
      await timeCalls(path.client, path.name, BLOCK, samples.get(path.label));
    }
  }
  for (const path of paths) await path.client.close();
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
      name: `byte relay tools/call ${label} vs direct`,
      ratio: r / d,
      detail: `${r.toFixed(3)} ms through a process that only copies bytes (the floor of any stdio proxy)`,
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
