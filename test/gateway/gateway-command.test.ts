import { describe, expect, it } from 'vitest';
import { runGateway } from '../../src/cli/gateway/run-gateway.js';
import { LONG_FIXTURE } from '../conformance/fixtures.js';
import { openaiChatModule } from '../provider-server/openai-chat-module.js';
import { startProviderServer } from '../provider-server/start-provider-server.js';
import { chatSubject } from './support/gateway-subjects.js';

// The command as it runs (`toolwire gateway`): Node's HTTP server in front, Node's HTTP client with
// kept-alive connections to the upstream, one log line per request on stderr.
describe('toolwire gateway (runGateway)', () => {
  it('should serve the official SDK through the Node upstream client, plain and streamed', async () => {
    const provider = await startProviderServer({ modules: [openaiChatModule] });
    provider.script = (_request, tools) => [
      { name: tools[1]?.name ?? '', arguments: { pageId: 'p' }, id: 'call_1' },
    ];
    let output = '';
    let stop: () => void = () => {};
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const running = runGateway({
      upstream: provider.url,
      port: 0,
      stderr: (text) => {
        output += text;
      },
      stopped,
    });
    try {
      while (!output.includes('listening on')) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1] as string;
      for (const stream of [false, true, false]) {
        const calls = await chatSubject.send(url, chatSubject.build(LONG_FIXTURE), stream);
        expect(provider.lastRequest().violations).toEqual([]);
        expect(calls).toEqual([{ name: LONG_FIXTURE.tools[1]?.name, arguments: { pageId: 'p' } }]);
      }
      const lines = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toHaveLength(3);
      expect(lines[1]).toMatchObject({ api: 'openai-chat', status: 200, outcome: 'complete' });
      expect(output).not.toContain('sk-test-secret');
    } finally {
      stop();
      await running;
      await provider.close();
    }
  });
});
