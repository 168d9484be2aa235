import { describe, expect, it } from 'vitest';
import { aliasToolName } from './alias-tool-name.js';
import { compileEnvelope } from './compile-envelope.js';
import { nameHash } from './name-hash.js';
import { wireMapContext } from './wire-map-context.js';

const openai = wireMapContext(compileEnvelope('openai'), '__');

describe('aliasToolName', () => {
  it('should show the server, then the whole tool, then the hash of the canonical name', () => {
    const canonical = 'io.github/x__get.env';
    expect(aliasToolName({ canonical, server: 'io.github/x', tool: 'get.env' }, 0, openai)).toBe(
      `io_github_x_get_env_${nameHash(canonical)}`,
    );
  });

  it('should shorten the server first and keep a tool of 40 characters whole', () => {
    const tool = `${'a'.repeat(20)}-${'b'.repeat(19)}`;
    const server = 'io.github.modelcontextprotocol/server-everything';
    const alias = aliasToolName({ canonical: `${server}__${tool}`, server, tool }, 0, openai);
    expect(alias).toHaveLength(64);
    expect(alias).toMatch(new RegExp(`^io_github_mode_${tool}_[a-z2-7]{8}$`));
  });

  it('should cut the longest words first when the tool itself does not fit', () => {
    const tool = 'getConfluencePageDescendantsWithAttachmentsAndTheirRegistrationsEverywhere';
    const alias = aliasToolName({ canonical: `s__${tool}`, server: 's', tool }, 0, openai);
    expect(alias.length).toBeLessThanOrEqual(64);
    // Every word keeps its start.
    expect(alias).toMatch(
      /^s_getConf\w*Page\w*Desc\w*With\w*Atta\w*And\w*Thei\w*Regi\w*Ever\w*_[a-z2-7]{8}$/,
    );
  });

  it('should join with - where the separator is _, so the alias never shows the separator', () => {
    const context = wireMapContext(compileEnvelope('openai'), '_');
    const alias = aliasToolName(
      { canonical: 'my.server_get_env', server: 'my.server', tool: 'get_env' },
      0,
      context,
    );
    expect(alias).toMatch(/^my-server-get-env-[a-z2-7]{8}$/);
  });

  it('should hash the attempt in after the first try', () => {
    const name = { canonical: 'a__b', server: 'a', tool: 'b' };
    expect(aliasToolName(name, 1, openai)).toBe(`a_b_${nameHash('a__b\u00001')}`);
  });

  it('should put a letter first where the envelope needs one', () => {
    const gemini = wireMapContext(compileEnvelope('gemini'), '_');
    const alias = aliasToolName(
      { canonical: '1password_x', server: '1password', tool: 'x' },
      0,
      gemini,
    );
    expect(alias).toMatch(/^[A-Za-z]/);
    expect(alias).not.toMatch(/^_/);
    expect(alias).toContain('1password-x');
  });
});
