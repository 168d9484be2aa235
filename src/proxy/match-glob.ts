/**
 * Whether a name matches a glob of `*` (any run of characters, none included) and `?` (one
 * character); every other character stands for itself. Used for per-server `include`/`exclude`.
 *
 * @example
 * ```ts
 * matchGlob('create_issue', 'create_*'); // true
 * matchGlob('delete_repo', '*_issue'); // false
 * ```
 */
export function matchGlob(name: string, glob: string): boolean {
  // Iterative matching with one backtrack point: linear in practice, never exponential.
  let n = 0;
  let g = 0;
  let star = -1;
  let mark = 0;
  while (n < name.length) {
    if (g < glob.length && (glob[g] === '?' || glob[g] === name[n])) {
      n++;
      g++;
    } else if (g < glob.length && glob[g] === '*') {
      star = g++;
      mark = n;
    } else if (star !== -1) {
      g = star + 1;
      n = ++mark;
    } else {
      return false;
    }
  }
  while (g < glob.length && glob[g] === '*') g++;
  return g === glob.length;
}
