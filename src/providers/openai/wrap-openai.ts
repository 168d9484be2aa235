import type { ProjectionOptions } from '../../core/projection/create-request-projection.js';
import type { WrapCallbacks } from '../../core/projection/wrap-callbacks.js';
import { wrapClient } from '../engine/wrap-client.js';
import type { ChatRequestLike } from './chat-wire.js';
import { projectChatRequest } from './project-chat-request.js';
import { projectResponsesRequest } from './project-responses-request.js';
import type { ResponsesRequestLike } from './responses-wire.js';

/** Options of {@link wrapOpenAI}: the projection options plus the wrapper callbacks. */
export interface WrapOpenAIOptions extends ProjectionOptions, WrapCallbacks {
  /** Options for the Responses API only (namespaces). */
  responses?: { namespaces?: boolean };
}

/** The part of an `OpenAI` client toolwire wraps. */
export interface OpenAIClientLike {
  chat: { completions: { create(...args: never[]): unknown } };
}

/**
 * Wraps an `OpenAI` client (or `AzureOpenAI`, or any client of an OpenAI-compatible API) so that
 * `chat.completions.create` and `responses.create`, plain and streamed, project every request
 * onto the wire and resolve every tool call back to its canonical name. The SDK helpers built on
 * them (`chat.completions.stream()`, `.parse()`, `.runTools()`, `responses.stream()`) go through
 * the projection too. The client is not changed; the wrapper has the client's own type.
 *
 * @example
 * ```ts
 * import OpenAI from 'openai';
 * import { wrapOpenAI } from 'toolwire/openai';
 *
 * const client = wrapOpenAI(new OpenAI(), { lenient: true, onWarnings: console.warn });
 * const completion = await client.chat.completions.create({ model: 'gpt-5', messages, tools });
 * completion.choices[0].message.tool_calls?.[0].function.name; // a canonical name
 * ```
 */
export function wrapOpenAI<TClient extends OpenAIClientLike>(
  client: TClient,
  options: WrapOpenAIOptions = {},
): TClient {
  const { onWarnings, onResolutions, responses, ...projection } = options;
  const isStream = (body: unknown): boolean =>
    typeof body === 'object' && body !== null && (body as { stream?: unknown }).stream === true;
  return wrapClient(
    client,
    {
      'chat.completions': {
        create: {
          project: (body) => projectChatRequest(body as ChatRequestLike, projection) as never,
          isStream,
        },
      },
      responses: {
        create: {
          project: (body) =>
            projectResponsesRequest(body as ResponsesRequestLike, {
              ...projection,
              ...(responses?.namespaces === undefined ? {} : { namespaces: responses.namespaces }),
            }) as never,
          isStream,
        },
      },
    },
    {
      ...(onWarnings === undefined ? {} : { onWarnings }),
      ...(onResolutions === undefined ? {} : { onResolutions }),
    },
  );
}
