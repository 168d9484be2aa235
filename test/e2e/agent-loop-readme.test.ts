import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropicModule } from '../provider-server/anthropic-module.js';
import { openaiChatModule } from '../provider-server/openai-chat-module.js';
import { openaiResponsesModule } from '../provider-server/openai-responses-module.js';
import type { ScriptedToolCall } from '../provider-server/provider-module.js';
import {
  type ProviderServer,
  startProviderServer,
  type ToolCallScript,
} from '../provider-server/start-provider-server.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The code blocks of the README's agent-loop section, in order. */
async function readmeBlocks(): Promise<string[]> {
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  const section = /<!-- section: agent-loop -->([\s\S]*?)<!-- \/section: agent-loop -->/.exec(
    readme,
  )?.[1];
  if (section === undefined) throw new Error('README.md has no agent-loop section');
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string);
}

/** The lines from the first statement after the imports to the end of the block. */
function loopLines(block: string): number {
  const lines = block.trimEnd().split('\n');
  const first = lines.findIndex((line) => line.length > 0 && !line.startsWith('import '));
  return lines.slice(first).filter((line) => line.length > 0).length;
}

/**
 * The model of the README loops: on the first request it lists the demo folder through
 * server-filesystem, reads the memory graph and asks server-everything for an image, by the
 * wire names offered; on every later request it answers with text.
 */
function readmeScript(folder: string): ToolCallScript {
  let requests = 0;
  return (_request, tools) => {
    if (++requests > 1) return [];
    const pick = (remote: string) => {
      const pattern = new RegExp(`(?:__|_)${remote}(?:_[a-z2-7]{8})?$`);
      const tool = tools.find((candidate) => pattern.test(candidate.name));
      if (tool === undefined) throw new Error(`no offered tool for ${remote}`);
      return tool.name;
    };
    const calls: [string, Record<string, unknown>][] = [
      [pick('list_directory'), { path: folder }],
      [pick('read_graph'), {}],
      [pick('get-tiny-image'), {}],
    ];
    return calls.map(
      ([name, args], index): ScriptedToolCall => ({ name, arguments: args, id: `call_${index}` }),
    );
  };
}

/** Runs one README block as a TypeScript module of this package (self-referencing `toolwire`). */
async function runBlock(code: string, env: Record<string, string>): Promise<void> {
  const file = join(root, `.readme-agent-loop-${process.pid}-${Date.now()}.mts`);
  await writeFile(file, code);
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, output).toBe(0);
  } finally {
    await rm(file, { force: true });
  }
}

describe('README agent loops, run as written against the local provider server', () => {
  let server: ProviderServer;
  let folder: string;
  let blocks: string[];
  let env: Record<string, string>;
  beforeAll(async () => {
    blocks = await readmeBlocks();
    folder = await mkdtemp(join(tmpdir(), 'toolwire-readme-loop-'));
    await writeFile(join(folder, 'hello.txt'), 'hello\n');
    server = await startProviderServer({
      modules: [openaiChatModule, openaiResponsesModule, anthropicModule],
    });
    env = {
      TOOLWIRE_DEMO_DIR: folder,
      OPENAI_API_KEY: 'test',
      OPENAI_BASE_URL: `${server.url}/v1`,
      ANTHROPIC_API_KEY: 'test',
      ANTHROPIC_BASE_URL: server.url,
    };
  });
  afterAll(async () => {
    await server?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('should keep the loops short: OpenAI and Anthropic 10 lines, the AI SDK 6', () => {
    expect(blocks.map(loopLines)).toEqual([10, 10, 6]);
  });

  for (const [index, name, provider] of [
    [0, 'OpenAI', 'openai-chat'],
    [1, 'Anthropic', 'anthropic'],
    [2, 'AI SDK', 'openai-responses'],
  ] as const) {
    it(`should run the ${name} loop to the end`, async () => {
      server.script = readmeScript(folder);
      const before = server.requests.length;
      await runBlock(blocks[index] as string, env);
      const requests = server.requests.slice(before);
      expect(requests.map((request) => [request.provider, request.violations])).toEqual([
        [provider, []],
        [provider, []],
      ]);
      // The second request carries the three results: the listing, the graph and the image
      // (Chat tool messages take text only, so there the image is a placeholder).
      const text = requests[1]?.text ?? '';
      expect(text).toContain('hello.txt');
      expect(text).toContain('"entities"');
      expect(text).toMatch(
        provider === 'openai-chat' ? /\[image image\/png, [\d,]+ bytes, not shown/ : /iVBOR/,
      );
    }, 60_000);
  }
});
