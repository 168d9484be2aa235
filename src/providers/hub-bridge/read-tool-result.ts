import { isRecord } from '../../core/is-record.js';
import type { HubToolCallOutcome } from './run-hub-tool-calls.js';

/** A media item of a tool result, base64 encoded. */
export interface ToolResultMedia {
  type: 'media';
  /** `image`, `audio`, or `file` (an embedded binary resource of another type). */
  kind: 'image' | 'audio' | 'file';
  /** The MIME type, as the server gave it. */
  mimeType: string;
  /** Base64 data. */
  data: string;
  /** The resource URI, for an embedded resource. */
  uri?: string;
}

/** One piece of a tool result, in provider-neutral form. */
export type ToolResultPiece = { type: 'text'; text: string } | ToolResultMedia;

/** Bounds on what one tool result may put in front of the model. */
export interface ToolResultLimits {
  /** The longest text of one result, in characters; the rest is cut with a note. @defaultValue 1000000 */
  maxTextLength?: number;
  /** The largest media item sent as such, in bytes; larger ones become a placeholder. @defaultValue 5000000 */
  maxMediaBytes?: number;
}

/** Options of {@link readToolResult}. */
export interface ReadToolResultOptions extends ToolResultLimits {
  /** The provider's name for placeholders, e.g. `OpenAI Chat`. */
  provider: string;
  /** True for the media the provider takes in tool results; the rest become a text placeholder. */
  accepts: (media: ToolResultMedia) => boolean;
  /**
   * `true` when the provider has an error flag of its own (Anthropic `is_error`, Bedrock
   * `status`); otherwise a tool's error result starts with `Tool error:` so the model sees it.
   */
  errorFlag: boolean;
  /**
   * `true` to return `structuredContent` as `structured` (Bedrock's `json` block) instead of as
   * JSON text, when there is no text.
   */
  keepStructured?: boolean;
}

/** A tool result in provider-neutral form. */
export interface ReadToolResultResult {
  /** Text and media pieces, in the server's order. */
  pieces: ToolResultPiece[];
  /** True when the tool reported an error or the call failed. */
  isError: boolean;
  /** The structured content, when asked for with `keepStructured` and there is no text. */
  structured?: Record<string, unknown>;
}

const MAX_TEXT = 1_000_000;
const MAX_MEDIA = 5_000_000;

/**
 * Reads an MCP `CallToolResult` (checked field by field: a remote server wrote it) into text and
 * media pieces a provider adapter turns into its own tool-result shape. Text blocks stay text;
 * images, audio and binary resources stay media where `accepts` says the provider takes them and
 * become a placeholder naming the MIME type and size otherwise; resource links and text resources
 * become text with their URI; `structuredContent` becomes JSON text when there is no text; a block
 * of an unknown type becomes a note rather than vanishing.
 *
 * @example
 * ```ts
 * const { pieces, isError } = readToolResult(outcome, {
 *   provider: 'OpenAI Chat',
 *   accepts: () => false,
 *   errorFlag: false,
 * });
 * ```
 */
export function readToolResult(
  outcome: HubToolCallOutcome,
  options: ReadToolResultOptions,
): ReadToolResultResult {
  const maxMedia = options.maxMediaBytes ?? MAX_MEDIA;
  const pieces: ToolResultPiece[] = [];
  const text = (value: string) => pieces.push({ type: 'text', text: value });
  const media = (item: ToolResultMedia) => {
    const bytes = base64Bytes(item.data);
    if (bytes <= maxMedia && options.accepts(item)) pieces.push(item);
    else {
      const why =
        bytes > maxMedia
          ? `larger than the ${grouped(maxMedia)}-byte limit for media in tool results`
          : `${options.provider} tool results do not take ${item.kind === 'file' ? item.mimeType : item.kind}`;
      text(
        `[${item.kind} ${item.mimeType}, ${grouped(bytes)} bytes${item.uri === undefined ? '' : ` (${item.uri})`}, not shown: ${why}]`,
      );
    }
  };
  const content = Array.isArray(outcome.result.content) ? outcome.result.content : [];
  for (const block of content) {
    const entry = isRecord(block) ? block : {};
    const type = typeof entry.type === 'string' ? entry.type : undefined;
    if (type === 'text' && typeof entry.text === 'string') text(entry.text);
    else if (
      (type === 'image' || type === 'audio') &&
      typeof entry.data === 'string' &&
      typeof entry.mimeType === 'string'
    ) {
      media({ type: 'media', kind: type, mimeType: entry.mimeType, data: entry.data });
    } else if (type === 'resource_link' && typeof entry.uri === 'string') {
      const details = [entry.mimeType, entry.description].filter(
        (value): value is string => typeof value === 'string' && value.length > 0,
      );
      const name = typeof entry.name === 'string' ? entry.name : entry.uri;
      text(
        `Resource link: ${name} <${entry.uri}>${details.length > 0 ? ` (${details.join('; ')})` : ''}`,
      );
    } else if (
      type === 'resource' &&
      isRecord(entry.resource) &&
      typeof entry.resource.uri === 'string'
    ) {
      const resource = entry.resource;
      const uri = resource.uri as string;
      const mimeType = typeof resource.mimeType === 'string' ? resource.mimeType : undefined;
      if (typeof resource.text === 'string') {
        text(`Resource ${uri}${mimeType === undefined ? '' : ` (${mimeType})`}:\n${resource.text}`);
      } else if (typeof resource.blob === 'string') {
        const type = mimeType ?? 'application/octet-stream';
        const kind = type.startsWith('image/')
          ? 'image'
          : type.startsWith('audio/')
            ? 'audio'
            : 'file';
        media({ type: 'media', kind, mimeType: type, data: resource.blob, uri });
      } else text(`[resource ${uri}: no text or blob]`);
    } else {
      text(
        `[content block of type "${type ?? typeof block}" not shown: toolwire does not read it]`,
      );
    }
  }
  const isError = outcome.isError;
  let structured: Record<string, unknown> | undefined;
  const structuredContent = outcome.result.structuredContent;
  if (isRecord(structuredContent) && !pieces.some((piece) => piece.type === 'text')) {
    if (options.keepStructured === true) structured = structuredContent;
    else text(JSON.stringify(structuredContent));
  }
  if (pieces.length === 0 && structured === undefined) text('(the tool returned no content)');
  cutText(pieces, options.maxTextLength ?? MAX_TEXT);
  if (isError && !options.errorFlag && outcome.error === undefined) {
    const first = pieces.find((piece) => piece.type === 'text');
    if (first !== undefined) first.text = `Tool error: ${first.text}`;
    else pieces.unshift({ type: 'text', text: 'Tool error (no details).' });
  }
  return { pieces, isError, ...(structured === undefined ? {} : { structured }) };
}

/** The text pieces of a result joined, for providers whose tool results are one string. */
export function joinToolResultText(pieces: readonly ToolResultPiece[]): string {
  return pieces
    .filter((piece): piece is { type: 'text'; text: string } => piece.type === 'text')
    .map((piece) => piece.text)
    .join('\n\n');
}

/** Decodes base64 to bytes with the Web-standard `atob`; `undefined` when it is not base64. */
export function decodeBase64(data: string): Uint8Array | undefined {
  try {
    const binary = atob(data);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return undefined;
  }
}

function cutText(pieces: ToolResultPiece[], limit: number): void {
  let left = limit;
  for (const piece of pieces) {
    if (piece.type !== 'text') continue;
    if (piece.text.length > left) {
      const cut = piece.text.length - left;
      piece.text = `${piece.text.slice(0, left)}\n[${grouped(cut)} more characters cut: the result is longer than ${grouped(limit)} characters]`;
      left = 0;
    } else left -= piece.text.length;
  }
}

function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

function grouped(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
