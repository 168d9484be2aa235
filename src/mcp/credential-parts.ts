const PATH = /^(?:[/~]|\.{1,2}\/|[A-Za-z]:[\\/])/;
const URL_WITHOUT_CREDENTIALS = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^@\s]*$/;

/**
 * The parts of configured values that look like credentials: each whitespace-separated part of
 * at least 12 characters that mixes two of lower case, upper case and digits (or any part of 32
 * or more), and is neither a path nor a URL without credentials. `sk-ECHOED-7f3a`, a `ghp_` token
 * and the token of `Bearer <token>` are kept; `info`, `production`, `us-east-1`, `/home/me/data`
 * and `http://127.0.0.1:8080` are not.
 *
 * Why: every `env` and header value is masked in what the hub prints (over-masking a log line
 * costs nothing), but tool definitions are what a model reads and calls by. There a value such as
 * `LOG_LEVEL=info` would turn an enum value `info` into `***` and leave out a tool named
 * `get_info`, so only what looks like a credential is masked.
 * @internal
 * @example
 * ```ts
 * credentialParts(['Bearer sk-ECHOED-7f3a', 'info', '/home/me']); // ['sk-ECHOED-7f3a']
 * ```
 */
export function credentialParts(values: readonly string[]): string[] {
  const parts: string[] = [];
  for (const value of values) {
    for (const part of value.split(/\s+/)) {
      if (part.length < 12 || PATH.test(part) || URL_WITHOUT_CREDENTIALS.test(part)) continue;
      const classes =
        Number(/[a-z]/.test(part)) + Number(/[A-Z]/.test(part)) + Number(/[0-9]/.test(part));
      if (classes >= 2 || part.length >= 32) parts.push(part);
    }
  }
  return parts;
}
