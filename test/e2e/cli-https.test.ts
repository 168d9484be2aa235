// The hub reaches streamable HTTP servers over its own node:http / node:https fetch
// (src/mcp/node-http-fetch.ts) rather than Node's built-in fetch. These tests hold it to what
// fetch does over TLS: a certificate nobody vouched for is refused, with a message that says so,
// and a private CA the user trusts the standard way (NODE_EXTRA_CA_CERTS) is accepted.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHttpFetch } from '../../src/mcp/node-http-fetch.js';
import { root, toolwire } from '../support/run-toolwire.js';
import { startScriptedHttpServer } from '../support/scripted-http-server.js';

/** A self-signed certificate for 127.0.0.1 and localhost, valid for a century, for tests only. */
const certificate = join(root, 'test/fixtures/tls/loopback-cert.pem');
const key = join(root, 'test/fixtures/tls/loopback-key.pem');

let server: Awaited<ReturnType<typeof startScriptedHttpServer>>;

beforeAll(async () => {
  server = await startScriptedHttpServer({
    tls: { key: await readFile(key, 'utf8'), cert: await readFile(certificate, 'utf8') },
  });
});

afterAll(async () => {
  await server.close();
});

describe('streamable HTTP over TLS', () => {
  it('refuses an untrusted certificate as fetch does', async () => {
    const ours = createNodeHttpFetch({
      maxMessageBytes: 1 << 20,
      onOversize: () => {},
      fallback: () => Promise.reject(new Error('the fallback must not be used')),
    });
    const init = { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } };
    const theirs = await fetch(server.url, init).then(
      () => undefined,
      (error: unknown) => error,
    );
    const mine = await ours(server.url, init).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(theirs).toBeInstanceOf(TypeError);
    expect(mine).toBeInstanceOf(TypeError);
    expect((mine as Error).message).toBe((theirs as Error).message);
    const code = (error: unknown) =>
      ((error as Error).cause as { code?: string } | undefined)?.code;
    expect(code(mine)).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(code(mine)).toBe(code(theirs));
  });

  it('names fails on an untrusted certificate, saying why, and lists the tools once the CA is trusted', async () => {
    const refused = await toolwire(['names', '--url', server.url, '--server', 'remote', '-q']);
    expect(refused.code).toBe(3);
    expect(refused.stdout).toMatch(
      /^remote: failed: Server "remote" did not initialise \(https:\/\/127\.0\.0\.1:\d+\/mcp\): fetch failed \(self-signed certificate\); check the URL; if the server's certificate is from a private CA, trust it with NODE_EXTRA_CA_CERTS\.$/m,
    );
    const trusted = await toolwire(
      ['names', '--url', server.url, '--server', 'remote', '--json', '-q'],
      {
        env: { NODE_EXTRA_CA_CERTS: certificate },
      },
    );
    expect(trusted.stderr).toBe('');
    expect(trusted.code).toBe(0);
    expect(JSON.parse(trusted.stdout).map((row: { canonical: string }) => row.canonical)).toEqual([
      'remote__echo',
      'remote__crash',
      'remote__add_tool',
      'remote__sleep',
      'remote__pid',
    ]);
  });
});
