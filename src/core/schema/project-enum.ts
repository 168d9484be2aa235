import { type MutableMap, type Path, type TreeContext, warn } from './schema-tree-context.js';

/** Writes enum values the target cannot take as strings, with the pairs to restore them. @internal */
export function projectEnum(
  values: unknown[],
  types: readonly string[] | undefined,
  path: Path,
  context: TreeContext,
  map: MutableMap,
): unknown[] {
  const { profile } = context;
  const fits = (value: unknown): boolean =>
    profile.enumValues === 'any' ||
    typeof value === 'string' ||
    (profile.enumValues === 'string-number' && typeof value === 'number');
  if (values.every(fits)) {
    // Gemini: an enum of strings only on a string type.
    if (profile.enumValues === 'string' && types !== undefined && !types.includes('string')) {
      map.values = [];
    }
    return values;
  }
  const wire: string[] = [];
  const written = new Set<string>();
  const pairs: (readonly [string, unknown])[] = [];
  let collisions = 0;
  for (const value of values) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (written.has(text)) {
      collisions++;
      continue;
    }
    written.add(text);
    wire.push(text);
    if (typeof value !== 'string') pairs.push([text, value]);
  }
  map.values = pairs;
  warn(
    context,
    'ENUM_STRINGIFIED',
    path,
    `${profile.label} takes only ${profile.enumValues === 'string' ? 'string' : 'string and number'} enum values; sent ${JSON.stringify(values).slice(0, 80)} as strings${collisions > 0 ? `, and ${collisions} value(s) that read the same as a string one could not be told apart` : ''}. restoreArguments turns them back.`,
  );
  return wire;
}
