import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONG_FIXTURE } from '../conformance/fixtures.js';
import { anthropicModule } from '../provider-server/anthropic-module.js';
import { openaiChatModule } from '../provider-server/openai-chat-module.js';
import {
  type ProviderServer,
  startProviderServer,
} from '../provider-server/start-provider-server.js';
import { freePort } from '../support/free-port.js';
import { anthropicSubject, chatSubject } from './support/gateway-subjects.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(root, 'dist');

/** Every built module the entry reaches through relative imports (the worker's module list). */
function modulesOf(entry: string): string[] {
  const found: string[] = [];
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (found.includes(file)) continue;
    found.push(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:from|import)\s*['"](\.[^'"]+)['"]/g)) {
      queue.push(resolve(dirname(file), match[1] as string));
    }
  }
  return found;
}

const WORKER = `import { createGateway } from './gateway/index.js';
export default {
  fetch(request, env) {
    const gateway = createGateway({ upstream: { baseUrl: env.UPSTREAM, envelope: env.ENVELOPE } });
    return gateway.fetch(request);
  },
};
`;

// Issue 11, done when: the same handler runs inside workerd (Cloudflare Workers' runtime), built
// as it ships, answering a projected request: the deployable form is real, not assumed.
describe('the gateway inside workerd', () => {
  let provider: ProviderServer;
  let worker: ChildProcess;
  let folder: string;
  let url: string;
  let output = '';

  beforeAll(async () => {
    provider = await startProviderServer({ modules: [anthropicModule, openaiChatModule] });
    folder = mkdtempSync(join(tmpdir(), 'toolwire-workerd-'));
    const modules = modulesOf(join(dist, 'gateway/index.js')).map((file) => relative(dist, file));
    for (const name of modules) {
      mkdirSync(dirname(join(folder, name)), { recursive: true });
      cpSync(join(dist, name), join(folder, name));
    }
    writeFileSync(join(folder, 'worker.js'), WORKER);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const list = ['worker.js', ...modules]
      .map((name) => `(name = "${name}", esModule = embed "${name}")`)
      .join(',\n      ');
    writeFileSync(
      join(folder, 'config.capnp'),
      `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .gateway),
    (name = "loopback", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const gateway :Workerd.Worker = (
  modules = [
      ${list}
  ],
  compatibilityDate = "2025-09-01",
  bindings = [
    (name = "UPSTREAM", text = "${provider.url}"),
    (name = "ENVELOPE", text = "bedrock"),
  ],
  globalOutbound = "loopback",
);
`,
    );
    worker = spawn(join(root, 'node_modules/.bin/workerd'), ['serve', 'config.capnp'], {
      cwd: folder,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    worker.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    // Ready when it answers (a pass-through path the provider server answers with 404).
    for (let attempt = 0; ; attempt++) {
      const ready = await fetch(`${url}/ready`).then(
        () => true,
        () => false,
      );
      if (ready) break;
      if (attempt > 300 || worker.exitCode !== null) throw new Error(`workerd: ${output}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }, 60_000);

  afterAll(async () => {
    worker?.kill();
    await provider?.close();
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  });

  it('should run only the gateway and the modules it imports (no node: builtins to shim)', () => {
    const text = readFileSync(join(folder, 'config.capnp'), 'utf8');
    expect(text).toContain('gateway/index.js');
    expect(text).not.toContain('nodejs_compat');
  });

  for (const stream of [false, true]) {
    it(`should project an Anthropic request for Bedrock's 64 characters and resolve the call (${stream ? 'streamed' : 'plain'})`, async () => {
      provider.script = (_request, tools) => [
        { name: tools[1]?.name ?? '', arguments: { pageId: '7' }, id: 'toolu_1' },
      ];
      const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: url, maxRetries: 0 });
      const request = anthropicSubject.build(LONG_FIXTURE) as never;
      const message = stream
        ? await client.messages.stream(request).finalMessage()
        : await client.messages.create(request);
      const sent = provider.lastRequest();
      expect(sent.violations).toEqual([]);
      const names = (sent.body as { tools: { name: string }[] }).tools.map((tool) => tool.name);
      expect(names.every((name) => name.length <= 64)).toBe(true);
      expect(names[1]).not.toBe(LONG_FIXTURE.tools[1]?.name);
      expect(message.content).toEqual([
        expect.objectContaining({ name: LONG_FIXTURE.tools[1]?.name, input: { pageId: '7' } }),
      ]);
    });
  }

  it('should answer Chat Completions the same way', async () => {
    const calls = await chatSubject.send(url, chatSubject.build(LONG_FIXTURE), true);
    expect(provider.lastRequest().violations).toEqual([]);
    expect(calls.map((call) => call.name)).toEqual([LONG_FIXTURE.tools[1]?.name]);
  });
});
