import type { ProviderModule, Violation } from './provider-module.js';
import { jsonResponse, splitText, sseEvent, sseResponse } from './sse.js';
import { checkAnthropicToolResults } from './tool-result-rules.js';

type Body = Record<string, unknown>;

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asObject = (value: unknown): Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : {};

/** Anthropic's client-tool name rule (platform.claude.com define-tools). */
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,128}$/;
/** `tool_reference.tool_name` in tool results (tool search) is still at most 64. */
const TOOL_REFERENCE = /^[a-zA-Z0-9_-]{1,64}$/;
/**
 * Replayed `tool_use.name`: the same charset; the length bound is reported as 200
 * (Anthropic's documentation, unverified), so only that is enforced.
 */
const HISTORY_NAME = /^[a-zA-Z0-9_-]{1,200}$/;
/** Property keys of `input_schema.properties` (errors quoted in freee-mcp#15, twilio-labs/mcp#56). */
const PROPERTY_KEY = /^[a-zA-Z0-9_.-]{1,64}$/;
/** At most 4 blocks may carry `cache_control` in one request. */
const MAX_CACHE_BREAKPOINTS = 4;

const isClientTool = (tool: Body) =>
  tool.type === undefined || tool.type === null || tool.type === 'custom';

/**
 * Anthropic Messages (`POST /v1/messages`): client tool names (`^[a-zA-Z0-9_-]{1,128}$`, unique),
 * `input_schema` (`type: "object"`, no top-level `anyOf`/`oneOf`/`allOf`, property keys
 * `^[a-zA-Z0-9_.-]{1,64}$`), `tool_choice` naming an offered tool, history `tool_use` names,
 * `tool_reference` names, at most 4 `cache_control` breakpoints; answers with `tool_use` blocks,
 * plain or as Messages stream events.
 */
export const anthropicModule: ProviderModule = {
  id: 'anthropic',
  matches: (method, path) => method === 'POST' && path.endsWith('/v1/messages'),
  isStream: (request) => asObject(request.body).stream === true,
  toolNames(request) {
    return asArray(asObject(request.body).tools)
      .map(asObject)
      .filter(isClientTool)
      .map((tool) => ({ name: String(tool.name) }));
  },
  check(request) {
    const body = asObject(request.body);
    const violations: Violation[] = [];
    const names = new Set<string>();
    let breakpoints = 0;
    const countCache = (block: Body) => {
      if (block.cache_control !== undefined && block.cache_control !== null) breakpoints++;
    };
    asArray(body.tools).forEach((item, index) => {
      const tool = asObject(item);
      countCache(tool);
      if (!isClientTool(tool)) return;
      const path = `tools.${index}.custom`;
      if (typeof tool.name !== 'string' || !TOOL_NAME.test(tool.name)) {
        violations.push({
          path: `${path}.name`,
          message: `${path}.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`,
        });
      } else if (names.has(tool.name)) {
        violations.push({ path: 'tools', message: 'tools: Tool names must be unique.' });
      } else {
        names.add(tool.name);
      }
      const schema = asObject(tool.input_schema);
      if (tool.input_schema === undefined) {
        violations.push({
          path: `${path}.input_schema`,
          message: `${path}.input_schema: Field required`,
        });
        return;
      }
      if (schema.type !== 'object') {
        violations.push({
          path: `${path}.input_schema.type`,
          message: `${path}.input_schema.type: Input should be 'object'`,
        });
      }
      if ('anyOf' in schema || 'oneOf' in schema || 'allOf' in schema) {
        violations.push({
          path: `${path}.input_schema`,
          message: `${path}.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level`,
        });
      }
      for (const key of propertyKeys(schema)) {
        if (!PROPERTY_KEY.test(key)) {
          violations.push({
            path: `${path}.input_schema.properties`,
            message: `${path}.input_schema.properties: Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'`,
          });
          break;
        }
      }
    });
    const choice = asObject(body.tool_choice);
    if (choice.type === 'tool' && (typeof choice.name !== 'string' || !names.has(choice.name))) {
      violations.push({
        path: 'tool_choice.name',
        message: `tool_choice.name: Tool '${String(choice.name)}' not found in provided tools`,
      });
    }
    for (const block of typeof body.system === 'string' ? [] : asArray(body.system))
      countCache(asObject(block));
    asArray(body.messages).forEach((message, messageIndex) => {
      asArray(asObject(message).content).forEach((item, blockIndex) => {
        const block = asObject(item);
        countCache(block);
        const path = `messages.${messageIndex}.content.${blockIndex}`;
        if (
          block.type === 'tool_use' &&
          (typeof block.name !== 'string' || !HISTORY_NAME.test(block.name))
        ) {
          violations.push({
            path: `${path}.tool_use.name`,
            message: `${path}.tool_use.name: String should match pattern '^[a-zA-Z0-9_-]{1,200}$'`,
          });
        }
        if (block.type === 'tool_result') {
          asArray(block.content).forEach((part, partIndex) => {
            const entry = asObject(part);
            if (
              entry.type === 'tool_reference' &&
              (typeof entry.tool_name !== 'string' || !TOOL_REFERENCE.test(entry.tool_name))
            ) {
              violations.push({
                path: `${path}.tool_result.content.${partIndex}.tool_name`,
                message: `${path}.tool_result.content.${partIndex}.tool_reference.tool_name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`,
              });
            }
          });
        }
      });
    });
    violations.push(...checkAnthropicToolResults(body));
    if (breakpoints > MAX_CACHE_BREAKPOINTS) {
      violations.push({
        path: 'cache_control',
        message: `A maximum of ${MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found ${breakpoints}.`,
      });
    }
    return violations;
  },
  reject(violations) {
    return jsonResponse(
      400,
      {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: violations[0]?.message ?? 'Invalid request.',
        },
        request_id: 'req_test',
      },
      { 'request-id': 'req_test' },
    );
  },
  respond({ request, stream, calls }) {
    const model = String(asObject(request.body).model ?? 'claude-test');
    const blocks = calls.map((call) => ({
      type: 'tool_use',
      id: call.id,
      name: call.name,
      input: call.arguments,
    }));
    const message = (content: unknown[], stop: string | null) => ({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model,
      content,
      stop_reason: stop,
      stop_sequence: null,
      usage: {
        input_tokens: 10,
        output_tokens: 5,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
    });
    const stop = calls.length === 0 ? 'end_turn' : 'tool_use';
    if (!stream)
      return jsonResponse(
        200,
        message(blocks.length === 0 ? [{ type: 'text', text: 'No tools.' }] : blocks, stop),
      );
    const events = [
      sseEvent({ type: 'message_start', message: message([], null) }, 'message_start'),
    ];
    blocks.forEach((block, index) => {
      events.push(
        sseEvent(
          { type: 'content_block_start', index, content_block: { ...block, input: {} } },
          'content_block_start',
        ),
      );
      for (const piece of splitText(JSON.stringify(block.input), 3)) {
        events.push(
          sseEvent(
            {
              type: 'content_block_delta',
              index,
              delta: { type: 'input_json_delta', partial_json: piece },
            },
            'content_block_delta',
          ),
        );
      }
      events.push(sseEvent({ type: 'content_block_stop', index }, 'content_block_stop'));
    });
    events.push(
      sseEvent(
        {
          type: 'message_delta',
          delta: { stop_reason: stop, stop_sequence: null },
          usage: { output_tokens: 5 },
        },
        'message_delta',
      ),
    );
    events.push(sseEvent({ type: 'message_stop' }, 'message_stop'));
    return sseResponse(events);
  },
};

/** Every property key at any depth of a schema. */
function propertyKeys(schema: unknown, seen: Set<unknown> = new Set(), depth = 0): string[] {
  if (typeof schema !== 'object' || schema === null || seen.has(schema) || depth > 100) return [];
  seen.add(schema);
  const node = schema as Body;
  const keys: string[] = [];
  const properties = asObject(node.properties);
  for (const [key, child] of Object.entries(properties)) {
    keys.push(key, ...propertyKeys(child, seen, depth + 1));
  }
  for (const key of ['items', 'additionalProperties'])
    keys.push(...propertyKeys(node[key], seen, depth + 1));
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    for (const child of asArray(node[key])) keys.push(...propertyKeys(child, seen, depth + 1));
  }
  for (const key of ['$defs', 'definitions']) {
    for (const child of Object.values(asObject(node[key])))
      keys.push(...propertyKeys(child, seen, depth + 1));
  }
  return keys;
}
