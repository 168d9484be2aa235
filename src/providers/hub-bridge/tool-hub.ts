/**
 * What the provider bridges need of an MCP hub, as a structural view: `toolwire/mcp`'s `McpHub`
 * fits it, and so does any object with the same two methods. Adapters stay free of the MCP layer
 * (and of `node:`) by depending on this view only.
 */

/** One tool the hub offers, under its canonical name, with its server identity. */
export interface ToolHubTool {
  /** The host's stable name for the tool, the name the provider bridges offer and call. */
  readonly canonical: string;
  /** The server key. */
  readonly server: string;
  /** The server's own name for the tool. */
  readonly remoteName: string;
  /** The human title, when the server gives one. */
  readonly title?: string | undefined;
  /** The description, when the server gives one. */
  readonly description?: string | undefined;
  /** The input schema, as the hub normalised it. */
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

/** Progress of one tool call, as the server reports it. */
export interface ToolCallProgress {
  /** The progress so far. */
  progress: number;
  /** The total, when the server knows it. */
  total?: number;
  /** A message, when the server sends one. */
  message?: string;
}

/** What {@link ToolHubLike.callTool} takes. */
export interface ToolHubCallOptions {
  /** The canonical name. */
  name: string;
  /** The arguments. */
  arguments?: Record<string, unknown>;
  /** Cancels the call. */
  signal?: AbortSignal;
  /** The time the call may take, in ms. */
  timeout?: number;
  /** Called with each progress notification. */
  onProgress?: (progress: ToolCallProgress) => void;
}

/**
 * An MCP `CallToolResult` as it arrives from a server: every field is checked before use,
 * because a remote party wrote it.
 */
export interface ToolCallResult {
  /** The content blocks (text, image, audio, resource link, embedded resource). */
  content?: readonly unknown[] | undefined;
  /** The structured result, when the tool declares an output schema. */
  structuredContent?: unknown;
  /** True when the tool reports an error. */
  isError?: unknown;
}

/** The hub, as far as the provider bridges use it (`McpHub` from `toolwire/mcp` fits). */
export interface ToolHubLike {
  /** Every tool of every ready server. */
  tools(): readonly ToolHubTool[];
  /** Calls a tool by canonical name; rejects with a reason when it cannot. */
  callTool(options: ToolHubCallOptions): Promise<ToolCallResult>;
}
