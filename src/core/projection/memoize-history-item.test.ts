import { describe, expect, it } from 'vitest';
import { createToolWireMap } from '../create-tool-wire-map.js';
import { memoizeHistory, memoizeHistoryItem } from './memoize-history-item.js';

interface Message {
  role: string;
  calls: { name: string }[];
}

const fingerprint = (message: Message, visit: (value: unknown) => void): void => {
  visit(message.calls);
  visit(message.calls.length);
  for (const call of message.calls) {
    visit(call);
    visit(call.name);
  }
};

describe('memoizeHistoryItem', () => {
  it('should project an item once per map and again when it changes in place', () => {
    const map = createToolWireMap(['a.b__c', 'd__e'], { envelope: 'openai' });
    let projections = 0;
    const project = (message: Message): Message => {
      projections++;
      return { ...message, calls: message.calls.map((call) => ({ name: map.toWire(call.name) })) };
    };
    const message: Message = { role: 'assistant', calls: [{ name: 'a.b__c' }] };
    const run = (key: unknown = undefined, onMap = map) =>
      memoizeHistoryItem({ item: message, map: onMap, key, fingerprint, project });
    const first = run();
    expect(run()).toBe(first);
    expect(projections).toBe(1);
    expect(first.calls[0]?.name).toBe('a_b__c');
    run('other key');
    expect(projections).toBe(2);
    run(undefined, createToolWireMap(['d__e', 'a.b__c', 'x__y'], { envelope: 'openai' }));
    expect(projections).toBe(3);
    message.calls.push({ name: 'd__e' });
    expect(run().calls.map((call) => call.name)).toEqual(['a_b__c', 'd__e']);
    (message.calls[1] as { name: string }).name = 'a.b__c';
    expect(run().calls.map((call) => call.name)).toEqual(['a_b__c', 'a_b__c']);
    expect(projections).toBe(5);
  });
});

describe('memoizeHistory', () => {
  it('should project each object item once per map, pass other items through, and copy only on change', () => {
    const map = createToolWireMap(['a.b__c', 'd__e'], { envelope: 'openai' });
    let projections = 0;
    const project = (message: Message): Message => {
      projections++;
      const calls = message.calls.map((call) => ({ name: map.toWire(call.name) }));
      return calls.every((call, index) => call.name === message.calls[index]?.name)
        ? message
        : { ...message, calls };
    };
    const aliased: Message = { role: 'assistant', calls: [{ name: 'a.b__c' }] };
    const plain: Message = { role: 'assistant', calls: [{ name: 'd__e' }] };
    const run = (items: readonly Message[]) =>
      memoizeHistory({ items, map, key: undefined, fingerprint, project });
    const unchanged = [plain, null as unknown as Message];
    expect(run(unchanged)).toBe(unchanged);
    const first = run([plain, aliased]);
    expect(first[0]).toBe(plain);
    expect(first[1]?.calls[0]?.name).toBe('a_b__c');
    expect(projections).toBe(2);
    const next = run([plain, aliased, plain]);
    expect(next[1]).toBe(first[1]);
    expect(projections).toBe(2);
    (aliased.calls[0] as { name: string }).name = 'd__e';
    expect(run([aliased])[0]).toBe(aliased);
    expect(projections).toBe(3);
  });
});
