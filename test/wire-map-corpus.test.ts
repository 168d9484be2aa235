import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createToolWireMap, ENVELOPES, type EnvelopeId, joinToolName } from '../src/index.js';
import { loadCatalogs } from './support/catalogs.js';

const HASH_SUFFIX = /_[a-z2-7]{8}$/;
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

  it('should match the golden file of [envelope, canonical, wire] triples (invariant 7)', () => {
    const file = fileURLToPath(new URL('./fixtures/golden/wire-names.json', import.meta.url));
    const keys: Record<string, string> = {
      'github.json': 'io.github.modelcontextprotocol/server-github',
      'notion.json': 'mcp-evenfire-notion-remote-v1-0-0-b234d024',
      'linear-mcp.json': 'io.github.example-org/linear-mcp-server',
      'twilio.json': 'com.twilio/twilio-alpha-mcp',
      'awslabs-aws-healthomics.json': 'awslabs.aws-healthomics-mcp-server',
      'neon.json': 'neondatabase-mcp-server-neon',
    };
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
});
