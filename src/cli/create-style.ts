/** Colour helpers; each returns its text unchanged when colour is off. */
export interface Style {
  /** True when escape codes are written. */
  enabled: boolean;
  bold: (text: string) => string;
  dim: (text: string) => string;
  green: (text: string) => string;
  yellow: (text: string) => string;
  red: (text: string) => string;
  cyan: (text: string) => string;
  magenta: (text: string) => string;
}

/** Options of {@link createStyle}. @internal */
export interface CreateStyleOptions {
  /** The stream written to; colour needs a TTY. */
  stream: { isTTY?: boolean };
  /** `NO_COLOR` (any non-empty value) turns colour off, whatever else says. */
  env: Readonly<Record<string, string | undefined>>;
  /** `--color` (true) or `--no-color` (false); unset means decide by the TTY. */
  color?: boolean | undefined;
}

/**
 * Colour only on a TTY, never with `NO_COLOR` (no-color.org), and `--no-color` always wins.
 * @internal
 * @example
 * ```ts
 * createStyle({ stream: process.stdout, env: process.env }).green('ok');
 * ```
 */
export function createStyle(options: CreateStyleOptions): Style {
  const noColor = (options.env.NO_COLOR ?? '') !== '';
  const enabled =
    !noColor &&
    options.color !== false &&
    (options.color === true || options.stream.isTTY === true);
  const paint =
    (open: number, close: number) =>
    (text: string): string =>
      enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return {
    enabled,
    bold: paint(1, 22),
    dim: paint(2, 22),
    green: paint(32, 39),
    yellow: paint(33, 39),
    red: paint(31, 39),
    cyan: paint(36, 39),
    magenta: paint(35, 39),
  };
}
