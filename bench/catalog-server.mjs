// A stdio MCP server that lists the tools of one catalog file (CATALOG) and echoes calls, for the
// proxy benchmark's tools/list rows.
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const catalog = JSON.parse(readFileSync(process.env.CATALOG, 'utf8'));
const server = new Server({ name: 'catalog', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: catalog.tools }));
server.setRequestHandler(CallToolRequestSchema, async (request) => ({
  content: [{ type: 'text', text: request.params.name }],
}));
await server.connect(new StdioServerTransport());
