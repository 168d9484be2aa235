import { projectSchemaTree } from './project-schema-tree.js';
import { resolveLocalRef } from './resolve-local-ref.js';
import { MAX_UNROLLED_DEPTH, type Recursion } from './resolve-schema-node.js';
import { NEVER, type Path, type Projected, type TreeContext, warn } from './schema-tree-context.js';

/**
 * Where a recursive `$ref` comes back: a target that takes recursion gets a `$ref` into the
 * projected schema's `$defs` (or `#` for the root); any other target gets a leaf that accepts any
 * value, below the levels already unrolled.
 */
export function projectRecursion(
  recursion: Recursion,
  path: Path,
  context: TreeContext,
): Projected {
  const ref = recursion.recursion;
  if (!recursion.keep) {
    context.unrolled ??= new Set();
    if (!context.unrolled.has(ref)) {
      context.unrolled.add(ref);
      warn(
        context,
        'RECURSION_UNROLLED',
        path,
        `${context.profile.label} takes no recursive schema; unrolled "${ref}" ${MAX_UNROLLED_DEPTH} levels deep, below which any JSON value is accepted.`,
      );
    }
    const saved = context.refs.splice(0);
    try {
      return projectSchemaTree(
        { description: `Deeper levels of "${ref}", not unrolled further.` },
        path,
        context,
      );
    } finally {
      context.refs.length = 0;
      context.refs.push(...saved);
    }
  }
  if (ref === '#') return { schema: { $ref: '#' }, map: { ref: '#' } };
  let definition = context.definitions?.get(ref);
  if (definition === undefined) {
    const pointer = refPath(ref);
    definition = { key: definitionKey(pointer, context), schema: {}, map: null };
    context.definitions ??= new Map();
    context.definitions.set(ref, definition);
    const saved = context.refs.splice(0);
    context.refs.push(ref);
    try {
      const projected = projectSchemaTree(resolveLocalRef(context.root, ref), pointer, context);
      if (projected === NEVER) definition.schema = context.profile.keywords === null ? false : {};
      else {
        definition.schema = projected.schema;
        definition.map = projected.map;
      }
    } finally {
      context.refs.length = 0;
      context.refs.push(...saved);
    }
  }
  return { schema: { $ref: `#/$defs/${definition.key}` }, map: { ref: definition.key } };
}

/** The JSON Pointer of a local `$ref`, as path segments. */
function refPath(ref: string): (string | number)[] {
  let pointer = ref.slice(1);
  try {
    pointer = decodeURIComponent(pointer);
  } catch {
    // resolveLocalRef refuses such a ref before it gets here
  }
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** A `$defs` name for a kept definition: its own last segment, made plain and unique. */
function definitionKey(pointer: readonly (string | number)[], context: TreeContext): string {
  const base =
    String(pointer[pointer.length - 1] ?? 'root').replace(/[^A-Za-z0-9_-]/g, '_') || 'definition';
  const taken = new Set(
    [...(context.definitions?.values() ?? [])].map((definition) => definition.key),
  );
  let key = base;
  for (let suffix = 2; taken.has(key); suffix++) key = `${base}_${suffix}`;
  return key;
}
