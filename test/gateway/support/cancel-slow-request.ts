import OpenAI from 'openai';
import { expect } from 'vitest';
import { LONG_FIXTURE } from '../../conformance/fixtures.js';
import { chatSubject } from './gateway-subjects.js';
import type { StubUpstream } from './start-stub-upstream.js';

/**
 * Sends a Chat Completions request through the gateway at `url` to an upstream that never
 * answers, cancels it once the upstream has it, and checks that the caller's SDK saw its own
 * abort and that the upstream saw its request dropped (the cancel went all the way through).
 */
export async function expectCancelReachesUpstream(
  url: string,
  upstream: StubUpstream,
): Promise<void> {
  const client = new OpenAI({ apiKey: 'sk-secret', baseURL: `${url}/v1`, maxRetries: 0 });
  const controller = new AbortController();
  const pending = client.chat.completions
    .create(chatSubject.build(LONG_FIXTURE) as never, { signal: controller.signal })
    .catch((caught: unknown) => caught);
  while (upstream.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  controller.abort();
  expect(await pending).toBeInstanceOf(OpenAI.APIUserAbortError);
  await upstream.abandoned;
}
