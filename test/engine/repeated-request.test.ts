import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  buildAnthropicRequest,
  buildChatRequest,
  buildGeminiRequest,
  buildResponsesRequest,
} from '../conformance/fixture-requests.js';
import { DOTTED_FIXTURE, LONG_FIXTURE } from '../conformance/fixtures.js';

// Every fast path of the engine (a request, list or history item seen before; names added before;
// the same content as new objects) must give exactly what a fresh engine gives. A long-lived engine
// sees a request, its next turn, then the request with one value changed anywhere in its tools or
// history (as a new value along the changed path, as a host builds it, or all as fresh JSON); a
// fresh engine (new module instances: no memo, no cache) sees only the last request.

type Json = Record<string, unknown>;
type Project = (request: unknown) => {
  request: unknown;
  warnings: unknown[];
  map: { entries(): unknown };
};

const ADAPTERS: [string, string, string, (fixture: typeof LONG_FIXTURE) => object][] = [
  ['chat', '../../src/providers/openai/index.js', 'projectChatRequest', buildChatRequest],
  [
    'responses',
    '../../src/providers/openai/index.js',
    'projectResponsesRequest',
    buildResponsesRequest,
  ],
  [
    'anthropic',
    '../../src/providers/anthropic/index.js',
    'projectMessagesRequest',
    buildAnthropicRequest,
  ],
  [
    'gemini',
    '../../src/providers/gemini/index.js',
    'projectGenerateContentRequest',
    buildGeminiRequest,
  ],
];
const HISTORY = ['messages', 'input', 'contents'];

async function adapter(path: string, name: string): Promise<Project> {
  return ((await import(path)) as Record<string, Project>)[name] as Project;
}

function observe(project: Project, request: unknown) {
  try {
    const projected = project(request);
    const { warnings, map } = projected;
    return { request: JSON.stringify(projected.request), warnings, map: map.entries() };
  } catch (error) {
    return { error: (error as { code?: string }).code };
  }
}

/** What the long-lived engine gives for `sent` is what a fresh engine (new modules) gives. */
async function expectAsFresh(project: Project, sent: unknown, path: string, name: string) {
  const long = observe(project, sent);
  vi.resetModules();
  const fresh = observe(await adapter(path, name), structuredClone(sent));
  expect(long).toEqual(fresh);
}

/** Every path below the request's tools and history, to an object, an array or a value. */
function paths(value: unknown, at: (string | number)[], found: (string | number)[][]) {
  found.push(at);
  if (typeof value === 'object' && value !== null)
    for (const [key, inner] of Object.entries(value))
      paths(inner, [...at, Array.isArray(value) ? Number(key) : key], found);
  return found;
}

/** The value with the one at `path` replaced (undefined: removed), copied along the path only. */
function replaced(value: unknown, path: (string | number)[], next: unknown): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return next;
  const copy: Json | unknown[] = Array.isArray(value) ? [...value] : { ...(value as Json) };
  const inner = replaced((copy as Json)[step], rest, next);
  if (inner === undefined && !Array.isArray(copy)) delete copy[step];
  else (copy as Json)[step] = inner;
  return copy;
}

const nextValue = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('github__create_issue', 'notion__search.pages', 'object', 'string', 'function'),
  fc.integer(),
  fc.boolean(),
  fc.constant(undefined),
  fc.constant({}),
  fc.record({
    type: fc.constantFrom('string', 'object'),
    description: fc.string({ maxLength: 5 }),
  }),
);

describe.each(ADAPTERS)('the engine on a repeated %s request', (_, path, name, build) => {
  it('should give for a changed value what a fresh engine gives', async () => {
    const project = await adapter(path, name);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(LONG_FIXTURE, DOTTED_FIXTURE),
        fc.nat(),
        nextValue,
        fc.boolean(),
        async (fixture, pick, value, asJson) => {
          const request = build(fixture) as Json;
          const key = HISTORY.find((field) => Array.isArray(request[field])) as string;
          const history = request[key] as unknown[];
          project(request);
          project({ ...request, [key]: [...history, ...structuredClone(history.slice(-2))] });
          const where = [
            ...paths(request.tools ?? request.config, [request.tools ? 'tools' : 'config'], []),
            ...paths(history, [key], []),
          ];
          const changed = replaced(request, where[pick % where.length] ?? [], value);
          const sent = asJson ? structuredClone(changed) : changed;
          await expectAsFresh(project, sent, path, name);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it('should give for a history array edited in place, in a new request, what a fresh engine gives', async () => {
    // A host may keep one history array and push to it, or replace an item of it, between turns:
    // the array is the same object, so only its items tell the turns apart.
    const project = await adapter(path, name);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(LONG_FIXTURE, DOTTED_FIXTURE),
        fc.nat(),
        fc.nat(),
        nextValue,
        fc.boolean(),
        async (fixture, at, pick, value, push) => {
          const request = build(fixture) as Json;
          const key = HISTORY.find((field) => Array.isArray(request[field])) as string;
          const history = request[key] as unknown[];
          project(request);
          project({ ...request });
          const index = at % history.length;
          const where = paths(history[index], [], []);
          const item = replaced(history[index], where[pick % where.length] ?? [], value);
          if (push) history.push(item);
          else history[index] = item;
          const sent = { ...request };
          await expectAsFresh(project, sent, path, name);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);
});
