import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serverSegment, toolSegment } from '../../test/support/name-arbitraries.js';
import { resolveNamingPreset } from '../core/naming-preset.js';
import {
  CLIENT_PROFILES,
  type ClientProfileId,
  clientEnvelope,
  clientNamePrefix,
} from './client-profile.js';
import { fitProxyNames, type ProxyNameItem } from './fit-proxy-names.js';

// Models of what each client does to a tool name before its model sees it, written from the
// measured behaviour (Claude Code, Gemini CLI, Codex) and the clients' trackers (the rest), apart
// from the profiles so that a wrong profile fails here. `undefined` means the client drops the tool.
type ClientModel = (key: string, tool: string) => string | undefined;

function replaceUnits(text: string, allowed: RegExp): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const unit = text[index] as string;
    out += allowed.test(unit) ? unit : '_';
  }
  return out;
}

const claudeCode: ClientModel = (key, tool) => {
  const clean = (text: string) => replaceUnits(text.normalize('NFKC'), /[A-Za-z0-9_-]/);
  const name = `mcp__${clean(key)}__${clean(tool)}`;
  // tool_reference (tool search) allows 64; the client itself drops names past 128.
  return name.length > 64 ? undefined : name;
};

const geminiCli: ClientModel = (key, tool) => {
  const clean = (text: string) => replaceUnits(text, /[A-Za-z0-9_.:-]/);
  const name = `mcp_${clean(key)}_${clean(tool)}`;
  return name.length > 63 ? `${name.slice(0, 30)}...${name.slice(-30)}` : name;
};

const codex: ClientModel = (key, tool) => {
  const clean = (text: string) => replaceUnits(text, /[A-Za-z0-9_]/);
  const full = `mcp__${clean(key)}__${clean(tool)}`;
  const name = full.length > 128 ? `${clean(tool).slice(0, 40)}_0123456789ab` : clean(tool);
  // The function goes to the Responses API, which takes 64 characters.
  return name.length > 64 ? undefined : `mcp__${clean(key)}__${name}`;
};

const matching =
  (pattern: RegExp, format: (key: string, tool: string) => string): ClientModel =>
  (key, tool) => {
    // Keys are assumed cleaned the way Claude Code cleans them (unmeasured for these clients).
    const name = format(replaceUnits(key, /[A-Za-z0-9_-]/), tool);
    return pattern.test(name) ? name : undefined;
  };

const CLIENT_MODELS: Record<ClientProfileId, ClientModel> = {
  'claude-code': claudeCode,
  'claude-desktop': matching(/^[A-Za-z0-9_-]{1,64}$/, (key, tool) => `mcp__${key}__${tool}`),
  cursor: (key, tool) => {
    const clean = replaceUnits(key, /[A-Za-z0-9_-]/);
    return clean.length + tool.length > 60 || !/^[A-Za-z0-9_-]+$/.test(tool)
      ? undefined
      : `${clean}${tool}`;
  },
  vscode: matching(/^[A-Za-z0-9_-]{1,64}$/, (key, tool) => `mcp_${key}_${tool}`),
  'gemini-cli': geminiCli,
  codex,
  'openai-agents': matching(/^[A-Za-z0-9_-]{1,64}$/, (_key, tool) => tool),
  generic: matching(/^[A-Za-z0-9_.-]{1,128}$/, (_key, tool) => tool),
};

const preset = resolveNamingPreset('toolwire');

function itemsOf(pairs: ReadonlyArray<readonly [string, string]>): ProxyNameItem[] {
  const seen = new Set<string>();
  const items: ProxyNameItem[] = [];
  for (const [server, remoteName] of pairs) {
    let canonical: string;
    try {
      canonical = preset.formatName(server, remoteName);
    } catch {
      continue; // a key the hub refuses never reaches the proxy
    }
    if (seen.has(canonical)) continue;
    seen.add(canonical);
    items.push({ canonical, server, remoteName });
  }
  return items;
}

const KEYS = ['toolwire', 'my.tools', 'company-tools-proxy'];
const PROFILE_IDS = Object.keys(CLIENT_PROFILES) as ClientProfileId[];

/** The hostile cases of the issue, on long and dotted server keys. */
const HOSTILE: Array<[string, string]> = [
  ['io.github.example-org.very-long-server-name', 'get.user'],
  ['io.github.example-org.very-long-server-name', 'get_user'],
  ['web', 'files/read'],
  ['web', 'search the web'],
  ['web', 'résumé_lookup'],
  ['web', 'x'.repeat(64)],
  ['web', 'y'.repeat(65)],
  ['web', 'z'.repeat(100)],
  ['web', 'w'.repeat(128)],
  ['a', 'b_c'],
  ['a_b', 'c'],
  ['long', `${'m'.repeat(38)}1${'n'.repeat(38)}`],
  ['long', `${'m'.repeat(38)}2${'n'.repeat(38)}`],
];

describe('fitProxyNames', () => {
  it.each(PROFILE_IDS)('lists names that %s passes to its model unchanged and apart', (id) => {
    const profile = CLIENT_PROFILES[id];
    const model = CLIENT_MODELS[id];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(serverSegment, toolSegment), { minLength: 1, maxLength: 25 }),
        fc.constantFrom(...KEYS),
        (pairs, key) => {
          const items = itemsOf([...pairs, ...HOSTILE]);
          const { names, stale } = fitProxyNames({ items, envelope: clientEnvelope(profile, key) });
          expect(stale).toEqual([]);
          expect(names.size).toBe(items.length);
          const sent = new Set<string>();
          const prefix = clientNamePrefix(profile, key);
          for (const item of items) {
            const listed = names.get(item.canonical) as string;
            const seen = model(key, listed);
            // Exactly what was listed, after the client's own prefix.
            expect(seen).toBe(`${prefix}${listed}`);
            sent.add(seen as string);
          }
          expect(sent.size).toBe(items.length);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps get.user and get_user apart, and tells the two 77-character names apart', () => {
    const items = itemsOf(HOSTILE);
    const profile = CLIENT_PROFILES['gemini-cli'];
    const { names } = fitProxyNames({ items, envelope: clientEnvelope(profile, 'toolwire') });
    const key = 'io.github.example-org.very-long-server-name';
    const dotted = names.get(preset.formatName(key, 'get.user'));
    const underscored = names.get(preset.formatName(key, 'get_user'));
    expect(dotted).not.toBe(underscored);
    const middle = items
      .filter((item) => item.server === 'long')
      .map((i) => names.get(i.canonical));
    expect(new Set(middle.map((name) => geminiCli('toolwire', name as string))).size).toBe(2);
    // Without the proxy, Gemini CLI cuts them to one name.
    const direct = items.filter((item) => item.server === 'long');
    expect(new Set(direct.map((item) => geminiCli(item.server, item.remoteName))).size).toBe(1);
  });

  it('keeps pinned names across added servers, and issues the rest afresh', () => {
    const envelope = clientEnvelope(CLIENT_PROFILES['claude-code'], 'toolwire');
    const first = fitProxyNames({ items: itemsOf([['github', 'search_code']]), envelope });
    const pinned = Object.fromEntries(first.names);
    const more = itemsOf([
      ['github', 'search_code'],
      ['gitlab', 'search_code'],
    ]);
    const second = fitProxyNames({ items: more, envelope, pinned, prefix: 'none' });
    expect(second.names.get('github__search_code')).toBe(pinned.github__search_code);
    expect(second.names.get('gitlab__search_code')).toBe('gitlab__search_code');
  });

  it('lists bare remote names under prefix none when they are unique, and never the same twice', () => {
    const envelope = clientEnvelope(CLIENT_PROFILES.generic, 'toolwire');
    const items = itemsOf([
      ['one', 'echo'],
      ['one', 'add'],
      ['two', 'add'],
    ]);
    const { names } = fitProxyNames({ items, envelope, prefix: 'none' });
    expect(names.get('one__echo')).toBe('echo');
    expect(names.get('one__add')).toBe('one__add');
    expect(names.get('two__add')).toBe('two__add');
  });

  it('leaves out a tool whose pinned name no longer fits, and says how to renew it', () => {
    const envelope = clientEnvelope(CLIENT_PROFILES.codex, 'toolwire');
    const items = itemsOf([['web', 'fetch']]);
    const { names, stale } = fitProxyNames({
      items,
      envelope,
      pinned: { web__fetch: 'web.fetch' },
    });
    expect(names.size).toBe(0);
    expect(stale[0]?.reason).toMatch(/--update-names/);
  });
});
