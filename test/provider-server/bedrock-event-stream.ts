import { crc32 } from 'node:zlib';

/** Options of {@link encodeEventStreamMessage}. */
export interface EventStreamMessage {
  /** `event` for stream events, `exception` for modelled errors. */
  messageType: 'event' | 'exception';
  /** The union member name (`contentBlockStart`) or the exception name (`ValidationException`). */
  type: string;
  /** The JSON payload. */
  payload: unknown;
}

/**
 * Encodes one message of the AWS event-stream binary framing that ConverseStream answers with
 * (`application/vnd.amazon.eventstream`): a 12-byte prelude (total length, headers length, CRC32
 * of both), string headers (`:message-type`, `:event-type` or `:exception-type`,
 * `:content-type`), the JSON payload, and a CRC32 of everything before it. Written here from the
 * framing spec rather than with the SDK's codec, so the real SDK's decoder checks our frames.
 */
export function encodeEventStreamMessage(message: EventStreamMessage): Uint8Array {
  const typeHeader = message.messageType === 'event' ? ':event-type' : ':exception-type';
  const headers = Buffer.concat([
    encodeStringHeader(':message-type', message.messageType),
    encodeStringHeader(typeHeader, message.type),
    encodeStringHeader(':content-type', 'application/json'),
  ]);
  const payload = Buffer.from(JSON.stringify(message.payload), 'utf8');
  const totalLength = 12 + headers.length + payload.length + 4;
  const prelude = Buffer.alloc(12);
  prelude.writeUInt32BE(totalLength, 0);
  prelude.writeUInt32BE(headers.length, 4);
  prelude.writeUInt32BE(crc32(prelude.subarray(0, 8)), 8);
  const body = Buffer.concat([prelude, headers, payload]);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(crc32(body), 0);
  return new Uint8Array(Buffer.concat([body, trailer]));
}

// Header wire form: name length (1 byte), name, value type 7 (string), value length (2 bytes), value.
function encodeStringHeader(name: string, value: string): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  const valueBytes = Buffer.from(value, 'utf8');
  const header = Buffer.alloc(1 + nameBytes.length + 1 + 2 + valueBytes.length);
  let offset = header.writeUInt8(nameBytes.length, 0);
  offset += nameBytes.copy(header, offset);
  offset = header.writeUInt8(7, offset);
  offset = header.writeUInt16BE(valueBytes.length, offset);
  valueBytes.copy(header, offset);
  return header;
}
