import { droppedKeyword } from './dropped-keyword.js';
import { movedKeyword } from './moved-keyword.js';
import { projectSchemaTree } from './project-schema-tree.js';
import {
  BOOLEAN_VALUED_KEYWORDS,
  COUNT_VALUED_KEYWORDS,
  KEPT_SUBSCHEMA_KEYWORDS,
  KEPT_SUBSCHEMA_MAP_KEYWORDS,
  NUMBER_VALUED_KEYWORDS,
  STRING_VALUED_KEYWORDS,
} from './schema-keywords.js';
import {
  NEVER,
  type Path,
  type Source,
  type TreeContext,
  warnAtKey,
} from './schema-tree-context.js';
import { compactJson, isRecord, setKey } from './schema-values.js';
import { STRICT_STRUCTURAL, strictFail } from './strict-schema-rules.js';

/** Keeps, converts, moves into the description or drops one keyword the walk does not handle structurally. @internal */
export function projectKeyword(
  key: string,
  value: unknown,
  node: Source,
  out: Source,
  described: string[],
  types: readonly string[] | undefined,
  path: Path,
  context: TreeContext,
): void {
  const { profile } = context;
  if (!hasValidValue(key, value)) {
    // Providers validate keyword values (Anthropic against the 2020-12 meta-schema, Gemini against its proto).
    warnAtKey(
      context,
      'DROPPED_KEYWORD',
      path,
      key,
      `\`${key}: ${compactJson(value)}\` is not a valid value for that keyword; dropped it.`,
    );
    return;
  }
  if (context.strict && STRICT_STRUCTURAL.has(key)) {
    strictFail(context, path, `it uses \`${key}\``);
  }
  if (profile.keywords === null && !context.strict) {
    if (KEPT_SUBSCHEMA_KEYWORDS.has(key)) {
      const projected = projectSchemaTree(value, [...path, key], context);
      out[key] = projected === NEVER ? false : projected.schema;
    } else if (KEPT_SUBSCHEMA_MAP_KEYWORDS.has(key) && isRecord(value)) {
      const projectedMap: Source = {};
      for (const name of Object.keys(value)) {
        const projected = projectSchemaTree(value[name], [...path, key, name], context);
        setKey(projectedMap, name, projected === NEVER ? false : projected.schema);
      }
      out[key] = projectedMap;
    } else if (key === 'dependencies' && isRecord(value)) {
      // Draft 4-7 `dependencies` splits into the 2020-12 keywords.
      for (const name of Object.keys(value)) {
        const member = value[name];
        if (Array.isArray(member)) {
          out.dependentRequired = { ...(out.dependentRequired as Source | undefined) };
          const names = [...new Set(member.filter((entry) => typeof entry === 'string'))];
          setKey(out.dependentRequired as Source, name, names);
        } else {
          const projected = projectSchemaTree(member, [...path, key, name], context);
          out.dependentSchemas = { ...(out.dependentSchemas as Source | undefined) };
          setKey(
            out.dependentSchemas as Source,
            name,
            projected === NEVER ? false : projected.schema,
          );
        }
      }
    } else if (
      (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') &&
      typeof value === 'boolean'
    ) {
      // Draft 4 boolean form; 2020-12 wants the bound itself.
      const bound = key === 'exclusiveMinimum' ? 'minimum' : 'maximum';
      if (value && typeof node[bound] === 'number') {
        out[key] = node[bound];
        delete out[bound];
      }
    } else if (
      (key === 'minimum' || key === 'maximum') &&
      node[key === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum'] === true
    ) {
      // Written by the exclusive keyword above.
    } else {
      setKey(out, key, value);
    }
    return;
  }
  const allowed = profile.keywords === null ? true : profile.keywords.has(key);
  if (allowed && key === 'format' && profile.formats !== null) {
    const type = types?.length === 1 ? types[0] : undefined;
    const formats = type === undefined ? undefined : profile.formats[type];
    if (formats?.includes(value as string)) {
      out.format = value;
      return;
    }
  } else if (allowed) {
    if (key === 'default' && context.strict) {
      // OpenAI strict does not permit `default`.
    } else {
      setKey(out, key, value);
      return;
    }
  }
  if (key.startsWith('x-') || !DESCRIBABLE.has(key)) {
    warnAtKey(context, 'DROPPED_KEYWORD', path, key, droppedKeyword(profile.label, key));
    return;
  }
  const moved = movedKeyword(profile.label, key, value);
  described.push(moved.entry);
  warnAtKey(context, 'MOVED_TO_DESCRIPTION', path, key, moved.message);
}

/** Whether a keyword's value has the type JSON Schema 2020-12 gives that keyword. @internal */
export function hasValidValue(key: string, value: unknown): boolean {
  switch (VALUE_KINDS.get(key)) {
    case NUMBER_VALUE:
      return typeof value === 'number' && (key !== 'multipleOf' || value > 0);
    case COUNT_VALUE:
      return Number.isInteger(value) && (value as number) >= 0;
    case STRING_VALUE:
      return typeof value === 'string';
    case BOOLEAN_VALUE:
      return typeof value === 'boolean';
    case BOUND_VALUE:
      return typeof value === 'number' || typeof value === 'boolean';
    case LIST_VALUE:
      return Array.isArray(value);
    case DEPENDENT_REQUIRED_VALUE:
      return (
        isRecord(value) &&
        Object.values(value).every(
          (names) =>
            Array.isArray(names) &&
            names.every((name) => typeof name === 'string') &&
            new Set(names).size === names.length,
        )
      );
    default:
      return true;
  }
}

const NUMBER_VALUE = 1;
const COUNT_VALUE = 2;
const STRING_VALUE = 3;
const BOOLEAN_VALUE = 4;
/** `exclusiveMinimum`/`exclusiveMaximum`: a number, or draft 4's boolean. */
const BOUND_VALUE = 5;
/** `examples`. */
const LIST_VALUE = 6;
const DEPENDENT_REQUIRED_VALUE = 7;

/**
 * What value each keyword takes, in one lookup (every keyword the walk keeps is checked); a
 * keyword in two sets takes the first one's kind, in the order they are listed here.
 */
const VALUE_KINDS: ReadonlyMap<string, number> = valueKinds();

function valueKinds(): Map<string, number> {
  const kinds = new Map<string, number>();
  const add = (keys: Iterable<string>, kind: number): void => {
    for (const key of keys) if (!kinds.has(key)) kinds.set(key, kind);
  };
  add(NUMBER_VALUED_KEYWORDS, NUMBER_VALUE);
  add(COUNT_VALUED_KEYWORDS, COUNT_VALUE);
  add(STRING_VALUED_KEYWORDS, STRING_VALUE);
  add(BOOLEAN_VALUED_KEYWORDS, BOOLEAN_VALUE);
  add(['exclusiveMinimum', 'exclusiveMaximum'], BOUND_VALUE);
  add(['examples'], LIST_VALUE);
  add(['dependentRequired'], DEPENDENT_REQUIRED_VALUE);
  return kinds;
}

/** Keywords whose meaning a model can read from the description. */
const DESCRIBABLE = new Set([
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'minContains',
  'maxContains',
  'default',
  'examples',
  'example',
  'title',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentEncoding',
  'contentMediaType',
  'dependentRequired',
  'dependencies',
  'propertyNames',
  'patternProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
]);
