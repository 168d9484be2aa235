/** What {@link maskSecrets} puts where a secret was. */
export const SECRET_MASK = '***';

/**
 * Values shorter than this are not masked: they cannot be told apart from ordinary text (masking
 * every `1` or `on` would garble every message), and nothing that short is a credential.
 */
const SHORTEST_SECRET = 4;

/**
 * Replaces every secret in a text with `***`: each value as it is, URL-encoded (as it appears in
 * an error that quotes a URL) and JSON-escaped (as it appears in a quoted message). Longer secrets
 * are replaced first, so a secret that contains another is masked whole. Values shorter than four
 * characters are left alone (see above).
 *
 * The secrets of a configuration are `McpServerEntry.secrets`: every value a `${VAR}` expansion
 * took from the environment, every `env` value and every header value.
 *
 * @example
 * ```ts
 * const { servers } = parseMcpConfig({ document, env: { SECRET_TOKEN: 'sk-LEAKME' } });
 * maskSecrets('spawn node srv.mjs --api-key=sk-LEAKME failed', servers[0].secrets);
 * // 'spawn node srv.mjs --api-key=*** failed'
 * maskSecrets('GET /mcp?key=a%20b', ['a b']); // 'GET /mcp?key=***'
 * ```
 */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  return createSecretMask(secrets)(text);
}

/**
 * Compiles {@link maskSecrets} for one set of secrets, for masking many texts (stderr lines,
 * every status) at the cost of one scan each.
 *
 * @example
 * ```ts
 * const mask = createSecretMask(['sk-LEAKME']);
 * mask('key sk-LEAKME'); // 'key ***'
 * mask('nothing here'); // 'nothing here' (the same string)
 * ```
 */
export function createSecretMask(secrets: readonly string[]): (text: string) => string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret.length < SHORTEST_SECRET) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(encodeURIComponent(secret).replaceAll('%20', '+'));
    forms.add(JSON.stringify(secret).slice(1, -1));
  }
  if (forms.size === 0) return maskNothing;
  const pattern = new RegExp(
    [...forms]
      .sort((a, b) => b.length - a.length)
      .map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|'),
    'g',
  );
  return (text) => (typeof text === 'string' ? text.replace(pattern, SECRET_MASK) : text);
}

/** The mask of a set with no secret long enough to mask, shared so that it can be recognised. */
const maskNothing = (text: string): string => text;

/**
 * Whether a mask from {@link createSecretMask} has any secret to mask, so that a caller can skip
 * work (walking tool definitions) that could only find nothing.
 * @internal
 *
 * @example
 * ```ts
 * masksAnything(createSecretMask([])); // false
 * masksAnything(createSecretMask(['sk-LEAKME'])); // true
 * ```
 */
export function masksAnything(mask: (text: string) => string): boolean {
  return mask !== maskNothing;
}
