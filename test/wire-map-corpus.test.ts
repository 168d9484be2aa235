import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  createToolWireMap,
  ENVELOPES,
  type EnvelopeId,
  joinToolName,
  NAMING_PRESETS,
  type ToolIdentity,
} from '../src/index.js';
import { loadCatalogs } from './support/catalogs.js';

const HASH_SUFFIX = /_[a-z2-7]{8}$/;
const ALIAS_SUFFIX = /[-_][a-z2-7]{8}$/;
const catalogs = loadCatalogs();

describe('wire names of the real catalogs', () => {
  it('should keep every tool segment of 40 characters or fewer whole, and siblings distinct without the hash', () => {
    const key = 'io-github-modelcontextprotocol-server-catalog';
    expect(key).toHaveLength(45);
    let aliased = 0;
    for (const catalog of catalogs) {
      const map = createToolWireMap(
        catalog.tools.map((tool) => joinToolName(key, tool.name)),
        { envelope: 'openai' },
      );
      const heads = new Set<string>();
      for (const tool of catalog.tools) {
        const wire = map.toWire(joinToolName(key, tool.name));
        if (wire === joinToolName(key, tool.name)) continue;
        aliased++;
        expect(wire).toMatch(HASH_SUFFIX);
        const head = wire.replace(HASH_SUFFIX, '');
        const substituted = tool.name.replace(/[^A-Za-z0-9_-]/g, '_');
        if (substituted.length <= 40) expect(head, catalog.file).toContain(substituted);
        expect(heads.has(head), `${catalog.file}: ${head}`).toBe(false);
        heads.add(head);
      }
    }
    expect(aliased).toBeGreaterThan(300);
  });

  it.each(Object.values(NAMING_PRESETS).map((preset) => preset.id))(
    'should keep every tool segment of 40 characters or fewer whole under preset %s, identities given',
    (id) => {
      const preset = NAMING_PRESETS[id];
      const key = 'io.github.modelcontextprotocol/server-catalog';
      const skeleton = (text: string) => text.replace(/[^A-Za-z0-9]/g, '');
      let aliased = 0;
      for (const catalog of catalogs) {
        const identities = catalog.tools.map((tool) => ({
          canonical: preset.formatName(key, tool.name),
          server: key,
          remoteName: tool.name,
        }));
        const map = createToolWireMap(identities, {
          envelope: 'openai',
          separator: preset.separator,
        });
        const heads = new Map<string, string>();
        for (const { canonical, remoteName } of identities) {
          const wire = map.toWire(canonical);
          if (wire === canonical || wire === canonical.replace(/[^A-Za-z0-9_-]/gu, '_')) continue;
          aliased++;
          expect(wire).toMatch(ALIAS_SUFFIX);
          const head = wire.replace(ALIAS_SUFFIX, '');
          expect(skeleton(head).startsWith(skeleton(key.slice(0, 8))), wire).toBe(true);
          if (remoteName.length <= 40) {
            expect(skeleton(head).endsWith(skeleton(remoteName)), `${catalog.file}: ${wire}`).toBe(
              true,
            );
          }
          const other = heads.get(head);
          if (other !== undefined) expect(skeleton(other), `${catalog.file}: ${head}`).toBe('');
          heads.set(head, remoteName);
        }
      }
      expect(aliased).toBeGreaterThan(300);
    },
  );

  it('should match the golden file of [envelope, canonical, wire] triples (invariant 7)', () => {
    const file = fileURLToPath(new URL('./fixtures/golden/wire-names.json', import.meta.url));
    const triples: Array<[EnvelopeId, string, string]> = [];
    for (const envelope of Object.keys(ENVELOPES) as EnvelopeId[]) {
      for (const catalog of catalogs.filter((entry) => entry.file in keys)) {
        const names = catalog.tools.map((tool) => `${keys[catalog.file]}__${tool.name}`);
        for (const [canonical, wire] of createToolWireMap(names, { envelope }).entries()) {
          triples.push([envelope, canonical, wire]);
        }
      }
    }
    if (process.env.UPDATE_GOLDEN === '1')
      writeFileSync(file, `${JSON.stringify(triples, null, 1)}\n`);
    const golden = JSON.parse(readFileSync(file, 'utf8')) as typeof triples;
    expect(golden.length).toBeGreaterThanOrEqual(300);
    expect(golden.filter(([, canonical, wire]) => canonical !== wire).length).toBeGreaterThan(300);
    expect(triples).toEqual(golden);
  });

  it('should match the golden file of [shape, envelope, canonical, wire] under every preset and separator, identities given (invariant 7)', () => {
    const file = fileURLToPath(
      new URL('./fixtures/golden/wire-names-presets.json', import.meta.url),
    );
    const shapes: Array<[string, string, (server: string, tool: string) => string]> = [
      ...Object.values(NAMING_PRESETS)
        .filter((preset) => preset.id !== 'toolwire')
        .map((preset): [string, string, (server: string, tool: string) => string] => [
          preset.id,
          preset.separator,
          preset.formatName,
        ]),
      ...['_', '-', '.'].map((separator): [string, string, (s: string, t: string) => string] => [
        `separator ${separator}`,
        separator,
        (server, tool) => `${server}${separator}${tool}`,
      ]),
    ];
    const rows: Array<[string, EnvelopeId, string, string]> = [];
    for (const [shape, separator, format] of shapes) {
      for (const envelope of ['openai', 'gemini'] as const) {
        const identities: ToolIdentity[] = catalogs
          .filter((entry) => entry.file in keys)
          .flatMap((catalog) =>
            catalog.tools.map((tool) => {
              const server = keys[catalog.file] as string;
              return { canonical: format(server, tool.name), server, remoteName: tool.name };
            }),
          );
        const map = createToolWireMap(identities, { envelope, separator });
        for (const [canonical, wire] of map.entries())
          rows.push([shape, envelope, canonical, wire]);
      }
    }
    if (process.env.UPDATE_GOLDEN === '1') {
      writeFileSync(file, `[\n${rows.map((row) => JSON.stringify(row)).join(',\n')}\n]\n`);
    }
    const golden = JSON.parse(readFileSync(file, 'utf8')) as typeof rows;
    expect(golden.length).toBeGreaterThanOrEqual(4000);
    expect(golden.filter(([, , canonical, wire]) => canonical !== wire).length).toBeGreaterThan(
      2000,
    );
    expect(rows).toEqual(golden);
  });
});

/** Long registry-style keys for the golden files, per catalog. */
const keys: Record<string, string> = {
  'github.json': 'io.github.modelcontextprotocol/server-github',
  'notion.json': 'mcp-evenfire-notion-remote-v1-0-0-b234d024',
  'linear-mcp.json': 'io.github.example-org/linear-mcp-server',
  'twilio.json': 'com.twilio/twilio-alpha-mcp',
  'awslabs-aws-healthomics.json': 'awslabs.aws-healthomics-mcp-server',
  'neon.json': 'neondatabase-mcp-server-neon',
};
