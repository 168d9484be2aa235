import { ToolwireError } from '../toolwire-error.js';
import { toJsonPointer } from './json-pointer.js';
import { mergeReference } from './merge-reference.js';
import { resolveLocalRef } from './resolve-local-ref.js';
import {
  countNode,
  NEVER,
  type Path,
  type Source,
  type TreeContext,
  warn,
} from './schema-tree-context.js';
import { isRecord, sameJson, setKey } from './schema-values.js';
import { strictFail } from './strict-schema-rules.js';

/** How many times a recursive `$ref` is inlined on one path where the target takes no recursion. */
export const MAX_UNROLLED_DEPTH = 3;

/** A `$ref` met again on its own path: kept as a `$ref` (`keep`) or ended by an "any value" leaf. */
export interface Recursion {
  readonly recursion: string;
  readonly keep: boolean;
}

/** Whether a resolved node is a recursive `$ref` met again. @internal */
export function isRecursion(value: Source | Recursion): value is Recursion {
  return (
    typeof (value as Partial<Recursion>).recursion === 'string' && Object.hasOwn(value, 'keep')
  );
}

/** A branch that is only a `$ref` is known by its ref: two of them merge the same way. */
function pureRef(branch: unknown): string | undefined {
  if (!isRecord(branch) || typeof branch.$ref !== 'string') return undefined;
  for (const key in branch) if (key !== '$ref') return undefined;
  return `$ref ${branch.$ref}`;
}

/** Follows `$ref` chains and merges `allOf` into the node, recording followed refs on the stack. */
export function resolveSchemaNode(
  input: unknown,
  path: Path,
  context: TreeContext,
): Source | Recursion | typeof NEVER {
  let node = asSchema(input, path);
  if (node === NEVER) return NEVER;
  const followed = followRefs(node, path, context, true);
  if (followed === NEVER || isRecursion(followed)) return followed;
  node = followed;
  if (!Array.isArray(node.allOf)) return node;
  return mergeAllOf(node, path, context);
}

function asSchema(input: unknown, path: Path): Source | typeof NEVER {
  if (input === false) return NEVER;
  if (input === true) return {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ToolwireError({
      code: 'UNSUPPORTED_SCHEMA',
      message: `Schema at "${toJsonPointer(path)}" is ${Array.isArray(input) ? 'an array' : `a ${typeof input}`}, not a schema. Fix the tool's inputSchema.`,
    });
  }
  return input as Source;
}

/**
 * Follows a chain of `$ref`s. A ref already on the current path is recursion: kept as a `$ref`
 * where the target takes it and the node is that `$ref` alone (`mayKeep`), else inlined again up
 * to {@link MAX_UNROLLED_DEPTH} times and then ended.
 */
function followRefs(
  start: Source,
  path: Path,
  context: TreeContext,
  mayKeep: boolean,
): Source | Recursion | typeof NEVER {
  let node = start;
  let first = true;
  while (typeof node.$ref === 'string') {
    const ref = node.$ref;
    if (context.refs.includes(ref)) {
      if (first && mayKeep && context.profile.recursion === 'keep' && isOnlyRef(node)) {
        return { recursion: ref, keep: true };
      }
      let count = 0;
      for (const entry of context.refs) if (entry === ref) count++;
      if (count >= MAX_UNROLLED_DEPTH) return { recursion: ref, keep: false };
    }
    first = false;
    const target = resolveLocalRef(context.root, ref);
    if (target === undefined) {
      throw new ToolwireError({
        code: 'UNRESOLVED_REF',
        message: `Schema at "${toJsonPointer(path)}" refers to "${ref}", which is not inside the schema. toolwire follows only local references; fix the reference or inline the definition.`,
      });
    }
    context.refs.push(ref);
    const resolved = asSchema(target, path);
    if (resolved === NEVER) return NEVER;
    node = mergeReference(resolved, node);
  }
  return node;
}

/** A node that is a `$ref` and annotations only, so a `$ref` alone says the same. */
function isOnlyRef(node: Source): boolean {
  for (const key of Object.keys(node)) if (key !== '$ref' && !ANNOTATIONS.has(key)) return false;
  return true;
}

const ANNOTATIONS = new Set(['description', 'title', 'examples', 'default', '$comment']);

function mergeAllOf(
  start: Source,
  path: Path,
  context: TreeContext,
): Source | Recursion | typeof NEVER {
  const merged: Source = {};
  for (const key of Object.keys(start)) if (key !== 'allOf') setKey(merged, key, start[key]);
  // Each branch is followed with the refs of the path that led to it: a cycle is a ref met again
  // on its own path, never a ref that two branches share (a repeat or a diamond).
  const base = context.refs.slice();
  const queue: { branch: unknown; refs: readonly string[] }[] = (start.allOf as unknown[]).map(
    (branch) => ({ branch, refs: base }),
  );
  const followed = new Set<string>();
  // The same sub-schema met twice (a shared object graph) merges the same way twice: merge it once,
  // so that nested `allOf`s cost the size of the graph, not of the tree it unfolds into.
  const seen = new Set<unknown>();
  let conflicts = 0;
  for (let index = 0; index < queue.length; index++) {
    const entry = queue[index] as { branch: unknown; refs: readonly string[] };
    const identity = pureRef(entry.branch) ?? entry.branch;
    if (seen.has(identity)) continue;
    seen.add(identity);
    countNode(context, path);
    const asBranch = asSchema(entry.branch, path);
    if (asBranch === NEVER) return NEVER;
    context.refs.length = 0;
    context.refs.push(...entry.refs);
    const branch = followRefs(asBranch, path, context, false);
    if (branch === NEVER || isRecursion(branch)) return branch;
    const branchRefs = context.refs.slice();
    for (const ref of branchRefs) followed.add(ref);
    for (const key of Object.keys(branch)) {
      const value = branch[key];
      if (key === 'allOf' && Array.isArray(value)) {
        for (const nested of value) queue.push({ branch: nested, refs: branchRefs });
      } else if (key === 'properties' && isRecord(value) && isRecord(merged.properties)) {
        const properties: Source = { ...merged.properties };
        for (const name of Object.keys(value)) {
          if (!Object.hasOwn(properties, name)) setKey(properties, name, value[name]);
          else if (!sameJson(properties[name], value[name])) conflicts++;
        }
        merged.properties = properties;
      } else if (key === 'required' && Array.isArray(value) && Array.isArray(merged.required)) {
        merged.required = [...new Set([...merged.required, ...value])];
      } else if (!Object.hasOwn(merged, key)) {
        setKey(merged, key, value);
      } else if (!ANNOTATIONS.has(key) && !sameJson(merged[key], value)) {
        conflicts++;
      }
    }
  }
  // What lies under the merged node is under every branch's refs.
  context.refs.length = 0;
  context.refs.push(...base);
  for (const ref of followed) if (!base.includes(ref)) context.refs.push(ref);
  if (conflicts === 0) return merged;
  if (context.profile.allOf && !context.strict) return start;
  strictFail(context, path, 'its `allOf` branches disagree and cannot be merged');
  warn(
    context,
    'MERGED_SCHEMAS',
    path,
    `${context.profile.label} does not take \`allOf\`; merged its branches, keeping the first of ${conflicts} conflicting keyword(s).`,
  );
  return merged;
}
