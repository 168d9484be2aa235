import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeAlias } from './describe-alias.js';

describe('describeAlias', () => {
  it('should append a note of the canonical server and tool', () => {
    expect(
      describeAlias({
        canonical: 'atlassian-rovo-mcp__getJiraIssue',
        description: 'Get an issue.',
      }),
    ).toBe('Get an issue.\n\n(MCP server "atlassian-rovo-mcp", tool "getJiraIssue")');
    expect(describeAlias({ canonical: 'fs__read.file' })).toBe(
      '(MCP server "fs", tool "read.file")',
    );
    expect(describeAlias({ canonical: 'plain.name', description: '' })).toBe('(tool "plain.name")');
    expect(describeAlias({ canonical: 'a--b', separator: '--' })).toBe(
      '(MCP server "a", tool "b")',
    );
  });

  it('should name the server and tool of an identity, never a re-split of the canonical name', () => {
    expect(
      describeAlias({
        canonical: 'mcp__io.github/everything__get-env',
        description: 'Env.',
        identity: { server: 'io.github/everything', remoteName: 'get-env' },
      }),
    ).toBe('Env.\n\n(MCP server "io.github/everything", tool "get-env")');
    // Without the identity a claude-code name reads as server "mcp".
    expect(describeAlias({ canonical: 'mcp__io.github/everything__get-env' })).toContain(
      'MCP server "mcp"',
    );
    expect(
      describeAlias({
        canonical: 'my.server_get_env',
        separator: '_',
        identity: { server: 'my.server', remoteName: 'get_env' },
      }),
    ).toBe('(MCP server "my.server", tool "get_env")');
  });

  it('should keep the note bounded and on one line whatever the names', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 2000 }),
        fc.string({ maxLength: 2000 }),
        (server, tool) => {
          const note = describeAlias({ canonical: `${server}__${tool}` });
          expect(note.length).toBeLessThanOrEqual(200);
          expect([...note].some((character) => (character.codePointAt(0) ?? 0) < 32)).toBe(false);
          // No lone high surrogate is left at a cut.
          expect(note).not.toMatch(/[\uD800-\uDBFF]…/);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
