// Core wire-map benchmark: projection of a realistic request against JSON.stringify of the same
// request, cold and warm, and how time per name grows from 100 to 10,000 names.
import { sha256 } from '@noble/hashes/sha2.js';
import { nameHash } from '../dist/core/name-hash.js';
import { createToolWireMap } from '../dist/index.js';
import { catalogs, median, SERVERS } from './bench-fixture.js';

/** A Chat Completions style request with about 200 tools and 100 history messages naming 50 of them. */
export function buildRequest(variant = '') {
  const tools = [];
  for (const [file, key] of SERVERS) {
    for (const tool of catalogs[file].tools.slice(0, 34)) {
      tools.push({
        type: 'function',
        function: {
          name: `${key}${variant}__${tool.name}`,
          description: tool.description ?? '',
          parameters: tool.inputSchema ?? { type: 'object', properties: {} },
        },
      });
    }
  }
  const named = tools.filter((_, index) => index % 4 === 0).slice(0, 50);
  const messages = [{ role: 'system', content: 'You are a helpful assistant with many tools.' }];
  for (let index = 0; messages.length < 100; index++) {
    const tool = named[index % named.length].function.name;
    const id = `call_${index}`;
    messages.push({ role: 'user', content: `Please run step ${index}.` });
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [{ id, type: 'function', function: { name: tool, arguments: '{"query":"x"}' } }],
    });
    messages.push({
      role: 'tool',
      tool_call_id: id,
      content: `result ${index}: ${'ok '.repeat(20)}`,
    });
  }
  return { model: 'gpt-5', tools, messages: messages.slice(0, 101), tool_choice: 'auto' };
}

/** What the core does per request: collect every name, build the map, give each occurrence its wire name. */
export function projectNames(request, envelope = 'openai') {
  const names = [];
  for (const tool of request.tools) names.push(tool.function.name);
  for (const message of request.messages) {
    if (message.tool_calls) for (const call of message.tool_calls) names.push(call.function.name);
  }
  const map = createToolWireMap(names, { envelope });
  const wires = new Array(names.length);
  for (let index = 0; index < names.length; index++) wires[index] = map.toWire(names[index]);
  return wires;
}

/** A full collection between samples when node runs with --expose-gc (npm run bench does). */
function collectGarbage() {
  globalThis.gc?.();
}

/** Microseconds per call of `run`, repeated until at least `minimumMs` have passed, median of `rounds`. */
function timeWarm(run, minimumMs = 30, rounds = 7) {
  const samples = [];
  for (let round = 0; round < rounds; round++) {
    let count = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < minimumMs) {
      run();
      count++;
      elapsed = performance.now() - start;
    }
    samples.push((elapsed * 1000) / count);
  }
  return median(samples);
}

export async function runCoreBench() {
  const rows = [];
  // Warm up the engine on throwaway variants so "cold" means new names, not unoptimised code.
  for (let index = 0; index < 40; index++) projectNames(buildRequest(`-warmup${index}`));

  const request = JSON.parse(JSON.stringify(buildRequest()));

  // Each cold sample is a request whose names the process has never seen. They are all built
  // first, so that building them (and collecting that garbage) is not charged to projection;
  // then each is projected once and serialised once, back to back.
  const coldSamples = [];
  const coldRatios = [];
  const freshRequests = Array.from({ length: 60 }, (_, index) =>
    JSON.parse(JSON.stringify(buildRequest(`-v${index}`))),
  );
  collectGarbage();
  for (const fresh of freshRequests) {
    const start = performance.now();
    projectNames(fresh);
    const micros = (performance.now() - start) * 1000;
    const stringifyStart = performance.now();
    JSON.stringify(fresh);
    const stringifyMicros = (performance.now() - stringifyStart) * 1000;
    coldSamples.push(micros);
    coldRatios.push(micros / stringifyMicros);
  }
  const coldUs = median(coldSamples);
  const coldRatio = median(coldRatios);
  projectNames(request);
  // Paired rounds: each round times stringify and the warm projection back to back, so that load
  // on a shared machine hits both sides of the ratio alike (the stringify timed before the cold
  // samples could be 5x off by now).
  const warmRatios = [];
  const warmTimes = [];
  const warmStringify = [];
  for (let round = 0; round < 7; round++) {
    const stringifyRound = timeWarm(() => JSON.stringify(request), 10, 1);
    const warmRound = timeWarm(() => projectNames(request), 10, 1);
    warmRatios.push(warmRound / stringifyRound);
    warmTimes.push(warmRound);
    warmStringify.push(stringifyRound);
  }
  const warmUs = median(warmTimes);
  const nameCount = projectNames(request).length;
  const aliased = projectNames(request).filter(
    (wire, index) => wire !== collect(request)[index],
  ).length;
  rows.push({
    name: `core: names of 1 request (${request.tools.length} tools, ${request.messages.length} messages, ${nameCount} names, ${aliased} aliased), cold`,
    value: coldRatio,
    target: 0.25,
    detail: `${coldUs.toFixed(1)} us; each sample against JSON.stringify of its own request`,
  });
  rows.push({
    name: 'core: names of the same request again, warm',
    value: median(warmRatios),
    target: 0.01,
    detail: `${warmUs.toFixed(2)} us vs JSON.stringify ${median(warmStringify).toFixed(1)} us (paired rounds)`,
  });

  const allTools = Object.values(catalogs).flatMap((catalog) =>
    catalog.tools.map((tool) => tool.name),
  );
  // Per name, cold, at three sizes: each batch maps 40,000 names never seen before, as 400 maps
  // of 100, 40 of 1,000 or 4 of 10,000, so every size is timed over the same amount of work.
  let generation = 0;
  const freshNames = (size) => {
    generation++;
    const names = [];
    for (let index = 0; names.length < size; index++) {
      const server =
        index % 2 === 0
          ? `srv${index % 37}-g${generation}`
          : `io.github.example-org-${index % 41}/mcp-server-g${generation}`;
      names.push(`${server}__${allTools[index % allTools.length]}`);
    }
    // Names arrive from JSON (tools/list), as flat strings, not as concatenations.
    return JSON.parse(JSON.stringify(names));
  };
  const batch = (size) => {
    const inputs = Array.from({ length: 40000 / size }, () => freshNames(size));
    collectGarbage();
    const start = performance.now();
    for (const names of inputs) createToolWireMap(names, { envelope: 'openai' });
    return ((performance.now() - start) * 1000) / 40000;
  };
  const samples = { 100: [], 1000: [], 10000: [] };
  for (let round = 0; round < 9; round++) {
    for (const size of [100, 1000, 10000]) samples[size].push(batch(size));
  }
  const perName = {};
  for (const size of [100, 1000, 10000]) perName[size] = median(samples[size].slice(2));
  for (const size of [100, 1000, 10000]) {
    rows.push({
      name: `core: cold map of ${size} names, us per name`,
      value: perName[size],
      target: undefined,
      detail: '',
    });
  }
  // The alias suffix hash: FNV-1a 64 against SHA-256 from @noble/hashes, on the same names.
  const hashNames = freshNames(10000);
  const encoder = new TextEncoder();
  const fnvUs =
    timeWarm(() => {
      for (const name of hashNames) nameHash(name);
    }) / hashNames.length;
  const shaUs =
    timeWarm(() => {
      for (const name of hashNames) sha256(encoder.encode(name));
    }) / hashNames.length;
  rows.push({
    name: 'core: alias hash, us per name: FNV-1a 64 (used) vs SHA-256 (@noble/hashes)',
    value: fnvUs,
    target: undefined,
    detail: `SHA-256 ${shaUs.toFixed(3)} us per name (${(shaUs / fnvUs).toFixed(1)}x)`,
  });
  rows.push({
    name: 'core: us per name at 10,000 / at 100',
    value: perName[10000] / perName[100],
    target: 1.5,
    detail: '',
  });
  return rows;
}

function collect(request) {
  const names = request.tools.map((tool) => tool.function.name);
  for (const message of request.messages) {
    if (message.tool_calls) for (const call of message.tool_calls) names.push(call.function.name);
  }
  return names;
}
