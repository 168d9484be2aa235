import type { ToolWireMap } from '../core/create-tool-wire-map.js';

/**
 * Replaces every wire name of the map that differs from its canonical name by the canonical name,
 * in JSON text (an upstream error body): the caller sees its own names in the message. A name is
 * replaced only as a whole word (not inside a longer name), and the canonical name is written
 * JSON-escaped, so the text stays valid JSON.
 *
 * @example
 * ```ts
 * replaceWireNames('{"error":{"message":"tools[0]: io_github_x_search_ab12cd34 is invalid"}}', map);
 * // '{"error":{"message":"tools[0]: io.github/x__search is invalid"}}'
 * ```
 */
export function replaceWireNames(text: string, map: ToolWireMap): string {
  const replacements = new Map<string, string>();
  for (const [canonical, wire] of map.entries()) {
    if (canonical !== wire) replacements.set(wire, JSON.stringify(canonical).slice(1, -1));
  }
  if (replacements.size === 0) return text;
  // Longest first, so a wire name that starts another is not matched inside it.
  const alternatives = [...replacements.keys()]
    .sort((a, b) => b.length - a.length)
    .map((wire) => wire.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(
    `(?<![A-Za-z0-9_.:-])(?:${alternatives.join('|')})(?![A-Za-z0-9_.:-])`,
    'g',
  );
  return text.replace(pattern, (wire) => replacements.get(wire) ?? wire);
}
