import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A tool as the host holds it: canonical name, description, MCP input schema. */
export interface ConformanceTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

/** One earlier tool call of the conversation and its result, by canonical name. */
export interface ConformanceHistoryCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  result: string;
}

/** A provider-neutral request: what each adapter subject turns into its own request type. */
export interface ConformanceFixture {
  /** A short label for test names. */
  label: string;
  tools: ConformanceTool[];
  /** A tool the request forces, by canonical name. */
  toolChoice?: string;
  history: ConformanceHistoryCall[];
  /** A system prompt; adapters with cache control mark it. */
  system?: string;
}

const objectSchema = (properties: Record<string, unknown> = {}, required: string[] = []) => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required } : {}),
});

/** Every name fits every envelope (letters, digits, `_`, leading letter, short). */
export const FITTING_FIXTURE: ConformanceFixture = {
  label: 'fitting names',
  tools: [
    {
      name: 'github__create_issue',
      description: 'Create an issue.',
      inputSchema: objectSchema({ title: { type: 'string' } }, ['title']),
    },
    {
      name: 'github__search_code',
      description: 'Search code.',
      inputSchema: objectSchema({ query: { type: 'string' } }, ['query']),
    },
  ],
  toolChoice: 'github__search_code',
  history: [
    { id: 'call_h1', name: 'github__create_issue', arguments: { title: 'Bug' }, result: '#1' },
  ],
  system: 'You are a helpful assistant.',
};

/** A server key long enough that its names exceed 128 characters, so every provider rejects them. */
export const LONG_SERVER =
  'io-github-modelcontextprotocol-server-catalog-atlassian-enterprise-prod';
const LONG_TOOL = 'getConfluencePageDescendantsWithAttachmentsAndPermissions';

/** Names over every provider's length limit. */
export const LONG_FIXTURE: ConformanceFixture = {
  label: 'long names',
  tools: [
    {
      name: `${LONG_SERVER}__${LONG_TOOL}`,
      description: 'Get the descendants of a page.',
      inputSchema: objectSchema({ pageId: { type: 'string' } }, ['pageId']),
    },
    {
      name: `${LONG_SERVER}__${LONG_TOOL.replace('get', 'delete')}`,
      description: 'Delete the descendants of a page.',
      inputSchema: objectSchema({ pageId: { type: 'string' } }, ['pageId']),
    },
    {
      name: 'github__create_issue',
      description: 'Create an issue.',
      inputSchema: objectSchema({ title: { type: 'string' } }),
    },
  ],
  toolChoice: `${LONG_SERVER}__${LONG_TOOL}`,
  history: [
    {
      id: 'call_h1',
      name: `${LONG_SERVER}__${LONG_TOOL.replace('get', 'delete')}`,
      arguments: { pageId: '42' },
      result: 'deleted',
    },
  ],
  system: 'You are a helpful assistant.',
};

/**
 * Dotted MCP names (legal in MCP, rejected by OpenAI, Anthropic and Bedrock) on a server key with
 * a leading digit (rejected by Gemini and Vertex, which want a leading letter or `_`).
 */
export const DOTTED_FIXTURE: ConformanceFixture = {
  label: 'dotted names',
  tools: [
    {
      name: '1password__items.get',
      description: 'Get an item.',
      inputSchema: objectSchema({ id: { type: 'string' } }, ['id']),
    },
    {
      name: '1password__items.list',
      description: 'List items.',
      inputSchema: objectSchema(),
    },
    {
      name: 'browser__browser.persisted_session.list',
      inputSchema: objectSchema(),
    },
  ],
  toolChoice: '1password__items.list',
  history: [
    { id: 'call_h1', name: '1password__items.get', arguments: { id: 'x' }, result: 'secret' },
  ],
};

const catalogDirectory = fileURLToPath(new URL('../fixtures/catalogs/', import.meta.url));

/** A real catalog from test/fixtures/catalogs. */
export interface Catalog {
  file: string;
  tools: { name: string; description?: string; inputSchema?: Record<string, unknown> }[];
}

/** Every real catalog, sorted by file name. */
export function loadCatalogs(): Catalog[] {
  return readdirSync(catalogDirectory)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({
      file,
      tools: JSON.parse(readFileSync(`${catalogDirectory}${file}`, 'utf8')).tools,
    }));
}

/**
 * A catalog as a fixture under a long server key (`io-github-<name>-mcp-server-production`), with
 * a history call of its first tool and its last tool forced.
 */
export function catalogFixture(catalog: Catalog): ConformanceFixture {
  const server = `io-github-${catalog.file.replace(/\.json$/, '')}-mcp-server-production`;
  const tools = catalog.tools.map((tool) => ({
    name: `${server}__${tool.name}`,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    inputSchema: tool.inputSchema ?? { type: 'object' },
  }));
  const first = tools[0];
  return {
    label: catalog.file,
    tools,
    history:
      first === undefined ? [] : [{ id: 'call_h1', name: first.name, arguments: {}, result: 'ok' }],
  };
}
