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
