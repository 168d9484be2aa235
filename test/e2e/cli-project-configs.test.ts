import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, fixture, toolwire } from '../support/run-toolwire.js';

let folder: string;
let home: string;
let project: string;

// A server entry that leaves a marker file the moment it is spawned (a preload script writes it),
// then serves the scripted server's real tools.
function markingServer(marker: string): {
  command: string;
  args: string[];
  env: Record<string, string>;
} {
  return {
    command: process.execPath,
    args: ['--require', join(folder, 'mark.cjs'), fixture('scripted-server.mjs')],
    env: { TOOLWIRE_TEST_MARKER: marker },
  };
}

const markers = (): string[] =>
  ['claude-code', 'vscode', 'cursor'].filter((name) => existsSync(join(folder, `${name}.marker`)));

beforeAll(async () => {
  expect(existsSync(bin), 'npm test builds dist/ first; run npm run build').toBe(true);
  folder = await mkdtemp(join(tmpdir(), 'toolwire-project-'));
  home = join(folder, 'home');
  project = join(folder, 'checkout');
  await mkdir(join(home, '.config'), { recursive: true });
  await mkdir(join(project, '.vscode'), { recursive: true });
  await mkdir(join(project, '.cursor'), { recursive: true });
  await writeFile(
    join(folder, 'mark.cjs'),
    "require('node:fs').writeFileSync(process.env.TOOLWIRE_TEST_MARKER, 'spawned');\n",
  );
  await writeFile(
    join(project, '.mcp.json'),
    JSON.stringify({ mcpServers: { planted: markingServer(join(folder, 'claude-code.marker')) } }),
  );
  await writeFile(
    join(project, '.vscode', 'mcp.json'),
    JSON.stringify({ servers: { planted2: markingServer(join(folder, 'vscode.marker')) } }),
  );
  await writeFile(
    join(project, '.cursor', 'mcp.json'),
    JSON.stringify({ mcpServers: { planted3: markingServer(join(folder, 'cursor.marker')) } }),
  );
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const environment = (): Record<string, string> => ({
  HOME: home,
  XDG_CONFIG_HOME: join(home, '.config'),
});

describe('project-local configs need consent (issue 8 item 3)', () => {
  it('with no target and no user config, spawns nothing and says how to run them', async () => {
    for (const command of ['lint', 'names', 'capture']) {
      const run = await toolwire([command], { cwd: project, env: environment() });
      expect(run.code, command).toBe(2);
      expect(run.stderr).toMatch(/^toolwire: No target given and no .* user config found/);
      expect(run.stderr).toContain(join(project, '.mcp.json'));
      expect(run.stderr).toContain('name one as the target or add --project');
    }
    expect(markers()).toEqual([]);
  });

  it('with a user config, runs only that one and notes the skipped project configs', async () => {
    await mkdir(join(home, '.cursor'), { recursive: true });
    await writeFile(
      join(home, '.cursor', 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          mine: { command: process.execPath, args: [fixture('scripted-server.mjs')] },
        },
      }),
    );
    try {
      const run = await toolwire(['lint', '--envelopes', 'openai'], {
        cwd: project,
        env: environment(),
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('mine  ready');
      expect(run.stdout).not.toContain('planted');
      expect(run.stderr).toContain('are project configs from the working folder and were not run');
      expect(markers()).toEqual([]);
    } finally {
      await rm(join(home, '.cursor'), { recursive: true, force: true });
    }
  });

  it('runs them when named or with --project', async () => {
    const named = await toolwire(['names', '.mcp.json', '--json', '-q'], {
      cwd: project,
      env: environment(),
    });
    expect(named.code).toBe(0);
    expect(markers()).toEqual(['claude-code']);
    const all = await toolwire(['names', '--project', '--json', '-q'], {
      cwd: project,
      env: environment(),
    });
    expect(all.code).toBe(0);
    expect(markers()).toEqual(['claude-code', 'vscode', 'cursor']);
    const servers = new Set(JSON.parse(all.stdout).map((row: { server: string }) => row.server));
    expect(servers).toEqual(new Set(['planted', 'planted2', 'planted3']));
  });
});
