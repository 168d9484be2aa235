// Adapter benchmark (issue 3, Speed): per adapter, projecting a realistic request (about 200
// tools, 100 history messages) plus resolving a response, as a ratio of JSON.stringify of the same
// request: on a tool set never seen (first sight, no target), on the next turn of a conversation
// (cold: a new request object with the same tools, the same history objects and two new ones),
// and on the same request again (warm). Runs after
// `npm run build`: `node bench/adapters-bench.js`, or through `npm run bench`.
import { fileURLToPath } from 'node:url';
import { jsonSchema } from 'ai';
import { prepareTools } from 'ai/internal';
import { projectLanguageModelRequest } from '../dist/providers/ai-sdk/index.js';
import { projectMessagesRequest } from '../dist/providers/anthropic/index.js';
import { projectConverseRequest } from '../dist/providers/bedrock/index.js';
import { projectGenerateContentRequest } from '../dist/providers/gemini/index.js';
import { projectChatRequest, projectResponsesRequest } from '../dist/providers/openai/index.js';
import { catalogs, median, readEveryValue, SERVERS } from './bench-fixture.js';

const AI_SDK_OPTIONS = { envelope: 'openai', schemaTarget: 'openai' };
const COLD_TARGET = 0.05;
const WARM_TARGET = 0.01;
const FRESH_TARGET = 0.1;
/** Next turns of a throwaway conversation run before any timing (every tenth as fresh JSON). */
const WARMUP_TURNS = 400;

/** About 200 tools (canonical names, descriptions, MCP schemas) and the 50 that history calls. */
function neutralTools(variant) {
  const tools = [];
  for (const [file, key] of SERVERS) {
    for (const tool of catalogs[file].tools.slice(0, 34)) {
      tools.push({
        name: `${key}${variant}__${tool.name}`,
        description: tool.description ?? '',
        schema: tool.inputSchema ?? { type: 'object', properties: {} },
      });
    }
  }
  const called = tools.filter((_, index) => index % 4 === 0).slice(0, 50);
  return { tools, called };
}

const RESULT = `result: ${'ok '.repeat(20)}`;

/**
 * One subject per provider API: a request of about 200 tools and 100 history messages in that
 * API's own shape, its projection function, and a response calling one tool by its wire name.
 */
export const SUBJECTS = [
  {
    name: 'openai chat',
    build(variant) {
      const { tools, called } = neutralTools(variant);
      const messages = [{ role: 'system', content: 'You are a helpful assistant.' }];
      for (let index = 0; messages.length < 100; index++) {
        const id = `call_${index}`;
        messages.push({ role: 'user', content: `Please run step ${index}.` });
        messages.push({
          role: 'assistant',
          content: null,
          tool_calls: [
            { id, type: 'function', function: { name: called[index % 50].name, arguments: '{}' } },
          ],
        });
        messages.push({ role: 'tool', tool_call_id: id, content: RESULT });
      }
      return {
        model: 'gpt-5',
        messages: messages.slice(0, 100),
        tools: tools.map((tool) => ({
          type: 'function',
          function: { name: tool.name, description: tool.description, parameters: tool.schema },
        })),
        tool_choice: 'auto',
      };
    },
    project: (request) => projectChatRequest(request),
    response: (wire) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'call_x', type: 'function', function: { name: wire, arguments: '{"q":"x"}' } },
            ],
          },
        },
      ],
    }),
  },
  {
    name: 'openai responses',
    build(variant) {
      const { tools, called } = neutralTools(variant);
      const input = [];
      for (let index = 0; input.length < 100; index++) {
        const id = `call_${index}`;
        input.push({ role: 'user', content: `Please run step ${index}.` });
        input.push({
          type: 'function_call',
          call_id: id,
          name: called[index % 50].name,
          arguments: '{}',
        });
        input.push({ type: 'function_call_output', call_id: id, output: RESULT });
      }
      return {
        model: 'gpt-5',
        input: input.slice(0, 100),
        tools: tools.map((tool) => ({
          type: 'function',
          name: tool.name,
          description: tool.description,
          parameters: tool.schema,
          strict: false,
        })),
      };
    },
    project: (request) => projectResponsesRequest(request),
    response: (wire) => ({
      id: 'resp_1',
      object: 'response',
      output: [
        {
          type: 'function_call',
          id: 'fc_1',
          call_id: 'call_x',
          name: wire,
          arguments: '{"q":"x"}',
        },
      ],
    }),
  },
  {
    name: 'anthropic messages',
    build(variant) {
      const { tools, called } = neutralTools(variant);
      const messages = [];
      for (let index = 0; messages.length < 100; index++) {
        const id = `toolu_${index}`;
        messages.push({ role: 'user', content: `Please run step ${index}.` });
        messages.push({
          role: 'assistant',
          content: [{ type: 'tool_use', id, name: called[index % 50].name, input: {} }],
        });
        messages.push({
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: id, content: RESULT }],
        });
      }
      return {
        model: 'claude-sonnet-4-5',
        max_tokens: 1024,
        system: 'You are a helpful assistant.',
        messages: messages.slice(0, 100),
        tools: tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          input_schema: tool.schema,
        })),
      };
    },
    project: (request) => projectMessagesRequest(request),
    response: (wire) => ({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_x', name: wire, input: { q: 'x' } }],
      stop_reason: 'tool_use',
    }),
  },
  {
    name: 'gemini',
    build(variant) {
      const { tools, called } = neutralTools(variant);
      const contents = [];
      for (let index = 0; contents.length < 100; index++) {
        const name = called[index % 50].name;
        contents.push({ role: 'user', parts: [{ text: `Please run step ${index}.` }] });
        contents.push({ role: 'model', parts: [{ functionCall: { name, args: {} } }] });
        contents.push({
          role: 'user',
          parts: [{ functionResponse: { name, response: { output: RESULT } } }],
        });
      }
      return {
        model: 'gemini-2.5-flash',
        contents: contents.slice(0, 100),
        config: {
          systemInstruction: 'You are a helpful assistant.',
          tools: [
            {
              functionDeclarations: tools.map((tool) => ({
                name: tool.name,
                description: tool.description,
                parametersJsonSchema: tool.schema,
              })),
            },
          ],
        },
      };
    },
    project: (request) => projectGenerateContentRequest(request),
    response: (wire) => ({
      candidates: [
        {
          content: { role: 'model', parts: [{ functionCall: { name: wire, args: { q: 'x' } } }] },
          finishReason: 'STOP',
        },
      ],
    }),
  },
  {
    name: 'bedrock converse',
    build(variant) {
      const { tools, called } = neutralTools(variant);
      const messages = [];
      for (let index = 0; messages.length < 100; index++) {
        const id = `tooluse_${index}`;
        messages.push({ role: 'user', content: [{ text: `Please run step ${index}.` }] });
        messages.push({
          role: 'assistant',
          content: [{ toolUse: { toolUseId: id, name: called[index % 50].name, input: {} } }],
        });
        messages.push({
          role: 'user',
          content: [{ toolResult: { toolUseId: id, content: [{ text: RESULT }] } }],
        });
      }
      return {
        modelId: 'anthropic.claude-sonnet-4-5',
        system: [{ text: 'You are a helpful assistant.' }],
        messages: messages.slice(0, 100),
        toolConfig: {
          tools: tools.map((tool) => ({
            toolSpec: {
              name: tool.name,
              description: tool.description || undefined,
              inputSchema: { json: tool.schema },
            },
          })),
        },
      };
    },
    project: (request) => projectConverseRequest(request),
    response: (wire) => ({
      output: {
        message: {
          role: 'assistant',
          content: [{ toolUse: { toolUseId: 'tooluse_x', name: wire, input: { q: 'x' } } }],
        },
      },
      stopReason: 'tool_use',
    }),
  },
  {
    name: 'ai-sdk middleware',
    build(variant) {
      const { tools, called } = neutralTools(variant);
      const prompt = [{ role: 'system', content: 'You are a helpful assistant.' }];
      for (let index = 0; prompt.length < 100; index++) {
        const id = `call_${index}`;
        const toolName = called[index % 50].name;
        prompt.push({
          role: 'user',
          content: [{ type: 'text', text: `Please run step ${index}.` }],
        });
        prompt.push({
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: id, toolName, input: {} }],
        });
        prompt.push({
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: id,
              toolName,
              output: { type: 'text', value: RESULT },
            },
          ],
        });
      }
      return {
        prompt: prompt.slice(0, 100),
        tools: tools.map((tool) => ({
          type: 'function',
          name: tool.name,
          description: tool.description,
          inputSchema: tool.schema,
        })),
      };
    },
    // The middleware passes one options object per provider; so does the bench.
    project: (request) => projectLanguageModelRequest(request, AI_SDK_OPTIONS),
    response: (wire) => ({
      content: [{ type: 'tool-call', toolCallId: 'call_x', toolName: wire, input: '{"q":"x"}' }],
    }),
  },
];

/** Microseconds per call of `run`, repeated until at least `minimumMs` have passed. */
function timeLoop(run, minimumMs) {
  let count = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minimumMs) {
    run();
    count++;
    elapsed = performance.now() - start;
  }
  return (elapsed * 1000) / count;
}

/**
 * Median over rounds of (time of `run`) / (time of `JSON.stringify(request)`), each round timing
 * both back to back, so that load on a shared machine hits both sides of the ratio alike.
 */
function pairedRatio(request, run, rounds = 9, minimumMs = 15) {
  const ratios = [];
  const micros = [];
  const stringify = [];
  for (let round = 0; round < rounds; round++) {
    const stringifyUs = timeLoop(() => JSON.stringify(request), minimumMs);
    const runUs = timeLoop(run, minimumMs);
    ratios.push(runUs / stringifyUs);
    micros.push(runUs);
    stringify.push(stringifyUs);
  }
  return { ratio: median(ratios), micros: median(micros), stringifyMicros: median(stringify) };
}

/** Projects the request and resolves a response that calls the last tool by its wire name. */
function projectAndResolve(subject, request, response) {
  const projected = subject.project(request);
  return projected.resolveResponse(response).response;
}

/**
 * Runs a subject on throwaway names and a throwaway conversation, so that "cold" later means names
 * or a request the core has not seen, not unoptimised code: a host's process has run its
 * next-turn path on every turn before the one being timed.
 */
function warmUp(subject) {
  let warmup;
  for (let index = 0; index < 20; index++) {
    warmup = subject.build(`-warmup${index}`);
    const projected = subject.project(warmup);
    projected.resolveResponse(subject.response(projected.map.toWire(lastTool(warmup))));
  }
  const response = subject.response(subject.project(warmup).map.toWire(lastTool(warmup)));
  for (let index = 0; index < WARMUP_TURNS; index++) {
    projectAndResolve(subject, nextTurn(warmup), response);
    if (index % 10 === 0) projectAndResolve(subject, structuredClone(nextTurn(warmup)), response);
  }
}

/** The request's history array, whatever the API calls it. */
const HISTORY_KEYS = ['messages', 'input', 'contents', 'prompt'];

/**
 * The request of the next turn, built the way a host builds it: a new request object, the same
 * tools, the same history objects, and two new ones (a tool call and its result) at the end.
 */
export function nextTurn(request) {
  const key = HISTORY_KEYS.find((candidate) => Array.isArray(request[candidate]));
  const history = request[key];
  return { ...request, [key]: [...history, ...structuredClone(history.slice(-2))] };
}

/**
 * Median ratio and time of the second request of each pair, projected right after the first: the
 * code and the data the projection reads are then still in the CPU's caches, which the stringify
 * before it has filled with the request's text. The gap to `onceEach` on the same kind of request
 * is the time to bring them back, not work the projection does.
 */
function afterAnother(pairs, run) {
  const ratios = [];
  const micros = [];
  for (const [first, second] of pairs) {
    const stringifyUs = timeLoop(() => JSON.stringify(second), 5);
    run(first);
    const start = performance.now();
    run(second);
    const elapsed = (performance.now() - start) * 1000;
    ratios.push(elapsed / stringifyUs);
    micros.push(elapsed);
  }
  return { ratio: median(ratios), micros: median(micros) };
}

/** Median ratio and time over fresh requests, each projected once, each against its own stringify. */
function onceEach(requests, run) {
  const ratios = [];
  const micros = [];
  for (const fresh of requests) {
    const stringifyUs = timeLoop(() => JSON.stringify(fresh), 5);
    const start = performance.now();
    run(fresh);
    const elapsed = (performance.now() - start) * 1000;
    ratios.push(elapsed / stringifyUs);
    micros.push(elapsed);
  }
  return { ratio: median(ratios), micros: median(micros) };
}

function benchSubject(subject) {
  const request = subject.build('');
  const wire = subject.project(request).map.toWire(lastTool(request));
  const response = subject.response(wire);
  const projected = subject.project(request);
  const aliased = projected.map.entries().filter(([canonical, wire]) => canonical !== wire).length;
  const detail = `${projected.map.size} names (${aliased} aliased)`;

  // New names: a tool set the process has never seen (every name built, hashed and aliased).
  const newNames = onceEach(
    Array.from({ length: 41 }, (_, index) => subject.build(`-v${index}`)),
    (fresh) => projectAndResolve(subject, fresh, response),
  );
  // Cold: the next turn of a conversation, a request object never seen before.
  const turns = Array.from({ length: 41 }, () => nextTurn(request));
  const cold = onceEach(turns, (fresh) => projectAndResolve(subject, fresh, response));
  // The same next turns with the caches warm (see `afterAnother`): the turn's own work.
  const pairs = Array.from({ length: 41 }, () => [nextTurn(request), nextTurn(request)]);
  const warmCaches = afterAnother(pairs, (fresh) => projectAndResolve(subject, fresh, response));
  // Fresh JSON: the next turn as a gateway sees it, every object new (a deep copy of the request).
  const copies = Array.from({ length: 41 }, () => structuredClone(nextTurn(request)));
  const fresh = onceEach(copies, (copy) => projectAndResolve(subject, copy, response));
  // The floor under it, timed the same way: reading every value of such a copy once, as knowing
  // that fresh JSON holds the content it held needs.
  const floorCopies = Array.from({ length: 41 }, () => structuredClone(nextTurn(request)));
  const floor = onceEach(floorCopies, (copy) => readEveryValue(copy));
  // Warm: the same request again.
  const warm = pairedRatio(request, () => projectAndResolve(subject, request, response));
  return [
    {
      name: `adapter ${subject.name}: new names (first sight)`,
      value: newNames.ratio,
      target: undefined,
      detail: `${newNames.micros.toFixed(0)} us; ${detail}`,
    },
    {
      name: `adapter ${subject.name}: next turn (cold)`,
      value: cold.ratio,
      target: COLD_TARGET,
      detail: `${cold.micros.toFixed(0)} us`,
    },
    {
      name: `adapter ${subject.name}: next turn, right after another (caches warm)`,
      value: warmCaches.ratio,
      target: undefined,
      detail: `${warmCaches.micros.toFixed(0)} us: the turn's own work; the rest of the cold row is its code and data coming back into the CPU's caches after the stringify`,
    },
    {
      name: `adapter ${subject.name}: next turn as fresh JSON`,
      value: fresh.ratio,
      target: FRESH_TARGET,
      detail: `${fresh.micros.toFixed(0)} us; reading every value of the copy once: ${floor.micros.toFixed(0)} us (${floor.ratio.toFixed(3)})`,
    },
    {
      name: `adapter ${subject.name}: same request (warm)`,
      value: warm.ratio,
      target: WARM_TARGET,
      detail: `${warm.micros.toFixed(1)} us; stringify ${warm.stringifyMicros.toFixed(0)} us`,
    },
  ];
}

/** The canonical name of the request's last tool, whatever the API's shape. */
function lastTool(request) {
  const tools =
    request.tools ?? request.config?.tools?.[0]?.functionDeclarations ?? request.toolConfig?.tools;
  const last = tools.at(-1);
  return last.function?.name ?? last.toolSpec?.name ?? last.name;
}

/**
 * Whole-corpus conversion as a user does it: every bundled catalog under canonical names, through
 * `projectResponsesRequest` as one request of fresh objects (JSON parsed anew for every call, as a
 * host or gateway holds it), against the AI SDK's `prepareTools` of the same tools (also fresh) in
 * the same run. The first call of a content is cold; the rows time the calls that follow it.
 */
async function conversionRows() {
  const tools = [];
  for (const [file, catalog] of Object.entries(catalogs)) {
    for (const tool of catalog.tools) {
      tools.push({
        type: 'function',
        name: `${file}__${tool.name}`,
        description: tool.description ?? '',
        parameters: tool.inputSchema ?? { type: 'object', properties: {} },
        strict: false,
      });
    }
  }
  const text = JSON.stringify({ model: 'gpt-5', input: 'Hello', tools });
  const fresh = () => JSON.parse(text);
  const aiTools = (request) =>
    Object.fromEntries(
      request.tools.map((tool) => [
        tool.name,
        {
          type: 'function',
          description: tool.description,
          inputSchema: jsonSchema(tool.parameters),
        },
      ]),
    );
  const coldStart = performance.now();
  projectResponsesRequest(fresh());
  const cold = (performance.now() - coldStart) * 1000;
  const ours = [];
  const theirs = [];
  const ratios = [];
  const floors = [];
  for (let round = 0; round < 15; round++) {
    const request = fresh();
    const start = performance.now();
    projectResponsesRequest(request);
    const oursUs = (performance.now() - start) * 1000;
    const unread = fresh();
    const floorStart = performance.now();
    readEveryValue(unread);
    floors.push((performance.now() - floorStart) * 1000);
    const prepared = aiTools(fresh());
    const aiStart = performance.now();
    await prepareTools({ tools: prepared });
    const theirsUs = (performance.now() - aiStart) * 1000;
    ours.push(oursUs);
    theirs.push(theirsUs);
    ratios.push(oursUs / theirsUs);
  }
  const floorUs = median(floors);
  return [
    {
      name: 'whole corpus: reading every value of the fresh request once / AI SDK prepareTools',
      value: floorUs / median(theirs),
      detail: `${floorUs.toFixed(0)} us vs ${median(theirs).toFixed(0)} us: the floor under the row below, as projecting a schema reads it and prepareTools reads none`,
    },
    {
      name: 'whole corpus through projectResponsesRequest, fresh objects, vs AI SDK prepareTools',
      value: median(ratios),
      target: 1,
      detail: `${median(ours).toFixed(0)} us vs ${median(theirs).toFixed(0)} us; ${tools.length} tools, ${(text.length / 1e6).toFixed(2)} MB; first sight (cold) ${cold.toFixed(0)} us`,
    },
  ];
}

/**
 * Rows `{ name, value, target, detail }`, three per adapter (first sight, cold, warm), for
 * `bench/run.js`. Ratios are medians of paired measurements (projection and stringify timed back
 * to back), so load on a shared machine affects both sides alike.
 */
export async function runAdaptersBench() {
  // Every subject first: they share the core's code, so the first one timed would otherwise pay
  // the engine's warm-up for all of them.
  for (const subject of SUBJECTS) warmUp(subject);
  return [...SUBJECTS.flatMap((subject) => benchSubject(subject)), ...(await conversionRows())];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const row of await runAdaptersBench()) {
    const ok = row.target === undefined ? '' : row.value <= row.target ? 'yes' : 'NO';
    console.log(
      `${row.name.padEnd(56)} ${row.value.toFixed(4).padStart(8)}  ${row.target === undefined ? '       ' : `<= ${row.target}`}  ${ok.padEnd(3)}  ${row.detail}`,
    );
  }
}
