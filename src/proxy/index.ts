/**
 * @module toolwire/proxy
 * Node-only: `toolwire proxy` as a library. One MCP server in front of many, offering every tool,
 * prompt and resource under names the connecting client passes to its model unchanged.
 */

export {
  CLIENT_PROFILES,
  type ClientProfile,
  type ClientProfileId,
  type ClientProfileInput,
  clientEnvelope,
  clientNameBudget,
  clientNamePrefix,
  resolveClientProfile,
} from './client-profile.js';
export {
  createMcpProxy,
  McpProxy,
  type McpProxyOptions,
  type ProxyHealth,
  type ProxySession,
  type ProxyToolFilter,
  scopeOf,
} from './create-mcp-proxy.js';
export {
  type FitProxyNamesOptions,
  type FitProxyNamesResult,
  fitProxyNames,
  type ProxyNameItem,
} from './fit-proxy-names.js';
export {
  type FitProxyToolsOptions,
  type FitProxyToolsResult,
  fitProxyTools,
  type LeftOutTool,
  type ProxyTool,
  type ProxyToolSource,
} from './fit-proxy-tools.js';
export { matchGlob } from './match-glob.js';
export { type NamesFile, readNamesFile, writeNamesFile } from './names-file.js';
export { type ProxyConfigSnippetOptions, proxyConfigSnippet } from './proxy-config-snippet.js';
export { type RunningProxy, type RunProxyOptions, runProxy } from './run-proxy.js';
export {
  type ProxyHttpServer,
  type ServeProxyHttpOptions,
  serveProxyHttp,
} from './serve-proxy-http.js';
