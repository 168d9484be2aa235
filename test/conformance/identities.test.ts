import { describe, expect, it } from 'vitest';
import type { ToolIdentity } from '../../src/core/tool-identity.js';
import { projectLanguageModelRequest } from '../../src/providers/ai-sdk/index.js';
import { projectMessagesRequest } from '../../src/providers/anthropic/index.js';
import { projectConverseRequest } from '../../src/providers/bedrock/index.js';
import { projectGenerateContentRequest } from '../../src/providers/gemini/index.js';
import { projectChatRequest, projectResponsesRequest } from '../../src/providers/openai/index.js';

// A canonical name a `claude-code`-style preset formed: splitting it at `__` finds server `mcp`.
const identity: ToolIdentity = {
  canonical: `mcp__io.github.example-org/linear-mcp-server__${'create_project_with_issues_'.repeat(3)}`,
  server: 'io.github.example-org/linear-mcp-server',
  remoteName: 'create_project_with_issues_'.repeat(3),
};
const name = identity.canonical;
const schema = { type: 'object', properties: {} };
const options = { identities: [identity] };
/** The first element of a projected list (an empty object when there is none). */
const first = (list: unknown): unknown => (Array.isArray(list) ? list[0] : undefined) ?? {};

/** Every adapter, with the description it sends for the one tool. */
const SUBJECTS: [
  string,
  () => { map: { identityOf(name: string): unknown }; description: unknown },
][] = [
  [
    'openai chat',
    () => {
      const p = projectChatRequest(
        { messages: [], tools: [{ type: 'function', function: { name, parameters: schema } }] },
        options,
      );
      return {
        map: p.map,
        description: (first(p.request.tools) as { function: { description?: string } }).function
          .description,
      };
    },
  ],
  [
    'openai responses',
    () => {
      const p = projectResponsesRequest(
        { input: 'x', tools: [{ type: 'function', name, parameters: schema, strict: false }] },
        options,
      );
      return {
        map: p.map,
        description: (first(p.request.tools) as { description?: string }).description,
      };
    },
  ],
  [
    'anthropic',
    () => {
      const p = projectMessagesRequest(
        {
          model: 'm',
          max_tokens: 1,
          messages: [],
          tools: [{ name, input_schema: schema as never }],
        },
        options,
      );
      return {
        map: p.map,
        description: (first(p.request.tools) as { description?: string }).description,
      };
    },
  ],
  [
    'gemini',
    () => {
      const p = projectGenerateContentRequest(
        {
          model: 'm',
          contents: 'x',
          config: { tools: [{ functionDeclarations: [{ name, parametersJsonSchema: schema }] }] },
        },
        options,
      );
      const tool = first(p.request.config?.tools) as {
        functionDeclarations: { description?: string }[];
      };
      return { map: p.map, description: tool?.functionDeclarations[0]?.description };
    },
  ],
  [
    'bedrock',
    () => {
      const p = projectConverseRequest(
        {
          modelId: 'm',
          messages: [],
          toolConfig: { tools: [{ toolSpec: { name, inputSchema: { json: schema } } }] },
        },
        options,
      );
      const spec = p.request.toolConfig?.tools?.[0]?.toolSpec as { description?: string };
      return { map: p.map, description: spec.description };
    },
  ],
  [
    'ai-sdk',
    () => {
      const p = projectLanguageModelRequest(
        { prompt: [], tools: [{ type: 'function', name, inputSchema: schema }] },
        { ...options, envelope: 'openai' },
      );
      return {
        map: p.map,
        description: (first(p.request.tools) as { description?: string }).description,
      };
    },
  ],
];

describe('identities option (every adapter)', () => {
  for (const [label, run] of SUBJECTS) {
    it(`${label}: should know the server and tool from the identity, not from splitting the canonical name`, () => {
      const { map, description } = run();
      expect(map.identityOf(name)).toEqual(identity);
      expect(description).toContain(`MCP server "${identity.server}"`);
      expect(description).not.toContain('MCP server "mcp"');
    });
  }
});

describe('identities option with Responses namespaces', () => {
  it('should group a tool under its identity server and resolve its calls to the canonical name', () => {
    const short: ToolIdentity = {
      canonical: 'mcp__github__create_issue',
      server: 'github',
      remoteName: 'create_issue',
    };
    const projected = projectResponsesRequest(
      {
        input: 'x',
        tools: [{ type: 'function', name: short.canonical, parameters: schema, strict: false }],
      },
      { namespaces: true, identities: [short] },
    );
    expect(projected.request.tools).toMatchObject([
      { type: 'namespace', name: 'github', tools: [{ name: 'create_issue' }] },
    ]);
    const { response } = projected.resolveResponse({
      output: [
        {
          type: 'function_call',
          call_id: 'c',
          namespace: 'github',
          name: 'create_issue',
          arguments: '{}',
        },
      ],
    } as never);
    expect((response as { output: unknown[] }).output[0]).toEqual({
      type: 'function_call',
      call_id: 'c',
      name: short.canonical,
      arguments: '{}',
    });
  });
});
