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

/** The field of the request that holds its history, whatever the API calls it. */
function historyKey(request: Json): string {
  return HISTORY.find((field) => Array.isArray(request[field])) as string;
}

/** The value at `at` inside `value` (`undefined` past a missing step). */
function valueAt(value: unknown, at: readonly (string | number)[]): unknown {
  return at.reduce<unknown>((inner, step) => (inner as Json | undefined)?.[step], value);
}

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
          const key = historyKey(request);
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
          const key = historyKey(request);
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

  it('should give after history items edited in place over several turns what a fresh engine gives', async () => {
    // Resent items are compared with their fingerprints kept one after another in one list per
    // history, which a turn shares, extends or copies as the history grows or shrinks; an item
    // has its name edited in place, is pushed again, or the history is shortened.
    const project = await adapter(path, name);
    const step = fc.record({
      at: fc.nat(),
      pick: fc.nat(),
      value: nextValue,
      kind: fc.constantFrom('edit', 'edit', 'push', 'shorten'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(LONG_FIXTURE, DOTTED_FIXTURE),
        fc.array(step, { minLength: 1, maxLength: 4 }),
        async (fixture, steps) => {
          const request = build(fixture) as Json;
          const key = historyKey(request);
          const history = request[key] as unknown[];
          project(request);
          project({ ...request, [key]: [...history] });
          for (const [turn, { at, pick, value, kind }] of steps.entries()) {
            if (turn > 0) project({ ...request, [key]: [...history] });
            const index = at % history.length;
            if (kind === 'push') history.push(structuredClone(history[index]));
            else if (kind === 'shorten') history.length = Math.max(1, index);
            else {
              // A name: fields outside an item's fingerprint are not seen (see `remember`).
              const where = paths(history[index], [], []).filter(
                (found) => found.at(-1) === 'name',
              );
              const found = where[pick % Math.max(1, where.length)];
              if (found === undefined) continue;
              const holder = valueAt(history[index], found.slice(0, -1)) as Json;
              holder[found.at(-1) as string] = value;
            }
          }
          await expectAsFresh(project, { ...request, [key]: [...history] }, path, name);
        },
      ),
      { numRuns: 30 },
    );
  }, 60_000);
});

/** The object with its keys in reverse order (values kept), or `value` itself if not an object. */
function reordered(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).reverse());
}

/** The object with one more key, or `value` itself if not an object. */
function extended(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return { ...value, extra: 1 };
}

// Values that read alike (the same text once printed, or the same emptiness): a content compare
// must tell each pair apart.
const lookAlike = fc.constantFrom<[unknown, unknown]>(
  [1, '1'],
  ['1', 1],
  [0, false],
  [true, 'true'],
  [null, 'null'],
  [{}, []],
  [{ a: 1 }, { a: '1' }],
  [[1], ['1']],
  [{ a: { b: 1 } }, { a: { b: 2 } }],
);

describe.each(ADAPTERS)(
  'the engine on %s history sent as fresh JSON turn after turn',
  (_, path, name, build) => {
    it('should give for a third copy that differs anywhere what a fresh engine gives', async () => {
      // The second copy of an item is compared with the first one; from the third on, with the
      // content recorded then: a change in a nested value, a key order, an extra key or a value's
      // type must be seen by that compare too.
      const project = await adapter(path, name);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(LONG_FIXTURE, DOTTED_FIXTURE),
          fc.nat(),
          fc.constantFrom('alike', 'reordered', 'extended'),
          lookAlike,
          async (fixture, pick, kind, [before, after]) => {
            const built = build(fixture) as Json;
            const key = historyKey(built);
            const where = paths(built[key], [key], []).slice(1);
            const at = where[pick % where.length] ?? [];
            const found = valueAt(built, at);
            const request = kind === 'alike' ? replaced(built, at, before) : built;
            project(structuredClone(request));
            project(structuredClone(request));
            project(structuredClone(request));
            const changed =
              kind === 'alike'
                ? replaced(request, at, after)
                : replaced(request, at, kind === 'reordered' ? reordered(found) : extended(found));
            await expectAsFresh(project, structuredClone(changed), path, name);
          },
        ),
        { numRuns: 40 },
      );
    }, 60_000);

    it('should see an item of a fresh copy edited in place and resent as the same object', async () => {
      // An item met as fresh JSON has no fingerprint until it is resent: its content tells. From
      // the third copy on, an item shares the entry of the copy before it, so its fingerprint is
      // recorded from whichever copy is resent first (`resent`: before the edit too).
      const project = await adapter(path, name);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(LONG_FIXTURE, DOTTED_FIXTURE),
          fc.nat(),
          fc.constantFrom('github__create_issue', 'notion__search.pages', 'renamed'),
          fc.integer({ min: 1, max: 3 }),
          fc.boolean(),
          async (fixture, pick, value, copies, resent) => {
            const request = build(fixture) as Json;
            project(request);
            let copy = request;
            for (let turn = 0; turn < copies; turn++) {
              copy = structuredClone(request);
              project(copy);
            }
            if (resent) project({ ...copy });
            const key = historyKey(copy);
            // Every `name` in the history: what the projection reads, edited in place.
            const names = paths(copy[key], [key], []).filter((found) => found.at(-1) === 'name');
            const at = names[pick % Math.max(names.length, 1)];
            if (at !== undefined) {
              (valueAt(copy, at.slice(0, -1)) as Json).name = value;
            }
            await expectAsFresh(project, { ...copy }, path, name);
          },
        ),
        { numRuns: 30 },
      );
    }, 60_000);
  },
);

describe('the tool search switch of a long-lived Anthropic engine', () => {
  const path = '../../src/providers/anthropic/index.js';
  const name = 'projectMessagesRequest';
  // Fits Anthropic's 128 characters, not tool search's 64: the switch shows in its wire name.
  const LONG_NAME = `server__${'x'.repeat(80)}`;
  const reference = () => ({
    role: 'user',
    content: [
      {
        type: 'tool_result',
        tool_use_id: 'r',
        content: [{ type: 'tool_reference', tool_name: LONG_NAME }],
      },
    ],
  });
  const plain = () => ({ role: 'user', content: [{ type: 'text', text: 'ok' }] });
  // One host step between turns: tools deferred or undeferred in place, history items appended,
  // an item edited in place to hold a tool reference or not, the history shortened.
  const step = fc.oneof(
    fc.record({ kind: fc.constant('defer' as const), at: fc.nat(), on: fc.boolean() }),
    fc.record({ kind: fc.constant('append' as const), holds: fc.boolean() }),
    fc.record({ kind: fc.constant('edit' as const), at: fc.nat(), holds: fc.boolean() }),
    fc.record({ kind: fc.constant('shorten' as const), by: fc.integer({ min: 1, max: 3 }) }),
  );

  it('should give after any steps in place what a fresh engine gives', async () => {
    // The switch is known once per list and history prefix; each step must still be seen.
    const project = await adapter(path, name);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        const request = buildAnthropicRequest(LONG_FIXTURE) as unknown as Json;
        const tools = [...(request.tools as Json[]), { name: LONG_NAME, input_schema: {} }];
        const messages = [...(request.messages as Json[])];
        project({ ...request, tools, messages });
        for (const one of steps) {
          if (one.kind === 'defer') {
            const tool = tools[one.at % tools.length] as Json;
            if (one.on) tool.defer_loading = true;
            else delete tool.defer_loading;
          } else if (one.kind === 'append') messages.push(one.holds ? reference() : plain());
          else if (one.kind === 'edit') {
            const item = messages[one.at % messages.length] as Json;
            item.role = 'user';
            item.content = (one.holds ? reference() : plain()).content;
          } else messages.length = Math.max(1, messages.length - one.by);
          project({ ...request, tools, messages: [...messages] });
        }
        await expectAsFresh(project, { ...request, tools, messages: [...messages] }, path, name);
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
