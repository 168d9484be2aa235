/**
 * The `DROPPED_KEYWORD` warning's message for a keyword the target does not take and a model
 * could not read from the description either (`optional`, a vendor `x-` keyword). The walk and
 * the one-pass strict path both drop such keywords, and must write the same text, which the
 * property tests comparing them check character for character.
 *
 * @example
 * ```ts
 * droppedKeyword('OpenAI strict', 'optional');
 * // 'OpenAI strict does not take `optional`; dropped it.'
 * ```
 * @internal
 */
export function droppedKeyword(label: string, key: string): string {
  return `${label} does not take \`${key}\`; dropped it.`;
}
