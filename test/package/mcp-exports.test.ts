import { describe, expect, it } from 'vitest';

describe('toolwire/mcp', () => {
  it('should export the hub, config readers, catalogs and the server-author guards from the built file', async () => {
    const self = 'toolwire/mcp';
    const entry = (await import(/* @vite-ignore */ self)) as Record<string, unknown>;
    expect(Object.keys(entry).sort()).toEqual([
      'McpHub',
      'NAMING_PRESETS',
      'SECRET_MASK',
      'checkToolNames',
      'createMcpHub',
      'createSecretMask',
      'deriveToolName',
      'displayMcpServer',
      'explainEnvelopeFit',
      'findMcpConfigFiles',
      'guardToolNames',
      'maskSecrets',
      'mcpServerSecrets',
      'parseCatalog',
      'parseMcpConfig',
      'readMcpConfig',
      'resolveNamingPreset',
    ]);
  });
});
