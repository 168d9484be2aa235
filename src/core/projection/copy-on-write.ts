/**
 * Maps an array, returning the array itself when no element changed (so unchanged requests stay
 * the caller's objects and serialise byte for byte the same).
 *
 * @example
 * ```ts
 * const tools = mapIfChanged(request.tools, (tool) => projectTool(tool));
 * tools === request.tools; // when nothing needed changing
 * ```
 */
export function mapIfChanged<TItem>(
  array: readonly TItem[],
  map: (item: TItem, index: number) => TItem,
): readonly TItem[] {
  let copy: TItem[] | undefined;
  for (let index = 0; index < array.length; index++) {
    const item = array[index] as TItem;
    const next = map(item, index);
    if (next !== item) {
      copy ??= array.slice(0, index);
      copy.push(next);
    } else if (copy !== undefined) {
      copy.push(item);
    }
  }
  return copy ?? array;
}

/**
 * The object with `key` set to `value`: the object itself when the value is already there, else
 * a shallow copy (the input is never mutated). Key order is kept.
 *
 * @example
 * ```ts
 * const tool = withProperty(original, 'name', wireName);
 * ```
 */
export function withProperty<TObject extends object, TKey extends keyof TObject>(
  object: TObject,
  key: TKey,
  value: TObject[TKey],
): TObject {
  if (object[key] === value) return object;
  return { ...object, [key]: value };
}

/**
 * True for a plain, non-array object.
 * @internal
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What an adapter's per-tool projection returns for a tool it leaves out (quarantined schema).
 * @internal
 */
export const LEFT_OUT: unique symbol = Symbol('toolwire.left-out');

/**
 * The array without the items marked {@link LEFT_OUT}; the array itself when there are none.
 * @internal
 */
export function withoutLeftOut<TItem>(array: readonly TItem[]): readonly TItem[] {
  return array.includes(LEFT_OUT as TItem) ? array.filter((item) => item !== LEFT_OUT) : array;
}
