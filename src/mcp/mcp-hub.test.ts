// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} in plain strings is the config syntax under test.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createScriptedServer } from '../../test/fixtures/servers/scripted-server.mjs';
import { freePort } from '../../test/support/free-port.js';
import { startScriptedHttpServer } from '../../test/support/scripted-http-server.js';
import { ToolwireError } from '../core/toolwire-error.js';
import { projectResponsesRequest } from '../providers/openai/index.js';
import { createMcpHub, type McpHub, type McpHubEvent } from './mcp-hub.js';
import { type McpServerConfig, parseMcpConfig } from './parse-mcp-config.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixture = (name: string): string => join(root, 'test/fixtures/servers', name);
const npmServer = (name: string): string =>
  join(root, 'node_modules/@modelcontextprotocol', name, 'dist/index.js');
const node = (
  script: string,
  args: string[] = [],
  env: Record<string, string> = {},
): McpServerConfig => ({
  type: 'stdio',
  command: process.execPath,
  args: [script, ...args],
  env,
});

/** Resolves with the first event that satisfies `test`; rejects if the hub never sends one. */
function nextEvent(hub: McpHub, test: (event: McpHubEvent) => boolean): Promise<McpHubEvent> {
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => {
      stop();
      reject(new Error('the expected hub event never came'));
    }, 20_000);
    const stop = hub.subscribe((event) => {
      if (!test(event)) return;
      clearTimeout(guard);
      stop();
      resolve(event);
    });
  });
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return ToolwireError.isInstance(error) ? error.code : `not a ToolwireError: ${String(error)}`;
  }
}

const text = (result: { content?: unknown }): string =>
  ((result.content as { text?: string }[] | undefined)?.[0]?.text ?? '') as string;

describe('McpHub over stdio: real servers beside broken ones', () => {
  let folder: string;
  let hub: McpHub;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'toolwire-hub-'));
    hub = createMcpHub({
      servers: {
        'io.github.modelcontextprotocol/server-memory': node(npmServer('server-memory'), [], {
          MEMORY_FILE_PATH: join(folder, 'memory.jsonl'),
        }),
        filesystem: node(npmServer('server-filesystem'), [folder]),
        everything: node(npmServer('server-everything'), ['stdio']),
        'exits-at-start': node(fixture('exits-at-start.mjs')),
        'hangs-on-list': node(fixture('hangs-on-list.mjs')),
        'malformed-json': node(fixture('malformed-json.mjs')),
        'no-such-command': {
          type: 'stdio',
          command: 'toolwire-no-such-command',
          args: [],
          env: {},
        },
        paged: node(fixture('scripted-server.mjs'), [], { PAGE_SIZE: '2' }),
      },
      listTimeout: 1500,
      connectTimeout: 15_000,
      restart: { initialDelay: 50 },
    });
    await hub.start();
  });

  afterAll(async () => {
    await hub.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('starts the real servers and says why each broken one failed', () => {
    const states = Object.fromEntries(hub.servers().map((status) => [status.server, status.state]));
    expect(states).toEqual({
      'io.github.modelcontextprotocol/server-memory': 'ready',
      filesystem: 'ready',
      everything: 'ready',
      'exits-at-start': 'failed',
      'hangs-on-list': 'failed',
      'malformed-json': 'failed',
      'no-such-command': 'failed',
      paged: 'ready',
    });
    const reason = (key: string): string => hub.server(key)?.reason ?? '';
    expect(reason('exits-at-start')).toMatch(
      /^Server "exits-at-start" did not initialise .*the process exited with code 1 \(stderr: fatal: EXAMPLE_API_KEY is not set\)/,
    );
    expect(hub.server('exits-at-start')?.stderr).toEqual([
      'starting...',
      'fatal: EXAMPLE_API_KEY is not set',
    ]);
    expect(reason('hangs-on-list')).toMatch(
      /^Server "hangs-on-list" started but tools\/list failed: no answer within 1500 ms/,
    );
    expect(reason('malformed-json')).toMatch(/last protocol error: .*JSON/);
    expect(reason('no-such-command')).toMatch(/command not found/);
    expect(hub.server('exits-at-start')?.error?.code).toBe('SERVER_UNAVAILABLE');
  });

  it('names every tool canonically, keeps the remote name and normalises schemas', () => {
    const memory = hub.tool('io.github.modelcontextprotocol/server-memory__read_graph');
    expect(memory).toMatchObject({
      server: 'io.github.modelcontextprotocol/server-memory',
      remoteName: 'read_graph',
    });
    expect(memory?.inputSchema).toMatchObject({ type: 'object', properties: {} });
    expect(hub.server('filesystem')?.serverInfo?.name).toBe('secure-filesystem-server');
    expect(hub.server('filesystem')?.transport).toBe('stdio');
    expect(hub.tools().filter((tool) => tool.server === 'filesystem').length).toBeGreaterThan(10);
    expect(hub.tools().some((tool) => tool.server === 'exits-at-start')).toBe(false);
    const names = hub.tools().map((tool) => tool.canonical);
    expect(names).toEqual([...names].sort());
  });

  it('follows nextCursor through every page of tools/list', () => {
    expect(
      hub
        .tools()
        .filter((tool) => tool.server === 'paged')
        .map((tool) => tool.remoteName)
        .sort(),
    ).toEqual(['add_tool', 'crash', 'echo', 'pid', 'sleep']);
  });

  it('picks up the tools server-everything registers after initialize (list_changed)', async () => {
    if (hub.tool('everything__simulate-research-query') === undefined) {
      await nextEvent(
        hub,
        (event) =>
          event.type === 'tools' &&
          event.tools.some((tool) => tool.canonical === 'everything__simulate-research-query'),
      );
    }
    expect(hub.tool('everything__simulate-research-query')?.remoteName).toBe(
      'simulate-research-query',
    );
  });

  it('calls by canonical name and dispatches the remote name', async () => {
    await hub.callTool({
      name: 'io.github.modelcontextprotocol/server-memory__create_entities',
      arguments: {
        entities: [{ name: 'toolwire', entityType: 'project', observations: ['names fit'] }],
      },
    });
    const graph = await hub.callTool({
      name: 'io.github.modelcontextprotocol/server-memory__read_graph',
    });
    expect(text(graph)).toContain('names fit');
    const allowed = await hub.callTool({ name: 'filesystem__list_allowed_directories' });
    expect(text(allowed)).toContain(folder);
    expect(
      text(await hub.callTool({ name: 'everything__echo', arguments: { message: 'hi' } })),
    ).toBe('Echo: hi');
  });

  it('gives typed errors for unknown tools, bad arguments, timeouts and cancellation', async () => {
    expect(await codeOf(hub.callTool({ name: 'exits-at-start__anything' }))).toBe('TOOL_NOT_FOUND');
    const invalid = await hub
      .callTool({ name: 'everything__get-sum', arguments: { a: 'x' } })
      .catch((error: unknown) => error);
    // The SDK server answers invalid arguments with an isError result or a protocol error.
    if (ToolwireError.isInstance(invalid)) expect(invalid.code).toBe('TOOL_CALL_FAILED');
    else expect((invalid as { isError?: boolean }).isError).toBe(true);
    expect(await codeOf(hub.callTool({ name: 'paged__sleep', timeout: 100 }))).toBe(
      'TOOL_CALL_TIMEOUT',
    );
    const controller = new AbortController();
    const call = hub.callTool({ name: 'paged__sleep', signal: controller.signal });
    controller.abort();
    expect(await codeOf(call)).toBe('TOOL_CALL_CANCELLED');
    expect(
      text(await hub.callTool({ name: 'paged__echo', arguments: { text: 'still here' } })),
    ).toBe('still here');
  });

  it('passes progress notifications to onProgress', async () => {
    const progress: number[] = [];
    await hub.callTool({
      name: 'everything__trigger-long-running-operation',
      arguments: { duration: 0.3, steps: 3 },
      onProgress: (update) => {
        progress.push(update.progress);
        expect(update.total).toBe(3);
      },
    });
    // The SDK drops a progress notification that is still queued when the result arrives, so the
    // last step may be missing; the ones before it come in order.
    expect(progress.slice(0, 2)).toEqual([1, 2]);
  });

  it('refreshes one server on notifications/tools/list_changed', async () => {
    const changed = nextEvent(
      hub,
      (event) =>
        event.type === 'tools' && event.tools.some((tool) => tool.canonical === 'paged__late_tool'),
    );
    await hub.callTool({ name: 'paged__add_tool', arguments: { name: 'late_tool' } });
    await changed;
    expect(text(await hub.callTool({ name: 'paged__late_tool' }))).toBe('late_tool');
  });

  it('restarts a crashed server with backoff, leaving the others alone', async () => {
    const before = text(await hub.callTool({ name: 'paged__pid' }));
    const restarting = nextEvent(
      hub,
      (event) =>
        event.type === 'status' && event.server === 'paged' && event.status.state === 'restarting',
    );
    const ready = nextEvent(
      hub,
      (event) =>
        event.type === 'status' && event.server === 'paged' && event.status.state === 'ready',
    );
    await hub.callTool({ name: 'paged__crash' });
    const crashed = await restarting;
    expect(crashed.type === 'status' && crashed.status.reason).toMatch(
      /^Server "paged" exited with code 3; restart 1 of 5 in 50 ms\.$/,
    );
    const during = await hub.callTool({ name: 'paged__echo' }).catch((error: unknown) => error);
    expect(ToolwireError.isInstance(during) && during.code).toBe('SERVER_UNAVAILABLE');
    expect((during as Error).message).toMatch(
      /^Server "paged" is restarting: Server "paged" exited with code 3/,
    );
    expect(hub.server('filesystem')?.state).toBe('ready');
    await ready;
    expect(hub.server('paged')?.restarts).toBe(1);
    const after = text(await hub.callTool({ name: 'paged__pid' }));
    expect(after).not.toBe(before);
  });
});

describe('McpHub restarts', () => {
  it('leaves a crashed server failed when restarts are off', async () => {
    await using hub = createMcpHub({
      servers: { crashy: node(fixture('scripted-server.mjs')) },
      restart: false,
    });
    await hub.start();
    const failed = nextEvent(
      hub,
      (event) => event.type === 'status' && event.status.state === 'failed',
    );
    await hub.callTool({ name: 'crashy__crash' });
    await failed;
    expect(hub.server('crashy')?.reason).toBe(
      'Server "crashy" exited with code 3; restarts are off.',
    );
    expect(await codeOf(hub.callTool({ name: 'crashy__echo' }))).toBe('SERVER_UNAVAILABLE');
    await hub.restart('crashy');
    expect(hub.server('crashy')?.state).toBe('ready');
  });

  it('fills in what a config written in code leaves out (type, args, env), as a config file does', async () => {
    const handWritten = { command: process.execPath, args: [fixture('scripted-server.mjs')] };
    await using hub = createMcpHub({
      servers: { scripted: handWritten as unknown as McpServerConfig },
      restart: false,
    });
    await hub.start();
    expect(hub.server('scripted')?.state).toBe('ready');
    expect(
      text(await hub.callTool({ name: 'scripted__echo', arguments: { text: 'hi' } })),
    ).toContain('hi');
  });

  it('rejects server keys the preset cannot use, and reports disabled and broken entries', async () => {
    await using hub = createMcpHub({
      servers: [
        { key: 'a__b', config: node(fixture('scripted-server.mjs')) },
        { key: 'off', disabled: true },
        {
          key: 'bad',
          error: new ToolwireError({ code: 'INVALID_CONFIG', message: 'Server "bad" is bad.' }),
        },
      ],
    });
    await hub.start();
    expect(hub.servers().map((status) => [status.server, status.state])).toEqual([
      ['a__b', 'failed'],
      ['off', 'disabled'],
      ['bad', 'failed'],
    ]);
    expect(hub.server('a__b')?.error?.code).toBe('INVALID_SERVER_NAME');
  });
});

describe('McpHub secrets (issue 8 item 1)', () => {
  it('never shows a value expanded from ${VAR}, an env value or a header value', async () => {
    const script = fixture('echoes-arguments.mjs');
    const { servers } = parseMcpConfig({
      document: {
        mcpServers: {
          rejects: {
            command: process.execPath,
            args: [script, '--api-key=${SECRET_TOKEN}', '--exit'],
          },
          running: {
            command: process.execPath,
            args: [script, '--api-key=${SECRET_TOKEN}'],
            env: { TOKEN: 'env-value-LEAK' },
          },
          remote: { url: 'http://127.0.0.1:1/mcp?key=${SECRET_TOKEN}' },
          headed: {
            url: 'http://127.0.0.1:1/mcp',
            headers: { Authorization: 'Bearer header-LEAK' },
          },
        },
      },
      env: { SECRET_TOKEN: 'sk-LEAKME' },
    });
    await using hub = createMcpHub({ servers, restart: false, connectTimeout: 10_000 });
    const events: McpHubEvent[] = [];
    hub.subscribe((event) => events.push(event));
    await hub.start();
    expect(hub.server('running')?.state).toBe('ready');
    expect(hub.server('rejects')?.state).toBe('failed');
    expect(hub.server('remote')?.state).toBe('failed');
    // The command line and URL are shown as written, and what the server echoed is masked.
    expect(hub.server('rejects')?.reason).toMatch(
      /^Server "rejects" did not initialise \(".* --api-key=\$\{SECRET_TOKEN\} --exit"\): the process exited with code 1 \(stderr: fatal: key --api-key=\*\*\* was rejected\)/,
    );
    expect(hub.server('remote')?.reason).toContain('http://127.0.0.1:1/mcp?key=${SECRET_TOKEN}');
    const failure = await hub
      .callTool({ name: 'running__repeat_arguments' })
      .catch((error: unknown) => error);
    expect(ToolwireError.isInstance(failure) && failure.code).toBe('TOOL_CALL_FAILED');
    expect((failure as Error).message).toContain('--api-key=***');
    expect(hub.server('running')?.stderr.join('\n')).toContain('--api-key=*** and TOKEN=***');
    const shown = (value: unknown): string =>
      JSON.stringify(value, (_key, item: unknown) =>
        item instanceof Error ? { message: item.message, cause: item.cause } : item,
      );
    const everything = shown([hub.servers(), events, failure]);
    for (const secret of ['sk-LEAKME', 'env-value-LEAK', 'header-LEAK']) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('McpHub secrets in tool definitions (issue 12)', () => {
  it('masks a secret a server echoes into its tools, in everything shown and every projected definition', async () => {
    const secret = 'sk-ECHOED-7f3a';
    await using hub = createMcpHub({
      servers: { echo: node(fixture('echoes-secret-in-tools.mjs'), [], { TOKEN: secret }) },
      restart: false,
    });
    await hub.start();
    expect(hub.server('echo')?.state).toBe('ready');
    const tools = hub.tools();
    // The two tools whose names quote the secret cannot be masked and called, so they are left out.
    expect(tools.map((tool) => tool.remoteName)).toEqual(['plain', 'whoami']);
    const whoami = hub.tool('echo__whoami');
    expect(whoami?.description).toBe('Calls the API with the key *** and says "***" back.');
    expect(whoami?.title).toBe('Who am I (key ***)');
    expect(whoami?.inputSchema.properties).toMatchObject({
      key: { description: 'Defaults to ***', default: '***', enum: ['***', 'other'] },
    });
    expect(whoami?.tool.annotations?.title).toBe('Annotated ***');
    expect(whoami?.tool.outputSchema?.description).toBe('Signed with ***');
    const warnings = hub.server('echo')?.warnings ?? [];
    expect(warnings.map((warning) => [warning.code, warning.tool])).toEqual([
      ['UNUSABLE_TOOL', 'tool_***'],
      ['UNUSABLE_TOOL', 'keyed'],
    ]);
    expect(warnings[1]?.message).toContain('a property name (an object key) that quotes');
    // What a model is given is projected from the masked tools.
    const projected = projectResponsesRequest({
      model: 'gpt-5',
      input: [],
      tools: tools.map((tool) => ({
        type: 'function' as const,
        name: tool.canonical,
        description: tool.description ?? '',
        parameters: tool.inputSchema,
      })),
    });
    const shown = JSON.stringify([
      hub.tools(),
      hub.listed('echo'),
      hub.servers(),
      projected.request,
    ]);
    expect(shown).not.toContain(secret);
    expect(shown).not.toContain(encodeURIComponent(secret));
    // Dispatch is by the remote name, which masking never changes.
    const result = await hub.callTool({ name: 'echo__whoami', arguments: { key: 'other' } });
    expect(text(result)).toBe('called as whoami');
  });

  it('leaves tool definitions alone for a configured value that is not a credential (LOG_LEVEL=info)', async () => {
    await using hub = createMcpHub({
      servers: { echo: node(fixture('echoes-secret-in-tools.mjs'), [], { TOKEN: 'info' }) },
      restart: false,
    });
    await hub.start();
    // A tool named tool_info, an argument named info and an enum value info are kept as they are:
    // masking them would leave tools out and change what the server accepts.
    expect(hub.tools().map((tool) => tool.remoteName)).toEqual(
      expect.arrayContaining(['whoami', 'tool_info', 'keyed', 'plain']),
    );
    expect(hub.tools()).toHaveLength(4);
    expect(hub.tool('echo__whoami')?.inputSchema.properties).toMatchObject({
      key: { default: 'info', enum: ['info', 'other'] },
    });
    expect(hub.server('echo')?.warnings).toEqual([]);
  });
});

describe('McpHub naming presets', () => {
  // Server `a` lists a tool that forms a name of server `a<separator>b` (issue 8 item 4).
  const shadowing = [
    { preset: 'claude-code', victim: 'a__b', tool: 'b__echo', name: 'mcp__a__b__echo' },
    { preset: 'cecli', victim: 'a--b', tool: 'b--echo', name: 'a--b--echo' },
    { preset: 'agent-framework', victim: 'a_b', tool: 'b_echo', name: 'a_b_echo' },
  ] as const;
  for (const { preset, victim, tool, name } of shadowing) {
    it(`gives ${name} to neither server under ${preset}, in either key order`, async () => {
      const seen: unknown[] = [];
      for (const order of [
        ['a', victim],
        [victim, 'a'],
      ]) {
        const configs: Record<string, McpServerConfig> = {
          a: node(fixture('scripted-server.mjs'), [`--extra-tools=${tool}`]),
          [victim]: node(fixture('scripted-server.mjs')),
        };
        await using hub = createMcpHub({
          preset,
          servers: Object.fromEntries(order.map((key) => [key, configs[key] as McpServerConfig])),
        });
        await hub.start();
        expect(hub.tool(name)).toBeUndefined();
        expect(await codeOf(hub.callTool({ name }))).toBe('TOOL_NOT_FOUND');
        expect(hub.server('a')?.state).toBe('ready');
        expect(hub.tools().every((entry) => entry.server === 'a')).toBe(true);
        expect(hub.tools().length).toBe(5);
        expect(hub.server('a')?.warnings).toEqual([
          expect.objectContaining({
            code: 'NAME_AMBIGUOUS',
            tool,
            message: expect.stringContaining(`server "${victim}" can also form`),
          }),
        ]);
        const refused = hub.server(victim);
        expect(refused?.state).toBe('failed');
        expect(refused?.error?.code).toBe('INVALID_SERVER_NAME');
        expect(refused?.reason).toContain('server "a"');
        await expect(hub.restart(victim)).rejects.toThrow(/can also be formed by server "a"/);
        seen.push(hub.tools().map((entry) => entry.canonical));
      }
      expect(seen[1]).toEqual(seen[0]);
    });
  }

  it('uses the host names of the preset and reports tools whose names collide', async () => {
    await using hub = createMcpHub({
      preset: 'cecli',
      servers: {
        one: node(fixture('scripted-server.mjs'), [], { EXTRA_TOOLS: 'a.b,a_b,echo' }),
      },
    });
    await hub.start();
    expect(hub.tool('one--echo')?.remoteName).toBe('echo');
    expect(hub.tool('one--a_b')?.remoteName).toBe('a.b');
    const warnings = hub.server('one')?.warnings ?? [];
    expect(warnings.find((warning) => warning.code === 'NAME_TAKEN')).toMatchObject({
      server: 'one',
      tool: 'a_b',
      message: expect.stringMatching(
        /^Server "one": tool "a_b" forms the name "one--a_b" under the cecli preset, which its tool "a.b" already has/,
      ),
    });
    expect(warnings).toContainEqual({
      code: 'DUPLICATE_TOOL',
      server: 'one',
      tool: 'echo',
      message: 'Server "one" lists "echo" more than once; the first is kept.',
    });
    expect(hub.server('one')?.toolCount).toBe(6);
  });
});

describe('McpHub over HTTP on 127.0.0.1', () => {
  let http: HttpServer;
  let url: string;
  let cancelled: unknown[];
  let sseHttp: HttpServer;
  let sseUrl: string;

  beforeAll(async () => {
    const scripted = createScriptedServer({ pageSize: 3 });
    cancelled = scripted.cancelled;
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
    await scripted.server.connect(transport);
    http = createServer((request, response) => {
      void transport.handleRequest(request, response);
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;

    // An older server that speaks only HTTP+SSE: the hub falls back to it.
    let sse: SSEServerTransport | undefined;
    sseHttp = createServer((request, response) => {
      if (request.method === 'GET') {
        sse = new SSEServerTransport('/messages', response);
        void createScriptedServer({ pageSize: 10 }).server.connect(sse);
      } else if (request.method === 'POST' && request.url?.startsWith('/messages') && sse) {
        void sse.handlePostMessage(request, response);
      } else {
        response.writeHead(405).end();
      }
    });
    await new Promise<void>((resolve) => sseHttp.listen(0, '127.0.0.1', resolve));
    sseUrl = `http://127.0.0.1:${(sseHttp.address() as AddressInfo).port}/sse`;
  });

  afterAll(async () => {
    http.closeAllConnections();
    sseHttp.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
    await new Promise((resolve) => sseHttp.close(resolve));
  });

  it('lists, calls, follows list_changed and sends cancellations over streamable HTTP', async () => {
    await using hub = createMcpHub({
      servers: { remote: { type: 'http', url, transport: 'auto', headers: { 'x-test': '1' } } },
    });
    await hub.start();
    expect(hub.server('remote')).toMatchObject({ state: 'ready', transport: 'streamable-http' });
    expect(hub.tools().map((tool) => tool.canonical)).toEqual([
      'remote__add_tool',
      'remote__crash',
      'remote__echo',
      'remote__pid',
      'remote__sleep',
    ]);
    expect(
      text(await hub.callTool({ name: 'remote__echo', arguments: { text: 'over http' } })),
    ).toBe('over http');
    const changed = nextEvent(
      hub,
      (event) =>
        event.type === 'tools' && event.tools.some((tool) => tool.remoteName === 'http_tool'),
    );
    await hub.callTool({ name: 'remote__add_tool', arguments: { name: 'http_tool' } });
    await changed;
    const controller = new AbortController();
    const call = hub.callTool({ name: 'remote__sleep', signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    expect(await codeOf(call)).toBe('TOOL_CALL_CANCELLED');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cancelled).toHaveLength(1);
  });

  it("sends the caller's _meta on, with the hub's own progress token or none", async () => {
    const upstream = await startScriptedHttpServer();
    onTestFinished(() => upstream.close());
    await using hub = createMcpHub({
      servers: {
        remote: { type: 'http', url: upstream.url, transport: 'streamable-http', headers: {} },
      },
    });
    await hub.start();
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    await hub.callTool({
      name: 'remote__echo',
      arguments: { text: 'a' },
      meta: { traceparent, progressToken: 'the-callers' },
    });
    expect(upstream.calls().at(-1)?._meta).toEqual({ traceparent });
    await hub.callTool({
      name: 'remote__echo',
      arguments: { text: 'b' },
      meta: { traceparent, progressToken: 'the-callers' },
      onProgress: () => {},
    });
    const meta = upstream.calls().at(-1)?._meta;
    expect(meta?.traceparent).toBe(traceparent);
    expect(meta?.progressToken).toBeTypeOf('number');
    await hub.callTool({
      name: 'remote__echo',
      arguments: { text: 'c' },
      meta: { progressToken: 1 },
    });
    expect(upstream.calls().at(-1)).not.toHaveProperty('_meta');
  });

  it('opens the GET stream only when either side declared something the server may send on it', async () => {
    // A raw server (capabilities by path) that records every request: the SDK's transport opens
    // the stream with a GET after initialize.
    const requests: string[] = [];
    const capabilities: Record<string, unknown> = {
      '/quiet': { tools: {} },
      '/changes': { tools: { listChanged: true } },
      '/logs': { tools: {}, logging: {} },
    };
    const raw = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method !== 'POST') {
          requests.push(`${request.method} ${request.url}`);
          return void response.writeHead(405).end();
        }
        const message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (message.id === undefined) return void response.writeHead(202).end();
        const result =
          message.method === 'initialize'
            ? {
                protocolVersion: message.params.protocolVersion,
                capabilities: capabilities[request.url ?? ''],
                serverInfo: { name: 'raw', version: '1.0.0' },
              }
            : { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
      });
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
    const servers = Object.fromEntries(
      Object.keys(capabilities).map((path) => [
        path.slice(1),
        {
          type: 'http' as const,
          url: `${base}${path}`,
          transport: 'streamable-http' as const,
          headers: {},
        },
      ]),
    );
    try {
      {
        await using hub = createMcpHub({ servers });
        await hub.start();
        expect(hub.tools()).toHaveLength(3);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(requests.sort()).toEqual(['GET /changes', 'GET /logs']);
      requests.length = 0;
      // A client that declares sampling can be asked for it on that stream: it is always opened.
      {
        await using hub = createMcpHub({ servers, clientCapabilities: { sampling: {} } });
        await hub.start();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(requests.sort()).toEqual(['GET /changes', 'GET /logs', 'GET /quiet']);
    } finally {
      raw.closeAllConnections();
      await new Promise((resolve) => raw.close(resolve));
    }
  });

  it('falls back to SSE when streamable HTTP is refused', async () => {
    await using hub = createMcpHub({
      servers: { legacy: { type: 'http', url: sseUrl, transport: 'auto', headers: {} } },
    });
    await hub.start();
    expect(hub.server('legacy')).toMatchObject({ state: 'ready', transport: 'sse' });
    expect(text(await hub.callTool({ name: 'legacy__echo', arguments: { text: 'sse' } }))).toBe(
      'sse',
    );
    await hub.close();
    await using only = createMcpHub({
      servers: { legacy: { type: 'http', url: sseUrl, transport: 'sse', headers: {} } },
    });
    await only.start();
    expect(only.server('legacy')).toMatchObject({ state: 'ready', transport: 'sse' });
  });

  it('reports an unreachable URL as failed without touching other servers', async () => {
    const port = await freePort();
    await using hub = createMcpHub({
      servers: {
        gone: { type: 'http', url: `http://127.0.0.1:${port}/mcp`, transport: 'auto', headers: {} },
        local: node(fixture('scripted-server.mjs')),
      },
    });
    await hub.start();
    expect(hub.server('gone')?.state).toBe('failed');
    expect(hub.server('gone')?.reason).toMatch(
      /^Server "gone" did not initialise \(http:\/\/127\.0\.0\.1:\d+\/mcp\): .*; check the URL and that the server is up\.$/,
    );
    expect(hub.server('local')?.state).toBe('ready');
  });

  it("connects to server-everything's own streamable HTTP mode", async () => {
    const port = await freePort();
    const child: ChildProcess = spawn(
      process.execPath,
      [npmServer('server-everything'), 'streamableHttp'],
      {
        env: { ...process.env, PORT: String(port) },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('exit', () => reject(new Error('server-everything exited')));
        child.stderr?.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('listening')) resolve();
        });
      });
      await using hub = createMcpHub({
        servers: {
          everything: {
            type: 'http',
            url: `http://127.0.0.1:${port}/mcp`,
            transport: 'auto',
            headers: {},
          },
        },
      });
      await hub.start();
      expect(hub.server('everything')).toMatchObject({
        state: 'ready',
        transport: 'streamable-http',
      });
      expect(
        text(await hub.callTool({ name: 'everything__echo', arguments: { message: 'http' } })),
      ).toBe('Echo: http');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
