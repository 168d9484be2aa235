import { describe, expect, it } from 'vitest';

describe('toolwire root entry', () => {
  it('should export the core API by these names from the built file', async () => {
    // A variable specifier, so that type-checking does not need a build.
    const built = '../../dist/index.js';
    const entry = (await import(/* @vite-ignore */ built)) as Record<string, unknown>;
    for (const name of [
      'ENVELOPES',
      'fitsEnvelope',
      'intersectEnvelopes',
      'resolveEnvelope',
      'joinToolName',
      'splitToolName',
      'createToolWireMap',
      'ToolwireError',
    ]) {
      expect(entry[name], name).toBeDefined();
    }
    const { createToolWireMap, ToolwireError } = entry as typeof import('../../src/index.js');
    const map = createToolWireMap(['a.b'], { envelope: 'openai' });
    expect(map.entries()).toEqual([['a.b', 'a_b']]);
    expect(typeof ToolwireError.isInstance).toBe('function');
  });

  it('should resolve the package by its own name', async () => {
    const self = 'toolwire';
    const byName = (await import(/* @vite-ignore */ self)) as Record<string, unknown>;
    expect(Object.keys(byName)).toContain('createToolWireMap');
  });
});
