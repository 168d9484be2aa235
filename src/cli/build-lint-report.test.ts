import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { resolveNamingPreset } from '../core/naming-preset.js';
import { buildLintReport } from './build-lint-report.js';
import { createStyle } from './create-style.js';
import { formatLintReport } from './format-lint-report.js';
import type { LoadedTarget } from './load-target.js';

const loaded: LoadedTarget = {
  description: 'catalog: test',
  catalogs: [
    {
      server: 'github',
      tools: [
        {
          name: 'create_issue',
          description: 'Create an issue.',
          inputSchema: { type: 'object', properties: { title: { type: 'string' } } },
        },
        {
          name: 'search.code',
          inputSchema: { type: 'object', properties: { 'q?': { type: 'array' } } },
        },
      ],
    },
    {
      server: 'io-github-example-org-linear-mcp-server',
      tools: [
        {
          name: 'create_issue',
          inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/nope' } } },
        },
        { name: 'create_issue_with_labels_and_assignees' },
      ],
    },
  ],
  failures: [
    {
      server: 'broken',
      state: 'failed',
      reason: 'Server "broken" exited with code 1.',
      stderr: ['boom'],
    },
  ],
  warnings: [],
};

describe('buildLintReport', () => {
  const report = buildLintReport({
    loaded,
    preset: resolveNamingPreset('toolwire'),
    envelopes: ['openai', 'gemini', 'anthropic'],
    countTokens,
  });

  it('fits every canonical name per envelope, with its wire name and why', () => {
    const search = report.servers[0]?.tools[1];
    expect(search?.canonical).toBe('github__search.code');
    expect(search?.envelopes.openai).toEqual({
      status: 'fixed',
      wire: 'github__search_code',
      violations: ['characters: "." not allowed (allowed: A-Za-z0-9_-)'],
    });
    expect(search?.envelopes.gemini?.status).toBe('ok');
    const long = report.servers[1]?.tools[1];
    expect(long?.envelopes.openai?.status).toBe('alias');
    expect(long?.envelopes.openai?.wire).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(long?.envelopes.anthropic?.status).toBe('ok');
  });

  it('reports what projecting each schema does per provider: lossy rewrites and rejections', () => {
    expect(report.servers[0]?.tools[1]?.schema).toEqual([
      {
        target: 'gemini',
        severity: 'lossy',
        code: 'TYPE_ASSUMED',
        path: '/properties/q?/items',
        message:
          'Gemini parameters needs a type, and this schema accepts any value; asked for it as JSON text in a string.',
      },
    ]);
    const broken = report.servers[1]?.tools[0]?.schema ?? [];
    expect(broken.map((note) => [note.target, note.severity, note.code])).toEqual([
      ['openai', 'rejected', 'UNRESOLVED_REF'],
      ['anthropic', 'rejected', 'UNRESOLVED_REF'],
      ['gemini', 'rejected', 'UNRESOLVED_REF'],
    ]);
    expect(broken[0]?.message).toMatch(
      /^Tool "io-github-example-org-linear-mcp-server__create_issue": Schema at "\/properties\/a" refers to "#\/\$defs\/nope"/,
    );
    expect(report.summary.schemaRejected).toBe(3);
    expect(report.summary.schemaLossy).toBe(1);
  });

  it('lists names shared across servers, failures, tokens and a summary', () => {
    expect(report.sharedNames).toEqual([
      { tool: 'create_issue', servers: ['github', 'io-github-example-org-linear-mcp-server'] },
    ]);
    expect(report.servers[2]).toMatchObject({ server: 'broken', state: 'failed', tools: [] });
    expect(report.servers[0]?.tokens).toBeGreaterThan(20);
    expect(report.summary).toMatchObject({ servers: 3, ready: 2, failed: 1, tools: 4, leftOut: 0 });
    expect(report.summary.renamed).toEqual({ openai: 2, gemini: 1, anthropic: 1 });
  });

  it('leaves out a tool whose canonical name another already has (lossy presets)', () => {
    const cecli = buildLintReport({
      loaded: {
        ...loaded,
        catalogs: [{ server: 's', tools: [{ name: 'a.b' }, { name: 'a_b' }] }],
        failures: [],
      },
      preset: resolveNamingPreset('cecli'),
      envelopes: ['openai'],
      countTokens,
    });
    expect(cecli.servers[0]?.tools[1]?.collidesWith).toEqual({ server: 's', tool: 'a.b' });
    expect(cecli.summary.leftOut).toBe(1);
  });

  it('formats without colour unless asked', () => {
    const plain = formatLintReport(report, createStyle({ stream: { isTTY: false }, env: {} }));
    expect(plain).not.toContain('\u001b[');
    expect(plain).toContain('broken  FAILED\n  Server "broken" exited with code 1.');
    expect(plain).toContain('Tool names offered by more than one server');
    expect(plain).toContain(
      '    schema rejected by openai: Tool "io-github-example-org-linear-mcp-server__create_issue"',
    );
    expect(plain).toContain(
      '    schema gemini: /properties/q?/items Gemini parameters needs a type',
    );
    const tty = formatLintReport(report, createStyle({ stream: { isTTY: true }, env: {} }));
    expect(tty).toContain('\u001b[');
    const noColor = formatLintReport(
      report,
      createStyle({ stream: { isTTY: true }, env: { NO_COLOR: '1' } }),
    );
    expect(noColor).toBe(plain);
  });
});
