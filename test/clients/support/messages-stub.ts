import type http from 'node:http';
import { serveModelStub } from './serve-model-stub.js';

/**
 * Answers one Messages API request with `content`, as JSON or as the SSE events Anthropic sends
 * (`stream: true`): the shape Claude Code parses.
 */
export function answerMessages(
  outgoing: http.ServerResponse,
  stream: boolean,
  model: string,
  content: Record<string, unknown>[],
): void {
  const stop = content[0]?.type === 'tool_use' ? 'tool_use' : 'end_turn';
  const usage = { input_tokens: 10, output_tokens: 5 };
  const message = { id: 'msg_1', type: 'message', role: 'assistant', model, usage };
  if (!stream) {
    outgoing.writeHead(200, { 'content-type': 'application/json' });
    outgoing.end(JSON.stringify({ ...message, content, stop_reason: stop, stop_sequence: null }));
    return;
  }
  const event = (type: string, data: Record<string, unknown>) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  outgoing.writeHead(200, { 'content-type': 'text/event-stream' });
  outgoing.write(
    event('message_start', {
      message: { ...message, content: [], stop_reason: null, stop_sequence: null },
    }),
  );
  content.forEach((block, index) => {
    if (block.type === 'tool_use') {
      outgoing.write(
        event('content_block_start', { index, content_block: { ...block, input: {} } }),
      );
      outgoing.write(
        event('content_block_delta', {
          index,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
        }),
      );
    } else {
      outgoing.write(
        event('content_block_start', { index, content_block: { type: 'text', text: '' } }),
      );
      outgoing.write(
        event('content_block_delta', { index, delta: { type: 'text_delta', text: block.text } }),
      );
    }
    outgoing.write(event('content_block_stop', { index }));
  });
  outgoing.write(
    event('message_delta', { delta: { stop_reason: stop, stop_sequence: null }, usage }),
  );
  outgoing.end(event('message_stop', {}));
}

/** One request a Messages stub received: the tool names, and the tool results in its history. */
export interface MessagesRequest {
  tools: string[];
  toolResults: string[];
}

/** The parts of a Messages API request body the stubs read. */
export interface MessagesBody {
  tools?: { name: string }[];
  messages?: { role: string; content: unknown }[];
  stream?: boolean;
  model?: string;
}

/** A running Messages stub: its base URL, the requests it got, and how to stop it. */
export interface MessagesStub {
  url: string;
  seen: MessagesRequest[];
  close: () => Promise<void>;
}

/**
 * A Messages API stub on 127.0.0.1 that records every request. The first request offering tools
 * gets one `tool_use` block for each name `choose` picks (several calls in one turn); once tool
 * results come back, or when `choose` picks none, it answers "Done.".
 */
export async function startMessagesStub(
  choose: (tools: string[]) => string[],
): Promise<MessagesStub> {
  const seen: MessagesRequest[] = [];
  let called = false;
  const served = await serveModelStub((_path, parsed, outgoing) => {
    const body = parsed as MessagesBody;
    const record: MessagesRequest = {
      tools: (body.tools ?? []).map((tool) => tool.name),
      toolResults: [],
    };
    seen.push(record);
    for (const message of body.messages ?? []) {
      if (!Array.isArray(message.content)) continue;
      for (const block of message.content as Record<string, unknown>[]) {
        if (block.type === 'tool_result') record.toolResults.push(JSON.stringify(block.content));
      }
    }
    const picked = called || record.toolResults.length > 0 ? [] : choose(record.tools);
    if (picked.length > 0) called = true;
    const content =
      picked.length === 0
        ? [{ type: 'text', text: 'Done.' }]
        : picked.map((name, index) => ({
            type: 'tool_use',
            id: `toolu_${index}`,
            name,
            input: {},
          }));
    answerMessages(outgoing, body.stream === true, body.model ?? 'claude-test', content);
  });
  return { ...served, seen };
}
