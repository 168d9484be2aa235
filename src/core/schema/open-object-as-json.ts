/**
 * What asking for an object that takes any keys as JSON text writes, where OpenAI strict closes
 * every object: the entry the description gains and the `OPEN_OBJECT_AS_JSON` warning's message.
 * The walk and the one-pass strict path both ask for such objects, and must write the same text,
 * which the property tests comparing them check character for character.
 *
 * @example
 * ```ts
 * openObjectAsJson('OpenAI strict');
 * // { entry: 'any JSON object, written as JSON text', message: 'OpenAI strict closes every object, ...' }
 * ```
 * @internal
 */
export function openObjectAsJson(label: string): OpenObjectAsJson {
  return {
    entry: 'any JSON object, written as JSON text',
    message: `${label} closes every object, and this one takes any keys; asked for it as JSON text in a string.`,
  };
}

/** What {@link openObjectAsJson} returns. @internal */
export interface OpenObjectAsJson {
  /** The text the description gains, in parentheses with anything else moved there. */
  readonly entry: string;
  /** The message of the warning. */
  readonly message: string;
}
