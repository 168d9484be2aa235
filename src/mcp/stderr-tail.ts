import { StringDecoder } from 'node:string_decoder';

/** Options of {@link createStderrTail}. @internal */
export interface StderrTailOptions {
  /** How many complete lines are kept. */
  lines: number;
  /** The longest line kept, in characters; a longer one is cut with a note of how much was left out. */
  lineLength: number;
  /** Masks secrets in each line as it is kept. */
  mask: (text: string) => string;
}

/** The last lines a server wrote to stderr. @internal */
export interface StderrTail {
  /** Takes the next chunk the server wrote. */
  push: (chunk: Buffer) => void;
  /** The kept lines, and the line being written, if any. */
  lines: () => string[];
}

/**
 * Keeps the last lines of a server's stderr in bounded memory and linear time: each chunk is
 * split once, and a line without a newline is kept only up to twice `lineLength` characters (the
 * rest is counted, not kept), so a server writing megabytes without a newline costs the host
 * nothing more. Lines are masked before they are cut, so a secret at the cut is masked whole.
 * @internal
 * @example
 * ```ts
 * const tail = createStderrTail({ lines: 20, lineLength: 2000, mask: (text) => text });
 * tail.push(Buffer.from('starting\nready'));
 * tail.lines(); // ['starting', 'ready']
 * ```
 */
export function createStderrTail(options: StderrTailOptions): StderrTail {
  const { lineLength, mask } = options;
  const keep = lineLength * 2;
  const decoder = new StringDecoder('utf8');
  const kept: string[] = [];
  let partial = '';
  let dropped = 0;
  const finish = (line: string, more: number): string => {
    const masked = mask(line.replace(/\r$/, ''));
    const extra = more + Math.max(0, masked.length - lineLength);
    return extra === 0
      ? masked
      : `${masked.slice(0, lineLength)}... (${extra} more characters left out)`;
  };
  return {
    push(chunk) {
      const text = decoder.write(chunk);
      let start = 0;
      for (;;) {
        const end = text.indexOf('\n', start);
        const piece = text.slice(start, end === -1 ? text.length : end);
        const room = keep - partial.length;
        if (piece.length > room) {
          partial += piece.slice(0, Math.max(0, room));
          dropped += piece.length - Math.max(0, room);
        } else {
          partial += piece;
        }
        if (end === -1) return;
        if (partial.trim().length > 0) {
          kept.push(finish(partial, dropped));
          if (kept.length > options.lines) kept.shift();
        }
        partial = '';
        dropped = 0;
        start = end + 1;
      }
    },
    lines() {
      return partial.trim().length > 0 ? [...kept, finish(partial, dropped)] : [...kept];
    },
  };
}
