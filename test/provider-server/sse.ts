/** One server-sent event as text: `event:` line when named, one `data:` line, a blank line. */
export function sseEvent(data: unknown, event?: string): string {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  return `${event === undefined ? '' : `event: ${event}\n`}data: ${payload}\n\n`;
}

/** Splits a string into `parts` pieces of about equal length (at least one), for argument deltas. */
export function splitText(text: string, parts = 2): string[] {
  if (text.length === 0) return [''];
  const size = Math.max(1, Math.ceil(text.length / parts));
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size)
    pieces.push(text.slice(start, start + size));
  return pieces;
}

/** The JSON response of a provider, with its content type. */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): { status: number; headers: Record<string, string>; body: string } {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

/** A streamed SSE response. */
export function sseResponse(events: string[]): {
  status: number;
  headers: Record<string, string>;
  body: string[];
} {
  return {
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
    body: events,
  };
}
