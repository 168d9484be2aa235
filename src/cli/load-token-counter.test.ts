import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { loadTokenCounter } from './load-token-counter.js';

const tools = JSON.stringify([
  {
    type: 'function',
    function: {
      name: 'search_nodes',
      description: 'Search for nodes in the knowledge graph based on a query.',
      parameters: { type: 'object', properties: { query: { type: 'string' } } },
    },
  },
]);

describe('loadTokenCounter', () => {
  it('counts exact o200k_base tokens when gpt-tokenizer is installed', async () => {
    const counter = await loadTokenCounter();
    expect(counter.exact).toBe(true);
    expect(counter.count(tools)).toBe(countTokens(tools));
  });

  it('estimates, marked as such, when gpt-tokenizer is missing', async () => {
    const missing = Object.assign(new Error("Cannot find package 'gpt-tokenizer'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const counter = await loadTokenCounter({ importTokenizer: () => Promise.reject(missing) });
    expect(counter.exact).toBe(false);
    const exact = countTokens(tools);
    const estimate = counter.count(tools);
    expect(estimate).toBeGreaterThan(exact * 0.6);
    expect(estimate).toBeLessThan(exact * 1.4);
    expect(counter.count('')).toBe(0);
  });

  it('does not hide other failures to load it', async () => {
    await expect(
      loadTokenCounter({ importTokenizer: () => Promise.reject(new SyntaxError('broken build')) }),
    ).rejects.toThrow('broken build');
  });
});
