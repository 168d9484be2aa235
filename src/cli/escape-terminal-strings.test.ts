import { describe, expect, it } from 'vitest';
import { escapeTerminalStrings } from './escape-terminal-strings.js';

describe('escapeTerminalStrings', () => {
  it('escapes every string and key of a report, keeps other values, and keeps __proto__ a key', () => {
    const report = JSON.parse(
      '{"tool":"a\\u001b[2J","count":3,"ok":true,"none":null,"list":["x\\u202e",{"__proto__":"\\r"}],"k\\u009b":1}',
    );
    const escaped = escapeTerminalStrings(report);
    expect(escaped).toEqual({
      tool: 'a\\x1b[2J',
      count: 3,
      ok: true,
      none: null,
      list: ['x\\u202e', JSON.parse('{"__proto__":"\\\\x0d"}')],
      'k\\x9b': 1,
    });
    expect(Object.getPrototypeOf(escaped.list[1])).toBe(Object.prototype);
    expect(Object.hasOwn(escaped.list[1], '__proto__')).toBe(true);
    expect(report.tool).toBe('a\u001b[2J');
  });
});
