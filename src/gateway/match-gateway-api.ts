/**
 * The provider APIs the gateway rewrites. Every other path is passed through untouched.
 * - `openai-chat`: `POST /v1/chat/completions`
 * - `openai-responses`: `POST /v1/responses`
 * - `anthropic-messages`: `POST /v1/messages`
 * - `anthropic-count-tokens`: `POST /v1/messages/count_tokens`
 * - `gemini-generate`: `POST /v1beta/models/{model}:generateContent` (also `v1`, `v1alpha`)
 * - `gemini-stream`: `POST /v1beta/models/{model}:streamGenerateContent`
 */
export type GatewayApi =
  | 'openai-chat'
  | 'openai-responses'
  | 'anthropic-messages'
  | 'anthropic-count-tokens'
  | 'gemini-generate'
  | 'gemini-stream';

/** The family of an API: which SDK calls it, and so which error shape it expects. */
export type GatewayApiFamily = 'openai' | 'anthropic' | 'gemini';

/** A request path matched to an API. */
export interface GatewayRoute {
  /** The API, or `undefined` for a path passed through untouched. */
  api: GatewayApi | undefined;
  /** The error shape the caller's SDK expects (guessed from the path for passed-through paths). */
  family: GatewayApiFamily;
  /** The model named in the path (Gemini), when there is one. */
  model?: string;
  /**
   * A stored OpenAI Responses API object read back (`GET /v1/responses/{id}` and its
   * `/input_items`), whose tool calls carry wire names; `path` is the response object's path.
   */
  stored?: { kind: 'response' | 'input-items'; path: string };
}

const STORED_RESPONSE = /^\/v1\/responses\/([^/]+)(\/input_items)?$/;

const GEMINI =
  /^\/v1(?:beta|alpha)?\/(?:models|tunedModels)\/([^/:]+):(generateContent|streamGenerateContent)$/;

/**
 * Matches a request's method and path to the API the gateway rewrites. Paths are matched after
 * the last `/v1` segment prefix a base URL may add, so `/openai/v1/chat/completions` is Chat
 * Completions too.
 *
 * @example
 * ```ts
 * matchGatewayApi('POST', '/v1beta/models/gemini-2.5-flash:streamGenerateContent');
 * // { api: 'gemini-stream', family: 'gemini', model: 'gemini-2.5-flash' }
 * matchGatewayApi('GET', '/v1/models'); // { api: undefined, family: 'openai' }
 * ```
 */
export function matchGatewayApi(method: string, pathname: string): GatewayRoute {
  const start = pathname.search(/\/v1(?:beta|alpha)?\//);
  const path = start === -1 ? pathname : pathname.slice(start);
  const family = familyOf(path);
  if (method === 'GET') {
    const stored = STORED_RESPONSE.exec(path);
    if (stored !== null) {
      const kind = stored[2] === undefined ? 'response' : 'input-items';
      const responsePath =
        kind === 'response' ? pathname : pathname.slice(0, -'/input_items'.length);
      return { api: undefined, family, stored: { kind, path: responsePath } };
    }
  }
  if (method !== 'POST') return { api: undefined, family };
  switch (path) {
    case '/v1/chat/completions':
      return { api: 'openai-chat', family };
    case '/v1/responses':
      return { api: 'openai-responses', family };
    case '/v1/messages':
      return { api: 'anthropic-messages', family };
    case '/v1/messages/count_tokens':
      return { api: 'anthropic-count-tokens', family };
  }
  const gemini = GEMINI.exec(path);
  if (gemini !== null) {
    return {
      api: gemini[2] === 'generateContent' ? 'gemini-generate' : 'gemini-stream',
      family: 'gemini',
      model: decodeSegment(gemini[1] as string),
    };
  }
  return { api: undefined, family };
}

function familyOf(path: string): GatewayApiFamily {
  if (path.startsWith('/v1beta/') || path.startsWith('/v1alpha/') || path.includes(':')) {
    return 'gemini';
  }
  if (path.startsWith('/v1/messages') || path.startsWith('/v1/complete')) return 'anthropic';
  return 'openai';
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
