import { checkOpenAIName, checkOpenAIParameters, openAIError } from './openai-rules.js';
import type { ProviderModule, RecordedRequest, Violation } from './provider-module.js';
import { jsonResponse, splitText, sseEvent, sseResponse } from './sse.js';
import { checkChatToolResults } from './tool-result-rules.js';

type Body = Record<string, unknown>;

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asObject = (value: unknown): Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : {};

/**
 * OpenAI Chat Completions (`POST /v1/chat/completions`): function-name rules on `tools`,
 * `tool_choice` (which must also name an offered function) and every `tool_calls` name in
 * history; `parameters` rules; answers with `tool_calls`, plain or as `chat.completion.chunk`s.
 */
export const openaiChatModule: ProviderModule = {
  id: 'openai-chat',
  matches: (method, path) => method === 'POST' && path.endsWith('/chat/completions'),
  isStream: (request) => asObject(request.body).stream === true,
  toolNames(request) {
    return asArray(asObject(request.body).tools)
      .map((tool) => asObject(asObject(tool).function).name)
      .filter((name): name is string => typeof name === 'string')
      .map((name) => ({ name }));
  },
  check(request) {
    const body = asObject(request.body);
    const violations: Violation[] = [];
    const offered = new Set<string>();
    asArray(body.tools).forEach((tool, index) => {
      const entry = asObject(tool);
      if (entry.type !== 'function') return;
      const fn = asObject(entry.function);
      const path = `tools[${index}].function.name`;
      violations.push(...checkOpenAIName(fn.name, path));
      if (typeof fn.name === 'string') offered.add(fn.name);
      violations.push(
        ...checkOpenAIParameters(
          fn.parameters,
          String(fn.name),
          `tools[${index}].function.parameters`,
          fn.strict === true,
        ),
      );
    });
    const choice = asObject(body.tool_choice);
    if (choice.type === 'function') {
      const name = asObject(choice.function).name;
      violations.push(...checkOpenAIName(name, 'tool_choice.function.name'));
      if (typeof name === 'string' && !offered.has(name)) {
        violations.push({
          path: 'tool_choice',
          code: 'invalid_value',
          message: `Invalid value for 'tool_choice': function '${name}' is not one of the provided tools.`,
        });
      }
    }
    if (choice.type === 'allowed_tools') {
      asArray(asObject(choice.allowed_tools).tools).forEach((tool, index) => {
        violations.push(
          ...checkOpenAIName(
            asObject(asObject(tool).function).name,
            `tool_choice.allowed_tools.tools[${index}].function.name`,
          ),
        );
      });
    }
    asArray(body.messages).forEach((message, messageIndex) => {
      asArray(asObject(message).tool_calls).forEach((call, callIndex) => {
        const entry = asObject(call);
        if (entry.type !== undefined && entry.type !== 'function') return;
        violations.push(
          ...checkOpenAIName(
            asObject(entry.function).name,
            `messages[${messageIndex}].tool_calls[${callIndex}].function.name`,
          ),
        );
      });
    });
    violations.push(...checkChatToolResults(body));
    return violations;
  },
  reject: (violations) => openAIError(violations),
  respond({ request, stream, calls }) {
    const model = String(asObject(request.body).model ?? 'gpt-test');
    const base = { id: 'chatcmpl-1', created: 1_764_460_800, model };
    if (!stream) {
      return jsonResponse(200, {
        ...base,
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: calls.length === 0 ? 'No tools.' : null,
              refusal: null,
              ...(calls.length === 0
                ? {}
                : {
                    tool_calls: calls.map((call) => ({
                      id: call.id,
                      type: 'function',
                      function: { name: call.name, arguments: JSON.stringify(call.arguments) },
                    })),
                  }),
            },
            logprobs: null,
            finish_reason: calls.length === 0 ? 'stop' : 'tool_calls',
          },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      });
    }
    const chunk = (delta: Body, finish: string | null = null) =>
      sseEvent({
        ...base,
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      });
    const events = [chunk({ role: 'assistant', content: null })];
    calls.forEach((call, index) => {
      events.push(
        chunk({
          tool_calls: [
            { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
          ],
        }),
      );
      for (const piece of splitText(JSON.stringify(call.arguments), 3)) {
        events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
      }
    });
    events.push(chunk({}, calls.length === 0 ? 'stop' : 'tool_calls'));
    events.push(sseEvent('[DONE]'));
    return sseResponse(events);
  },
};

/** The body of a recorded Chat Completions request. */
export function chatBody(request: RecordedRequest): Body {
  return asObject(request.body);
}
