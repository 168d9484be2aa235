import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskListedTools } from './mask-listed-tools.js';
import { createSecretMask } from './mask-secrets.js';

const secret = 'sk-LEAK-42';
const mask = createSecretMask([secret]);

const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.constantFrom(secret, `Bearer ${secret}`, encodeURIComponent(`${secret} x`)),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const tool = fc.record({
  name: fc.string({ minLength: 1, maxLength: 12 }),
  description: fc.oneof(fc.string(), fc.constant(`uses ${secret}`)),
  inputSchema: fc.record({
    type: fc.constant('object' as const),
    properties: fc.dictionary(fc.string({ maxLength: 8 }), jsonValue, { maxKeys: 4 }),
  }),
}) as fc.Arbitrary<Tool>;

/** The oracle: a tool is left out when its name or any object key in it quotes the secret. */
function quotesInName(entry: Tool): boolean {
  const keys = (value: unknown): string[] =>
    Array.isArray(value)
      ? value.flatMap(keys)
      : typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([key, item]) => [key, ...keys(item)])
        : [];
  return [entry.name, ...keys(entry)].some((name) => mask(name) !== name);
}

describe('maskListedTools', () => {
  it('masks every text, keeps names, and leaves out only tools whose names quote a secret (property)', () => {
    fc.assert(
      fc.property(fc.array(tool, { maxLength: 5 }), (listed) => {
        const before = JSON.stringify(listed);
        const { tools, warnings } = maskListedTools({ server: 's', listed, mask });
        // The input is never changed (copy on write).
        expect(JSON.stringify(listed)).toBe(before);
        const shown = JSON.stringify(tools);
        expect(shown).not.toContain(secret);
        expect(shown).not.toContain(encodeURIComponent(secret));
        const usable = listed.filter((entry) => !quotesInName(entry));
        expect(tools.map((entry) => entry.name)).toEqual(usable.map((entry) => entry.name));
        expect(warnings).toHaveLength(listed.length - usable.length);
        for (const [index, entry] of tools.entries()) {
          const source = usable[index] as Tool;
          // Only what quotes a secret is copied; the rest is the server's own object.
          if (mask(JSON.stringify(source)) === JSON.stringify(source)) expect(entry).toBe(source);
          else expect(JSON.stringify(entry)).toBe(mask(JSON.stringify(source)));
        }
        for (const warning of warnings) expect(JSON.stringify(warning)).not.toContain(secret);
      }),
      { numRuns: 200 },
    );
  });

  it('returns tools that quote no secret as the same objects, and every tool when nothing is secret', () => {
    const listed: Tool[] = [
      { name: 'plain', description: 'nothing', inputSchema: { type: 'object', properties: {} } },
    ];
    expect(maskListedTools({ server: 's', listed, mask }).tools[0]).toBe(listed[0]);
    const none = createSecretMask([]);
    const echoed: Tool[] = [{ name: secret, inputSchema: { type: 'object' } }];
    expect(maskListedTools({ server: 's', listed: echoed, mask: none }).tools[0]).toBe(echoed[0]);
  });

  it('keeps a __proto__ key a key when it copies an object', () => {
    const inputSchema = JSON.parse(
      `{"type":"object","properties":{"__proto__":{"type":"string","description":"${secret}"}}}`,
    );
    const { tools } = maskListedTools({ server: 's', listed: [{ name: 't', inputSchema }], mask });
    const properties = tools[0]?.inputSchema.properties as Record<string, unknown>;
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.hasOwn(properties, '__proto__')).toBe(true);
    expect(JSON.stringify(tools[0])).toBe(
      JSON.stringify({ name: 't', inputSchema }).replace(secret, '***'),
    );
  });
});
