import OpenAI from 'openai';
import {
  type ServedFetchHandler,
  serveFetchHandler,
} from '../../../src/cli/gateway/serve-fetch-handler.js';
import { createGateway, type GatewayOptions } from '../../../src/gateway/index.js';

/** A gateway with these options, served over HTTP on 127.0.0.1 the way the command serves it. */
export async function serveGateway(options: GatewayOptions): Promise<ServedFetchHandler> {
  const gateway = createGateway(options);
  return serveFetchHandler({ fetch: (request) => gateway.fetch(request) });
}

/** The openai SDK pointed at a served gateway (or the provider server), with a test key. */
export function openaiClient(url: string): OpenAI {
  return new OpenAI({ apiKey: 'sk-test-secret', baseURL: `${url}/v1`, maxRetries: 0 });
}
