import type { ProjectionOptions } from '../../core/projection/create-request-projection.js';
import type { NameResolution } from '../../core/projection/name-resolution.js';
import type { WrapCallbacks } from '../../core/projection/wrap-callbacks.js';
import { resolveEvents } from '../engine/wrap-client.js';
import type {
  BedrockConverseRequest,
  BedrockConverseResponse,
  BedrockConverseStreamEvent,
} from './bedrock-wire.js';
import { projectConverseRequest } from './project-converse-request.js';

/** A `BedrockRuntimeClient`, or anything with its `send(command, options?)`. */
export interface BedrockClientLike {
  /** Sends a command. */
  send(command: unknown, ...rest: unknown[]): Promise<unknown>;
}

/** Options of {@link wrapBedrock}. */
export interface WrapBedrockOptions extends ProjectionOptions, WrapCallbacks {}

interface CommandLike {
  input: BedrockConverseRequest;
  schema?: unknown;
  constructor: new (input: BedrockConverseRequest) => CommandLike;
}

/**
 * Wraps a `BedrockRuntimeClient` so that `send(new ConverseCommand(input))` and
 * `send(new ConverseStreamCommand(input))` project every request and resolve the response and
 * every stream event, transparently. Other commands pass through. The result has the client's
 * own type; everything else on it behaves as before. The caller's command is not changed: a new
 * command of the same class carries the projected input.
 *
 * @example
 * ```ts
 * import { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
 * import { wrapBedrock } from 'toolwire/bedrock';
 *
 * const client = wrapBedrock(new BedrockRuntimeClient({ region: 'us-east-1' }));
 * const { stream } = await client.send(new ConverseStreamCommand({ modelId, messages, toolConfig }));
 * for await (const event of stream ?? []) {
 *   event.contentBlockStart?.start?.toolUse?.name; // a canonical name such as 'notion__search.pages'
 * }
 * ```
 */
export function wrapBedrock<TClient extends BedrockClientLike>(
  client: TClient,
  options: WrapBedrockOptions = {},
): TClient {
  const { onWarnings, onResolutions, ...projectionOptions } = options;
  const report = (resolutions: NameResolution[]): void => {
    if (onResolutions !== undefined && resolutions.length > 0) onResolutions(resolutions);
  };
  function send(command: unknown, ...rest: unknown[]): Promise<unknown> | undefined {
    const operation = operationOf(command);
    if (operation === undefined) return client.send(command, ...rest);
    // The callback style, send(command, options?, (error, output) => ...), gets the resolved output.
    const callback = rest.at(-1);
    if (typeof callback === 'function') {
      sendProjected(command, operation, rest.slice(0, -1)).then(
        (output) => callback(null, output),
        (error: unknown) => callback(error),
      );
      return undefined;
    }
    return sendProjected(command, operation, rest);
  }
  async function sendProjected(
    command: unknown,
    operation: 'Converse' | 'ConverseStream',
    rest: unknown[],
  ): Promise<unknown> {
    const original = command as CommandLike;
    const projected = projectConverseRequest(original.input, projectionOptions);
    if (onWarnings !== undefined && projected.warnings.length > 0) onWarnings(projected.warnings);
    const next =
      projected.request === original.input ? original : new original.constructor(projected.request);
    const output = await client.send(next, ...rest);
    if (operation === 'Converse') {
      const { response, resolutions } = projected.resolveResponse(
        output as BedrockConverseResponse,
      );
      report(resolutions);
      return response;
    }
    const streamed = output as { stream?: AsyncIterable<BedrockConverseStreamEvent> };
    const stream = streamed?.stream;
    if (stream === undefined || stream === null) return output;
    return { ...streamed, stream: resolveEvents(stream, projected, { onResolutions: report }) };
  }
  return Object.create(client, {
    send: { value: send, writable: true, configurable: true },
  }) as TClient;
}

/** `Converse`, `ConverseStream`, or `undefined` for any other command. */
function operationOf(command: unknown): 'Converse' | 'ConverseStream' | undefined {
  if (typeof command !== 'object' || command === null) return undefined;
  const input = (command as { input?: unknown }).input;
  if (typeof input !== 'object' || input === null) return undefined;
  // Smithy commands carry a static operation schema: [kind, namespace, operation name, ...].
  const schema = (command as { schema?: unknown }).schema;
  const name = Array.isArray(schema) && typeof schema[2] === 'string' ? schema[2] : undefined;
  const fromClass = (command as { constructor?: { name?: unknown } }).constructor?.name;
  const operation =
    name ?? (typeof fromClass === 'string' ? fromClass.replace(/Command$/, '') : undefined);
  return operation === 'Converse' || operation === 'ConverseStream' ? operation : undefined;
}
