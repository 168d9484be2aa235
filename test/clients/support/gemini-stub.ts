import { serveModelStub } from './serve-model-stub.js';

/** One model request a Gemini stub received: the function names, and function responses seen. */
export interface GeminiRequest {
  path: string;
  tools: string[];
  functionResponses: string[];
}

/** A running Gemini stub: its base URL, the requests it got, and how to stop it. */
export interface GeminiStub {
  url: string;
  seen: GeminiRequest[];
  close: () => Promise<void>;
}

interface GeminiBody {
  contents?: { role?: string; parts?: Record<string, unknown>[] }[];
  tools?: { functionDeclarations?: { name: string }[] }[];
  generationConfig?: { responseMimeType?: string };
}

/**
 * A Gemini API stub on 127.0.0.1 (`:generateContent`, `:streamGenerateContent?alt=sse`) that
 * records every request. The first request offering functions gets one `functionCall` part for
 * each name `choose` picks; once function responses come back it answers "Done.". Requests for
 * JSON (the client's own routing and next-speaker checks) get a small JSON answer.
 */
export async function startGeminiStub(choose: (tools: string[]) => string[]): Promise<GeminiStub> {
  const seen: GeminiRequest[] = [];
  let called = false;
  const served = await serveModelStub((path, parsed, outgoing) => {
    const body = parsed as GeminiBody;
    const record: GeminiRequest = {
      path,
      tools: (body.tools ?? []).flatMap((tool) =>
        (tool.functionDeclarations ?? []).map((declaration) => declaration.name),
      ),
      functionResponses: [],
    };
    seen.push(record);
    for (const content of body.contents ?? []) {
      for (const part of content.parts ?? []) {
        if (part.functionResponse !== undefined) {
          record.functionResponses.push(JSON.stringify(part.functionResponse));
        }
      }
    }
    if (path.includes(':countTokens')) {
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ totalTokens: 10 }));
      return;
    }
    const picked = called || record.functionResponses.length > 0 ? [] : choose(record.tools);
    if (picked.length > 0) called = true;
    const parts =
      picked.length > 0
        ? picked.map((name) => ({ functionCall: { name, args: {} } }))
        : body.generationConfig?.responseMimeType === 'application/json'
          ? [
              {
                text: JSON.stringify({
                  reasoning: 'stub',
                  next_speaker: 'user',
                  model_choice: 'flash',
                }),
              },
            ]
          : [{ text: 'Done.' }];
    const response = {
      candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      modelVersion: 'gemini-stub',
    };
    if (path.includes(':streamGenerateContent')) {
      outgoing.writeHead(200, { 'content-type': 'text/event-stream' });
      outgoing.end(`data: ${JSON.stringify(response)}\r\n\r\n`);
      return;
    }
    outgoing.writeHead(200, { 'content-type': 'application/json' });
    outgoing.end(JSON.stringify(response));
  });
  return { ...served, seen };
}
