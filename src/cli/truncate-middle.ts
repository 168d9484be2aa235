/**
 * Shortens a text to at most `width` characters (code points) by cutting out its middle and putting
 * `…` there, so both the start (the server) and the end (the tool, the alias hash) stay readable.
 * A text that fits is returned as it is; a width under 1 gives `''`.
 * @internal
 * @example
 * ```ts
 * truncateMiddle('io_github_example_org_linear_create_project_with_issues', 21); // 'io_github_e…h_issues'
 * ```
 */
export function truncateMiddle(text: string, width: number): string {
  if (text.length <= width) return text;
  const characters = Array.from(text);
  if (characters.length <= width) return text;
  if (width < 1) return '';
  const kept = width - 1;
  const head = Math.ceil(kept / 2);
  const tail = kept - head;
  return `${characters.slice(0, head).join('')}…${tail === 0 ? '' : characters.slice(-tail).join('')}`;
}
