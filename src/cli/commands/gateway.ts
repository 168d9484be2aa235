import type { Command } from 'commander';
import type { CliContext } from '../cli-context.js';
import { runGateway } from '../gateway/run-gateway.js';

interface GatewayFlags {
  upstream: string;
  envelope?: string;
  schemaTarget?: string;
  host: string;
  port: string;
  token?: string;
  maxBody?: string;
  quiet?: boolean;
}

/**
 * Registers `toolwire gateway`: an OpenAI-, Anthropic- and Gemini-compatible endpoint that fits
 * tool names and schemas to one upstream in flight.
 * @internal
 */
export function registerGatewayCommand(program: Command, context: CliContext): void {
  program
    .command('gateway')
    .description(
      'Serve an OpenAI-, Anthropic- and Gemini-compatible endpoint that fits tool names and schemas to one upstream and maps answers back.',
    )
    .requiredOption('--upstream <url>', 'the upstream base URL, e.g. https://api.anthropic.com')
    .option('--envelope <id>', "the upstream's name envelope (default: each API's own provider)")
    .option('--schema-target <id>', "the upstream's schema dialect (default: from the envelope)")
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0: any free port)', '8787')
    .option('--token <token>', 'require this token (x-toolwire-token) (env TOOLWIRE_GATEWAY_TOKEN)')
    .option('--max-body <bytes>', 'largest request body accepted, in bytes')
    .option('--quiet', 'no per-request log lines on stderr')
    .action(async (flags: GatewayFlags) => {
      const stopped = new Promise<void>((resolve) => {
        process.once('SIGINT', () => resolve());
        process.once('SIGTERM', () => resolve());
      });
      await runGateway({
        upstream: flags.upstream,
        envelope: flags.envelope,
        schemaTarget: flags.schemaTarget,
        host: flags.host,
        port: Number(flags.port),
        token: flags.token ?? context.env.TOOLWIRE_GATEWAY_TOKEN,
        maxBodyBytes: flags.maxBody === undefined ? undefined : Number(flags.maxBody),
        quiet: flags.quiet === true,
        stderr: context.stderr,
        stopped,
      });
    });
}
