import { checkOpenAIName, checkOpenAIParameters, openAIError } from './openai-rules.js';
import type { ProviderModule, ScriptedToolCall, Violation } from './provider-module.js';
import { jsonResponse, splitText, sseEvent, sseResponse } from './sse.js';
import { checkResponsesToolResults } from './tool-result-rules.js';

type Body = Record<string, unknown>;

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asObject = (value: unknown): Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : {};

/**
 * OpenAI Responses API (`POST /v1/responses`): the function-name rule (`^[a-zA-Z0-9_-]+$`,
 * max 64) on function and custom tools, `namespace` tools and their members, `tool_choice`
 * (which must name an offered function) and `function_call` items of `input`; `parameters`
 * rules; answers with `function_call` output items, plain or as Responses stream events.
 */
export const openaiResponsesModule: ProviderModule = {
  id: 'openai-responses',
  matches: (method, path) =>
    (method === 'POST' && path.endsWith('/responses')) ||
    (method === 'GET' && STORED_PATH.test(path)),
  isStream: (request) => asObject(request.body).stream === true,
  toolNames(request) {
    return asArray(asObject(request.body).tools).flatMap((tool) => {
      const entry = asObject(tool);
      if (entry.type === 'namespace') {
        return asArray(entry.tools).map((member) => ({
          name: String(asObject(member).name),
          namespace: String(entry.name),
        }));
      }
      return entry.type === 'function' || entry.type === 'custom'
        ? [{ name: String(entry.name) }]
        : [];
    });
  },
  check(request) {
    // Reading a stored response back has no body to check.
    if (request.method === 'GET') return [];
    const body = asObject(request.body);
    const violations: Violation[] = [];
    const offered = new Set<string>();
    asArray(body.tools).forEach((tool, index) => {
      const entry = asObject(tool);
      if (entry.type === 'function' || entry.type === 'custom') {
        violations.push(...checkOpenAIName(entry.name, `tools[${index}].name`));
        if (typeof entry.name === 'string') offered.add(entry.name);
        if (entry.type === 'function') {
          violations.push(
            ...checkOpenAIParameters(
              entry.parameters,
              String(entry.name),
              `tools[${index}].parameters`,
              entry.strict === true,
            ),
          );
        }
      }
      if (entry.type === 'namespace') {
        violations.push(...checkOpenAIName(entry.name, `tools[${index}].name`));
        asArray(entry.tools).forEach((member, memberIndex) => {
          const item = asObject(member);
          violations.push(
            ...checkOpenAIName(item.name, `tools[${index}].tools[${memberIndex}].name`),
          );
          violations.push(
            ...checkOpenAIParameters(
              item.parameters,
              String(item.name),
              `tools[${index}].tools[${memberIndex}].parameters`,
              item.strict === true,
            ),
          );
        });
      }
    });
    const choice = asObject(body.tool_choice);
    if (choice.type === 'function' || choice.type === 'custom') {
      violations.push(...checkOpenAIName(choice.name, 'tool_choice.name'));
      if (typeof choice.name === 'string' && !offered.has(choice.name)) {
        violations.push({
          path: 'tool_choice',
          code: 'invalid_value',
          message: `Invalid value for 'tool_choice': tool '${choice.name}' is not one of the provided tools.`,
        });
      }
    }
    if (choice.type === 'allowed_tools') {
      asArray(choice.tools).forEach((tool, index) => {
        violations.push(
          ...checkOpenAIName(asObject(tool).name, `tool_choice.tools[${index}].name`),
        );
      });
    }
    asArray(body.input).forEach((item, index) => {
      const entry = asObject(item);
      if (entry.type !== 'function_call' && entry.type !== 'custom_tool_call') return;
      violations.push(...checkOpenAIName(entry.name, `input[${index}].name`));
      if (entry.namespace !== undefined) {
        violations.push(...checkOpenAIName(entry.namespace, `input[${index}].namespace`));
      }
    });
    violations.push(...checkResponsesToolResults(body));
    return violations;
  },
  reject: (violations) => openAIError(violations),
  respond({ request, stream, calls }) {
    if (request.method === 'GET') return readStored(request.path, request.query.stream === 'true');
    const id = `resp_${++responseCount}`;
    const model = String(asObject(request.body).model ?? 'gpt-test');
    const items = calls.map((call, index) => functionCallItem(call, index, 'completed'));
    const response = (status: string, output: unknown[]) => ({
      id,
      object: 'response',
      created_at: 1_764_460_800,
      status,
      error: null,
      incomplete_details: null,
      instructions: null,
      model,
      output,
      parallel_tool_calls: true,
      temperature: 1,
      tool_choice: asObject(request.body).tool_choice ?? 'auto',
      tools: asArray(asObject(request.body).tools),
      top_p: 1,
      usage: {
        input_tokens: 10,
        output_tokens: 5,
        total_tokens: 15,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens_details: { reasoning_tokens: 0 },
      },
    });
    if (asObject(request.body).store !== false) {
      store(id, response('completed', items), asArray(asObject(request.body).input));
    }
    if (!stream) return jsonResponse(200, response('completed', items));
    return sseResponse(responseEvents(response, items));
  },
};

// A response as its stream of events: created, in progress, each call item with its argument
// deltas, completed (also how a stored response is replayed with `?stream=true`).
function responseEvents(response: (status: string, output: unknown[]) => Body, items: Body[]) {
  let sequence = 0;
  const event = (type: string, data: Body) =>
    sseEvent({ type, sequence_number: sequence++, ...data }, type);
  const events = [
    event('response.created', { response: response('in_progress', []) }),
    event('response.in_progress', { response: response('in_progress', []) }),
  ];
  items.forEach((item, index) => {
    events.push(
      event('response.output_item.added', {
        output_index: index,
        item: { ...item, status: 'in_progress', arguments: '' },
      }),
    );
    const text = String(item.arguments);
    for (const piece of splitText(text, 3)) {
      events.push(
        event('response.function_call_arguments.delta', {
          item_id: item.id,
          output_index: index,
          delta: piece,
        }),
      );
    }
    events.push(
      event('response.function_call_arguments.done', {
        item_id: item.id,
        output_index: index,
        arguments: text,
      }),
    );
    events.push(event('response.output_item.done', { output_index: index, item }));
  });
  events.push(event('response.completed', { response: response('completed', items) }));
  return events;
}

function functionCallItem(call: ScriptedToolCall, index: number, status: string): Body {
  return {
    type: 'function_call',
    id: `fc_${index + 1}`,
    call_id: call.id,
    name: call.name,
    ...(call.namespace === undefined ? {} : { namespace: call.namespace }),
    arguments: JSON.stringify(call.arguments),
    status,
  };
}

// Stored responses, as the API keeps them unless a request says `store: false` (the last 100,
// for `GET /v1/responses/{id}` and its `/input_items`).
const STORED_PATH = /\/responses\/[^/]+(?:\/input_items)?$/;
const stored = new Map<string, { response: Body; input: unknown[] }>();
let responseCount = 0;

function store(id: string, response: Body, input: unknown[]): void {
  stored.set(id, { response, input });
  if (stored.size > 100) stored.delete(stored.keys().next().value as string);
}

function readStored(path: string, stream: boolean) {
  const match = /\/responses\/([^/]+)(\/input_items)?$/.exec(path);
  const entry = match === null ? undefined : stored.get(match[1] as string);
  if (match === null || entry === undefined) {
    return jsonResponse(404, {
      error: {
        message: `No response found with id '${match?.[1] ?? ''}'.`,
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    });
  }
  if (match[2] === undefined && stream) {
    const output = asArray(entry.response.output).map(asObject);
    return sseResponse(
      responseEvents((status, items) => ({ ...entry.response, status, output: items }), output),
    );
  }
  if (match[2] === undefined) return jsonResponse(200, entry.response);
  // The list is newest first by default, each item with an id.
  const data = entry.input
    .map((item, index) => {
      const value = typeof item === 'string' ? { role: 'user', content: item } : asObject(item);
      return { id: typeof value.id === 'string' ? value.id : `item_${index + 1}`, ...value };
    })
    .reverse();
  return jsonResponse(200, {
    object: 'list',
    data,
    first_id: data[0]?.id ?? null,
    last_id: data.at(-1)?.id ?? null,
    has_more: false,
  });
}
