import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSecretMask, maskSecrets, SECRET_MASK } from './mask-secrets.js';

describe('maskSecrets', () => {
  it('masks a secret as it is, URL-encoded and JSON-escaped', () => {
    expect(maskSecrets('--api-key=sk-LEAKME failed', ['sk-LEAKME'])).toBe('--api-key=*** failed');
    expect(maskSecrets('GET /mcp?key=a%2Fb%20c', ['a/b c'])).toBe('GET /mcp?key=***');
    expect(maskSecrets('form key=a%2Fb+c', ['a/b c'])).toBe('form key=***');
    expect(maskSecrets('{"key":"say \\"hi\\""}', ['say "hi"'])).toBe('{"key":"***"}');
  });

  it('masks the longest secret first, and leaves values too short to tell from text', () => {
    expect(maskSecrets('Bearer sk-LEAKME', ['sk-LEAKME', 'Bearer sk-LEAKME'])).toBe(SECRET_MASK);
    expect(maskSecrets('port 1 is on', ['1', 'on'])).toBe('port 1 is on');
    const mask = createSecretMask([]);
    expect(mask('nothing')).toBe('nothing');
  });

  it('never leaves a secret in the text (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 4, maxLength: 12 }),
        fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }),
        (secret, parts) => {
          const text = parts.join(secret);
          return !maskSecrets(text, [secret]).includes(secret) || secret.includes(SECRET_MASK);
        },
      ),
      { numRuns: 300 },
    );
  });
});
