import { describe, expect, it } from 'vitest';
import { compileEnvelope } from './compile-envelope.js';
import type { Envelope } from './envelope.js';
import { substituteCharacters, wireMapContext } from './wire-map-context.js';

describe('wireMapContext', () => {
  it('should join aliases with _ and substitute with _ where the envelope allows it', () => {
    const context = wireMapContext(compileEnvelope('openai'), '__');
    expect(context).toMatchObject({ joiner: '_', aliasJoiner: '_', aliasable: true });
    expect(substituteCharacters('browser.fetch 😀', context)).toBe('browser_fetch__');
  });

  it('should join aliases with - where the separator is _, and never lead with the separator', () => {
    const context = wireMapContext(compileEnvelope('gemini'), '_');
    expect(context.joiner).toBe('_');
    expect(context.aliasJoiner).toBe('-');
    expect(context.aliasLeader).not.toBe('_');
    expect(compileEnvelope('gemini').first[context.aliasLeader.charCodeAt(0)]).toBe(1);
  });

  it('should be built once per envelope and separator', () => {
    const compiled = compileEnvelope('bedrock');
    expect(wireMapContext(compiled, '__')).toBe(wireMapContext(compiled, '__'));
    expect(wireMapContext(compiled, '--')).not.toBe(wireMapContext(compiled, '__'));
  });

  it('should say when an envelope cannot hold an alias', () => {
    const digits: Envelope = {
      id: 'digits',
      maxLength: 64,
      allowedCharacters: '0-9_',
      firstCharacters: null,
      source: 'a test envelope without letters',
    };
    expect(wireMapContext(compileEnvelope(digits), '__').aliasable).toBe(false);
  });
});
