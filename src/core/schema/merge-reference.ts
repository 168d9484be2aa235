import type { Source } from './schema-tree-context.js';
import { setKey } from './schema-values.js';

/**
 * What a `$ref` node stands for: the keys of what it refers to, then the node's own but `$ref`,
 * which win (2020-12: keywords beside a `$ref` apply too, and its annotations override the
 * target's). The walk, the fitting check and the rebuild all merge so, in this key order.
 *
 * @internal
 * @example
 * ```ts
 * mergeReference({ type: 'string', description: 'Id' }, { $ref: '#/$defs/id', description: 'Owner' });
 * // { type: 'string', description: 'Owner' }
 * ```
 */
export function mergeReference(target: Source, node: Source): Source {
  const merged: Source = {};
  for (const key of Object.keys(target)) setKey(merged, key, target[key]);
  for (const key of Object.keys(node)) if (key !== '$ref') setKey(merged, key, node[key]);
  return merged;
}
