import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitsEnvelope } from '../fits-envelope.js';
import { createNameCollector, createRequestProjection } from './create-request-projection.js';

const segment = fc
  .stringMatching(/^[A-Za-z0-9_.:\-/ ]{1,40}$/)
  .filter((text) => !text.includes('__'));
const server = segment.filter((text) => !text.endsWith('_'));
const canonical = fc
  .tuple(server, fc.string({ minLength: 1, maxLength: 90 }))
  .map(([serverKey, tool]) => `${serverKey}__${tool}`);
const names = fc.uniqueArray(canonical, { minLength: 1, maxLength: 30 });
const envelopes = fc.constantFrom(
  'openai',
  'anthropic',
  'gemini',
  'vertex',
  'bedrock',
  'universal',
);

describe('createRequestProjection', () => {
  it('should send every name as a wire name that fits the envelope', () => {
    fc.assert(
      fc.property(names, envelopes, (list, envelope) => {
        const projection = createRequestProjection({ names: list, envelope });
        for (const name of list) expect(fitsEnvelope(projection.toWire(name), envelope)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('should resolve every wire name back to exactly its canonical name', () => {
    fc.assert(
      fc.property(names, envelopes, fc.boolean(), (list, envelope, lenient) => {
        const projection = createRequestProjection({ names: list, envelope, lenient });
        const wires = new Set<string>();
        for (const name of list) {
          const wire = projection.toWire(name);
          wires.add(wire);
          expect(projection.resolve(wire)).toEqual({
            received: wire,
            name,
            canonical: name,
            method: 'exact',
          });
        }
        expect(wires.size).toBe(list.length);
      }),
      { numRuns: 1000 },
    );
  });

  it('should keep a name that fits as it is, with its description untouched', () => {
    fc.assert(
      fc.property(names, envelopes, fc.string(), (list, envelope, description) => {
        const projection = createRequestProjection({ names: list, envelope });
        for (const name of list) {
          if (!fitsEnvelope(name, envelope)) continue;
          expect(projection.toWire(name)).toBe(name);
          expect(projection.isAliased(name)).toBe(false);
          expect(projection.describe(name, description)).toBe(description);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('should add a bounded note of the canonical server and tool to an aliased description', () => {
    fc.assert(
      fc.property(names, fc.option(fc.string(), { nil: undefined }), (list, description) => {
        const projection = createRequestProjection({ names: list, envelope: 'openai' });
        for (const name of list) {
          if (!projection.isAliased(name)) continue;
          const described = projection.describe(name, description);
          expect(typeof described).toBe('string');
          const note = (described as string).slice(description ? description.length + 2 : 0);
          if (description)
            expect((described as string).startsWith(`${description}\n\n`)).toBe(true);
          expect(note.length).toBeLessThanOrEqual(200);
          expect(note.startsWith('(MCP server "')).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('should name server and tool whole with describeAliases whole, never mixing the note forms', () => {
    const longServer = segment.map((text) => `${text}${'s'.repeat(50)}`.replaceAll('__', '_'));
    const longNames = fc.uniqueArray(
      fc
        .tuple(
          longServer.filter((text) => !text.endsWith('_')),
          fc.string({ maxLength: 200 }),
        )
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is excluded
        .filter(([, tool]) => !/[\u0000-\u001f\u007f"\\]/.test(tool))
        .map(([serverKey, tool]) => `${serverKey}__${tool}`),
      { minLength: 1, maxLength: 20 },
    );
    fc.assert(
      fc.property(longNames, fc.string(), fc.boolean(), (list, description, wholeFirst) => {
        // The same names give the same (cached) map: the notes of each form are kept apart.
        const make = (describeAliases: true | 'whole') =>
          createRequestProjection({ names: list, envelope: 'openai', describeAliases });
        const [first, second] = wholeFirst
          ? [make('whole'), make(true)]
          : [make(true), make('whole')];
        const [whole, bounded] = wholeFirst ? [first, second] : [second, first];
        for (const name of list) {
          if (!whole.isAliased(name)) continue;
          const wholeNote = whole.describe(name, description) as string;
          const boundedNote = bounded.describe(name, description) as string;
          const at = name.indexOf('__');
          expect(
            wholeNote.endsWith(`(MCP server "${name.slice(0, at)}", tool "${name.slice(at + 2)}")`),
          ).toBe(true);
          // Every server here is over the bounded note's 48 characters.
          expect(boundedNote).toContain('…');
          expect(whole.describe(name, description)).toBe(wholeNote);
          expect(bounded.describe(name, description)).toBe(boundedNote);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('should pass an unknown name through unchanged', () => {
    fc.assert(
      fc.property(names, fc.string(), fc.boolean(), (list, received, lenient) => {
        const projection = createRequestProjection({ names: list, envelope: 'openai', lenient });
        const known = new Set(list.map((name) => projection.toWire(name)));
        fc.pre(!known.has(received) && !list.includes(received));
        const resolution = projection.resolve(received);
        if (!lenient) {
          expect(resolution).toEqual({
            received,
            name: received,
            canonical: undefined,
            method: 'unknown',
          });
        }
        if (resolution.canonical === undefined) expect(resolution.name).toBe(received);
        expect(projection.toWire(received)).toBe(received);
      }),
      { numRuns: 1000 },
    );
  });

  it('should resolve leniently only to a name the received one matches, and only when unique', () => {
    const mutate = fc.constantFrom('upper', 'lower', 'dash', 'drop-hash', 'canonical');
    fc.assert(
      fc.property(names, fc.nat(), mutate, (list, pick, how) => {
        const projection = createRequestProjection({
          names: list,
          envelope: 'openai',
          lenient: true,
        });
        const name = list[pick % list.length] as string;
        const wire = projection.toWire(name);
        const received =
          how === 'upper'
            ? wire.toUpperCase()
            : how === 'lower'
              ? wire.toLowerCase()
              : how === 'dash'
                ? wire.replaceAll('_', '-')
                : how === 'drop-hash'
                  ? wire.replace(/_[a-z2-7]{8}$/, '')
                  : name;
        const resolution = projection.resolve(received);
        expect(resolution.received).toBe(received);
        if (resolution.canonical !== undefined) {
          expect(list).toContain(resolution.canonical);
          const key = (text: string) => text.toLowerCase().replaceAll('-', '_');
          const target = resolution.canonical;
          const targetWire = projection.toWire(target);
          expect(
            key(received) === key(targetWire) ||
              key(received) === key(target) ||
              key(received) === key(targetWire.slice(0, -9)),
          ).toBe(true);
        } else {
          expect(resolution.name).toBe(received);
          expect(['ambiguous', 'unknown']).toContain(resolution.method);
        }
        if (resolution.method === 'ambiguous') {
          expect(resolution.candidates?.length).toBeGreaterThan(1);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('should report how each lenient name was resolved', () => {
    const long = `atlassian-rovo-mcp-server-production__getConfluencePageDescendantsWithAttachments`;
    const projection = createRequestProjection({
      names: [long, 'github__create_issue', 'fs__read.file'],
      envelope: 'openai',
      lenient: true,
    });
    const wire = projection.toWire(long);
    expect(wire).not.toBe(long);
    expect(projection.resolve(wire).method).toBe('exact');
    expect(projection.resolve(long)).toMatchObject({ canonical: long, method: 'canonical' });
    expect(projection.resolve('GitHub__Create_Issue')).toMatchObject({
      canonical: 'github__create_issue',
      method: 'case',
    });
    expect(projection.resolve('github--create-issue')).toMatchObject({
      canonical: 'github__create_issue',
      method: 'separator',
    });
    expect(projection.resolve(wire.slice(0, -9))).toMatchObject({
      canonical: long,
      method: 'hash-dropped',
    });
    expect(projection.resolve(projection.toWire('fs__read.file'))).toMatchObject({
      canonical: 'fs__read.file',
      method: 'exact',
    });
    expect(projection.resolve('nothing_like_it')).toMatchObject({ method: 'unknown' });
  });

  it('should leave an ambiguous lenient name unresolved and list the candidates', () => {
    const projection = createRequestProjection({
      names: ['svc__Get', 'svc__get'],
      envelope: 'openai',
      lenient: true,
    });
    expect(projection.resolve('SVC__GET')).toEqual({
      received: 'SVC__GET',
      name: 'SVC__GET',
      canonical: undefined,
      method: 'ambiguous',
      candidates: ['svc__Get', 'svc__get'],
    });
  });

  it('should not resolve leniently when lenient is off', () => {
    const projection = createRequestProjection({
      names: ['github__create_issue'],
      envelope: 'openai',
    });
    expect(projection.resolve('GitHub__Create_Issue').method).toBe('unknown');
  });

  it('should give the same map for the same set of names in any order', () => {
    fc.assert(
      fc.property(names, (list) => {
        const forward = createRequestProjection({ names: list, envelope: 'openai' });
        const backward = createRequestProjection({
          names: [...list].reverse(),
          envelope: 'openai',
        });
        expect(forward.map.entries()).toEqual(backward.map.entries());
      }),
      { numRuns: 1000 },
    );
  });
});

describe('createNameCollector', () => {
  const bridge = 'clerum__tool_call';
  const long = 'atlassian-rovo-mcp-server-production__getConfluencePageDescendantsWithAttachments';

  it('should collect names held in arguments and project and resolve them both ways', () => {
    fc.assert(
      fc.property(names, (list) => {
        const collector = createNameCollector({
          envelope: 'openai',
          argumentNameTools: { [bridge]: ['name', 'call.names'] },
        });
        collector.add(bridge);
        const args = { name: list[0], call: { names: list }, other: 'x' };
        const frozen = structuredClone(args);
        expect(collector.hasArgumentNames(bridge)).toBe(true);
        collector.addArguments(bridge, args);
        const projection = collector.finish();
        const projected = projection.projectArguments(bridge, args) as typeof args;
        expect(args).toEqual(frozen);
        for (const [index, name] of list.entries()) {
          expect(projected.call.names[index]).toBe(projection.toWire(name));
        }
        const { arguments: resolved, resolutions } = projection.resolveArguments(bridge, projected);
        expect(resolved).toEqual(args);
        expect(resolutions.every((resolution) => resolution.canonical !== undefined)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('should return the arguments object itself when no name changes', () => {
    const collector = createNameCollector({
      envelope: 'openai',
      argumentNameTools: { [bridge]: ['name'] },
    });
    collector.add('github__create_issue');
    const projection = collector.finish();
    const args = { name: 'github__create_issue' };
    expect(projection.projectArguments(bridge, args)).toBe(args);
    expect(projection.projectArguments('github__create_issue', args)).toBe(args);
  });

  it('should resolve a canonical name the host put in a bridge call, and pass unknown ones through', () => {
    const collector = createNameCollector({
      envelope: 'openai',
      argumentNameTools: { [bridge]: ['name'] },
    });
    collector.add(long);
    const projection = collector.finish();
    expect(projection.resolveArguments(bridge, { name: long })).toMatchObject({
      arguments: { name: long },
      resolutions: [{ method: 'canonical', canonical: long }],
    });
    expect(projection.resolveArguments(bridge, { name: 'nope' })).toMatchObject({
      arguments: { name: 'nope' },
      resolutions: [{ method: 'unknown' }],
    });
  });

  it('should reject a malformed argumentNameTools option with a typed error', () => {
    expect(() =>
      createNameCollector({ envelope: 'openai', argumentNameTools: { x: 'name' as never } }),
    ).toThrow(/argumentNameTools\["x"\]/);
  });
});
