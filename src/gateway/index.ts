/**
 * @module toolwire/gateway
 * An LLM gateway as a Web-standard fetch handler: OpenAI Chat Completions and Responses,
 * Anthropic Messages and Gemini requests are forwarded to one upstream with tool names and
 * schemas fitted to it, and answers (plain and streamed) come back with the caller's own names.
 * No `node:` modules: it runs on Node (`toolwire gateway`), Cloudflare Workers, Deno and Bun.
 */

export {
  createGateway,
  ENVELOPE_HEADER,
  type Gateway,
  type GatewayOptions,
  SCHEMA_TARGET_HEADER,
  TOKEN_HEADER,
  UNRESOLVED_HEADER,
} from './create-gateway.js';
export type { GatewayAnswer } from './gateway-answer.js';
export type { GatewayLogEntry } from './gateway-log-entry.js';
export type { GatewayRequest } from './gateway-request.js';
export type { GatewayApi, GatewayApiFamily } from './match-gateway-api.js';
export type { ResolvedUpstreamProfile, UpstreamProfile } from './upstream-profile.js';
export type { UpstreamResponse } from './upstream-response.js';
