/** One difference between two JSON values, at a JSON Pointer (RFC 6901). */
export interface JsonPointerChange {
  /** Where, such as `/properties/limit`; `''` is the whole value. */
  pointer: string;
  /** `added` and `removed` for a key or item on one side only, `changed` for a different value. */
  change: 'added' | 'removed' | 'changed';
}

/** Options of {@link diffJsonPointers}. @internal */
export interface DiffJsonPointersOptions {
  before: unknown;
  after: unknown;
  /** Differences listed at most; the rest are counted in `more`. @defaultValue 20 */
  limit?: number;
}

/** The result of {@link diffJsonPointers}. @internal */
export interface DiffJsonPointersResult {
  /** The first `limit` differences, in document order of the `before` side then `after`. */
  changes: JsonPointerChange[];
  /** Differences found beyond `limit`. */
  more: number;
}

/**
 * Where two JSON values (schemas, annotations) differ, as JSON Pointers: a key or array item on one
 * side only is `added` or `removed` (once, at its own pointer, not for everything under it), a
 * different scalar or a different kind of value is `changed`. Object key order does not matter.
 * Iterative, so a deeply nested value from a server cannot exhaust the stack.
 * @internal
 * @example
 * ```ts
 * diffJsonPointers({ before: { required: ['q'] }, after: { required: ['q', 'limit'], type: 'object' } });
 * // { changes: [{ pointer: '/required/1', change: 'added' }, { pointer: '/type', change: 'added' }], more: 0 }
 * ```
 */
export function diffJsonPointers(options: DiffJsonPointersOptions): DiffJsonPointersResult {
  const limit = options.limit ?? 20;
  const changes: JsonPointerChange[] = [];
  let more = 0;
  const note = (pointer: string, change: JsonPointerChange['change']): void => {
    if (changes.length < limit) changes.push({ pointer, change });
    else more += 1;
  };
  // Last in, first out: push children in reverse so they come out in document order.
  const stack: [pointer: string, before: unknown, after: unknown][] = [
    ['', options.before, options.after],
  ];
  while (stack.length > 0) {
    const [pointer, before, after] = stack.pop() as [string, unknown, unknown];
    if (before === undefined && after === undefined) continue;
    if (before === undefined) {
      note(pointer, 'added');
      continue;
    }
    if (after === undefined) {
      note(pointer, 'removed');
      continue;
    }
    const kind = kindOf(before);
    if (kind !== kindOf(after)) {
      note(pointer, 'changed');
      continue;
    }
    if (kind === 'array') {
      const left = before as unknown[];
      const right = after as unknown[];
      for (let index = Math.max(left.length, right.length) - 1; index >= 0; index -= 1) {
        stack.push([`${pointer}/${index}`, left[index], right[index]]);
      }
    } else if (kind === 'object') {
      const left = before as Record<string, unknown>;
      const right = after as Record<string, unknown>;
      const keys = [
        ...Object.keys(left),
        ...Object.keys(right).filter((key) => !Object.hasOwn(left, key)),
      ];
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index] as string;
        stack.push([
          `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`,
          Object.hasOwn(left, key) ? left[key] : undefined,
          Object.hasOwn(right, key) ? right[key] : undefined,
        ]);
      }
    } else if (before !== after) {
      note(pointer, 'changed');
    }
  }
  return { changes, more };
}

function kindOf(value: unknown): 'array' | 'object' | 'scalar' {
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' && value !== null ? 'object' : 'scalar';
}
