import { serveModelStub } from './serve-model-stub.js';

/** A function the client offered: its name, and the namespace tool holding it (Codex's MCP). */
export interface OfferedFunction {
  namespace?: string;
  name: string;
}

/** One request a Responses stub received: the functions offered, and the call outputs seen. */
export interface ResponsesRequest {
  tools: OfferedFunction[];
  callOutputs: string[];
  body: Record<string, unknown>;
}

/** A running Responses stub: its base URL (ends in `/v1`), the requests it got, how to stop it. */
export interface ResponsesStub {
  url: string;
  seen: ResponsesRequest[];
  close: () => Promise<void>;
}

interface ResponsesBody {
  tools?: { type?: string; name?: string; tools?: { name?: string }[] }[];
  input?: Record<string, unknown>[];
}

/**
 * An OpenAI Responses API stub on 127.0.0.1 (`POST /v1/responses`, SSE) that records every
 * request. The first request offering functions gets one `function_call` item for each function
 * `choose` picks (a namespaced function is called with its `namespace`); once call outputs come
 * back it answers "Done.".
 */
export async function startResponsesStub(
  choose: (tools: OfferedFunction[]) => OfferedFunction[],
): Promise<ResponsesStub> {
  const seen: ResponsesRequest[] = [];
  let called = false;
  const served = await serveModelStub((_path, parsed, outgoing) => {
    const body = parsed as ResponsesBody;
    const record: ResponsesRequest = {
      tools: (body.tools ?? []).flatMap((tool): OfferedFunction[] =>
        tool.type === 'namespace'
          ? (tool.tools ?? []).map((inner) => ({
              namespace: String(tool.name),
              name: String(inner.name),
            }))
          : tool.name === undefined
            ? []
            : [{ name: tool.name }],
      ),
      callOutputs: [],
      body: body as Record<string, unknown>,
    };
    seen.push(record);
    for (const item of body.input ?? []) {
      if (item.type === 'function_call_output') record.callOutputs.push(JSON.stringify(item));
    }
    const picked = called || record.callOutputs.length > 0 ? [] : choose(record.tools);
    if (picked.length > 0) called = true;
    const items: Record<string, unknown>[] =
      picked.length > 0
        ? picked.map((offered, index) => ({
            type: 'function_call',
            id: `fc_${index}`,
            call_id: `call_${index}`,
            name: offered.name,
            ...(offered.namespace === undefined ? {} : { namespace: offered.namespace }),
            arguments: '{}',
            status: 'completed',
          }))
        : [
            {
              type: 'message',
              id: 'msg_1',
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'output_text', text: 'Done.', annotations: [] }],
            },
          ];
    const id = `resp_${seen.length}`;
    const event = (data: Record<string, unknown>) =>
      `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`;
    outgoing.writeHead(200, { 'content-type': 'text/event-stream' });
    outgoing.write(event({ type: 'response.created', response: { id } }));
    items.forEach((item, index) => {
      outgoing.write(event({ type: 'response.output_item.done', output_index: index, item }));
    });
    outgoing.end(
      event({
        type: 'response.completed',
        response: {
          id,
          usage: {
            input_tokens: 10,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: 5,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: 15,
          },
        },
      }),
    );
  });
  return { ...served, url: `${served.url}/v1`, seen };
}
