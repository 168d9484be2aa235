import type { ConformanceFixture } from '../../conformance/fixtures.js';
import { loadCatalogs } from '../../conformance/fixtures.js';

/**
 * 200 tools from the real catalogs under long registry-style server keys (most names over 64
 * characters, many over 128) and a history of 100 messages (50 tool calls and their results), as
 * a long agent session sends them.
 */
export function bigFixture(): ConformanceFixture {
  const tools: ConformanceFixture['tools'] = [];
  const seen = new Set<string>();
  for (const catalog of loadCatalogs()) {
    const server = `io-github-modelcontextprotocol-registry-${catalog.file.replace(/\.json$/, '')}-mcp-server-production-eu-west-1`;
    for (const tool of catalog.tools) {
      const name = `${server}__${tool.name}`;
      if (seen.has(name)) continue;
      seen.add(name);
      tools.push({
        name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        inputSchema: tool.inputSchema ?? { type: 'object' },
      });
      if (tools.length === 200) break;
    }
    if (tools.length === 200) break;
  }
  const history = Array.from({ length: 50 }, (_, index) => ({
    id: `call_h${index}`,
    name: (tools[(index * 7) % tools.length] as { name: string }).name,
    arguments: {},
    result: `result ${index}`,
  }));
  return { label: '200 tools, 100 history messages', tools, history, system: 'You are helpful.' };
}
