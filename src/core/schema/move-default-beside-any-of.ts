import { type Path, type Source, type TreeContext, warn } from './schema-tree-context.js';
import { compactJson } from './schema-values.js';

/**
 * Moves the `default` written beside `anyOf` into the description, with a warning, where the
 * target mishandles it there (Vertex, per gemini-cli; Gemini alike). Written by the walk and by
 * the fitting rebuild, which must say it alike.
 *
 * @internal
 * @example
 * ```ts
 * moveDefaultBesideAnyOf(out, described, ['properties', 'tags'], context);
 * // out.default is gone; described ends with 'default: null'
 * ```
 */
export function moveDefaultBesideAnyOf(
  out: Source,
  described: string[],
  path: Path,
  context: TreeContext,
): void {
  const { profile } = context;
  if (!profile.dropDefaultBesideAnyOf || out.anyOf === undefined || !Object.hasOwn(out, 'default'))
    return;
  described.push(`default: ${compactJson(out.default)}`);
  delete out.default;
  warn(
    context,
    'MOVED_TO_DESCRIPTION',
    path,
    `${profile.label} mishandles \`default\` beside \`anyOf\`; moved it into the description.`,
  );
}
