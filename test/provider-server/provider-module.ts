/**
 * The contract between the local provider server and one provider's rule module. A module knows
 * its provider's routes, lists the tool names a request offers, checks the request against the
 * provider's documented rules (its API reference) and renders the provider's own error
 * and answer shapes, plain and streamed.
 */

/** A request the server received, with its JSON body parsed. */
export interface RecordedRequest {
  /** HTTP method. */
  method: string;
  /** Path without the query string, e.g. `/v1/chat/completions`. */
  path: string;
  /** The query string parameters. */
  query: Record<string, string>;
  /** Lower-cased request headers. */
  headers: Record<string, string>;
  /** The raw body text. */
  text: string;
  /** The parsed JSON body (`undefined` when the body is not JSON). */
  body: unknown;
  /** The module that handled it. */
  provider: string;
  /** Rule violations found, empty when the request was accepted. */
  violations: Violation[];
}

/** One broken provider rule. */
export interface Violation {
  /** Where in the request, as the provider reports it (`tools[3].function.name`). */
  path: string;
  /** The provider's message text. */
  message: string;
  /** The provider's error code or type, when it has one. */
  code?: string;
}

/** What the server writes back. */
export interface ProviderResponse {
  status: number;
  headers?: Record<string, string>;
  /** A single body, or chunks written one by one (SSE lines, event-stream frames). */
  body: string | Uint8Array | (string | Uint8Array)[];
}

/** The tool call the server answers with. */
export interface ScriptedToolCall {
  /** The wire name the model "calls". */
  name: string;
  /** The arguments, as an object. */
  arguments: Record<string, unknown>;
  /** The call id. */
  id: string;
  /** For providers with namespaces (OpenAI Responses): the namespace the call is in. */
  namespace?: string;
}

/** What {@link ProviderModule.respond} gets. */
export interface RespondInput {
  request: RecordedRequest;
  /** True when the answer must be streamed. */
  stream: boolean;
  /** The tool calls to answer with (usually one). */
  calls: ScriptedToolCall[];
}

/** One provider's routes, rules and shapes. */
export interface ProviderModule {
  /** A short id, such as `openai-chat`. */
  id: string;
  /** True when this module serves the route. */
  matches(method: string, path: string): boolean;
  /** True when the request asks for a streamed answer. */
  isStream(request: RecordedRequest): boolean;
  /**
   * The tools the request offers, by wire name, in order (with their namespace where the
   * provider has namespaces).
   */
  toolNames(request: RecordedRequest): { name: string; namespace?: string }[];
  /** Every rule the request breaks. */
  check(request: RecordedRequest): Violation[];
  /** The provider's error response for these violations. */
  reject(violations: Violation[], request: RecordedRequest): ProviderResponse;
  /** The provider's answer with these tool calls. */
  respond(input: RespondInput): ProviderResponse;
}
