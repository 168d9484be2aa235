import { ToolwireError } from '../../core/toolwire-error.js';
import type { CommandSpec } from '../command-spec.js';
import { runGateway } from '../gateway/run-gateway.js';

interface GatewayFlags {
  upstream?: string;
  envelope?: string;
  'schema-target'?: string;
  host: string;
  port: number;
  token?: string;
  'max-body'?: number;
  quiet?: boolean;
}

function parseWholeNumber(name: string, minimum: number, maximum: number) {
  return (value: string): number => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < minimum || number > maximum) {
      throw new ToolwireError({
        code: 'INVALID_OPTION',
        message: `Option --${name}: "${value}" is not a whole number from ${minimum} to ${maximum}.`,
      });
    }
    return number;
  };
}

/**
 * `toolwire gateway`: an OpenAI-, Anthropic- and Gemini-compatible endpoint that fits tool names
 * and schemas to one upstream in flight and maps answers back (the library form is
 * `createGateway` in `toolwire/gateway`).
 * @internal
 */
export const gatewayCommand: CommandSpec = {
  name: 'gateway',
  summary:
    'Serve an OpenAI-, Anthropic- and Gemini-compatible endpoint that fits tool names and schemas to one upstream.',
  positionals: [],
  options: [
    {
      name: 'upstream',
      type: 'string',
      valueName: '<url>',
      description: 'the upstream base URL (required), e.g. https://api.anthropic.com',
    },
    {
      name: 'envelope',
      type: 'string',
      valueName: '<id>',
      description:
        "the upstream's name envelope: openai, anthropic, bedrock, gemini, vertex, mcp, universal",
      defaultText: "each API's own provider",
    },
    {
      name: 'schema-target',
      type: 'string',
      valueName: '<id>',
      description: "the upstream's schema dialect: openai, anthropic, gemini, vertex, bedrock, mcp",
      defaultText: 'from the envelope',
    },
    {
      name: 'host',
      type: 'string',
      valueName: '<host>',
      description: 'interface to bind (off loopback a --token is required)',
      default: '127.0.0.1',
    },
    {
      name: 'port',
      type: 'string',
      valueName: '<port>',
      description: 'port to listen on (0: any free port)',
      default: 8787,
      defaultText: '8787',
      parse: parseWholeNumber('port', 0, 65535),
    },
    {
      name: 'token',
      type: 'string',
      valueName: '<token>',
      description:
        'require this token in x-toolwire-token (or proxy-authorization: Bearer); env TOOLWIRE_GATEWAY_TOKEN',
    },
    {
      name: 'max-body',
      type: 'string',
      valueName: '<bytes>',
      description: 'largest request body accepted (413 above it)',
      defaultText: '33554432',
      parse: parseWholeNumber('max-body', 1, 2 ** 31),
    },
    { name: 'quiet', short: 'q', type: 'boolean', description: 'no per-request log lines' },
  ],
  notes: [
    'Point an SDK at it: OpenAI base URL http://127.0.0.1:8787/v1, Anthropic http://127.0.0.1:8787, Gemini httpOptions.baseUrl http://127.0.0.1:8787. A request may pick another envelope with the header x-toolwire-envelope (removed before forwarding). One JSON line per request goes to stderr (never bodies or keys). Stops on SIGINT or SIGTERM.',
  ],
  run: async (parsed, context) => {
    const flags = parsed.options as unknown as GatewayFlags;
    if (flags.upstream === undefined) {
      throw new ToolwireError({
        code: 'INVALID_OPTION',
        message: 'Gateway: --upstream <url> is required (the base URL to forward to).',
      });
    }
    const stopped = new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    });
    await runGateway({
      upstream: flags.upstream,
      envelope: flags.envelope,
      schemaTarget: flags['schema-target'],
      host: flags.host,
      port: flags.port,
      token: flags.token ?? context.env.TOOLWIRE_GATEWAY_TOKEN,
      maxBodyBytes: flags['max-body'],
      quiet: flags.quiet === true,
      stderr: context.stderr,
      stopped,
    });
  },
};
