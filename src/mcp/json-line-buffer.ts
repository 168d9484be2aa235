import { deserializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const NEWLINE = 0x0a;

/**
 * Splits a server's stdout into JSON-RPC messages, one per line, in time linear in the bytes
 * received: each chunk is searched once for newlines and a line is joined once, when it is
 * complete. A line longer than `maxMessageBytes` throws (and the buffer is cleared), so that a
 * server cannot make the host hold an unbounded message. It has the shape of the MCP SDK's
 * `ReadBuffer` (`append`, `readMessage`, `clear`), which copies the whole buffer on every chunk.
 * @internal
 * @example
 * ```ts
 * const buffer = new JsonLineBuffer(10 * 1024 * 1024, (size) => console.error(size));
 * buffer.append(Buffer.from('{"jsonrpc":"2.0","method":"ping","id":1}\n'));
 * buffer.readMessage(); // { jsonrpc: '2.0', method: 'ping', id: 1 }
 * ```
 */
export class JsonLineBuffer {
  readonly #maxMessageBytes: number;
  readonly #onOversize: (error: Error) => void;
  #parts: Buffer[] = [];
  #partBytes = 0;
  #lines: Buffer[] = [];
  #next = 0;
  /**
   * Sees each line's bytes (without the newline) before it is decoded and parsed for the SDK,
   * and returns true for a line it has dealt with itself: the seam a line-level relay reads
   * through.
   */
  take: ((line: Buffer) => boolean) | undefined;

  constructor(maxMessageBytes: number, onOversize: (error: Error) => void) {
    this.#maxMessageBytes = maxMessageBytes;
    this.#onOversize = onOversize;
  }

  append(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const end = chunk.indexOf(NEWLINE, start);
      const stop = end === -1 ? chunk.length : end;
      this.#partBytes += stop - start;
      if (this.#partBytes > this.#maxMessageBytes) {
        const error = new Error(
          `the server sent a message of more than ${this.#maxMessageBytes} bytes (the maxMessageBytes limit); the connection was closed`,
        );
        this.clear();
        this.#onOversize(error);
        throw error;
      }
      // A view is made only of bytes that are there: each costs about as much as scanning a
      // small line, and a chunk usually ends with its line's newline.
      if (stop > start) this.#parts.push(chunk.subarray(start, stop));
      if (end === -1) return;
      this.#lines.push(
        this.#parts.length === 1 ? (this.#parts[0] as Buffer) : Buffer.concat(this.#parts),
      );
      this.#parts.length = 0;
      this.#partBytes = 0;
      start = end + 1;
    }
  }

  readMessage(): JSONRPCMessage | null {
    while (this.#next < this.#lines.length) {
      const line = this.#lines[this.#next] as Buffer;
      this.#lines[this.#next] = EMPTY;
      this.#next++;
      if (this.#next === this.#lines.length) {
        this.#lines.length = 0;
        this.#next = 0;
      }
      if (this.take?.(line) === true) continue;
      const text = line.toString('utf8').replace(/\r$/, '');
      if (text.trim().length === 0) continue;
      return deserializeMessage(text);
    }
    return null;
  }

  clear(): void {
    this.#parts = [];
    this.#partBytes = 0;
    this.#lines = [];
    this.#next = 0;
  }
}

const EMPTY = Buffer.alloc(0);
