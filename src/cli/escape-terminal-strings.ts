import { escapeTerminalText } from './escape-terminal-text.js';

/**
 * A copy of a report with every string in it (keys too) passed through `escapeTerminalText`, for
 * the text formatters: names, server info, JSON Pointers, reasons and stderr lines all come from
 * servers and config files, and the formatters then pad and truncate what will actually be shown.
 * @internal
 * @example
 * ```ts
 * formatLintReport(escapeTerminalStrings(report), style);
 * ```
 */
export function escapeTerminalStrings<T>(value: T): T {
  return escapeValue(value) as T;
}

function escapeValue(value: unknown): unknown {
  if (typeof value === 'string') return escapeTerminalText(value);
  if (Array.isArray(value)) return value.map(escapeValue);
  if (typeof value !== 'object' || value === null) return value;
  // fromEntries defines own properties, so a `__proto__` key stays a key.
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [escapeTerminalText(key), escapeValue(entry)]),
  );
}
