import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpProxy, type McpProxy } from '../../src/proxy/create-mcp-proxy.js';
import { type ProxyHttpServer, serveProxyHttp } from '../../src/proxy/serve-proxy-http.js';
import { freePort } from '../support/free-port.js';
import { node22 } from '../support/node22.js';
import { npmServer, root } from '../support/run-toolwire.js';

// The official MCP conformance suite as a differential test: every server scenario that passes
// against an upstream directly must pass through the proxy in front of it (profile `generic`,
// bare names, so the upstream's names fit and pass unchanged). The suite needs Node 22, which
// tools/node22 provides (npm test installs it first).
const suite = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

type Outcome = Map<string, { passed: boolean; failures: string[] }>;

function run(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

// Not in the suite's default run, so asked for by name.
const EXTRA_SCENARIOS = ['json-schema-2020-12'];

async function conformance(url: string): Promise<Outcome> {
  const outcome: Outcome = new Map();
  for (const scenario of [undefined, ...EXTRA_SCENARIOS]) {
    for (const [name, result] of await conformanceRun(url, scenario)) outcome.set(name, result);
  }
  return outcome;
}

async function conformanceRun(url: string, scenario: string | undefined): Promise<Outcome> {
  const output = await mkdtemp(join(tmpdir(), 'toolwire-conformance-'));
  try {
    const child = run(node22(), [
      suite,
      'server',
      '--url',
      url,
      '-o',
      output,
      ...(scenario === undefined ? [] : ['--scenario', scenario]),
    ]);
    child.stdout?.resume();
    child.stderr?.resume();
    await new Promise((resolve, reject) => {
      child.once('exit', resolve);
      child.once('error', reject);
    });
    const outcome: Outcome = new Map();
    for (const folder of await readdir(output)) {
      const scenario = folder.replace(/^server-/, '').replace(/-\d{4}-\d\d-\d\dT.*$/, '');
      const checks = JSON.parse(
        await readFile(join(output, folder, 'checks.json'), 'utf8'),
      ) as Array<{
        status: string;
        name: string;
        errorMessage?: string;
      }>;
      const failures = checks
        .filter((check) => check.status === 'FAILURE')
        .map((check) => `${check.name}: ${check.errorMessage ?? ''}`);
      outcome.set(scenario, { passed: failures.length === 0 && checks.length > 0, failures });
    }
    return outcome;
  } finally {
    await rm(output, { recursive: true, force: true });
  }
}

async function waitForListening(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const guard = setTimeout(() => reject(new Error('the upstream did not start')), 20_000);
    const onData = (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) {
        clearTimeout(guard);
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.stdout?.on('data', onData);
    child.once('exit', () => reject(new Error('the upstream exited')));
  });
}

// The scenarios the fixture server (test/fixtures/servers/conformance-server.mjs) passes
// directly: all 32 server scenarios of the suite but SSE polling (its test_reconnection tool
// needs an event store on the server, which neither the fixture nor the proxy keeps) and DNS
// rebinding protection (the fixture does not check Host; the proxy must, below).
const FIXTURE_PASSES = [
  'server-initialize',
  'logging-set-level',
  'ping',
  'completion-complete',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-with-logging',
  'tools-call-error',
  'tools-call-with-progress',
  'tools-call-sampling',
  'tools-call-elicitation',
  'elicitation-sep1034-defaults',
  'server-sse-multiple-streams',
  'elicitation-sep1330-enums',
  'resources-list',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'resources-subscribe',
  'resources-unsubscribe',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
  'json-schema-2020-12',
];

const UPSTREAMS = [
  {
    label: 'server-everything (npm)',
    args: [npmServer('server-everything'), 'streamableHttp'],
    host: 'localhost',
    passes: ['server-initialize', 'tools-list'],
  },
  {
    label: 'the conformance fixture server',
    args: [join(root, 'test/fixtures/servers/conformance-server.mjs')],
    host: '127.0.0.1',
    passes: FIXTURE_PASSES,
  },
];

describe.each(UPSTREAMS)(
  'MCP conformance of $label, directly and through the proxy',
  ({ args, host, passes }) => {
    let upstream: ChildProcess;
    let proxy: McpProxy;
    let http: ProxyHttpServer;
    let upstreamUrl: string;

    beforeAll(async () => {
      const port = await freePort();
      upstream = run(process.execPath, args, { PORT: String(port) });
      await waitForListening(upstream);
      upstreamUrl = `http://${host}:${port}/mcp`;
      proxy = createMcpProxy({
        servers: {
          upstream: {
            type: 'http',
            url: `http://127.0.0.1:${port}/mcp`,
            transport: 'streamable-http',
            headers: {},
          },
        },
        client: 'generic',
        prefix: 'none',
      });
      await proxy.start();
      http = await serveProxyHttp({ proxy });
    }, 60_000);

    afterAll(async () => {
      await http?.close();
      await proxy?.close();
      upstream?.kill('SIGKILL');
    });

    it('passes through the proxy every scenario the upstream passes, and DNS rebinding protection', async () => {
      // Both runs at once: they share nothing but the upstream, which serves many sessions.
      const [direct, proxied] = await Promise.all([
        conformance(upstreamUrl),
        conformance(`http://localhost:${http.port}/mcp`),
      ]);
      const passedDirectly = [...direct]
        .filter(([, result]) => result.passed)
        .map(([name]) => name);
      // The suite really ran, and the upstream still passes what it is known to pass.
      expect(passedDirectly).toEqual(expect.arrayContaining(passes));
      const regressions = passedDirectly
        .filter((name) => proxied.get(name)?.passed !== true)
        .map((name) => `${name}: ${proxied.get(name)?.failures.join('; ') ?? 'did not run'}`);
      expect(regressions).toEqual([]);
      expect(proxied.get('dns-rebinding-protection')?.passed).toBe(true);
    }, 240_000);
  },
);
