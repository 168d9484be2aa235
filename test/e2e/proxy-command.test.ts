import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { readNamesFile } from '../../src/proxy/names-file.js';
import { runProxy } from '../../src/proxy/run-proxy.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scripted = join(root, 'test/fixtures/servers/scripted-server.mjs');

describe('runProxy', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'toolwire-proxy-'));
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  const start = async (servers: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const config = join(folder, 'servers.json');
    await writeFile(config, JSON.stringify({ mcpServers: servers, ...extra }));
    const output = new PassThrough();
    const notes: string[] = [];
    const running = await runProxy({
      config,
      client: 'claude-code',
      namesFile: join(folder, 'names.json'),
      log: (line) => notes.push(line),
      stdio: { input: new PassThrough(), output },
    });
    return { running, notes, output };
  };

  it('pins issued names in the names file and keeps them when another server brings the same tool', async () => {
    const first = await start(
      { github: { command: process.execPath, args: [scripted] } },
      { toolwire: { servers: { github: { include: ['echo', 'pid'] } } } },
    );
    expect(first.running.proxy.tools().tools.map((tool) => tool.name)).toEqual([
      'github__echo',
      'github__pid',
    ]);
    await first.running.close();
    const pinned = await readNamesFile(join(folder, 'names.json'));
    expect(pinned.names['claude-code/toolwire']).toEqual({
      github__echo: 'github__echo',
      github__pid: 'github__pid',
    });
    // Pinned to a name of our choosing: the next run keeps it, and adds the new server's tools.
    pinned.names['claude-code/toolwire'] = { github__echo: 'echo_from_github' };
    await writeFile(join(folder, 'names.json'), JSON.stringify(pinned));
    const second = await start({
      github: { command: process.execPath, args: [scripted] },
      gitlab: { command: process.execPath, args: [scripted] },
    });
    const names = second.running.proxy.tools().tools.map((tool) => tool.name);
    expect(names).toContain('echo_from_github');
    expect(names).toContain('gitlab__echo');
    // Nothing but protocol on the output: the notes went to the log.
    expect(second.output.read()).toBeNull();
    expect(second.notes.join('\n')).toMatch(/offering \d+ tools to Claude Code/);
    await second.running.close();
    const after = await readNamesFile(join(folder, 'names.json'));
    expect(after.names['claude-code/toolwire']?.github__echo).toBe('echo_from_github');
    expect(after.names['claude-code/toolwire']?.gitlab__echo).toBe('gitlab__echo');
  }, 60_000);

  it('prints the configuration snippet of each client', async () => {
    const printed: string[] = [];
    const code = await runCli({
      args: ['proxy', 'servers.json', '--print-config', 'codex', '--as', 'tools'],
      context: { stdout: (text) => printed.push(text), cwd: folder },
    });
    expect(code).toBe(0);
    expect(printed.join('')).toContain('[mcp_servers.tools]');
    expect(printed.join('')).toContain('"--client", "codex", "--as", "tools"');
  });

  it('refuses an --idle-timeout that is not whole seconds, before starting anything', async () => {
    for (const value of ['abc', '-5', '1.5']) {
      const errors: string[] = [];
      const code = await runCli({
        args: ['proxy', 'servers.json', '--http', '--idle-timeout', value],
        context: { stdout: () => {}, stderr: (text) => errors.push(text), cwd: folder },
      });
      expect(code, value).not.toBe(0);
      expect(errors.join(''), value).toContain('--idle-timeout');
    }
  });
});
