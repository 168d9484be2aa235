import { resolveEnvelope } from '../../core/envelope.js';
import { ToolwireError } from '../../core/toolwire-error.js';
import { createGateway } from '../../gateway/create-gateway.js';
import type { GatewayLogEntry } from '../../gateway/gateway-log-entry.js';
import { resolveSchemaTarget } from '../../gateway/upstream-profile.js';
import { createNodeUpstreamFetch } from './create-node-upstream-fetch.js';
import { serveFetchHandler } from './serve-fetch-handler.js';

/** The options of `toolwire gateway`, parsed. @internal */
export interface RunGatewayOptions {
  /** `--upstream`: the upstream's base URL. */
  upstream: string;
  /** `--envelope`: the upstream's name envelope id. */
  envelope?: string | undefined;
  /** `--schema-target`: defaults from the envelope. */
  schemaTarget?: string | undefined;
  /** `--host`. @defaultValue `'127.0.0.1'` */
  host?: string | undefined;
  /** `--port`. @defaultValue `8787` */
  port?: number | undefined;
  /** `--token`: the gateway's own token. */
  token?: string | undefined;
  /** `--max-body`: bytes. */
  maxBodyBytes?: number | undefined;
  /** `--quiet`: no per-request log lines. */
  quiet?: boolean | undefined;
  /** Writes to standard error. */
  stderr: (text: string) => void;
  /** Resolves when the gateway should stop (SIGINT/SIGTERM in the command). */
  stopped: Promise<unknown>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * Runs `toolwire gateway` until `stopped` resolves: validates the profile, refuses to listen off
 * loopback without a token, serves the gateway on Node's HTTP server and writes one JSON line
 * per request to standard error (unless quiet).
 * @internal
 * @example
 * ```ts
 * await runGateway({ upstream: 'https://api.openai.com', envelope: 'openai', stderr, stopped });
 * ```
 */
export async function runGateway(options: RunGatewayOptions): Promise<void> {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host) && (options.token === undefined || options.token === '')) {
    throw new ToolwireError({
      code: 'INVALID_OPTION',
      message: `Gateway: --host ${host} is reachable from other machines; set --token (or TOOLWIRE_GATEWAY_TOKEN) so only callers with it are served.`,
    });
  }
  const envelope = options.envelope === undefined ? undefined : resolveEnvelope(options.envelope);
  const schemaTarget = resolveSchemaTarget(options.schemaTarget, envelope);
  const upstreamFetch = createNodeUpstreamFetch();
  const gateway = createGateway({
    fetch: upstreamFetch.fetch,
    upstream: {
      baseUrl: options.upstream,
      ...(envelope === undefined ? {} : { envelope }),
      ...(schemaTarget === undefined ? {} : { schemaTarget }),
    },
    ...(options.token === undefined || options.token === '' ? {} : { token: options.token }),
    ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
    ...(options.quiet === true
      ? {}
      : { log: (entry: GatewayLogEntry) => options.stderr(`${JSON.stringify(entry)}\n`) }),
  });
  const served = await serveFetchHandler({
    handle: gateway.handle,
    host,
    port: options.port ?? 8787,
  });
  const profile = gateway.upstream;
  options.stderr(
    `toolwire gateway listening on ${served.url} -> ${profile.baseUrl} (envelope ${profile.envelope?.id ?? "each API's own"}, schemas ${profile.schemaTarget ?? "each API's own"})\n`,
  );
  await options.stopped;
  await served.close();
  upstreamFetch.close();
}
