import { ToolwireError } from '../toolwire-error.js';

/**
 * Which tools hold tool names inside their arguments (a `tool_call({ name, arguments })` bridge
 * of a host that defers tools behind a meta-tool). Keys are canonical tool names; values are the
 * argument paths that hold a tool name, as dotted paths (`name`, `call.tool`). A value at a path
 * may be a string or an array of strings.
 *
 * @example
 * ```ts
 * const argumentNameTools = { clerum__tool_call: ['name'], clerum__tool_describe: ['names'] };
 * ```
 */
export type ArgumentNameTools = Readonly<Record<string, readonly string[]>>;

/**
 * The parsed paths of {@link ArgumentNameTools}, checked once per request.
 * @internal
 */
export type ArgumentNamePaths = ReadonlyMap<string, readonly (readonly string[])[]>;

/**
 * Checks and parses an `argumentNameTools` option.
 * @internal
 */
export function parseArgumentNameTools(option: ArgumentNameTools | undefined): ArgumentNamePaths {
  const paths = new Map<string, string[][]>();
  if (option === undefined) return paths;
  if (typeof option !== 'object' || option === null) {
    throw invalidOption(
      'argumentNameTools must be an object of canonical tool name to argument paths',
    );
  }
  for (const [tool, list] of Object.entries(option)) {
    if (
      !Array.isArray(list) ||
      list.some((path) => typeof path !== 'string' || path.length === 0)
    ) {
      throw invalidOption(
        `argumentNameTools["${tool}"] must be an array of argument paths such as ["name"]`,
      );
    }
    paths.set(
      tool,
      list.map((path: string) => path.split('.')),
    );
  }
  return paths;
}

/**
 * Rewrites every tool name found at `paths` inside `args` with `rewrite`. Returns `args` itself
 * when nothing changed, else a copy along the changed paths (the input is never mutated).
 * @internal
 */
export function rewriteArgumentNames(
  args: unknown,
  paths: readonly (readonly string[])[],
  rewrite: (name: string) => string,
): unknown {
  let result = args;
  for (const path of paths) result = rewriteAt(result, path, 0, rewrite);
  return result;
}

/**
 * Calls `visit` on every tool name found at `paths` inside `args`.
 * @internal
 */
export function visitArgumentNames(
  args: unknown,
  paths: readonly (readonly string[])[],
  visit: (name: string) => void,
): void {
  rewriteArgumentNames(args, paths, (name) => {
    visit(name);
    return name;
  });
}

function rewriteAt(
  value: unknown,
  path: readonly string[],
  depth: number,
  rewrite: (name: string) => string,
): unknown {
  if (depth === path.length) {
    if (typeof value === 'string') return rewrite(value);
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      value.forEach((item, index) => {
        if (typeof item !== 'string') return;
        const next = rewrite(item);
        if (next !== item) {
          copy ??= [...value];
          copy[index] = next;
        }
      });
      return copy ?? value;
    }
    return value;
  }
  const key = path[depth] as string;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  if (!Object.hasOwn(value, key)) return value;
  const inner = (value as Record<string, unknown>)[key];
  const next = rewriteAt(inner, path, depth + 1, rewrite);
  if (next === inner) return value;
  return { ...(value as Record<string, unknown>), [key]: next };
}

function invalidOption(message: string): ToolwireError {
  return new ToolwireError({ code: 'INVALID_OPTION', message: `Option ${message}.` });
}
