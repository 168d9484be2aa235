import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ProjectedRequest,
  ProjectionOptions,
} from '../../src/core/projection/create-request-projection.js';
import type { NameResolution } from '../../src/core/projection/name-resolution.js';
import { type EnvelopeInput, fitsEnvelope } from '../../src/index.js';
import type { ProviderModule } from '../provider-server/provider-module.js';
import {
  callTool,
  type ProviderServer,
  startProviderServer,
} from '../provider-server/start-provider-server.js';
import {
  type ConformanceFixture,
  catalogFixture,
  DOTTED_FIXTURE,
  FITTING_FIXTURE,
  LONG_FIXTURE,
  loadCatalogs,
} from './fixtures.js';

/** A tool call as the subject's SDK returned it (after resolution, when there was one). */
export interface ReturnedCall {
  name: string;
  arguments: unknown;
}

/** The names a provider request carries, by where they sit. */
export interface WireNames {
  tools: string[];
  toolChoice: string[];
  history: string[];
}

/** What {@link AdapterSubject.send} gets. */
export interface SendInput<TRequest> {
  /** `http://127.0.0.1:PORT`. */
  baseUrl: string;
  request: TRequest;
  stream: boolean;
  /** When given, the response and stream events go through its resolvers. */
  projected?: ProjectedRequest<TRequest, never, never>;
}

/** What {@link AdapterSubject.sendWrapped} gets. */
export interface SendWrappedInput<TRequest> {
  baseUrl: string;
  request: TRequest;
  stream: boolean;
  options: ProjectionOptions & { onResolutions?: (resolutions: NameResolution[]) => void };
}

/**
 * One provider API under test: how to build its request from a neutral fixture, how to project it
 * with the adapter, what names it carries, and how to send it with the real SDK (raw, resolved by
 * hand, or through the wrapper) to the local rule-enforcing server.
 */
export interface AdapterSubject<TRequest> {
  /** A label such as `openai-chat`. */
  name: string;
  /** The provider's envelope, which every wire name must fit. */
  envelope: EnvelopeInput;
  /** The provider-server modules that play this provider. */
  modules: ProviderModule[];
  /** The provider request for a fixture, with canonical names. */
  buildRequest(fixture: ConformanceFixture): TRequest;
  /** The adapter's projection function. */
  project(request: TRequest, options?: ProjectionOptions): ProjectedRequest<TRequest, never, never>;
  /** Every tool name the request carries. */
  wireNames(request: TRequest): WireNames;
  /** Sends with the real SDK and returns the tool calls that came back. */
  send(input: SendInput<TRequest>): Promise<ReturnedCall[]>;
  /** Sends through the adapter's wrapper of the real SDK client. */
  sendWrapped(input: SendWrappedInput<TRequest>): Promise<ReturnedCall[]>;
  /** Asserts that an error thrown by the SDK is the provider's own rejection of a request. */
  expectProviderRejection(error: unknown): void;
  /** Skip the real catalogs (only when the subject's catalog run lives elsewhere). */
  skipCatalogs?: boolean;
}

/**
 * The conformance suite every adapter runs (issue 3, Tests): wire names fit, round trip exact,
 * history projected, `tool_choice` projected, byte identity when all fits, unknown names pass
 * through, streams resolved, inputs not mutated, the wrapper plain and streamed, the same
 * requests rejected without toolwire, and every real catalog under a long server key.
 */
export function runAdapterConformance<TRequest>(subject: AdapterSubject<TRequest>): void {
  describe(`${subject.name} conformance`, () => {
    let server: ProviderServer;
    beforeAll(async () => {
      server = await startProviderServer({ modules: subject.modules });
    });
    afterAll(() => server.close());

    const callByCanonical = (
      projected: ProjectedRequest<TRequest, never, never>,
      canonical: string,
      args: Record<string, unknown> = { query: 'x' },
    ) => {
      server.script = callTool((tools) => {
        const wire = projected.map.toWire(canonical);
        const found = tools.find(
          (tool) =>
            tool.name === wire ||
            (tool.namespace !== undefined && `${tool.namespace}__${tool.name}` === wire),
        );
        if (found === undefined) throw new Error(`The request does not offer ${wire}.`);
        return found;
      }, args);
    };

    for (const fixture of [LONG_FIXTURE, DOTTED_FIXTURE]) {
      describe(fixture.label, () => {
        it('should send only wire names that fit the envelope', () => {
          const request = subject.buildRequest(fixture);
          const { request: projected } = subject.project(request);
          const names = subject.wireNames(projected);
          const all = [...names.tools, ...names.toolChoice, ...names.history];
          expect(all.length).toBeGreaterThan(0);
          for (const name of all) expect(fitsEnvelope(name, subject.envelope), name).toBe(true);
        });

        it('should project history and tool_choice names to the same wire names as the tools', () => {
          const request = subject.buildRequest(fixture);
          const projected = subject.project(request);
          const names = subject.wireNames(projected.request);
          const original = subject.wireNames(request);
          expect(names.history).toEqual(original.history.map((name) => projected.map.toWire(name)));
          expect(names.toolChoice).toEqual(
            original.toolChoice.map((name) => projected.map.toWire(name)),
          );
          for (const name of names.history) expect(names.tools).toContain(name);
        });

        it('should be rejected by the provider without toolwire', async () => {
          const request = subject.buildRequest(fixture);
          const error = await subject.send({ baseUrl: server.url, request, stream: false }).then(
            () => undefined,
            (caught: unknown) => caught,
          );
          expect(error, 'the raw request was accepted').toBeDefined();
          subject.expectProviderRejection(error);
          expect(server.lastRequest().violations.length).toBeGreaterThan(0);
        });

        for (const stream of [false, true]) {
          it(`should resolve every tool call to its canonical name (${stream ? 'streamed' : 'plain'})`, async () => {
            const request = subject.buildRequest(fixture);
            const before = structuredClone(request);
            const projected = subject.project(request);
            for (const tool of fixture.tools) {
              callByCanonical(projected, tool.name);
              const calls = await subject.send({
                baseUrl: server.url,
                request: projected.request,
                stream,
                projected,
              });
              expect(server.lastRequest().violations).toEqual([]);
              expect(calls).toEqual([{ name: tool.name, arguments: { query: 'x' } }]);
            }
            expect(request).toEqual(before);
          });

          it(`should resolve through the wrapper (${stream ? 'streamed' : 'plain'})`, async () => {
            const request = subject.buildRequest(fixture);
            const before = structuredClone(request);
            const target = fixture.tools[0]?.name as string;
            callByCanonical(subject.project(request), target, { id: 'a' });
            const resolutions: NameResolution[] = [];
            const calls = await subject.sendWrapped({
              baseUrl: server.url,
              request,
              stream,
              options: { onResolutions: (list) => resolutions.push(...list) },
            });
            expect(server.lastRequest().violations).toEqual([]);
            expect(calls).toEqual([{ name: target, arguments: { id: 'a' } }]);
            expect(resolutions.map((resolution) => resolution.canonical)).toContain(target);
            expect(request).toEqual(before);
          });
        }
      });
    }

    it('should send a request whose names all fit unchanged, byte for byte', () => {
      const request = subject.buildRequest(FITTING_FIXTURE);
      const text = JSON.stringify(request);
      const projected = subject.project(request);
      expect(JSON.stringify(projected.request)).toBe(text);
      expect(projected.warnings).toEqual([]);
    });

    it('should pass an unknown tool name through unchanged', async () => {
      for (const stream of [false, true]) {
        const projected = subject.project(subject.buildRequest(LONG_FIXTURE));
        server.script = () => [{ name: 'not_a_tool', arguments: {}, id: 'call_x' }];
        const calls = await subject.send({
          baseUrl: server.url,
          request: projected.request,
          stream,
          projected,
        });
        expect(calls).toEqual([{ name: 'not_a_tool', arguments: {} }]);
      }
    });

    it('should resolve leniently only when asked, and report how', async () => {
      const request = subject.buildRequest(LONG_FIXTURE);
      const target = LONG_FIXTURE.tools[0]?.name as string;
      for (const lenient of [false, true]) {
        const projected = subject.project(request, { lenient });
        const sloppy = projected.map
          .toWire(target)
          .replace(/_[a-z2-7]{8}$/, '')
          .toUpperCase();
        server.script = () => [{ name: sloppy, arguments: {}, id: 'call_x' }];
        const resolutions: NameResolution[] = [];
        const calls = await subject.sendWrapped({
          baseUrl: server.url,
          request,
          stream: false,
          options: { lenient, onResolutions: (list) => resolutions.push(...list) },
        });
        expect(calls[0]?.name).toBe(lenient ? target : sloppy);
        expect(resolutions[0]?.method).toBe(lenient ? 'hash-dropped' : 'unknown');
      }
    });

    describe.skipIf(subject.skipCatalogs === true)('real catalogs under long server keys', () => {
      for (const catalog of loadCatalogs()) {
        it(`should carry ${catalog.file} through the provider and back`, async () => {
          const fixture = catalogFixture(catalog);
          const request = subject.buildRequest(fixture);
          const before = structuredClone(request);
          const projected = subject.project(request);
          const names = subject.wireNames(projected.request);
          for (const name of names.tools) expect(fitsEnvelope(name, subject.envelope)).toBe(true);
          const last = fixture.tools.at(-1)?.name as string;
          callByCanonical(projected, last, {});
          const calls = await subject.send({
            baseUrl: server.url,
            request: projected.request,
            stream: false,
            projected,
          });
          expect(server.lastRequest().violations).toEqual([]);
          expect(calls.map((call) => call.name)).toEqual([last]);
          expect(request).toEqual(before);
        });
      }
    });
  });
}
