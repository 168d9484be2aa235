// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} in plain strings is the config syntax under test.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolwireError } from '../core/toolwire-error.js';
import { findMcpConfigFiles } from './find-mcp-config-files.js';
import { parseMcpConfig } from './parse-mcp-config.js';
import { readMcpConfig } from './read-mcp-config.js';

describe('parseMcpConfig', () => {
  it('reads the Claude Desktop / Cursor mcpServers layout with ${VAR} expansion', () => {
    const result = parseMcpConfig({
      document: {
        mcpServers: {
          github: {
            command: 'npx',
            args: ['-y', '@modelcontextprotocol/server-github'],
            env: { GITHUB_TOKEN: '${GITHUB_TOKEN}', LEVEL: '${LOG_LEVEL:-info}', PORT: 8080 },
          },
          linear: {
            url: 'https://mcp.linear.app/mcp',
            headers: { Authorization: 'Bearer ${env:LINEAR_KEY}' },
          },
          old: { command: 'x', disabled: true },
        },
      },
      env: { GITHUB_TOKEN: 'ghp_1', LINEAR_KEY: 'lin_2' },
    });
    expect(result.format).toBe('mcpServers');
    expect(result.servers).toEqual([
      {
        key: 'github',
        config: {
          type: 'stdio',
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-github'],
          env: { GITHUB_TOKEN: 'ghp_1', LEVEL: 'info', PORT: '8080' },
        },
        display: {
          type: 'stdio',
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-github'],
          text: 'npx -y @modelcontextprotocol/server-github',
        },
        secrets: ['ghp_1', 'info', '8080'],
      },
      {
        key: 'linear',
        config: {
          type: 'http',
          url: 'https://mcp.linear.app/mcp',
          transport: 'auto',
          headers: { Authorization: 'Bearer lin_2' },
        },
        display: {
          type: 'http',
          url: 'https://mcp.linear.app/mcp',
          text: 'https://mcp.linear.app/mcp',
        },
        secrets: ['lin_2', 'Bearer lin_2'],
      },
      { key: 'old', disabled: true },
    ]);
  });

  it("reads VS Code's servers layout, its types and ${workspaceFolder}", () => {
    const result = parseMcpConfig({
      document: {
        inputs: [],
        servers: {
          fs: {
            type: 'stdio',
            command: 'node',
            args: ['${workspaceFolder}/server.js'],
            cwd: 'tools',
          },
          remote: { type: 'sse', url: 'http://127.0.0.1:9/sse' },
          stream: { type: 'http', url: 'http://127.0.0.1:9/mcp' },
        },
      },
      env: {},
      baseDirectory: '/project/.vscode',
      workspaceFolder: '/project',
    });
    expect(result.format).toBe('servers');
    expect(result.servers[0]?.config).toEqual({
      type: 'stdio',
      command: 'node',
      args: ['/project/server.js'],
      env: {},
      cwd: '/project/.vscode/tools',
    });
    expect(result.servers[1]?.config).toMatchObject({ type: 'http', transport: 'sse' });
    expect(result.servers[2]?.config).toMatchObject({ type: 'http', transport: 'auto' });
  });

  it('keeps a bad entry with its reason and reads the others', () => {
    const result = parseMcpConfig({
      document: {
        mcpServers: {
          good: { command: 'node' },
          unset: { command: 'node', env: { KEY: '${MISSING_KEY}' } },
          prompt: { command: 'node', args: ['${input:token}'] },
          empty: {},
          badUrl: { url: 'not a url' },
        },
      },
      env: {},
    });
    expect(result.servers.map((entry) => [entry.key, entry.config !== undefined])).toEqual([
      ['good', true],
      ['unset', false],
      ['prompt', false],
      ['empty', false],
      ['badUrl', false],
    ]);
    expect(result.servers[1]?.error?.message).toBe(
      'Server "unset" "env.KEY" uses ${MISSING_KEY}, but MISSING_KEY is not set; export it, or write ${MISSING_KEY:-default}.',
    );
    expect(result.servers[2]?.error?.message).toMatch(/only VS Code can prompt for/);
    expect(result.servers[3]?.error?.code).toBe('INVALID_CONFIG');
  });

  it('shows ${VAR} as written and lists every expanded value as a secret (issue 8 item 1)', () => {
    const result = parseMcpConfig({
      document: {
        mcpServers: {
          stdio: {
            command: 'node',
            args: ['srv.mjs', '--api-key=${SECRET_TOKEN}', '--home=${userHome}', '${MODE:-fast}'],
          },
          http: { url: 'http://127.0.0.1:1/mcp?key=${SECRET_TOKEN}' },
          broken: { url: '${SECRET_TOKEN}' },
        },
      },
      env: { SECRET_TOKEN: 'sk-LEAKME', HOME: '/home/someone' },
    });
    const [stdio, http, broken] = result.servers;
    expect(stdio?.config).toMatchObject({
      args: ['srv.mjs', '--api-key=sk-LEAKME', '--home=/home/someone', 'fast'],
    });
    expect(stdio?.display?.text).toBe(
      'node srv.mjs --api-key=${SECRET_TOKEN} --home=${userHome} ${MODE:-fast}',
    );
    // Defaults written in the file and ${userHome} are not secrets; environment values are.
    expect(stdio?.secrets).toEqual(['sk-LEAKME']);
    expect(http?.display).toEqual({
      type: 'http',
      url: 'http://127.0.0.1:1/mcp?key=${SECRET_TOKEN}',
      text: 'http://127.0.0.1:1/mcp?key=${SECRET_TOKEN}',
    });
    expect(http?.secrets).toEqual(['sk-LEAKME']);
    // A URL that is not valid is quoted as written, not expanded.
    expect(broken?.error?.message).toBe(
      'Server "broken" "url" is not a valid URL: "${SECRET_TOKEN}".',
    );
    expect(
      JSON.stringify(result.servers.map((entry) => [entry.display, entry.error?.message])),
    ).not.toContain('sk-LEAKME');
  });

  it('rejects a document that is not a configuration', () => {
    for (const document of [null, [], { tools: [] }, { mcpServers: [] }]) {
      try {
        parseMcpConfig({ document, env: {} });
        expect.unreachable();
      } catch (error) {
        expect(ToolwireError.isInstance(error) && error.code).toBe('INVALID_CONFIG');
      }
    }
  });
});

describe('readMcpConfig and findMcpConfigFiles', () => {
  it('reads JSON with comments and trailing commas, resolving cwd against the file', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'toolwire-config-'));
    try {
      await mkdir(join(folder, '.vscode'));
      const path = join(folder, '.vscode', 'mcp.json');
      await writeFile(
        path,
        '{\n  // my servers\n  "servers": { "a": { "command": "node", "args": ["${workspaceFolder}/s.js", "// not a comment"], "cwd": "..", }, },\n  /* done */\n}\n',
      );
      const result = await readMcpConfig({ path, env: {} });
      expect(result.servers[0]?.config).toEqual({
        type: 'stdio',
        command: 'node',
        args: [`${folder}/s.js`, '// not a comment'],
        env: {},
        cwd: folder,
      });
      const locations = await findMcpConfigFiles({
        cwd: folder,
        home: folder,
        platform: 'linux',
        env: {},
      });
      expect(
        locations.filter((location) => location.exists).map((location) => location.path),
      ).toEqual([path]);
      await expect(readMcpConfig({ path: join(folder, 'nope.json') })).rejects.toThrow(
        /cannot be read \(ENOENT\)/,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
