import type { ProjectionOptions } from '../../core/projection/create-request-projection.js';
import type { WrapCallbacks } from '../../core/projection/wrap-callbacks.js';
import { wrapClient } from '../engine/wrap-client.js';
import type { MessagesRequestLike } from './messages-wire.js';
import { projectMessagesRequest } from './project-messages-request.js';

/** Options of {@link wrapAnthropic}: the projection options plus the wrapper callbacks. */
export interface WrapAnthropicOptions extends ProjectionOptions, WrapCallbacks {}

/** The part of an `Anthropic` client toolwire wraps. */
export interface AnthropicClientLike {
  messages: { create(...args: never[]): unknown };
}

/**
 * Wraps an `Anthropic` client (also `AnthropicVertex` / `AnthropicBedrock` clients with the same
 * `messages` resource) so that `messages.create` and `beta.messages.create`, plain and streamed,
 * and the helpers built on them (`messages.stream()`, `messages.parse()`, `beta.messages.stream()`)
 * project every request onto the wire and resolve every
 * `tool_use` back to its canonical name. The client is not changed; the wrapper has its type.
 *
 * @example
 * ```ts
 * import Anthropic from '@anthropic-ai/sdk';
 * import { wrapAnthropic } from 'toolwire/anthropic';
 *
 * const client = wrapAnthropic(new Anthropic());
 * const message = await client.messages.stream({ model: 'claude-sonnet-5', max_tokens: 1024, messages, tools }).finalMessage();
 * message.content.find((block) => block.type === 'tool_use')?.name; // a canonical name
 * ```
 */
export function wrapAnthropic<TClient extends AnthropicClientLike>(
  client: TClient,
  options: WrapAnthropicOptions = {},
): TClient {
  const { onWarnings, onResolutions, ...projection } = options;
  const create = {
    project: (body: unknown) =>
      projectMessagesRequest(body as MessagesRequestLike, projection) as never,
    isStream: (body: unknown) =>
      typeof body === 'object' && body !== null && (body as { stream?: unknown }).stream === true,
  };
  // `beta.messages` takes the same request shape plus beta features (tool search, MCP connector).
  return wrapClient(
    client,
    { messages: { create }, 'beta.messages': { create } },
    {
      ...(onWarnings === undefined ? {} : { onWarnings }),
      ...(onResolutions === undefined ? {} : { onResolutions }),
    },
  );
}
