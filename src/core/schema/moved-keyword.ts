import { compactJson } from './schema-values.js';

/**
 * What moving a keyword the target does not take into the node's description writes: the entry
 * the description gains and the `MOVED_TO_DESCRIPTION` warning's message. The walk, the walk's
 * strict alternatives and the one-pass strict path all move keywords, and must write the same
 * text, which the property tests comparing them check character for character.
 *
 * @example
 * ```ts
 * movedKeyword('OpenAI (strict)', 'default', 5);
 * // { entry: 'default: 5', message: 'OpenAI (strict) does not take `default: 5` here; moved it into the description.' }
 * ```
 * @internal
 */
export function movedKeyword(label: string, key: string, value: unknown): MovedKeyword {
  const json = compactJson(value);
  return {
    // A string goes in as it reads; any other value as its JSON.
    entry: `${key}: ${typeof value === 'string' ? value : json}`,
    message: `${label} does not take \`${key}: ${json}\` here; moved it into the description.`,
  };
}

/** What {@link movedKeyword} returns. @internal */
export interface MovedKeyword {
  /** The text the description gains, in parentheses with the other moved keywords. */
  readonly entry: string;
  /** The message of the warning. */
  readonly message: string;
}
