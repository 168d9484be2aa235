import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalName,
  nameSet,
  serverSegment,
  toolSegment,
} from '../../test/support/name-arbitraries.js';
import { createToolWireMap, type ToolWireMap } from './create-tool-wire-map.js';
import { ENVELOPES, type Envelope } from './envelope.js';
import { fitsEnvelope } from './fits-envelope.js';
import { intersectEnvelopes } from './intersect-envelopes.js';
import { NAMING_PRESETS } from './naming-preset.js';
import type { ToolIdentity } from './tool-identity.js';
import { ToolwireError } from './toolwire-error.js';

const RUNS = { numRuns: 1000 };
const SEPARATOR = '__';
const HASH_SUFFIX = /_[a-z2-7]{8}$/;

const customEnvelope: Envelope = {
  id: 'lower-dash-40',
  maxLength: 40,
  allowedCharacters: 'a-z0-9_-',
  firstCharacters: 'a-z',
  source: 'a custom test envelope',
};
const envelopes: Envelope[] = [
  ...Object.values(ENVELOPES),
  customEnvelope,
  intersectEnvelopes('gemini', 'anthropic'),
];
const envelope = fc.constantFrom(...envelopes);

function shownServerPart(wire: string): string | undefined {
  const at = wire.indexOf(SEPARATOR);
  return at >= 0 ? wire.slice(0, at) : undefined;
}

function serverOf(canonical: string): string | undefined {
  const at = canonical.indexOf(SEPARATOR);
  return at >= 0 ? canonical.slice(0, at) : undefined;
}

function wiresOf(map: ToolWireMap): Map<string, string> {
  return new Map(map.entries());
}

describe('createToolWireMap', () => {
  it('should keep names that fit and alias the rest', () => {
    const map = createToolWireMap(
      [
        'github__create_issue',
        'browser__browser.fetch',
        'io-github-example-org-linear-mcp-server__linear_create_project_with_issues',
      ],
      { envelope: 'openai' },
    );
    expect(map.size).toBe(3);
    expect(map.toWire('github__create_issue')).toBe('github__create_issue');
    expect(map.toWire('browser__browser.fetch')).toBe('browser__browser_fetch');
    expect(
      map.toWire('io-github-example-org-linear-mcp-server__linear_create_project_with_issues'),
    ).toMatch(/^io-github-example-org_linear_create_project_with_issues_[a-z2-7]{8}$/);
    expect(map.fromWire('browser__browser_fetch')).toBe('browser__browser.fetch');
    expect(map.fromWire('browser__browser.fetch')).toBeUndefined();
    expect(map.envelope).toBe(ENVELOPES.openai);
  });

  it('should throw UNKNOWN_NAME for a name outside the set', () => {
    const map = createToolWireMap(['a__b']);
    expect(() => map.toWire('a__c')).toThrowError(
      expect.objectContaining({ code: 'UNKNOWN_NAME' }),
    );
  });

  it('should name the position of a non-string name', () => {
    const error = captureError(() => createToolWireMap(['a', 'b', 42 as unknown as string]));
    expect(error.code).toBe('INVALID_NAME');
    expect(error.message).toContain('position 2');
  });

  it('should take an envelope id or an envelope object', () => {
    const byId = createToolWireMap(['x.y'], { envelope: 'gemini' });
    const byObject = createToolWireMap(['x.y'], { envelope: ENVELOPES.gemini });
    expect(byId.entries()).toEqual(byObject.entries());
    expect(byId.toWire('x.y')).toBe('x.y');
    expect(() => createToolWireMap(['x'], { envelope: 'nope' })).toThrowError(
      expect.objectContaining({ code: 'UNKNOWN_ENVELOPE' }),
    );
  });

  it('should pin overrides before anything else, even over a name that fits', () => {
    const map = createToolWireMap(['a__b', 'x__y', 'long.name'], {
      envelope: 'openai',
      overrides: { x__y: 'a__b', 'long.name': 'long_pinned' },
    });
    expect(map.toWire('x__y')).toBe('a__b');
    expect(map.toWire('long.name')).toBe('long_pinned');
    expect(map.toWire('a__b')).toMatch(HASH_SUFFIX);
    expect(map.fromWire('a__b')).toBe('x__y');
  });

  it('should reserve an override for a name outside the set without resolving it', () => {
    const map = createToolWireMap(['a.b'], { envelope: 'openai', overrides: { gone: 'a_b' } });
    expect(map.toWire('a.b')).toMatch(HASH_SUFFIX);
    expect(map.fromWire('a_b')).toBeUndefined();
  });

  it('should reject overrides that do not fit or repeat', () => {
    expect(() =>
      createToolWireMap(['a'], { envelope: 'openai', overrides: { a: 'has.dot' } }),
    ).toThrowError(expect.objectContaining({ code: 'INVALID_OVERRIDE' }));
    expect(() =>
      createToolWireMap(['a', 'b'], {
        envelope: 'openai',
        overrides: new Map([
          ['a', 'same'],
          ['b', 'same'],
        ]),
      }),
    ).toThrowError(expect.objectContaining({ code: 'INVALID_OVERRIDE' }));
  });

  it('should give the same map for the same set on every call, and a new one for a new set', () => {
    const names = ['s__a.b', 's__c'];
    const first = createToolWireMap(names, { envelope: 'openai' });
    names.push('s__d');
    const second = createToolWireMap(names, { envelope: 'openai' });
    expect(first.size).toBe(2);
    expect(second.size).toBe(3);
    expect(createToolWireMap(['s__a.b', 's__c'], { envelope: 'openai' })).toBe(first);
  });

  it('should accept megabyte names, control characters and __proto__', () => {
    const huge = `server__${'x.'.repeat(500_000)}`;
    const names = [huge, '__proto__', 'constructor', '\u202Eevil\u0000', '\uD800', ''];
    for (const target of envelopes) {
      const map = createToolWireMap(names, { envelope: target });
      for (const name of names) {
        const wire = map.toWire(name);
        expect(fitsEnvelope(wire, target)).toBe(true);
        expect(map.fromWire(wire)).toBe(name);
      }
    }
  });

  it('should reject an envelope that cannot hold an alias, naming the tool', () => {
    const tiny: Envelope = { ...customEnvelope, id: 'tiny', maxLength: 6 };
    const error = captureError(() => createToolWireMap(['much-too-long'], { envelope: tiny }));
    expect(error.code).toBe('INVALID_ENVELOPE');
    expect(error.message).toContain('much-too-long');
    expect(createToolWireMap(['short'], { envelope: tiny }).toWire('short')).toBe('short');
  });

  it('should keep the mcp-host Notion tools readable and distinct without their hash', () => {
    const server = 'mcp-evenfire-notion-remote-v1-0-0-b234d024';
    const tools = [
      'notion-search',
      'notion-fetch',
      'notion-create-pages',
      'notion-update-page',
      'notion-move-pages',
      'notion-duplicate-page',
      'notion-create-database',
      'notion-update-database',
      'notion-create-comment',
      'notion-get-comments',
      'notion-get-users',
    ];
    const map = createToolWireMap(
      tools.map((tool) => `${server}__${tool}`),
      { envelope: 'openai' },
    );
    const visible = tools.map((tool) => {
      const wire = map.toWire(`${server}__${tool}`);
      expect(wire).toContain(tool);
      expect(wire.startsWith('mcp-evenfire-notion')).toBe(true);
      return wire.replace(HASH_SUFFIX, '');
    });
    expect(new Set(visible).size).toBe(tools.length);
  });
});

describe('createToolWireMap with tool identities', () => {
  const server = 'io.github.modelcontextprotocol/server-everything';
  const claude = (tool: string) => ({
    canonical: NAMING_PRESETS['claude-code'].formatName(server, tool),
    server,
    remoteName: tool,
  });

  it('should alias an identity by its own server and remote name, not by a re-split of the canonical name', () => {
    const identity = claude('trigger-long-running-operation');
    const map = createToolWireMap([identity], { envelope: 'openai' });
    const wire = map.toWire(identity.canonical);
    expect(wire).toMatch(/^io_github_modelcontextpr_trigger-long-running-operation_[a-z2-7]{8}$/);
    expect(map.fromWire(wire)).toBe(identity.canonical);
    // The same string without its identity reads as server "mcp", as it always has.
    const plain = createToolWireMap([identity.canonical], { envelope: 'openai' });
    expect(plain.toWire(identity.canonical).startsWith('mcp_')).toBe(true);
  });

  it('should take the hub tool shape as it is, and hand back a copy of each identity', () => {
    const hubTool = { ...claude('echo'), inputSchema: { type: 'object' }, title: 'Echo' };
    const map = createToolWireMap([hubTool, 'plain__name'], { envelope: 'openai' });
    expect(map.identityOf(hubTool.canonical)).toEqual({
      canonical: hubTool.canonical,
      server,
      remoteName: 'echo',
    });
    expect(map.identityOf('plain__name')).toBeUndefined();
    const copy = map.identityOf(hubTool.canonical) as ToolIdentity;
    copy.server = 'changed';
    expect(map.identityOf(hubTool.canonical)?.server).toBe(server);
  });

  it('should keep plain strings exactly as they were, and give the same map for toolwire identities', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.stringMatching(/^[a-z][a-z0-9./-]{0,60}[a-z0-9]$/),
            fc.array(toolSegment, { minLength: 1, maxLength: 4 }),
          ),
          { maxLength: 3 },
        ),
        envelope,
        (servers, target) => {
          const identities = servers.flatMap(([key, tools]) =>
            tools.map((tool) => ({ canonical: `${key}__${tool}`, server: key, remoteName: tool })),
          );
          const plain = createToolWireMap(
            identities.map((identity) => identity.canonical),
            { envelope: target },
          );
          const carried = createToolWireMap(identities, { envelope: target });
          expect(carried.entries()).toEqual(plain.entries());
        },
      ),
      RUNS,
    );
  });

  it('should key the cache by identity, not only by canonical name', () => {
    // Under claude-code, server "a" with tool "b__echo.x" and server "a__b" with tool "echo.x"
    // form the same canonical name: the map must not hand one the other's map.
    const canonical = 'mcp__a__b__echo.x';
    const first = createToolWireMap([{ canonical, server: 'a', remoteName: 'b__echo.x' }], {
      envelope: 'openai',
    });
    const second = createToolWireMap([{ canonical, server: 'a__b', remoteName: 'echo.x' }], {
      envelope: 'openai',
    });
    expect(second).not.toBe(first);
    expect(first.identityOf(canonical)?.server).toBe('a');
    expect(second.identityOf(canonical)?.server).toBe('a__b');
    const plain = createToolWireMap([canonical], { envelope: 'openai' });
    expect(plain).not.toBe(first);
    expect(plain.identityOf(canonical)).toBeUndefined();
    expect(
      createToolWireMap([{ canonical, server: 'a', remoteName: 'b__echo.x' }], {
        envelope: 'openai',
      }),
    ).toBe(first);
  });

  it('should read a name given with two different identities as a plain string, whatever the order', () => {
    const canonical = 'mcp__a__b__echo';
    const a = { canonical, server: 'a', remoteName: 'b__echo' };
    const b = { canonical, server: 'a__b', remoteName: 'echo' };
    const forward = createToolWireMap([a, b], { envelope: 'openai' });
    const backward = createToolWireMap([b, a], { envelope: 'openai' });
    expect(forward.identityOf(canonical)).toBeUndefined();
    expect(backward.entries()).toEqual(forward.entries());
    expect(forward.size).toBe(1);
  });

  it('should name the position of an identity without string fields', () => {
    const error = captureError(() =>
      createToolWireMap(['a', { canonical: 'b', server: 'x' } as unknown as ToolIdentity]),
    );
    expect(error.code).toBe('INVALID_NAME');
    expect(error.message).toContain('position 1');
  });

  it('should show server and tool words when the separator is a single _ (agent-framework)', () => {
    const map = createToolWireMap(['my.server_get-env'], { envelope: 'openai', separator: '_' });
    expect(map.toWire('my.server_get-env')).toMatch(/^my-server-get-env-[a-z2-7]{8}$/);
    const identity = { canonical: 'my.server_get-env', server: 'my.server', remoteName: 'get-env' };
    const carried = createToolWireMap([identity], { envelope: 'openai', separator: '_' });
    // Substituting would show `my_` as the server; the alias shows the whole key instead.
    expect(carried.toWire(identity.canonical)).toBe(map.toWire('my.server_get-env'));
  });
});

describe('createToolWireMap invariants (README, Invariants)', () => {
  it('1. fit: every wire name fits the envelope', () => {
    fc.assert(
      fc.property(nameSet, envelope, (names, target) => {
        const map = createToolWireMap(names, { envelope: target });
        for (const [, wire] of map.entries()) expect(fitsEnvelope(wire, target)).toBe(true);
      }),
      RUNS,
    );
  });

  it('2. identity: a name that fits is sent unchanged, and no alias takes it', () => {
    fc.assert(
      fc.property(
        nameSet,
        envelope,
        fc.array(canonicalName, { maxLength: 3 }),
        (names, target, extra) => {
          // Add names that fit and look like aliases of the others, to tempt a collision.
          const first = createToolWireMap(names, { envelope: target });
          const lookalikes = first
            .entries()
            .filter(([canonical, wire]) => canonical !== wire)
            .map(([, wire]) => wire);
          const all = [...names, ...extra, ...lookalikes];
          const map = createToolWireMap(all, { envelope: target });
          for (const name of all) {
            if (fitsEnvelope(name, target)) expect(map.toWire(name)).toBe(name);
          }
        },
      ),
      RUNS,
    );
  });

  it('3. bijection: distinct names get distinct wire names that resolve back; unknown names resolve to nothing', () => {
    fc.assert(
      fc.property(
        nameSet,
        envelope,
        fc.string({ unit: 'binary', maxLength: 70 }),
        (names, target, probe) => {
          const map = createToolWireMap(names, { envelope: target });
          const unique = new Set(names);
          expect(map.size).toBe(unique.size);
          const wires = new Set<string>();
          for (const name of unique) {
            const wire = map.toWire(name);
            expect(wires.has(wire)).toBe(false);
            wires.add(wire);
            expect(map.fromWire(wire)).toBe(name);
          }
          if (!wires.has(probe)) expect(map.fromWire(probe)).toBeUndefined();
          if (!wires.has('__proto__')) expect(map.fromWire('__proto__')).toBeUndefined();
        },
      ),
      RUNS,
    );
  });

  it('4. order independence: the map depends on the set, not order or repetition', () => {
    fc.assert(
      fc.property(nameSet, envelope, fc.nat(), (base, target, seed) => {
        // Lookalikes whose substitution equals another name's alias force the contested paths.
        const aliases = createToolWireMap(base, { envelope: target })
          .entries()
          .filter(([canonical, wire]) => canonical !== wire)
          .map(([, wire]) => wire);
        const names = [
          ...base,
          ...aliases.map((wire) => wire.replace(/_([a-z2-7]{8})$/, '.$1')),
          ...aliases.map((wire) => wire.replace(/_([a-z2-7]{8})$/, ' $1')),
        ];
        const shuffled = [...names, ...names.slice(0, seed % (names.length + 1))];
        for (let index = shuffled.length - 1; index > 0; index--) {
          const other = (seed * 31 + index * 17) % (index + 1);
          [shuffled[index], shuffled[other]] = [
            shuffled[other] as string,
            shuffled[index] as string,
          ];
        }
        const a = createToolWireMap(names, { envelope: target });
        const b = createToolWireMap(shuffled, { envelope: target });
        const c = createToolWireMap([...names].reverse(), { envelope: target });
        expect(b.entries()).toEqual(a.entries());
        expect(c.entries()).toEqual(a.entries());
      }),
      RUNS,
    );
  });

  it('5. stability: adding or removing a name changes no other wire name, except names it collides with', () => {
    fc.assert(
      fc.property(nameSet, envelope, fc.oneof(canonicalName, fc.nat()), (names, target, pick) => {
        const before = createToolWireMap(names, { envelope: target });
        const beforeWires = wiresOf(before);
        // Half the time the new name is an existing wire name, which forces a collision.
        const existing = [...beforeWires.values()];
        const added =
          typeof pick === 'number' ? (existing[pick % Math.max(existing.length, 1)] ?? 'x') : pick;
        const after = createToolWireMap([...names, added], { envelope: target });
        const addedWire = after.toWire(added);
        for (const [canonical, wire] of beforeWires) {
          if (canonical === added) continue;
          const now = after.toWire(canonical);
          if (now === wire) continue;
          // It moved: only because the new name took its wire name or its shown server part.
          const collided =
            wire === addedWire ||
            (shownServerPart(wire) !== undefined &&
              shownServerPart(wire) === shownServerPart(addedWire));
          expect(collided).toBe(true);
        }
        // Removing it again restores every other name exactly.
        const restored = createToolWireMap(names, { envelope: target });
        expect(restored.entries()).toEqual(before.entries());
      }),
      RUNS,
    );
  });

  it('6. no shadowing: the text before a separator in a wire name is its own server', () => {
    fc.assert(
      fc.property(nameSet, envelope, (base, target) => {
        // Servers that differ only where the envelope substitutes (`a.b`, `a_b`, `a/b`) contend
        // for one shown server part.
        const names = [
          ...base,
          ...base.flatMap((name) => {
            const at = name.indexOf(SEPARATOR);
            if (at <= 0) return [];
            const server = name.slice(0, at);
            const rest = name.slice(at);
            return ['_', '.', '/', ' ']
              .map((swap) => server.replace(/[._/ -]/, swap) + rest)
              .filter((variant) => variant !== name);
          }),
        ];
        const map = createToolWireMap(names, { envelope: target });
        const owners = new Map<string, string | undefined>();
        for (const [canonical, wire] of map.entries()) {
          const part = shownServerPart(wire);
          if (part === undefined) continue;
          const server = serverOf(canonical);
          // A wire name only shows a server part when its canonical name has one.
          expect(server).toBeDefined();
          if (owners.has(part)) expect(owners.get(part)).toBe(server);
          owners.set(part, server);
        }
      }),
      RUNS,
    );
  });

  it('8a. readability: a name that breaks only the characters is fixed by substitution, without a hash', () => {
    const plain = fc.stringMatching(/^[a-z][a-z0-9]{0,12}$/);
    const broken = fc
      .array(fc.oneof(plain, fc.constantFrom('.', '/', ' ', '😀', 'é')), {
        minLength: 1,
        maxLength: 5,
      })
      .map((pieces) => `t${pieces.join('')}`);
    fc.assert(
      fc.property(plain, broken, (server, tool) => {
        const canonical = `${server}__${tool}`;
        const expected = `${server}__${[...tool].map((c) => (/[A-Za-z0-9_-]/.test(c) ? c : '_')).join('')}`;
        fc.pre(expected.length <= 64);
        const map = createToolWireMap([canonical], { envelope: 'openai' });
        expect(map.toWire(canonical)).toBe(expected);
      }),
      RUNS,
    );
  });

  it('8b. readability: an over-long name keeps its tool segment whole, shortens the server, and ends in a hash', () => {
    const tool = fc.stringMatching(/^[a-z][a-z0-9-]{2,38}[a-z0-9]$/);
    const server = fc.stringMatching(/^[a-z][a-z0-9-]{38,68}[a-z0-9]$/);
    fc.assert(
      fc.property(server, fc.uniqueArray(tool, { minLength: 1, maxLength: 8 }), (key, tools) => {
        const names = tools.map((name) => `${key}__${name}`);
        const map = createToolWireMap(names, { envelope: 'openai' });
        const heads = new Set<string>();
        for (const [index, canonical] of names.entries()) {
          const wire = map.toWire(canonical);
          if (wire === canonical) continue;
          expect(wire).toMatch(HASH_SUFFIX);
          const head = wire.replace(HASH_SUFFIX, '');
          const name = tools[index] as string;
          expect(head.endsWith(`_${name}`)).toBe(true);
          expect(key.startsWith(head.slice(0, head.length - name.length - 1))).toBe(true);
          heads.add(head);
        }
        // Siblings stay distinguishable without reading the hash.
        expect(heads.size).toBe(names.filter((name) => map.toWire(name) !== name).length);
      }),
      RUNS,
    );
  });

  it('8d. readability under every preset and separator, identities given: server head its own, tool whole, never hash-only', () => {
    fc.assert(
      fc.property(
        readableServers,
        fc.constantFrom(...PRESET_SHAPES),
        envelope,
        (servers, shape, target) => {
          const identities = servers.flatMap(([server, tools]) =>
            tools.map((tool) => ({
              canonical: shape.format(server, tool),
              server,
              remoteName: tool,
            })),
          );
          const map = createToolWireMap(identities, {
            envelope: target,
            separator: shape.separator,
          });
          expectReadable(map, identities, target);
        },
      ),
      RUNS,
    );
  });

  it('4b. order independence with identities: the map depends on the set of names and identities', () => {
    fc.assert(
      fc.property(
        readableServers,
        fc.constantFrom(...PRESET_SHAPES),
        envelope,
        fc.nat(),
        (servers, shape, target, seed) => {
          const identities = servers.flatMap(([server, tools]) =>
            tools.map((tool) => ({
              canonical: shape.format(server, tool),
              server,
              remoteName: tool,
            })),
          );
          // Some given twice, some also as plain strings: the identity still wins.
          const items: Array<string | ToolIdentity> = [
            ...identities,
            ...identities.slice(0, seed % (identities.length + 1)),
            ...identities.slice(0, seed % 3).map((identity) => identity.canonical),
          ];
          for (let index = items.length - 1; index > 0; index--) {
            const other = (seed * 31 + index * 17) % (index + 1);
            [items[index], items[other]] = [
              items[other] as string | ToolIdentity,
              items[index] as string | ToolIdentity,
            ];
          }
          const options = { envelope: target, separator: shape.separator };
          const a = createToolWireMap(identities, options);
          const b = createToolWireMap(items, options);
          expect(b.entries()).toEqual(a.entries());
          for (const identity of identities) {
            const known = a.identityOf(identity.canonical);
            if (known !== undefined) expect(b.identityOf(identity.canonical)).toEqual(known);
          }
        },
      ),
      RUNS,
    );
  });

  it('8e. readability under every preset and separator, plain strings where the shape splits', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PRESET_SHAPES.filter((shape) => shape.splits)),
        fc.integer({ min: 0, max: 2 ** 30 }),
        envelope,
        (shape, seed, target) => {
          // Server keys without the separator's characters, so the first separator is the join.
          const servers = fc.sample(readableServers, { seed, numRuns: 1 })[0] ?? [];
          const identities = servers.flatMap(([key, tools]) => {
            const server = key.replace(/[-._]/g, '/');
            return tools.map((tool) => ({
              canonical: shape.format(server, tool),
              server,
              remoteName: tool,
            }));
          });
          const map = createToolWireMap(
            identities.map((identity) => identity.canonical),
            { envelope: target, separator: shape.separator },
          );
          expectReadable(map, identities, target);
        },
      ),
      RUNS,
    );
  });

  it('8f. a capital under a lowercase-only envelope is shown in small letters, so `lA` and `l` stay apart', () => {
    // Found by a long soak of 8d: with capitals substituted, both aliases read `…_l`.
    const server = 'a0.aa0-00.0aaa00aaa0-aaaa0.a00a0aa0a0a';
    const identities = ['l', 'lA'].map((tool) => ({
      canonical: `${server}__${tool}`,
      server,
      remoteName: tool,
    }));
    const map = createToolWireMap(identities, { envelope: customEnvelope, separator: '__' });
    const [plain, capital] = identities.map((identity) =>
      map.toWire(identity.canonical).replace(ALIAS_SUFFIX, ''),
    );
    expect(plain).toMatch(/_l$/);
    expect(capital).toMatch(/_la$/);
    expectReadable(map, identities, customEnvelope);
  });

  it('9. any string is accepted: a valid map or a typed error, never a crash', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(canonicalName, fc.string({ unit: 'binary', maxLength: 300 })), {
          maxLength: 12,
        }),
        envelope,
        fc.constantFrom('__', '--', '.', '_', '::'),
        (names, target, separator) => {
          try {
            const map = createToolWireMap(names, { envelope: target, separator });
            for (const name of names) {
              const wire = map.toWire(name);
              expect(fitsEnvelope(wire, target)).toBe(true);
              expect(map.fromWire(wire)).toBe(name);
            }
          } catch (error) {
            expect(ToolwireError.isInstance(error)).toBe(true);
          }
        },
      ),
      RUNS,
    );
  });

  it('never lets a server segment of 40-70 characters push a wire name past the limit', () => {
    fc.assert(
      fc.property(
        serverSegment,
        fc.array(toolSegment, { minLength: 1, maxLength: 5 }),
        (server, tools) => {
          const map = createToolWireMap(
            tools.map((tool) => `${server}__${tool}`),
            { envelope: 'bedrock' },
          );
          for (const [, wire] of map.entries()) expect(wire.length).toBeLessThanOrEqual(64);
        },
      ),
      RUNS,
    );
  });
});

/** Every preset's shape, and plain `<server><separator><tool>` for each separator in the design. */
const PRESET_SHAPES: ReadonlyArray<{
  id: string;
  separator: string;
  splits: boolean;
  format: (server: string, tool: string) => string;
}> = [
  ...Object.values(NAMING_PRESETS).map((preset) => ({
    id: preset.id,
    separator: preset.separator,
    // `mcp__…` and `mcp_…__…` put a fixed word first: only an identity finds their server.
    splits: preset.id !== 'claude-code' && preset.id !== 'openai-agents',
    format: preset.formatName,
  })),
  ...['__', '_', '-', '.'].map((separator) => ({
    id: `plain ${separator}`,
    separator,
    splits: true,
    format: (server: string, tool: string) => `${server}${separator}${tool}`,
  })),
];

/** Registry-style keys (up to about 90 characters) with a few readable tools each. */
const readableServers = fc.uniqueArray(
  fc.tuple(
    fc.stringMatching(/^[a-z][a-z0-9]{1,10}([./-][a-z0-9]{1,12}){0,6}$/),
    fc.uniqueArray(fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,10}([_.-][a-zA-Z0-9]{1,10}){0,5}$/), {
      minLength: 1,
      maxLength: 5,
    }),
  ),
  { minLength: 1, maxLength: 3, selector: ([server]) => server.replace(/[^a-z0-9]/g, '') },
);

const ALIAS_SUFFIX = /[-_][a-z2-7]{8}$/;

function skeleton(text: string): string {
  return text.replace(/[^A-Za-z0-9]/g, '');
}

/**
 * The readability invariant: a wire name that is not the canonical name is either the canonical
 * name with characters substituted, or an alias whose head starts with its own server (at least
 * the first 8 characters of it, as shown) and, for a tool of 40 characters or fewer, ends with the
 * whole tool; aliases are never a bare hash, and siblings stay apart without their hash.
 */
function expectReadable(
  map: ToolWireMap,
  identities: ReadonlyArray<{ canonical: string; server: string; remoteName: string }>,
  target: Envelope,
): void {
  const allowed = new RegExp(`^[${target.allowedCharacters}]$`, 'u');
  // A letter the envelope takes only in the other case is shown in that case, not substituted.
  const shownAs = (c: string) => {
    if (allowed.test(c)) return c;
    const other = c.toLowerCase() === c ? c.toUpperCase() : c.toLowerCase();
    return /^[A-Za-z]$/.test(c) && allowed.test(other) ? other : '_';
  };
  const fitted = (text: string) => skeleton([...text].map(shownAs).join(''));
  const headsByServer = new Map<string, Map<string, string>>();
  for (const { canonical, server, remoteName } of identities) {
    const wire = map.toWire(canonical);
    if (wire === canonical) continue;
    const substituted = [...canonical].map((c) => (allowed.test(c) ? c : '_')).join('');
    if (wire === substituted || wire.slice(1) === substituted) continue;
    expect(wire, `${canonical} -> ${wire}`).toMatch(ALIAS_SUFFIX);
    const head = wire.replace(ALIAS_SUFFIX, '');
    expect(skeleton(head), `${canonical} -> ${wire}: hash only`).not.toBe('');
    const ownHead = fitted(server.slice(0, 8));
    // A leader letter may stand before a head that could not come first.
    const shown = skeleton(head).startsWith(ownHead) ? skeleton(head) : skeleton(head).slice(1);
    expect(shown.startsWith(ownHead), `${canonical} -> ${wire}: not its own server`).toBe(true);
    // 40 characters under a 64-character envelope: room for the tool, 8 of server and the hash.
    if (remoteName.length <= target.maxLength - 24) {
      expect(shown.endsWith(fitted(remoteName)), `${canonical} -> ${wire}: tool cut`).toBe(true);
      const heads = headsByServer.get(server) ?? new Map<string, string>();
      headsByServer.set(server, heads);
      const other = heads.get(head);
      if (other !== undefined && skeleton(other) !== skeleton(remoteName)) {
        expect.fail(`${canonical} -> ${wire}: same head as tool "${other}"`);
      }
      heads.set(head, remoteName);
    }
  }
}

function captureError(run: () => unknown): ToolwireError {
  try {
    run();
  } catch (error) {
    if (ToolwireError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ToolwireError');
}
