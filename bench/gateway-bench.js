// Gateway benchmark (issue 11): the gateway gets every request as fresh JSON text, so identity
// caches never hit. Per API, the gateway's own work (projecting the parsed body through the
// adapter) as a ratio of JSON.parse + JSON.stringify of the same body: a 200-tool, 100-message
// request whose tools were never seen, and the next turn of the same conversation (same tools,
// two more messages, parsed afresh). Then the delay the gateway adds to the first streamed byte,
// and throughput under 50 concurrent connections (autocannon) against the upstream alone, the
// gateway and the upstream each in a process of its own.
// Runs after `npm run build`: `node bench/gateway-bench.js`, or through `npm run bench`.
import childProcess from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createGateway } from '../dist/gateway/index.js';
import { projectApiRequest } from '../dist/gateway/project-api-request.js';
import { catalogs, median, SERVERS } from './bench-fixture.js';

const FIRST_TARGET = 2;
const NEXT_TURN_TARGET = 0.5;
const FIRST_BYTE_TARGET_MS = 1;
const RESULT = `result: ${'ok '.repeat(20)}`;

function toolsOf(variant) {
  const tools = [];
  for (const [file, key] of SERVERS) {
    for (const tool of catalogs[file].tools.slice(0, 34)) {
      if (tools.length === 200) break;
      tools.push({
        name: `${key}${variant}__${tool.name}`,
        description: tool.description ?? '',
        schema: tool.inputSchema ?? { type: 'object', properties: {} },
      });
    }
  }
  return tools;
}

// 100 + 2 * turn history messages: a user turn, a call of every seventh tool, its result, repeated
// (the fixture gives 199 tools, so the index wraps at the list, not at 200).
function history(tools, turn, exchange) {
  const items = [];
  for (let index = 0; items.length < 100 + 2 * turn; index++) {
    items.push(...exchange(tools[(index * 7) % tools.length].name, index));
  }
  return items.slice(0, 100 + 2 * turn);
}

// Each API's request: 200 tools and 100 + 2 * turn messages (every third a tool call).
const APIS = [
  {
    api: 'openai-chat',
    build(variant, turn) {
      const tools = toolsOf(variant);
      return {
        model: 'gpt-5',
        messages: history(tools, turn, (name, index) => [
          { role: 'user', content: `Please run step ${index}.` },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: `c${index}`, type: 'function', function: { name, arguments: '{}' } },
            ],
          },
          { role: 'tool', tool_call_id: `c${index}`, content: RESULT },
        ]),
        tools: tools.map((tool) => ({
          type: 'function',
          function: { name: tool.name, description: tool.description, parameters: tool.schema },
        })),
      };
    },
  },
  {
    api: 'openai-responses',
    build(variant, turn) {
      const tools = toolsOf(variant);
      return {
        model: 'gpt-5',
        input: history(tools, turn, (name, index) => [
          { role: 'user', content: `Please run step ${index}.` },
          { type: 'function_call', call_id: `c${index}`, name, arguments: '{}' },
          { type: 'function_call_output', call_id: `c${index}`, output: RESULT },
        ]),
        tools: tools.map((tool) => ({
          type: 'function',
          name: tool.name,
          description: tool.description,
          parameters: tool.schema,
          strict: false,
        })),
      };
    },
  },
  {
    api: 'anthropic-messages',
    build(variant, turn) {
      const tools = toolsOf(variant);
      return {
        model: 'claude-sonnet-4-5',
        max_tokens: 1024,
        messages: history(tools, turn, (name, index) => [
          { role: 'user', content: `Please run step ${index}.` },
          { role: 'assistant', content: [{ type: 'tool_use', id: `t${index}`, name, input: {} }] },
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: `t${index}`, content: RESULT }],
          },
        ]),
        tools: tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          input_schema: tool.schema,
        })),
      };
    },
  },
  {
    api: 'gemini-generate',
    build(variant, turn) {
      const tools = toolsOf(variant);
      return {
        contents: history(tools, turn, (name, index) => [
          { role: 'user', parts: [{ text: `Please run step ${index}.` }] },
          { role: 'model', parts: [{ functionCall: { name, args: {} } }] },
          { role: 'user', parts: [{ functionResponse: { name, response: { output: RESULT } } }] },
        ]),
        tools: [
          {
            functionDeclarations: tools.map((tool) => ({
              name: tool.name,
              description: tool.description,
              parametersJsonSchema: tool.schema,
            })),
          },
        ],
      };
    },
  },
];

const project = (api, body) =>
  projectApiRequest({ api, body, model: 'gemini-2.5-flash', envelope: undefined, projection: {} });

function time(work) {
  const start = performance.now();
  work();
  return performance.now() - start;
}

/** Median of parse + stringify, and of the projection of the same text parsed afresh. */
function measure(api, texts, warm) {
  const baseline = [];
  const own = [];
  for (const text of texts) {
    baseline.push(time(() => JSON.stringify(JSON.parse(text))));
    const body = JSON.parse(text);
    own.push(time(() => project(api, body)));
    if (warm !== undefined) warm(text);
  }
  return { baseline: median(baseline), own: median(own) };
}

let variantCounter = 0;
function projectionRows() {
  const rows = [];
  // Warm the code paths (JIT) of every API on tool sets that are not measured, before any API is
  // measured: a gateway serves many requests, and "tools never seen" is about the tools, not about
  // a process that has not run yet. With 5 warm-up requests for the measured API only, whichever
  // API came first measured 1.5-2.3x and the same API measured last 0.7-0.9x, in one run.
  for (const { api, build } of APIS) {
    for (let index = 0; index < 20; index++) {
      const text = JSON.stringify(build(`-warmup${variantCounter++}`, 0));
      project(api, JSON.parse(text));
    }
  }
  for (const { api, build } of APIS) {
    const first = Array.from({ length: 15 }, () =>
      JSON.stringify(build(`-first${variantCounter++}`, 0)),
    );
    globalThis.gc?.();
    const cold = measure(api, first);
    rows.push({
      name: `gateway ${api}: 200 tools + 100 messages, tools never seen`,
      ratio: cold.own / cold.baseline,
      target: FIRST_TARGET,
      detail: `projection ${cold.own.toFixed(2)} ms vs parse+stringify ${cold.baseline.toFixed(2)} ms (${(first[0].length / 1024).toFixed(0)} KiB)`,
    });
    // One conversation: turn 0 is sent first, then each next turn as fresh JSON.
    const variant = `-conversation${variantCounter++}`;
    project(api, JSON.parse(JSON.stringify(build(variant, 0))));
    const turns = Array.from({ length: 15 }, (_, index) =>
      JSON.stringify(build(variant, index + 1)),
    );
    globalThis.gc?.();
    const next = measure(api, turns);
    rows.push({
      name: `gateway ${api}: the next turn as fresh JSON (same tools, 2 more messages)`,
      ratio: next.own / next.baseline,
      target: NEXT_TURN_TARGET,
      detail: `projection ${next.own.toFixed(2)} ms vs parse+stringify ${next.baseline.toFixed(2)} ms`,
    });
  }
  return rows;
}

const PATHS = {
  'openai-chat': '/v1/chat/completions',
  'openai-responses': '/v1/responses',
  'anthropic-messages': '/v1/messages',
  'gemini-generate': '/v1beta/models/gemini-2.5-flash:generateContent',
};

// The whole handler on an in-memory upstream: the request read, parsed, projected, serialised and
// forwarded with its headers, and the (small) answer resolved; no sockets.
const sink = createGateway({
  upstream: 'http://upstream.invalid',
  fetch: async () =>
    new Response('{"id":"x","output":[],"choices":[],"content":[],"candidates":[]}', {
      headers: { 'content-type': 'application/json' },
    }),
});

async function handle(api, text) {
  const request = new Request(`http://gateway.invalid${PATHS[api]}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
    body: text,
  });
  const start = performance.now();
  const response = await sink.fetch(request);
  await response.arrayBuffer();
  return performance.now() - start;
}

/**
 * Median of the whole handler, of parse + stringify, and of the projection. The projection is
 * timed on texts of its own (same shape, tools as new to it as the handler's are to the handler),
 * since a projection run first would make the handler's tools known.
 */
async function measureHandler(api, texts, projectionTexts) {
  const handler = [];
  const baseline = [];
  const projection = [];
  texts.forEach((text, index) => {
    baseline.push(time(() => JSON.stringify(JSON.parse(text))));
    const body = JSON.parse(projectionTexts[index]);
    projection.push(time(() => project(api, body)));
  });
  for (const text of texts) handler.push(await handle(api, text));
  return { handler: median(handler), baseline: median(baseline), projection: median(projection) };
}

/**
 * The gateway's own overhead around the projection (body read, parse, header handling,
 * re-serialisation, the answer): the whole handler over parse + stringify, with the part that is
 * neither projection nor parse + stringify shown in the detail.
 */
async function handlerRows() {
  const rows = [];
  for (const { api, build } of APIS) {
    for (let index = 0; index < 5; index++) {
      await handle(api, JSON.stringify(build(`-handler-warmup${variantCounter++}`, 0)));
    }
    const fresh = () =>
      Array.from({ length: 15 }, () =>
        JSON.stringify(build(`-handler-first${variantCounter++}`, 0)),
      );
    globalThis.gc?.();
    const cold = await measureHandler(api, fresh(), fresh());
    const variant = `-handler-conversation${variantCounter++}`;
    await handle(api, JSON.stringify(build(variant, 0)));
    project(api, JSON.parse(JSON.stringify(build(variant, 0))));
    const turns = (from) =>
      Array.from({ length: 15 }, (_, index) => JSON.stringify(build(variant, from + index)));
    globalThis.gc?.();
    const next = await measureHandler(api, turns(1), turns(16));
    for (const [label, result] of [
      ['tools never seen', cold],
      ['the next turn as fresh JSON', next],
    ]) {
      const rest = result.handler - result.baseline - result.projection;
      rows.push({
        name: `gateway ${api}: whole handler, ${label} (over parse+stringify)`,
        ratio: result.handler / result.baseline,
        detail: `handler ${result.handler.toFixed(2)} ms = parse+stringify ${result.baseline.toFixed(2)} + projection ${result.projection.toFixed(2)} + the gateway's own ${rest.toFixed(2)} ms (${((100 * rest) / result.baseline).toFixed(0)}% of parse+stringify)`,
      });
    }
  }
  return rows;
}

const encoder = new TextEncoder();
const serverScript = fileURLToPath(new URL('./gateway-bench-server.mjs', import.meta.url));

/** The delay between the upstream's first event and the caller's first byte, in ms (p50). */
async function firstByteRow() {
  const body = JSON.stringify(APIS[2].build('-stream', 0));
  const wire = project('anthropic-messages', JSON.parse(body)).map.entries()[0][1];
  const first = encoder.encode(
    `event: content_block_start\ndata: ${JSON.stringify({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: wire, input: {} } })}\n\n`,
  );
  const delays = [];
  for (let sample = 0; sample < 300; sample++) {
    let upstream;
    const gateway = createGateway({
      upstream: 'http://upstream.invalid',
      fetch: async () =>
        new Response(
          new ReadableStream({
            start(controller) {
              upstream = controller;
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    });
    const response = await gateway.fetch(
      new Request('http://gateway.invalid/v1/messages', {
        method: 'POST',
        body: `${body.slice(0, -1)},"stream":true}`,
      }),
    );
    const reader = response.body.getReader();
    const start = performance.now();
    upstream.enqueue(first);
    await reader.read();
    delays.push(performance.now() - start);
    upstream.close();
    await reader.cancel();
  }
  const p50 = median(delays);
  return {
    name: 'gateway: first streamed byte, delay added after the upstream event (p50, ms)',
    value: p50,
    target: FIRST_BYTE_TARGET_MS,
    detail: `p50 ${p50.toFixed(3)} ms, p99 ${[...delays].sort((a, b) => a - b)[Math.floor(delays.length * 0.99)].toFixed(3)} ms over ${delays.length} streams (a renamed call, resolved)`,
  };
}

/** A server of the throughput row in a process of its own (see gateway-bench-server.mjs). */
async function fork(role, argument) {
  const child = childProcess.fork(serverScript, [role, argument], { stdio: 'inherit' });
  const port = await new Promise((resolve) => child.once('message', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    cpu: () => {
      child.send('cpu');
      return new Promise((resolve) => child.once('message', resolve));
    },
    stop: () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      return exited;
    },
  };
}

/**
 * Requests per second with 50 connections: through the gateway over the upstream alone. The
 * upstream and the gateway each run in a process of their own, as they would in production
 * (autocannon stays in this one): sharing one event loop, the ratio mostly measured the three
 * taking turns. Each server's CPU time per request is in the detail, the figure least moved by
 * other work on the machine.
 */
async function throughputRow() {
  const request = APIS[0].build('-throughput', 0);
  request.tools = request.tools.slice(0, 20);
  request.messages = request.messages.slice(0, 10);
  const text = JSON.stringify(request);
  const wire = project('openai-chat', JSON.parse(text)).body.tools[0].function.name;
  const answer = JSON.stringify({
    id: 'c1',
    object: 'chat.completion',
    model: 'gpt-5',
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'x', type: 'function', function: { name: wire, arguments: '{}' } }],
        },
      },
    ],
  });
  const upstream = await fork('upstream', answer);
  // As `toolwire gateway` runs it: Node's HTTP client with kept-alive connections upstream.
  const gateway = await fork('gateway', upstream.url);
  const load = (server, duration) =>
    autocannon({
      url: `${server.url}/v1/chat/completions`,
      method: 'POST',
      connections: 50,
      duration,
      headers: { 'content-type': 'application/json' },
      body: text,
    });
  // A second of load first, so the measured seconds hold no start-up (JIT) of the fresh process.
  const run = async (server) => {
    await load(server, 1);
    await server.cpu();
    const result = await load(server, 4);
    return { ...result, cpuPerRequest: (await server.cpu()) / result.requests.total };
  };
  const alone = await run(upstream);
  const through = await run(gateway);
  await gateway.stop();
  await upstream.stop();
  return {
    name: 'gateway: throughput at 50 connections, upstream alone / through the gateway',
    value: alone.requests.average / through.requests.average,
    detail: `${through.requests.average.toFixed(0)} req/s through the gateway, ${alone.requests.average.toFixed(0)} req/s upstream alone (20 tools, 10 messages, ${(text.length / 1024).toFixed(0)} KiB, p50 latency ${through.latency.p50} ms vs ${alone.latency.p50} ms; CPU per request ${through.cpuPerRequest.toFixed(0)} us in the gateway, ${alone.cpuPerRequest.toFixed(0)} us in the upstream)`,
  };
}

/** Every gateway row. */
export async function runGatewayBench() {
  return [
    ...projectionRows(),
    ...(await handlerRows()),
    await firstByteRow(),
    await throughputRow(),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const row of await runGatewayBench()) {
    console.log(`${row.name}: ${(row.value ?? row.ratio).toFixed(4)} ${row.detail ?? ''}`);
  }
}
