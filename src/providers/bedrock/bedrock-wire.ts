/**
 * The minimal structural types of the Bedrock Converse wire that the adapter reads and writes.
 * Checked against `@aws-sdk/client-bedrock-runtime` in `bedrock-wire.test-d.ts`: the SDK's
 * `ConverseCommandInput`, `ConverseResponse` and `ConverseStreamOutput` extend them, so SDK
 * objects go in and come out with their own types. Fields carry `| undefined` as the SDK's do.
 */

/** A tool's definition (`toolSpec`). */
export interface BedrockToolSpecification {
  /** The tool's name. */
  name?: string | undefined;
  /** What it does (at least one character when present). */
  description?: string | undefined;
  /** The input schema, as `{ json }`. */
  inputSchema?: { json?: unknown } | undefined;
}

/** One entry of `toolConfig.tools`: a `toolSpec`, or another member (`cachePoint`, `systemTool`). */
export interface BedrockTool {
  /** A function tool. */
  toolSpec?: BedrockToolSpecification | undefined;
}

/** `toolConfig.toolChoice`: `{ auto }`, `{ any }` or `{ tool: { name } }`. */
export interface BedrockToolChoice {
  /** A specific tool the model must call. */
  tool?: { name?: string | undefined } | undefined;
}

/** `toolConfig`. */
export interface BedrockToolConfiguration {
  /** The tools. */
  tools?: BedrockTool[] | undefined;
  /** Which tool to call. */
  toolChoice?: BedrockToolChoice | undefined;
}

/** A tool call in a message (`toolUse`). */
export interface BedrockToolUseBlock {
  /** The call id. */
  toolUseId?: string | undefined;
  /** The tool's name. */
  name?: string | undefined;
  /** The arguments. */
  input?: unknown;
}

/** A tool reference of `toolAddition` / `toolRemoval` blocks. */
export interface BedrockToolReference {
  /** The tool's name. */
  name?: string | undefined;
  /** Set for tools of an MCP server that Bedrock connects to itself; those names are left alone. */
  serverName?: string | undefined;
}

/** One content block of a message. */
export interface BedrockContentBlock {
  /** A tool call. */
  toolUse?: BedrockToolUseBlock | undefined;
  /** A tool added mid-conversation. */
  toolAddition?: { tool?: BedrockToolReference | undefined } | undefined;
  /** A tool removed mid-conversation. */
  toolRemoval?: { tool?: BedrockToolReference | undefined } | undefined;
}

/** One message of the conversation. */
export interface BedrockMessage {
  /** `user`, `assistant` or `system`. */
  role?: string | undefined;
  /** Its content blocks. */
  content?: BedrockContentBlock[] | undefined;
}

/** The input of `ConverseCommand` and `ConverseStreamCommand`. */
export interface BedrockConverseRequest {
  /** The model id. */
  modelId?: string | undefined;
  /** The conversation. */
  messages?: BedrockMessage[] | undefined;
  /** Tools and tool choice. */
  toolConfig?: BedrockToolConfiguration | undefined;
}

/** The output of `ConverseCommand`. */
export interface BedrockConverseResponse {
  /** The model's message. */
  output?: { message?: BedrockMessage | undefined } | undefined;
}

/** One event of `ConverseStreamCommand`'s `stream` (a union member; the adapter reads three). */
export interface BedrockConverseStreamEvent {
  /** A content block starts; a tool call names its tool here. */
  contentBlockStart?:
    | {
        contentBlockIndex?: number | undefined;
        start?:
          | { toolUse?: { toolUseId?: string | undefined; name?: string | undefined } | undefined }
          | undefined;
      }
    | undefined;
  /** A piece of a content block; a tool call's input arrives as JSON text pieces. */
  contentBlockDelta?:
    | {
        contentBlockIndex?: number | undefined;
        delta?: { toolUse?: { input?: string | undefined } | undefined } | undefined;
      }
    | undefined;
  /** A content block ends. */
  contentBlockStop?: { contentBlockIndex?: number | undefined } | undefined;
}
