import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestParamsSchema,
  CallToolRequestSchema,
  JSONRPCMessageSchema,
  JSONRPCRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createMcpProxy, type McpProxy } from './create-mcp-proxy.js';
import { plainParams, plainToolCall } from './intercept-tool-calls.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scripted = join(root, 'test/fixtures/servers/scripted-server.mjs');
const everything = join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const runs = Number(process.env.PROPERTY_RUNS ?? 200);
// Results as sent: no SDK schema between the wire and the comparison.
const asSent = z.object({}).passthrough();

type Outcome = { result: unknown } | { error: { code: unknown; message: string } };

async function outcome(client: Client, params: Record<string, unknown>): Promise<Outcome> {
  try {
    return { result: await client.request({ method: 'tools/call', params }, asSent) };
  } catch (error) {
    const failure = error as { code?: unknown; message: string };
    return { error: { code: failure.code, message: failure.message } };
  }
}

describe('plainParams', () => {
  it('takes only params the SDK schema accepts, unchanged', () => {
    const key = fc.constantFrom('name', 'arguments', '_meta', 'task', 'extra');
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.constant(null),
      fc.array(fc.jsonValue(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 }),
      fc.record(
        { progressToken: fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean()) },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 4 }), (params) => {
        const plain = plainParams(params);
        if (plain === undefined) return;
        expect(plain).toBe(params);
        expect(CallToolRequestParamsSchema.safeParse(params).success).toBe(true);
      }),
      { numRuns: runs },
    );
  });

  it('sends the usual shapes the fast way, and odd ones to the SDK', () => {
    expect(plainParams({ name: 'a' })).toBeDefined();
    expect(
      plainParams({ name: 'a', arguments: { x: 1 }, _meta: { progressToken: 7 } }),
    ).toBeDefined();
    expect(plainParams({ name: 'a', arguments: [] })).toBeUndefined();
    expect(plainParams({ name: 1 })).toBeUndefined();
    expect(plainParams({ name: 'a', task: { ttl: 1 } })).toBeUndefined();
    expect(plainParams({ name: 'a', _meta: { progressToken: 1.5 } })).toBeUndefined();
    expect(
      plainParams({
        name: 'a',
        _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't' } },
      }),
    ).toBeUndefined();
  });
});

describe('plainToolCall', () => {
  it('takes exactly the tools/call lines the SDK takes with plain params, with the same params (property)', () => {
    // Mostly the usual shape, each part sometimes odd, so that both sides of the line are met.
    const usually = <T, U>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<U>) =>
      fc.oneof({ weight: 6, arbitrary: usual }, { weight: 1, arbitrary: odd });
    const rarely = <T>(odd: fc.Arbitrary<T>) => usually(fc.constant(undefined), odd);
    const id = usually(
      fc.oneof(fc.string({ maxLength: 4 }), fc.integer()),
      fc.constantFrom(2 ** 53, -(2 ** 53), 1.5, Number.MAX_SAFE_INTEGER, null, true, undefined),
    );
    const meta = fc.record(
      {
        progressToken: usually(
          fc.oneof(fc.string({ maxLength: 3 }), fc.integer()),
          fc.constantFrom(1.5, null, true, 2 ** 60),
        ),
        'io.modelcontextprotocol/related-task': rarely(fc.constant({ taskId: 't' })),
        other: fc.jsonValue({ maxDepth: 1 }),
      },
      { requiredKeys: [] },
    );
    const params = fc.record({
      name: usually(fc.string({ maxLength: 4 }), fc.constantFrom(1, null, undefined)),
      arguments: usually(
        fc.option(
          fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue({ maxDepth: 2 }), {
            maxKeys: 3,
          }),
          { nil: undefined },
        ),
        fc.constantFrom([1], null, 'text', 3),
      ),
      _meta: usually(fc.option(meta, { nil: undefined }), fc.constantFrom(null, 'm', [1])),
      task: rarely(fc.constant({ ttl: 1000 })),
      extra: rarely(fc.jsonValue({ maxDepth: 1 })),
    });
    const message = fc.record({
      jsonrpc: usually(fc.constant('2.0'), fc.constantFrom('1.0', 2, undefined)),
      id,
      method: usually(fc.constant('tools/call'), fc.constantFrom('tools/list', undefined)),
      params: usually(params, fc.constantFrom(null, [1], undefined)),
      extra: rarely(fc.integer()),
    });
    let accepted = 0;
    fc.assert(
      fc.property(message, (candidate) => {
        // What the SDK's stdio transport and server take (through JSON, as on the wire).
        const wire = JSON.parse(JSON.stringify(candidate));
        const envelope = JSONRPCMessageSchema.safeParse(wire);
        const request = JSONRPCRequestSchema.safeParse(wire);
        const call = CallToolRequestSchema.safeParse(wire);
        const sdkPlain =
          envelope.success &&
          request.success &&
          call.success &&
          Object.keys(wire.params).every((key) => ['name', 'arguments', '_meta'].includes(key)) &&
          wire.params._meta?.['io.modelcontextprotocol/related-task'] === undefined;
        const plain = plainToolCall(wire);
        expect(plain !== undefined).toBe(sdkPlain);
        if (plain === undefined || !call.success) return;
        accepted++;
        expect(plain.id).toEqual(wire.id);
        expect(plain.params).toEqual(call.data.params);
      }),
      { numRuns: runs * 5 },
    );
    // Both sides of the line are reached, not only refusals.
    expect(accepted).toBeGreaterThan(runs / 2);
  });
});

describe('tools/call through the proxy', () => {
  let proxy: McpProxy;
  let proxied: Client;
  let direct: Client;

  beforeAll(async () => {
    proxy = createMcpProxy({
      servers: {
        everything: { type: 'stdio', command: process.execPath, args: [everything], env: {} },
        plain: { type: 'stdio', command: process.execPath, args: [scripted], env: {} },
      },
      prefix: 'none',
      filters: { plain: { include: ['sleep'] } },
    });
    await proxy.start();
    // The everything server adds tools once it knows the client's capabilities, and says so
    // (tools/list_changed): compare calls once that list is in, not while it is refreshed.
    await vi.waitFor(
      () => {
        if (!proxy.tools().tools.some((tool) => tool.name === 'trigger-sampling-request'))
          throw new Error('the everything server has not listed its conditional tools yet');
      },
      { timeout: 20_000, interval: 50 },
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await proxy.connect(serverSide);
    proxied = new Client({ name: 'proxied', version: '1' });
    await proxied.connect(clientSide);
    direct = new Client({ name: 'direct', version: '1' });
    await direct.connect(
      new StdioClientTransport({ command: process.execPath, args: [everything], stderr: 'ignore' }),
    );
  }, 60_000);

  afterAll(async () => {
    await proxied?.close();
    await direct?.close();
    await proxy?.close();
  });

  it('passes results and errors through as the server sent them, the fast way and the SDK way alike', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ['echo', { message: 'héllo ✓ "quoted"' }],
      ['get-sum', { a: 1.5, b: 2 }],
      ['get-tiny-image', {}],
      ['get-annotated-message', { messageType: 'error', includeImage: true }],
      ['get-resource-links', { count: 2 }],
      ['get-resource-reference', { resourceType: 'Blob', resourceId: 2 }],
      ['get-structured-content', { location: 'Chicago' }],
      // Wrong arguments: the server's own error, passed on.
      ['get-sum', { a: 'one' }],
      ['get-structured-content', { location: 'Atlantis' }],
    ];
    for (const [name, args] of calls) {
      const sent = await outcome(direct, { name, arguments: args });
      const fast = await outcome(proxied, { name, arguments: args });
      // An extra key the SDK's schema strips: the call takes the SDK server's path instead.
      const slow = await outcome(proxied, { name, arguments: args, extra: true });
      expect(fast, name).toEqual(sent);
      expect(slow, name).toEqual(fast);
      expect(JSON.stringify(fast), name).toBe(JSON.stringify(sent));
    }
  });

  it('answers an unknown tool and a malformed call as the SDK path does', async () => {
    const fast = await outcome(proxied, { name: 'nope', arguments: {} });
    const slow = await outcome(proxied, { name: 'nope', arguments: {}, extra: true });
    expect(fast).toEqual(slow);
    expect(fast).toMatchObject({ result: { isError: true } });
    // Not the plain shape: the SDK rejects it, with its own error.
    const bad = await outcome(proxied, { name: 'echo', arguments: ['not', 'an', 'object'] });
    expect(bad).toMatchObject({ error: { message: expect.stringMatching(/invalid/i) } });
  });

  it('forwards progress, and cancels the upstream call without answering', async () => {
    const progress: number[] = [];
    const result = await proxied.callTool(
      { name: 'trigger-long-running-operation', arguments: { duration: 0.3, steps: 3 } },
      undefined,
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(JSON.stringify(result.content)).toContain('completed');
    // The last step's progress comes right before the result; the SDK client defers progress by
    // a microtask and drops one that lands after its response in the same read (directly too),
    // so only the earlier steps are certain to be seen.
    expect(progress.slice(0, 2)).toEqual([1, 2]);

    const strays: Error[] = [];
    proxied.onerror = (error) => strays.push(error);
    const controller = new AbortController();
    const sleeping = proxied.callTool({ name: 'sleep', arguments: {} }, undefined, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort('enough'), 50);
    await expect(sleeping).rejects.toThrow(/enough|abort/i);
    // The upstream's sleep ends on its cancellation (it answers "cancelled"): that answer is not
    // sent on, and the session goes on answering.
    expect(await outcome(proxied, { name: 'echo', arguments: { message: 'after' } })).toMatchObject(
      { result: { content: [{ text: 'Echo: after' }] } },
    );
    expect(strays).toEqual([]);
  });

  it('keeps calls of one session apart when they overlap', async () => {
    const texts = Array.from({ length: 40 }, (_, index) => `call ${index}`);
    const results = await Promise.all(
      texts.map((message) => proxied.callTool({ name: 'echo', arguments: { message } })),
    );
    expect(results.map((result) => (result.content as Array<{ text: string }>)[0]?.text)).toEqual(
      texts.map((message) => `Echo: ${message}`),
    );
  });
});

/** A client that speaks raw lines, so that what it gets can be compared byte for byte. */
interface LinePeer {
  /** Sends a request; resolves with its answer line exactly as received. */
  request(id: string | number, method: string, params: unknown): Promise<string>;
  send(message: unknown): void;
  /** Every message that was not an answer to one of its requests. */
  others: Array<Record<string, unknown>>;
  /** Answers to ids it did not ask for (or no longer waits for). */
  strays: string[];
}

function linePeer(
  input: Writable,
  output: Readable,
  answer: (request: Record<string, unknown>) => unknown = () => ({}),
): LinePeer {
  const waiting = new Map<string | number, (line: string) => void>();
  const peer: LinePeer = {
    request: (id, method, params) =>
      new Promise((resolve) => {
        waiting.set(id, resolve);
        peer.send({ jsonrpc: '2.0', id, method, params });
      }),
    send: (message) => input.write(`${JSON.stringify(message)}\n`),
    others: [],
    strays: [],
  };
  let rest = '';
  output.setEncoding('utf8');
  output.on('data', (chunk: string) => {
    rest += chunk;
    for (let end = rest.indexOf('\n'); end !== -1; end = rest.indexOf('\n')) {
      const line = rest.slice(0, end);
      rest = rest.slice(end + 1);
      const message = JSON.parse(line) as Record<string, unknown>;
      const id = message.id as string | number;
      if (message.method === undefined) {
        const resolve = waiting.get(id);
        waiting.delete(id);
        if (resolve === undefined) peer.strays.push(line);
        else resolve(line);
      } else {
        peer.others.push(message);
        // Requests from the server (sampling, roots): answered as a test client would.
        if (message.id !== undefined)
          peer.send({ jsonrpc: '2.0', id: message.id, result: answer(message) });
      }
    }
  });
  return peer;
}

async function initialize(peer: LinePeer): Promise<void> {
  await peer.request('init', 'initialize', {
    protocolVersion: '2025-06-18',
    capabilities: { sampling: {}, roots: { listChanged: true } },
    clientInfo: { name: 'line-peer', version: '1' },
  });
  peer.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
}

/** A test client's answers to sampling and roots (the one root: the folder the servers share). */
const clientAnswers =
  (folder: string) =>
  (request: Record<string, unknown>): unknown =>
    request.method === 'sampling/createMessage'
      ? { model: 'stub', role: 'assistant', content: { type: 'text', text: 'sampled "ok"' } }
      : request.method === 'roots/list'
        ? { roots: [{ uri: pathToFileURL(folder).href, name: 'files' }] }
        : {};

describe('tools/call through the proxy over stdio, line by line', () => {
  const folder = mkdtempSync(join(tmpdir(), 'toolwire-lines-'));
  const sampled = clientAnswers(folder);
  const filesystem = join(
    root,
    'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js',
  );
  const memory = join(root, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');
  let proxy: McpProxy;
  let proxied: LinePeer;
  const directs = new Map<string, LinePeer>();
  const children: ChildProcess[] = [];

  function spawnDirect(key: string, args: string[], env: Record<string, string> = {}): LinePeer {
    const child = spawn(process.execPath, args, {
      stdio: ['pipe', 'pipe', 'ignore'],
      env: { ...process.env, ...env },
    });
    children.push(child);
    const peer = linePeer(child.stdin as Writable, child.stdout as Readable, sampled);
    directs.set(key, peer);
    return peer;
  }

  beforeAll(async () => {
    writeFileSync(join(folder, 'notes.txt'), 'first line\nsecond "quoted" line ✓\n');
    proxy = createMcpProxy({
      servers: {
        everything: { type: 'stdio', command: process.execPath, args: [everything], env: {} },
        plain: { type: 'stdio', command: process.execPath, args: [scripted], env: {} },
        files: { type: 'stdio', command: process.execPath, args: [filesystem, folder], env: {} },
        memory: {
          type: 'stdio',
          command: process.execPath,
          args: [memory],
          env: { MEMORY_FILE_PATH: join(folder, 'proxied-memory.jsonl') },
        },
      },
      prefix: 'none',
      filters: { plain: { include: ['sleep', 'pid'] } },
    });
    await proxy.start();
    await vi.waitFor(
      () => {
        if (!proxy.tools().tools.some((tool) => tool.name === 'trigger-sampling-request'))
          throw new Error('the everything server has not listed its conditional tools yet');
      },
      { timeout: 20_000, interval: 50 },
    );
    const clientToProxy = new PassThrough();
    const proxyToClient = new PassThrough();
    await proxy.connect(new StdioServerTransport(clientToProxy, proxyToClient));
    proxied = linePeer(clientToProxy, proxyToClient, sampled);
    await initialize(proxied);
    await Promise.all([
      initialize(spawnDirect('everything', [everything])),
      initialize(spawnDirect('files', [filesystem, folder])),
      initialize(
        spawnDirect('memory', [memory], { MEMORY_FILE_PATH: join(folder, 'direct-memory.jsonl') }),
      ),
    ]);
    // The everything server adds its sampling tool once initialised: wait for its list to settle.
    await directs.get('everything')?.request('list', 'tools/list', {});
  }, 60_000);

  afterAll(async () => {
    for (const child of children) child.kill();
    await proxy?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('passes each answer on byte for byte, only the id its own: npm servers and their errors', async () => {
    // The last element says whether the call may be repeated (creating an entity twice may not).
    const calls: Array<[string, string, Record<string, unknown>, boolean?]> = [
      ['everything', 'echo', { message: 'héllo ✓ "quoted" \u2028 \\ end' }],
      ['everything', 'get-sum', { a: 1.5, b: 2 }],
      ['everything', 'get-tiny-image', {}],
      ['everything', 'get-structured-content', { location: 'Chicago' }],
      ['everything', 'get-sum', { a: 'one' }],
      ['everything', 'trigger-sampling-request', { prompt: 'hello', maxTokens: 5 }],
      ['files', 'read_text_file', { path: join(folder, 'notes.txt') }],
      ['files', 'list_directory', { path: folder }],
      ['files', 'read_text_file', { path: '/etc/passwd' }],
      [
        'memory',
        'create_entities',
        { entities: [{ name: 'a', entityType: 't', observations: ['o'] }] },
        false,
      ],
      ['memory', 'read_graph', {}],
    ];
    let id = 100;
    for (const [server, name, args, repeatable = true] of calls) {
      id++;
      const params = { name, arguments: args };
      const direct = await directs.get(server)?.request(id, 'tools/call', params);
      const through = await proxied.request(id, 'tools/call', params);
      expect(through, `${server} ${name}`).toBe(direct);
      if (!repeatable) continue;
      // The same call with a string id, and the SDK's path (an extra key it strips) alike.
      const stringId = await proxied.request(`s-${id}`, 'tools/call', params);
      expect(stringId.replace(`"s-${id}"`, String(id))).toBe(direct);
      const slow = await proxied.request(id + 10_000, 'tools/call', { ...params, extra: true });
      expect(JSON.parse(slow).result ?? JSON.parse(slow).error).toEqual(
        JSON.parse(through).result ?? JSON.parse(through).error,
      );
    }
    expect(proxied.strays).toEqual([]);
  });

  it('passes arbitrary text and _meta through as the server answers it directly (property)', async () => {
    let id = 1000;
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme-composite', maxLength: 40 }),
        fc.option(fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 })), {
          nil: undefined,
        }),
        async (message, meta) => {
          id++;
          const params = {
            name: 'echo',
            arguments: { message },
            ...(meta === undefined ? {} : { _meta: { ...meta, progressToken: undefined } }),
          };
          const direct = await directs.get('everything')?.request(id, 'tools/call', params);
          expect(await proxied.request(id, 'tools/call', params)).toBe(direct);
        },
      ),
      { numRuns: Math.min(runs, 40) },
    );
  });

  it('forwards progress under the client token, then the answer as sent', async () => {
    const params = {
      name: 'trigger-long-running-operation',
      arguments: { duration: 0.3, steps: 3 },
      _meta: { progressToken: 'mine' },
    };
    const everythingDirect = directs.get('everything') as LinePeer;
    const progressOf = (peer: LinePeer, from: number) =>
      peer.others
        .slice(from)
        .filter((message) => message.method === 'notifications/progress')
        .map((message) => message.params);
    const directFrom = everythingDirect.others.length;
    const direct = await everythingDirect.request(7, 'tools/call', params);
    const proxiedFrom = proxied.others.length;
    expect(await proxied.request(7, 'tools/call', params)).toBe(direct);
    expect(progressOf(proxied, proxiedFrom)).toEqual(progressOf(everythingDirect, directFrom));
    expect(progressOf(proxied, proxiedFrom)).toHaveLength(3);
    expect(progressOf(proxied, proxiedFrom)[0]).toMatchObject({
      progressToken: 'mine',
      progress: 1,
    });
  });

  it('keeps overlapping calls apart', async () => {
    const texts = Array.from({ length: 40 }, (_, index) => `overlap ${index}`);
    const lines = await Promise.all(
      texts.map((message, index) =>
        proxied.request(`o-${index}`, 'tools/call', { name: 'echo', arguments: { message } }),
      ),
    );
    for (const [index, line] of lines.entries()) {
      expect(JSON.parse(line)).toMatchObject({
        id: `o-${index}`,
        result: { content: [{ text: `Echo: ${texts[index]}` }] },
      });
    }
  });

  it('sends nothing for a call the client cancels, and goes on answering', async () => {
    proxied.send({
      jsonrpc: '2.0',
      id: 'cancel-me',
      method: 'tools/call',
      params: { name: 'sleep', arguments: {} },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    proxied.send({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 'cancel-me', reason: 'enough' },
    });
    const after = await proxied.request('after', 'tools/call', {
      name: 'echo',
      arguments: { message: 'after' },
    });
    expect(JSON.parse(after).result.content[0].text).toBe('Echo: after');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(proxied.strays).toEqual([]);
  });

  it('answers a call whose server crashes with a tool error that says why', async () => {
    const pidLine = await proxied.request('pid', 'tools/call', { name: 'pid', arguments: {} });
    const pid = Number(JSON.parse(pidLine).result.content[0].text);
    const sleeping = proxied.request('crash-me', 'tools/call', { name: 'sleep', arguments: {} });
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.kill(pid, 'SIGKILL');
    const answer = JSON.parse(await sleeping);
    expect(answer.result.isError).toBe(true);
    expect(answer.result.content[0].text).toMatch(
      /^Tool "sleep" \(server "plain", remote name "sleep"\): the server closed the connection during the call/,
    );
  });
});
