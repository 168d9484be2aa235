import { type Path, type TreeContext, warn } from './schema-tree-context.js';

/**
 * Records that the `oneOf` of the node at `path` is sent as `anyOf`, for a target that does not
 * take `oneOf`: written by the walk and by the fitting rebuild, which must say it alike.
 *
 * @internal
 * @example
 * ```ts
 * warnOneOfAsAnyOfAt(context, ['properties', 'parent']);
 * // context.warnings ends with { code: 'ONE_OF_AS_ANY_OF', path: '/properties/parent', ... }
 * ```
 */
export function warnOneOfAsAnyOfAt(context: TreeContext, path: Path): void {
  warn(context, 'ONE_OF_AS_ANY_OF', path, oneOfAsAnyOfMessage(context.profile.label));
}

/**
 * The message of that warning for a target's `label`, which the one-pass strict path writes too.
 *
 * @internal
 * @example
 * ```ts
 * oneOfAsAnyOfMessage('OpenAI strict'); // 'OpenAI strict does not take `oneOf`; sent it as ...'
 * ```
 */
export function oneOfAsAnyOfMessage(label: string): string {
  return `${label} does not take \`oneOf\`; sent it as \`anyOf\`, so the model is not told that exactly one branch must match.`;
}
