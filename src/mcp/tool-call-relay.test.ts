import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScriptedServer } from '../../test/fixtures/servers/scripted-server.mjs';
import { ToolwireError } from '../core/toolwire-error.js';
import { forwardedMeta } from './forwarded-meta.js';
import { JsonLineBuffer } from './json-line-buffer.js';
import { createToolCallRelay, RELAY_ID_PREFIX, type ToolCallRelay } from './tool-call-relay.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scripted = join(root, 'test/fixtures/servers/scripted-server.mjs');

interface Upstream {
  child: Pick<ChildProcessWithoutNullStreams, 'stdin' | 'stdout' | 'kill' | 'on'>;
  /** The params of each call the server saw cancelled (in-process servers only). */
  cancelled: unknown[];
  relay: ToolCallRelay;
  /** Lines the relay took (answers and progress of its calls, late ones included). */
  taken: string[];
  /** Messages it left to the SDK's side. */
  others: unknown[];
}

const started: Upstream[] = [];

/**
 * The scripted server, initialised by hand, with a relay on its lines: as a process, or in this
 * process over a pair of streams (so that what its handlers saw can be read).
 */
async function startUpstream(inProcess = false): Promise<Upstream> {
  let child: Upstream['child'];
  let cancelled: unknown[] = [];
  if (inProcess) {
    const scriptedServer = createScriptedServer();
    cancelled = scriptedServer.cancelled;
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    await scriptedServer.server.connect(new StdioServerTransport(stdin, stdout));
    child = { stdin, stdout, kill: () => stdin.end() !== undefined, on: () => child } as never;
  } else {
    child = spawn(process.execPath, [scripted], { stdio: 'pipe' });
  }
  const relay = createToolCallRelay(
    (line) => child.stdin.writable && child.stdin.write(line) !== undefined,
  );
  const buffer = new JsonLineBuffer(1024 * 1024, () => {});
  const upstream: Upstream = { child, cancelled, relay, taken: [], others: [] };
  buffer.take = (line) => {
    const taken = relay.take(line);
    if (taken) upstream.taken.push(line.toString());
    return taken;
  };
  child.stdout.on('data', (chunk: Buffer) => {
    buffer.append(chunk);
    for (let message = buffer.readMessage(); message !== null; message = buffer.readMessage())
      upstream.others.push(message);
  });
  child.on('close', () => relay.close());
  started.push(upstream);
  child.stdin.write(
    `${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'relay-test', version: '1' } } })}\n`,
  );
  await vi.waitFor(() => expect(upstream.others).toHaveLength(1), { timeout: 10_000 });
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  return upstream;
}

const call = {
  timeout: 10_000,
  totalTimeout: 100_000,
  subject: 'Tool "plain__sleep" (server "plain", remote name "sleep")',
  server: 'plain',
  restarts: true,
};

afterEach(() => {
  for (const upstream of started.splice(0)) upstream.child.kill();
});

describe('createToolCallRelay', () => {
  it('writes each call as JSON.stringify writes the request, whatever its name, arguments and _meta (property)', () => {
    const written: string[] = [];
    const relay = createToolCallRelay((line) => {
      written.push(String(line));
      return true;
    });
    const text = fc.string({ unit: 'grapheme', maxLength: 8 });
    const meta = fc.option(fc.dictionary(text, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), {
      nil: undefined,
    });
    fc.assert(
      fc.property(
        fc.oneof(text, fc.constantFrom('echo', 'a"b\\c', '\u2028', '\ud800')),
        fc.option(fc.dictionary(text, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), {
          nil: undefined,
        }),
        meta,
        fc.boolean(),
        (name, args, callerMeta, progress) => {
          const call = relay.call({
            remoteName: name,
            arguments: args,
            meta: callerMeta,
            timeout: 60_000,
            totalTimeout: 60_000,
            subject: `Tool "${name}"`,
            server: 's',
            restarts: false,
            ...(progress ? { onProgress: () => {} } : {}),
          });
          call.catch(() => {});
          const line = written.at(-1) ?? '';
          const id = JSON.parse(line).id as string;
          const sentMeta = progress
            ? { ...callerMeta, progressToken: id }
            : forwardedMeta(callerMeta);
          expect(line).toBe(
            `${JSON.stringify({
              jsonrpc: '2.0',
              id,
              method: 'tools/call',
              params: {
                name,
                arguments: args ?? {},
                ...(sentMeta === undefined ? {} : { _meta: sentMeta }),
              },
            })}\n`,
          );
        },
      ),
      { numRuns: 100 },
    );
    relay.close();
  });

  it('keeps overlapping calls apart and hands back each answer line as the server sent it', async () => {
    const { relay, others } = await startUpstream();
    const texts = Array.from({ length: 40 }, (_, index) => `call ${index} "é"`);
    const responses = await Promise.all(
      texts.map((text) => relay.call({ ...call, remoteName: 'echo', arguments: { text } })),
    );
    for (const [index, response] of responses.entries()) {
      const message = JSON.parse(response.line.toString());
      expect(message.result).toEqual(response.result());
      expect(response.result()).toEqual({ content: [{ type: 'text', text: texts[index] }] });
      const id = JSON.parse(response.line.toString('utf8', response.idStart, response.idEnd));
      expect(id).toBe(message.id);
      expect(id.startsWith(RELAY_ID_PREFIX)).toBe(true);
    }
    expect(others).toHaveLength(1); // the initialize answer only
  });

  it('cancels a call on the server, and nothing of it reaches the SDK side', async () => {
    const { relay, cancelled, others } = await startUpstream(true);
    const controller = new AbortController();
    const sleeping = relay.call({
      ...call,
      remoteName: 'sleep',
      arguments: {},
      signal: controller.signal,
    });
    setTimeout(() => controller.abort('enough'), 50);
    await expect(sleeping).rejects.toMatchObject({ code: 'TOOL_CALL_CANCELLED' });
    await vi.waitFor(() => expect(cancelled).toEqual([{ name: 'sleep', arguments: {} }]));
    expect(others).toHaveLength(1);
  });

  it('times out and tells the server to stop', async () => {
    const { relay, cancelled } = await startUpstream(true);
    const sleeping = relay.call({ ...call, remoteName: 'sleep', arguments: {}, timeout: 100 });
    const error = await sleeping.catch((failure: unknown) => failure);
    expect(ToolwireError.isInstance(error) && error.code).toBe('TOOL_CALL_TIMEOUT');
    expect((error as Error).message).toMatch(/^Tool "plain__sleep" .*no answer within 100 ms/);
    await vi.waitFor(() => expect(cancelled).toHaveLength(1));
  });

  it('times each call out on its own deadline, whatever the others are', async () => {
    const { relay } = await startUpstream();
    const long = relay.call({
      ...call,
      remoteName: 'sleep',
      arguments: { ms: 400 },
      timeout: 60_000,
    });
    const short = relay.call({ ...call, remoteName: 'sleep', arguments: {}, timeout: 100 });
    const shorter = relay.call({ ...call, remoteName: 'sleep', arguments: {}, timeout: 50 });
    await expect(shorter).rejects.toMatchObject({ message: expect.stringMatching(/within 50 ms/) });
    await expect(short).rejects.toMatchObject({ message: expect.stringMatching(/within 100 ms/) });
    expect((await long).result()).toEqual({ content: [{ type: 'text', text: 'slept' }] });
  });

  it('fails a call in flight when the server goes away, and every call after', async () => {
    const upstream = await startUpstream();
    const sleeping = upstream.relay.call({ ...call, remoteName: 'sleep', arguments: {} });
    upstream.child.kill('SIGKILL');
    await expect(sleeping).rejects.toMatchObject({
      code: 'SERVER_UNAVAILABLE',
      message: expect.stringMatching(/closed the connection during the call/),
    });
    await expect(
      upstream.relay.call({ ...call, remoteName: 'echo', arguments: {} }),
    ).rejects.toMatchObject({ code: 'SERVER_UNAVAILABLE' });
  });

  it('turns a JSON-RPC error into TOOL_CALL_FAILED with the server code and message', async () => {
    const { relay } = await startUpstream();
    const error = await relay
      .call({ ...call, remoteName: 'no_such_tool', arguments: {} })
      .catch((failure: unknown) => failure);
    expect(error).toMatchObject({ code: 'TOOL_CALL_FAILED' });
    expect((error as { cause: { code: number; message: string } }).cause).toMatchObject({
      code: -32603,
      message: expect.stringContaining('unknown tool no_such_tool'),
    });
  });
});
