import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { credentialParts } from './credential-parts.js';

describe('credentialParts', () => {
  it('keeps what looks like a credential and leaves ordinary configuration values', () => {
    expect(
      credentialParts([
        'Bearer sk-ECHOED-7f3a',
        'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
        'info',
        'production',
        'us-east-1',
        '/home/me/Projects/Data2024',
        'http://127.0.0.1:8080/mcp',
        'postgres://admin:Secret2024@db/app',
        'abcdefghijklmnopqrstuvwxyzabcdefgh',
      ]),
    ).toEqual([
      'sk-ECHOED-7f3a',
      'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
      'postgres://admin:Secret2024@db/app',
      'abcdefghijklmnopqrstuvwxyzabcdefgh',
    ]);
  });

  it('returns only whole parts of the values, never text that was not in them', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 60 }), { maxLength: 6 }), (values) => {
        for (const part of credentialParts(values)) {
          expect(part.length).toBeGreaterThanOrEqual(12);
          expect(/\s/.test(part)).toBe(false);
          expect(values.some((value) => value.split(/\s+/).includes(part))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every long random token, whatever surrounds it', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{32,64}$/),
        fc.constantFrom('', 'Bearer ', 'token '),
        (token, before) => {
          expect(credentialParts([`${before}${token}`])).toContain(token);
        },
      ),
      { numRuns: 200 },
    );
  });
});
