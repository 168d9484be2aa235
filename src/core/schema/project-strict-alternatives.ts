import { movedKeyword } from './moved-keyword.js';
import { projectAlternatives } from './project-alternatives.js';
import { SILENT_KEYWORDS } from './schema-keywords.js';
import {
  type MutableMap,
  NEVER,
  type Path,
  type Projected,
  type Source,
  type TreeContext,
  warn,
} from './schema-tree-context.js';
import { sameArray, sameEntries } from './schema-values.js';

/**
 * OpenAI strict, an optional parameter as Pydantic and FastMCP write it (`anyOf: [X, {type:
 * "null"}]` beside a title, a description and `default: null`): the branches projected, the
 * title kept, the `default` strict does not take moved into the description with its warning.
 * Gives exactly what the walk (`projectResolved`, `projectKeyword`, `finishNode`) gives, in the
 * same key order; `undefined` for any other node, decided before anything is projected.
 *
 * @internal
 * @example
 * ```ts
 * projectStrictAlternatives({ anyOf: [{ type: 'string' }, { type: 'null' }], default: null }, path, context);
 * // { schema: { anyOf: [...the same branches], description: '(default: null)' }, map: null }
 * ```
 */
export function projectStrictAlternatives(
  input: unknown,
  path: Path,
  context: TreeContext,
): Projected | undefined {
  if (!isCommonAlternatives(input)) return undefined;
  const node = input as Source;
  const alternatives = node.anyOf as unknown[];
  const { schemas, maps } = projectAlternatives(alternatives, [...path, 'anyOf'], context);
  if (schemas.length === 0) return NEVER;
  const out: Source = {};
  out.anyOf = sameArray(schemas, alternatives) ? alternatives : schemas;
  let map: MutableMap | null = null;
  for (let index = 0; index < maps.length; index++) {
    if (maps[index] === null) continue;
    map = { anyOf: maps.map((each) => each ?? {}) };
    break;
  }
  let described: string | undefined;
  // Own keys only (the prototype is checked by isCommonAlternatives), with no list made.
  for (const key in node) {
    if (key === 'title') out.title = node.title;
    else if (key === 'default') {
      const moved = movedKeyword(context.profile.label, key, node.default);
      described = moved.entry;
      warn(context, 'MOVED_TO_DESCRIPTION', [...path, key], moved.message);
    }
  }
  const description = node.description as string | undefined;
  if (described !== undefined) {
    out.description =
      description === undefined ? `(${described})` : `${description} (${described})`;
  } else if (description !== undefined) {
    out.description = description;
  }
  return { schema: sameEntries(out, node) ? node : out, map };
}

const EMPTY = {};

/**
 * Whether a node is `anyOf` and only a string title, a string description, a `default` and
 * keywords dropped without a word: what {@link projectStrictAlternatives} writes as the walk does.
 */
function isCommonAlternatives(input: unknown): boolean {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return false;
  const prototype = Object.getPrototypeOf(input);
  if (prototype !== Object.prototype && prototype !== null) return false;
  // With a polluted Object.prototype the walk reads inherited keywords this check does not see.
  for (const _ in EMPTY) return false;
  const node = input as Source;
  let alternatives = false;
  // `anyOf` read among the keys, not by name (see isCommonObject in project-strict-object.ts).
  for (const key in node) {
    switch (key) {
      case 'anyOf': {
        const value = node[key];
        if (!Array.isArray(value) || value.length === 0) return false;
        alternatives = true;
        break;
      }
      case 'default':
        break;
      case 'title':
      case 'description':
        if (typeof node[key] !== 'string') return false;
        break;
      default:
        if (!SILENT_KEYWORDS.has(key)) return false;
    }
  }
  return alternatives;
}
