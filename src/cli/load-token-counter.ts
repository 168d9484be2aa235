/** Counts the tokens of a text, exactly or by estimate. @internal */
export interface TokenCounter {
  /** Tokens in `text`. */
  count: (text: string) => number;
  /** True for exact o200k_base counts (gpt-tokenizer), false for the byte-based estimate. */
  exact: boolean;
}

/** Options of {@link loadTokenCounter}. @internal */
export interface LoadTokenCounterOptions {
  /**
   * Loads gpt-tokenizer's o200k_base counter; rejects when the package is not installed.
   * @defaultValue a dynamic `import('gpt-tokenizer/encoding/o200k_base')`
   */
  importTokenizer?: () => Promise<{ countTokens: (text: string) => number }>;
}

// UTF-8 bytes per o200k_base token of a tool list as an OpenAI `tools` array, measured over 25 real
// catalogs: 3.7 to 5.3, median 4.5. The estimate is within about a fifth of the exact count.
const BYTES_PER_TOKEN = 4.5;

/**
 * The token counter for `lint`: gpt-tokenizer's exact o200k_base counts when that optional peer
 * dependency is installed (its 30 MB are for the CLI only, so a library user does not install them),
 * else an estimate from the UTF-8 length, marked `exact: false` so the report can say so.
 * @internal
 * @example
 * ```ts
 * const tokens = await loadTokenCounter();
 * tokens.count(JSON.stringify(tools)); // exact when gpt-tokenizer is installed
 * ```
 */
export async function loadTokenCounter(
  options: LoadTokenCounterOptions = {},
): Promise<TokenCounter> {
  const importTokenizer =
    options.importTokenizer ?? (() => import('gpt-tokenizer/encoding/o200k_base'));
  try {
    const { countTokens } = await importTokenizer();
    return { count: (text) => countTokens(text), exact: true };
  } catch (error) {
    if (!isModuleNotFound(error)) throw error;
    const encoder = new TextEncoder();
    return {
      count: (text) => Math.ceil(encoder.encode(text).length / BYTES_PER_TOKEN),
      exact: false,
    };
  }
}

function isModuleNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}
