import { codePointWidth, displayWidth } from './display-width.js';

/**
 * Shortens a text to at most `width` terminal columns by cutting out its middle and putting `…`
 * there, so both the start (the server) and the end (the tool, the alias hash) stay readable.
 * Columns, not characters: a CJK character or an emoji takes two (see display-width.ts), and a
 * code point is never split. A text that fits is returned as it is; a width under 1 gives `''`.
 * @internal
 * @example
 * ```ts
 * truncateMiddle('io_github_example_org_linear_create_project_with_issues', 21); // 'io_github_e…h_issues'
 * ```
 */
export function truncateMiddle(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width < 1) return '';
  const characters = Array.from(text);
  const kept = width - 1;
  let headRoom = Math.ceil(kept / 2);
  let head = 0;
  while (head < characters.length) {
    const next = codePointWidth(characters[head] as string);
    if (next > headRoom) break;
    headRoom -= next;
    head++;
  }
  // Whatever the head could not use (a wide character that did not fit) goes to the tail.
  let tailRoom = kept - Math.ceil(kept / 2) + headRoom;
  let tail = characters.length;
  while (tail > head) {
    const next = codePointWidth(characters[tail - 1] as string);
    if (next > tailRoom) break;
    tailRoom -= next;
    tail--;
  }
  return `${characters.slice(0, head).join('')}…${characters.slice(tail).join('')}`;
}
