import { describe, expect, it } from 'vitest';
import { createRequestMemo } from './request-memo.js';

interface Request {
  tools: { name: string }[];
}

describe('createRequestMemo', () => {
  const memo = createRequestMemo<Request, string>((request, see) => {
    see(request.tools);
    for (const tool of request.tools) see(tool);
  });

  it('should give the value back while no part of the request changed', () => {
    const request = { tools: [{ name: 'a' }, { name: 'b' }] };
    const options = {};
    memo.set(request, options, 'projected');
    expect(memo.get(request, options)).toBe('projected');
  });

  it('should miss when a part is replaced, added or removed, or the options differ', () => {
    const request = { tools: [{ name: 'a' }, { name: 'b' }] };
    const options = {};
    memo.set(request, options, 'projected');
    expect(memo.get(request, {})).toBeUndefined();
    request.tools.push({ name: 'c' });
    expect(memo.get(request, options)).toBeUndefined();
    memo.set(request, options, 'again');
    request.tools[1] = { name: 'b' };
    expect(memo.get(request, options)).toBeUndefined();
    memo.set(request, options, 'again');
    request.tools.pop();
    expect(memo.get(request, options)).toBeUndefined();
    memo.set(request, undefined, 'none');
    expect(memo.get(request, undefined)).toBe('none');
  });

  it('should compute once and reuse until a part changes', () => {
    const request = { tools: [{ name: 'a' }] };
    let computed = 0;
    const compute = (): string => `value ${++computed}`;
    expect(memo.getOrCompute(request, undefined, compute)).toBe('value 1');
    expect(memo.getOrCompute(request, undefined, compute)).toBe('value 1');
    request.tools.push({ name: 'b' });
    expect(memo.getOrCompute(request, undefined, compute)).toBe('value 2');
    expect(computed).toBe(2);
  });
});
