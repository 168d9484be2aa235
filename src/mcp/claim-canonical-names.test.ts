import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NAMING_PRESETS, type NamingPreset } from '../core/naming-preset.js';
import {
  claimCanonicalNames,
  findShadowedServers,
  serverNamePrefix,
} from './claim-canonical-names.js';
import type { McpHubTool } from './mcp-hub-tool.js';

const toolsOf = (preset: NamingPreset, server: string, names: string[]): McpHubTool[] =>
  names.map((remoteName) => ({
    canonical: preset.formatName(server, remoteName),
    server,
    remoteName,
    inputSchema: { type: 'object', properties: {} },
    tool: { name: remoteName, inputSchema: { type: 'object' } },
  }));

function claim(preset: NamingPreset, listing: [string, string[]][]) {
  const servers = new Map(
    listing.map(([server, names]) => [server, toolsOf(preset, server, names)]),
  );
  const prefixes = new Map(listing.map(([server]) => [server, serverNamePrefix(preset, server)]));
  return claimCanonicalNames({ servers, prefixes, preset });
}

const lossy = ['claude-code', 'openai-agents', 'cecli', 'agent-framework'] as const;

describe('claimCanonicalNames', () => {
  it('gives a name two servers can form to neither (issue 8 item 4)', () => {
    const preset = NAMING_PRESETS['claude-code'];
    for (const listing of [
      [
        ['a', ['b__echo', 'echo']],
        ['a__b', ['echo']],
      ],
      [
        ['a__b', ['echo']],
        ['a', ['b__echo', 'echo']],
      ],
    ] as [string, string[]][][]) {
      const { byCanonical, warnings } = claim(preset, listing);
      expect(byCanonical.get('mcp__a__b__echo')?.server).not.toBe('a');
      expect(byCanonical.get('mcp__a__echo')?.server).toBe('a');
      expect(warnings.get('a')).toMatchObject([
        { code: 'NAME_AMBIGUOUS', tool: 'b__echo', message: expect.stringContaining('"a__b"') },
      ]);
    }
    expect(
      findShadowedServers(
        new Map(['a', 'a__b', 'z'].map((key) => [key, serverNamePrefix(preset, key)])),
      ),
    ).toEqual(new Map([['a__b', ['a']]]));
  });

  it('gives a name two servers formed to neither under a preset without a prefix shape', () => {
    const suffixed: NamingPreset = {
      ...NAMING_PRESETS.toolwire,
      lossless: false,
      formatName: (server, tool) => `${tool}@${server.length}`,
    };
    const { byCanonical, warnings } = claim(suffixed, [
      ['ab', ['x', 'y']],
      ['cd', ['x']],
    ]);
    expect([...byCanonical.keys()]).toEqual(['y@2']);
    expect(warnings.get('ab')?.[0]).toMatchObject({ code: 'NAME_AMBIGUOUS', tool: 'x' });
    expect(warnings.get('cd')?.[0]).toMatchObject({ code: 'NAME_AMBIGUOUS', tool: 'x' });
  });

  it('never depends on key order and never gives a name another server can form (property)', () => {
    const part = fc.stringMatching(/^[ab_.-]{1,4}$/);
    fc.assert(
      fc.property(
        fc.constantFrom(...lossy),
        fc.uniqueArray(fc.tuple(part, fc.uniqueArray(part, { maxLength: 4 })), {
          minLength: 1,
          maxLength: 4,
          selector: ([server]) => server,
        }),
        (id, listing) => {
          const preset = NAMING_PRESETS[id];
          const prefixes = new Map(
            listing.map(([server]) => [server, serverNamePrefix(preset, server)]),
          );
          const shadowed = findShadowedServers(prefixes);
          const started = listing.map(([server, names]): [string, string[]] => [
            server,
            shadowed.has(server) ? [] : names,
          ]);
          const forward = claim(preset, started);
          const backward = claim(preset, [...started].reverse());
          const held = (result: typeof forward) =>
            [...result.byCanonical]
              .map(([name, tool]) => `${name}=${tool.server}/${tool.remoteName}`)
              .sort();
          expect(held(backward)).toEqual(held(forward));
          // No held name is one another configured server can form.
          for (const [name, tool] of forward.byCanonical) {
            for (const [other, prefix] of prefixes) {
              expect(other !== tool.server && name.startsWith(prefix)).toBe(false);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
