import type {
  Tool as AnthropicTool,
  MessageCreateParamsNonStreaming,
  MessageParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { Content, GenerateContentParameters } from '@google/genai';
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type {
  ResponseCreateParamsNonStreaming,
  ResponseInputItem,
  Tool as ResponsesTool,
} from 'openai/resources/responses/responses';
import type { ConformanceFixture } from './fixtures.js';

// The requests an application builds from a conformance fixture (canonical names), one per API:
// the adapter conformance tests project them and the gateway tests send them through the gateway.

/** A Chat Completions request for a fixture, with canonical names. */
export function buildChatRequest(
  fixture: ConformanceFixture,
): ChatCompletionCreateParamsNonStreaming {
  const messages: ChatCompletionMessageParam[] = [];
  if (fixture.system !== undefined) messages.push({ role: 'system', content: fixture.system });
  messages.push({ role: 'user', content: 'Do the thing.' });
  for (const call of fixture.history) {
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: JSON.stringify(call.arguments) },
        },
      ],
    });
    messages.push({ role: 'tool', tool_call_id: call.id, content: call.result });
  }
  const tools: ChatCompletionTool[] = fixture.tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: tool.inputSchema,
    },
  }));
  return {
    model: 'gpt-test',
    messages,
    tools,
    ...(fixture.toolChoice === undefined
      ? {}
      : { tool_choice: { type: 'function', function: { name: fixture.toolChoice } } }),
  };
}

/** A Responses request for a fixture, with canonical names. */
export function buildResponsesRequest(
  fixture: ConformanceFixture,
): ResponseCreateParamsNonStreaming {
  const input: ResponseInputItem[] = [{ role: 'user', content: 'Do the thing.' }];
  for (const call of fixture.history) {
    input.push({
      type: 'function_call',
      call_id: call.id,
      name: call.name,
      arguments: JSON.stringify(call.arguments),
    });
    input.push({ type: 'function_call_output', call_id: call.id, output: call.result });
  }
  const tools: ResponsesTool[] = fixture.tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    parameters: tool.inputSchema,
    strict: false,
  }));
  return {
    model: 'gpt-test',
    ...(fixture.system === undefined ? {} : { instructions: fixture.system }),
    input,
    tools,
    ...(fixture.toolChoice === undefined
      ? {}
      : { tool_choice: { type: 'function', name: fixture.toolChoice } }),
  };
}

/** The request, with `cache_control` on the last tool and on the system prompt, as hosts cache them. */
export function buildAnthropicRequest(
  fixture: ConformanceFixture,
): MessageCreateParamsNonStreaming {
  const messages: MessageParam[] = [{ role: 'user', content: 'Do the thing.' }];
  for (const call of fixture.history) {
    messages.push({
      role: 'assistant',
      content: [{ type: 'tool_use', id: call.id, name: call.name, input: call.arguments }],
    });
    messages.push({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: call.id, content: call.result }],
    });
  }
  const tools: AnthropicTool[] = fixture.tools.map((tool, index) => ({
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    input_schema: tool.inputSchema as AnthropicTool['input_schema'],
    ...(index === fixture.tools.length - 1
      ? { cache_control: { type: 'ephemeral' as const } }
      : {}),
  }));
  return {
    model: 'claude-test',
    max_tokens: 1024,
    ...(fixture.system === undefined
      ? {}
      : {
          system: [
            {
              type: 'text' as const,
              text: fixture.system,
              cache_control: { type: 'ephemeral' as const },
            },
          ],
        }),
    messages,
    tools,
    ...(fixture.toolChoice === undefined
      ? {}
      : { tool_choice: { type: 'tool' as const, name: fixture.toolChoice } }),
  };
}

/** A `generateContent` request for a fixture, with canonical names (as gemini-cli builds it). */
export function buildGeminiRequest(
  fixture: ConformanceFixture,
  schemaField: 'parametersJsonSchema' | 'parameters' = 'parametersJsonSchema',
): GenerateContentParameters {
  const contents: Content[] = [{ role: 'user', parts: [{ text: 'Help me with my work.' }] }];
  for (const call of fixture.history) {
    contents.push(
      {
        role: 'model',
        parts: [{ functionCall: { id: call.id, name: call.name, args: call.arguments } }],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { id: call.id, name: call.name, response: { output: call.result } } },
        ],
      },
    );
  }
  contents.push({ role: 'user', parts: [{ text: 'Go on.' }] });
  return {
    model: 'gemini-2.5-flash',
    contents,
    config: {
      ...(fixture.system === undefined ? {} : { systemInstruction: fixture.system }),
      tools: [
        {
          functionDeclarations: fixture.tools.map((tool) => ({
            name: tool.name,
            ...(tool.description === undefined ? {} : { description: tool.description }),
            [schemaField]: tool.inputSchema,
          })),
        },
      ],
      ...(fixture.toolChoice === undefined
        ? {}
        : {
            toolConfig: {
              functionCallingConfig: {
                mode: 'ANY' as GenerateContentParameters['config'] extends infer C
                  ? C extends { toolConfig?: { functionCallingConfig?: { mode?: infer M } } }
                    ? M
                    : never
                  : never,
                allowedFunctionNames: [fixture.toolChoice],
              },
            },
          }),
    },
  };
}
