/**
 * What it takes to turn arguments written against a projected schema back into the arguments the
 * MCP server's own schema describes. A tree that follows the schema; `null` anywhere means "nothing
 * changed shape here". Plain, frozen data: safe to cache, share and serialise.
 *
 * @example
 * ```ts
 * // A property `repo.name` renamed to `repo_name`, and an optional `limit` that strict mode made
 * // required-nullable:
 * const map: ArgumentMap = {
 *   keys: { repo_name: 'repo.name' },
 *   optionalNulls: ['limit'],
 * };
 * ```
 */
export interface ArgumentMap {
  /** Wire key to original key, for the properties of this object that were renamed. */
  readonly keys?: Readonly<Record<string, string>>;
  /** Wire keys that strict mode made required by adding `null`: a `null` there means "absent". */
  readonly optionalNulls?: readonly string[];
  /** Per wire key, the map for that property's value. */
  readonly properties?: Readonly<Record<string, ArgumentMap>>;
  /**
   * The wire keys declared in `properties`, given when `additionalProperties` has a map, and for
   * a closed object among alternatives (no `additionalProperties` map: no other key fits it).
   */
  readonly declared?: readonly string[];
  /** The map for values of keys not listed in `properties`. */
  readonly additionalProperties?: ArgumentMap;
  /** The map for every element of an array. */
  readonly items?: ArgumentMap;
  /** Per position, the map for the elements of a tuple (`null` where nothing changed). */
  readonly prefixItems?: readonly (ArgumentMap | null)[];
  /** The maps of the alternatives of `anyOf`/`oneOf`/a split type array; the first that fits applies. */
  readonly anyOf?: readonly ArgumentMap[];
  /** Enum values the projection sent as strings: `[wire string, original value]` pairs. */
  readonly values?: readonly (readonly [string, unknown])[];
  /** The value was asked for as JSON text in a string (a target that needs a type, for "any value"). */
  readonly json?: true;
  /**
   * A recursive schema kept as a `$ref`: the map is the root map's `definitions` entry of this
   * name (`'#'`: the root map itself).
   */
  readonly ref?: string;
  /** At the root only: the maps of the recursive definitions that `ref` names. */
  readonly definitions?: Readonly<Record<string, ArgumentMap>>;
}

/**
 * The map `ref` stands for, or the map itself; `undefined` when the definition changes nothing.
 * @internal
 */
export function followMap(map: ArgumentMap, root: ArgumentMap): ArgumentMap | undefined {
  if (map.ref === undefined) return map;
  if (map.ref === '#') return root;
  return root.definitions !== undefined && Object.hasOwn(root.definitions, map.ref)
    ? root.definitions[map.ref]
    : undefined;
}

/**
 * True when the map says something about the properties of an object value.
 * @internal
 */
export function hasObjectPart(map: ArgumentMap): boolean {
  return (
    map.keys !== undefined ||
    map.optionalNulls !== undefined ||
    map.properties !== undefined ||
    map.additionalProperties !== undefined
  );
}

/**
 * Whether an object's keys fit a closed branch's declared keys (`wire`: the keys are wire keys,
 * else original ones). A map that declares nothing fits any object.
 * @internal
 */
export function fitsDeclaredKeys(
  value: Record<string, unknown>,
  map: ArgumentMap,
  wire: boolean,
): boolean {
  if (map.declared === undefined || map.additionalProperties !== undefined) return true;
  const declared = new Set(
    wire ? map.declared : map.declared.map((key) => (map.keys?.[key] ?? key) as string),
  );
  for (const key of Object.keys(value)) if (!declared.has(key)) return false;
  return true;
}

/**
 * The map for the value under wire key `wire`: its own entry, else the `additionalProperties` map
 * for keys `properties` does not declare.
 * @internal
 */
export function propertyMap(map: ArgumentMap, wire: string): ArgumentMap | undefined {
  if (map.properties !== undefined && Object.hasOwn(map.properties, wire)) {
    return map.properties[wire];
  }
  const declared = map.declared === undefined || map.declared.includes(wire);
  return declared ? undefined : map.additionalProperties;
}

/**
 * Sets an own, enumerable data property, so that keys such as `__proto__` stay plain data.
 * @internal
 */
export function setDataProperty(
  target: Record<string, unknown>,
  key: string,
  value: unknown,
): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
