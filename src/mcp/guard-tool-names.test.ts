import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ToolwireError } from '../core/toolwire-error.js';
import { guardToolNames } from './guard-tool-names.js';

const handler = async () => ({ content: [{ type: 'text' as const, text: 'ok' }] });

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return ToolwireError.isInstance(error) ? error.code : 'not a ToolwireError';
  }
  return undefined;
}

describe('guardToolNames', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('throws at registration for a name outside the envelope, naming the tool and the rule', () => {
    const server = new McpServer({ name: 'notes', version: '1.0.0' });
    guardToolNames(server);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => server.registerTool('notes.search', { inputSchema: {} }, handler)).toThrow(
      'Tool "notes.search" breaks the universal envelope: characters: "." not allowed (allowed: A-Za-z0-9_-); rename it, e.g. "notes_search".',
    );
    expect(codeOf(() => server.registerTool('x'.repeat(65), {}, handler))).toBe(
      'INVALID_TOOL_NAME',
    );
    expect(codeOf(() => server.registerTool('1password', {}, handler))).toBe('INVALID_TOOL_NAME');
    expect(warn).not.toHaveBeenCalled();
  });

  it('registers nothing when it throws, so the server lists only the good tools', async () => {
    const server = new McpServer({ name: 'notes', version: '1.0.0' });
    guardToolNames(server);
    server.registerTool('get_note', { inputSchema: { id: z.string() } }, handler);
    expect(() => server.registerTool('get note', {}, handler)).toThrow(ToolwireError);
    expect(() => server.tool('list/notes', handler)).toThrow(ToolwireError);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientSide);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['get_note']);
    await client.close();
    await server.close();
  });

  it('rejects duplicates with its own error before the SDK sees them', () => {
    const server = new McpServer({ name: 'notes', version: '1.0.0' });
    guardToolNames(server);
    server.registerTool('get_note', {}, handler);
    expect(() => server.registerTool('get_note', {}, handler)).toThrow(
      'Tool "get_note" is already registered on this server; give each tool its own name.',
    );
    expect(codeOf(() => server.tool('get_note', handler))).toBe('DUPLICATE_TOOL_NAME');
  });

  it('guards renames through update({ name }) and leaves the old name in place', () => {
    const server = new McpServer({ name: 'notes', version: '1.0.0' });
    guardToolNames(server, { envelope: 'openai' });
    const tool = server.registerTool('get_note', {}, handler);
    server.registerTool('list_notes', {}, handler);
    expect(codeOf(() => tool.update({ name: 'get.note' }))).toBe('INVALID_TOOL_NAME');
    expect(codeOf(() => tool.update({ name: 'list_notes' }))).toBe('DUPLICATE_TOOL_NAME');
    tool.update({ name: 'fetch_note' });
    tool.update({ description: 'same name, new text' });
    expect(codeOf(() => server.registerTool('fetch_note', {}, handler))).toBe(
      'DUPLICATE_TOOL_NAME',
    );
  });

  it('checks tools registered before the guard, and honours the chosen envelope', () => {
    const early = new McpServer({ name: 'x', version: '1.0.0' });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    early.registerTool('a.b', {}, handler);
    expect(codeOf(() => guardToolNames(early))).toBe('INVALID_TOOL_NAME');
    const mcp = new McpServer({ name: 'y', version: '1.0.0' });
    guardToolNames(mcp, { envelope: 'mcp' });
    expect(() => mcp.registerTool('browser.fetch', {}, handler)).not.toThrow();
  });

  it('guards task tools and can be released', () => {
    const server = new McpServer({ name: 'tasks', version: '1.0.0' });
    const guard = guardToolNames(server);
    expect(guard.envelope).toBe('universal');
    expect(
      codeOf(() =>
        server.experimental.tasks.registerToolTask(
          'long.job',
          {},
          {
            createTask: async () => {
              throw new Error('unused');
            },
            getTask: async () => {
              throw new Error('unused');
            },
            getTaskResult: async () => {
              throw new Error('unused');
            },
          },
        ),
      ),
    ).toBe('INVALID_TOOL_NAME');
    guard.release();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => server.registerTool('a.b', {}, handler)).not.toThrow();
  });
});
