import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages/messages';
import { messagesToolsFromHub, runMessagesToolCalls, wrapAnthropic } from 'toolwire/anthropic';
import { createMcpHub, readMcpConfig } from 'toolwire/mcp';

const { servers } = await readMcpConfig({ path: 'examples/mcp.json' });
await using hub = createMcpHub({ servers });
await hub.start();
const claude = wrapAnthropic(new Anthropic());
let messages: MessageParam[] = [{ role: 'user', content: 'What is in examples?' }];
for (let done = false; !done; ) {
  const request = { model: 'claude-sonnet-5', max_tokens: 4096, messages };
  const response = await claude.messages.create({ ...request, ...messagesToolsFromHub({ hub }) });
  ({ history: messages, done } = await runMessagesToolCalls({ hub, response, history: messages }));
}
