import { describe, expect, it } from 'vitest';
import { readToolResult } from './read-tool-result.js';
import type { HubToolCallOutcome } from './run-hub-tool-calls.js';

const call = { id: 'c1', name: 'files__read', arguments: {} };
const outcome = (result: HubToolCallOutcome['result'], error = false): HubToolCallOutcome => ({
  call,
  result,
  isError: result.isError === true || error,
});
const textOnly = { provider: 'Text API', accepts: () => false, errorFlag: false };
const PNG = 'iVBORw0KGgo=';

describe('readToolResult', () => {
  it('should turn media a provider does not take into a placeholder with type and size', () => {
    const { pieces } = readToolResult(
      outcome({
        content: [
          { type: 'image', data: PNG, mimeType: 'image/png' },
          { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        ],
      }),
      textOnly,
    );
    expect(pieces).toEqual([
      {
        type: 'text',
        text: '[image image/png, 8 bytes, not shown: Text API tool results do not take image]',
      },
      {
        type: 'text',
        text: '[audio audio/wav, 3 bytes, not shown: Text API tool results do not take audio]',
      },
    ]);
  });

  it('should keep media the provider takes, unless it is over the size limit', () => {
    const accepts = { ...textOnly, accepts: () => true, maxMediaBytes: 5 };
    const { pieces } = readToolResult(
      outcome({
        content: [
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'image', data: PNG, mimeType: 'image/png' },
        ],
      }),
      accepts,
    );
    expect(pieces[0]).toEqual({
      type: 'media',
      kind: 'image',
      mimeType: 'image/png',
      data: 'AAAA',
    });
    expect(pieces[1]).toEqual({
      type: 'text',
      text: '[image image/png, 8 bytes, not shown: larger than the 5-byte limit for media in tool results]',
    });
  });

  it('should read resource links and embedded resources with their URI', () => {
    const { pieces } = readToolResult(
      outcome({
        content: [
          { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', mimeType: 'text/plain' },
          {
            type: 'resource',
            resource: { uri: 'file:///b.txt', mimeType: 'text/plain', text: 'bee' },
          },
          {
            type: 'resource',
            resource: { uri: 'file:///c.pdf', mimeType: 'application/pdf', blob: 'JVBERg==' },
          },
        ],
      }),
      textOnly,
    );
    expect(pieces).toEqual([
      { type: 'text', text: 'Resource link: a.txt <file:///a.txt> (text/plain)' },
      { type: 'text', text: 'Resource file:///b.txt (text/plain):\nbee' },
      {
        type: 'text',
        text: '[file application/pdf, 4 bytes (file:///c.pdf), not shown: Text API tool results do not take application/pdf]',
      },
    ]);
  });

  it('should give structuredContent as JSON only when there is no text', () => {
    const structured = { structuredContent: { sum: 5 } };
    expect(readToolResult(outcome({ content: [], ...structured }), textOnly).pieces).toEqual([
      { type: 'text', text: '{"sum":5}' },
    ]);
    expect(
      readToolResult(outcome({ content: [{ type: 'text', text: '5' }], ...structured }), textOnly)
        .pieces,
    ).toEqual([{ type: 'text', text: '5' }]);
    expect(
      readToolResult(outcome({ content: [], ...structured }), {
        ...textOnly,
        keepStructured: true,
      }),
    ).toEqual({ pieces: [], isError: false, structured: { sum: 5 } });
  });

  it('should mark errors in the text when the provider has no error flag, and never drop a block', () => {
    const failed = outcome({ content: [{ type: 'text', text: 'no such file' }], isError: true });
    expect(readToolResult(failed, textOnly).pieces).toEqual([
      { type: 'text', text: 'Tool error: no such file' },
    ]);
    expect(readToolResult(failed, { ...textOnly, errorFlag: true })).toMatchObject({
      isError: true,
      pieces: [{ type: 'text', text: 'no such file' }],
    });
    expect(
      readToolResult(outcome({ content: [{ type: 'hologram' }, 42] }), textOnly).pieces,
    ).toEqual([
      {
        type: 'text',
        text: '[content block of type "hologram" not shown: toolwire does not read it]',
      },
      {
        type: 'text',
        text: '[content block of type "number" not shown: toolwire does not read it]',
      },
    ]);
    expect(readToolResult(outcome({}), textOnly).pieces).toEqual([
      { type: 'text', text: '(the tool returned no content)' },
    ]);
  });

  it('should cut text past the limit and say how much', () => {
    const { pieces } = readToolResult(
      outcome({
        content: [
          { type: 'text', text: 'abcdef' },
          { type: 'text', text: 'gh' },
        ],
      }),
      { ...textOnly, maxTextLength: 4 },
    );
    expect(pieces).toEqual([
      {
        type: 'text',
        text: 'abcd\n[2 more characters cut: the result is longer than 4 characters]',
      },
      { type: 'text', text: '\n[2 more characters cut: the result is longer than 4 characters]' },
    ]);
  });
});
