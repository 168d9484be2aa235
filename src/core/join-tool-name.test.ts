import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serverSegment, toolSegment } from '../../test/support/name-arbitraries.js';
import { joinToolName } from './join-tool-name.js';
import { splitToolName } from './split-tool-name.js';
import { ToolwireError } from './toolwire-error.js';

describe('joinToolName', () => {
  it('should join with __ by default and with a chosen separator', () => {
    expect(joinToolName('github', 'create_issue')).toBe('github__create_issue');
    expect(joinToolName('browser', 'browser.fetch', { separator: '--' })).toBe(
      'browser--browser.fetch',
    );
  });

  it.each([
    ['', 'empty'],
    ['a__b', 'contains'],
    ['a_', 'ends'],
  ])('should reject server %j with INVALID_SERVER_NAME', (server) => {
    expect(() => joinToolName(server, 'tool')).toThrowError(
      expect.objectContaining({
        code: 'INVALID_SERVER_NAME',
        message: expect.stringContaining('tool "tool"'),
      }),
    );
  });

  it('should reject an empty separator', () => {
    expect(() => joinToolName('a', 'b', { separator: '' })).toThrowError(
      expect.objectContaining({ code: 'INVALID_OPTION' }),
    );
  });
});

describe('splitToolName', () => {
  it('should split at the first separator', () => {
    expect(splitToolName('github__create_issue')).toEqual({
      server: 'github',
      tool: 'create_issue',
    });
    expect(splitToolName('neon____node_version')).toEqual({
      server: 'neon',
      tool: '__node_version',
    });
    expect(splitToolName('a--b--c', { separator: '--' })).toEqual({ server: 'a', tool: 'b--c' });
  });

  it('should reject names without a server segment', () => {
    for (const name of ['plain', '__tool']) {
      expect(() => splitToolName(name)).toThrowError(
        expect.objectContaining({ code: 'INVALID_SERVER_NAME' }),
      );
    }
  });

  it('should read back every name joinToolName builds, and reject every server it rejects', () => {
    fc.assert(
      fc.property(
        serverSegment,
        toolSegment,
        fc.constantFrom('__', '--', '.', '::'),
        (server, tool, separator) => {
          let canonical: string;
          try {
            canonical = joinToolName(server, tool, { separator });
          } catch (error) {
            expect(ToolwireError.isInstance(error) && error.code).toBe('INVALID_SERVER_NAME');
            return;
          }
          expect(splitToolName(canonical, { separator })).toEqual({ server, tool });
        },
      ),
      { numRuns: 1000 },
    );
  });
});
