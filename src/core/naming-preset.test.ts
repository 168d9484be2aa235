import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NAMING_PRESETS, resolveNamingPreset } from './naming-preset.js';
import { ToolwireError } from './toolwire-error.js';

const name = (preset: keyof typeof NAMING_PRESETS, server: string, tool: string): string =>
  NAMING_PRESETS[preset].formatName(server, tool);

describe('naming presets against the hosts they copy (read from each host source)', () => {
  it('toolwire: server__tool, both segments kept', () => {
    expect(name('toolwire', 'github', 'create_issue')).toBe('github__create_issue');
    expect(name('toolwire', 'neon', '__node_version')).toBe('neon____node_version');
    expect(() => name('toolwire', 'a__b', 'x')).toThrow(/contains the separator/);
  });

  it('claude-code: mcp__server__tool, server characters outside A-Za-z0-9_- become _', () => {
    expect(name('claude-code', 'github', 'create_issue')).toBe('mcp__github__create_issue');
    expect(name('claude-code', 'my.server', 'search')).toBe('mcp__my_server__search');
    expect(name('claude-code', 'Chrome DevTools', 'click')).toBe('mcp__Chrome_DevTools__click');
  });

  it('openai-agents: mcp_server__tool, each part sanitised and trimmed of _ and -', () => {
    expect(name('openai-agents', 'github', 'create_issue')).toBe('mcp_github__create_issue');
    expect(name('openai-agents', '-my.server_', 'do thing')).toBe('mcp_my_server__do_thing');
    expect(name('openai-agents', '___', '!!!')).toBe('mcp_server__tool');
  });

  it('cecli: the cecli PR #694 vectors', () => {
    expect(name('cecli', 'browser', 'browser.fetch')).toBe('browser--browser_fetch');
    expect(name('cecli', 'browser', 'browser.persisted_session.list')).toBe(
      'browser--browser_persisted_session_list',
    );
    expect(name('cecli', 'browser', 'brave_web_search')).toBe('browser--brave_web_search');
  });

  it('agent-framework: the shibayan PR vectors', () => {
    expect(name('agent-framework', '', 'search docs!')).toBe('search-docs-');
    expect(name('agent-framework', 'github', 'search')).toBe('github_search');
    expect(name('agent-framework', 'jira', 'search')).toBe('jira_search');
    expect(name('agent-framework', 'git hub!', 'search')).toBe('git-hub_search');
    expect(name('agent-framework', 'github__', 'search')).toBe('github_search');
    expect(name('agent-framework', 'github', '__search')).toBe('github_search');
    expect(name('agent-framework', '_.-', 'search docs!')).toBe('search-docs-');
    expect(name('agent-framework', '!!!', 'search docs!')).toBe('search-docs-');
    expect(name('agent-framework', 'github', '___')).toBe('github');
    expect(name('agent-framework', '', 'name.with.dots')).toBe('name.with.dots');
    expect(name('agent-framework', '', 'name@with#special$chars')).toBe('name-with-special-chars');
    expect(name('agent-framework', '', 'a😀b')).toBe('a-b');
  });

  it('every preset keeps a name that already fits the universal envelope in the host shape', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z0-9]{0,15}$/),
        fc.stringMatching(/^[a-z][a-z0-9_]{0,20}[a-z0-9]$/),
        (server, tool) => {
          fc.pre(!tool.includes('__'));
          expect(name('toolwire', server, tool)).toBe(`${server}__${tool}`);
          expect(name('claude-code', server, tool)).toBe(`mcp__${server}__${tool}`);
          expect(name('openai-agents', server, tool)).toBe(`mcp_${server}__${tool}`);
          expect(name('cecli', server, tool)).toBe(`${server}--${tool}`);
          expect(name('agent-framework', server, tool)).toBe(`${server}_${tool}`);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('the lossy presets give names within their character class for any input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (server, tool) => {
        expect(name('cecli', server, tool)).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(name('openai-agents', server, tool)).toMatch(/^mcp_[A-Za-z0-9_-]+__[A-Za-z0-9_-]+$/);
        expect(name('agent-framework', server, tool)).toMatch(/^[A-Za-z0-9_.-]*$/);
      }),
      { numRuns: 1000 },
    );
  });

  it('resolveNamingPreset takes ids and objects and rejects unknown ids', () => {
    expect(resolveNamingPreset('cecli')).toBe(NAMING_PRESETS.cecli);
    expect(resolveNamingPreset(undefined)).toBe(NAMING_PRESETS.toolwire);
    expect(() => resolveNamingPreset('zed')).toThrow(ToolwireError);
    expect(() => resolveNamingPreset('zed')).toThrow(/^Naming preset "zed" is not known/);
  });
});
