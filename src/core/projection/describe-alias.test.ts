import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALIAS_NOTE_MAX_SERVER,
  ALIAS_NOTE_MAX_TOOL,
  ALIAS_NOTE_MAX_WHOLE,
  describeAlias,
} from './describe-alias.js';

// How a reader of a stored copy of the tools takes the note apart (the gateway's stored responses).
const NOTE = /(?:^|\n\n)\((?:MCP server "([^"]*)", )?tool "([^"]*)"\)$/;
// Names as a registry and a server give them: no separator in the server, no quote, backslash or
// control character (those are shown as spaces, so no note can carry them).
const plainText = (minLength: number, maxLength: number) =>
  fc
    .string({ unit: 'grapheme', minLength, maxLength })
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is excluded
    .filter((text) => !/[\u0000-\u001f\u007f"\\]/.test(text));

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

  it('should name server and tool uncut with whole, so the canonical name reads back from the note', () => {
    fc.assert(
      fc.property(
        plainText(1, 300).filter((server) => !server.includes('__') && !server.endsWith('_')),
        plainText(0, 300),
        fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
        (server, tool, description) => {
          const canonical = `${server}__${tool}`;
          const described = describeAlias({ canonical, description, whole: true });
          const note = NOTE.exec(described);
          expect(note).not.toBeNull();
          if (server.length + tool.length <= ALIAS_NOTE_MAX_WHOLE) {
            expect(`${note?.[1]}__${note?.[2]}`).toBe(canonical);
          } else {
            // Over the bound the note is the bounded one.
            expect(described).toBe(describeAlias({ canonical, description }));
          }
          if (server.length <= ALIAS_NOTE_MAX_SERVER && tool.length <= ALIAS_NOTE_MAX_TOOL) {
            // Names the bounded note shows whole give the same note either way.
            expect(described).toBe(describeAlias({ canonical, description }));
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('should keep a whole note bounded and on one line whatever the names', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 2000 }),
        fc.string({ maxLength: 2000 }),
        (server, tool) => {
          const note = describeAlias({ canonical: `${server}__${tool}`, whole: true });
          expect(note.length).toBeLessThanOrEqual(ALIAS_NOTE_MAX_WHOLE + 200);
          expect([...note].some((character) => (character.codePointAt(0) ?? 0) < 32)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
    const long = 'a'.repeat(600);
    expect(describeAlias({ canonical: `s__${long}`, whole: true })).toBe(
      describeAlias({ canonical: `s__${long}` }),
    );
    expect(describeAlias({ canonical: 'x'.repeat(300), whole: true })).toBe(
      `(tool "${'x'.repeat(300)}")`,
    );
  });

  it('should name an identity whole', () => {
    const server = `io.github.${'org'.repeat(20)}/server`;
    expect(
      describeAlias({
        canonical: `mcp__${server}__${'t'.repeat(100)}`,
        identity: { server, remoteName: 't'.repeat(100) },
        whole: true,
      }),
    ).toBe(`(MCP server "${server}", tool "${'t'.repeat(100)}")`);
  });
});
