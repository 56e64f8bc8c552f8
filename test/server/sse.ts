// Reading Server-Sent Events from a streamed response in API tests (notifications, the overlay's stream).

export interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

/** Reads events one at a time as they arrive; `close()` cancels the stream (the server sees the client leave). */
export function sseReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const ready: SseEvent[] = [];
  let buffer = '';
  let ended = false;

  function parse() {
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = Object.fromEntries(
        block
          .split('\n')
          .filter((line) => line && !line.startsWith(':'))
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]),
      );
      if (fields.event || fields.data)
        ready.push({ event: fields.event ?? 'message', id: fields.id, data: fields.data ?? '' });
    }
  }

  return {
    /** The next event, or null when the stream ended or nothing came within `timeoutMs`. */
    async next(timeoutMs = 3000): Promise<SseEvent | null> {
      const deadline = Date.now() + timeoutMs;
      while (ready.length === 0 && !ended) {
        const left = deadline - Date.now();
        if (left <= 0) return null;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
        ]);
        if (chunk === null) return null;
        if (chunk.done) ended = true;
        else buffer += decoder.decode(chunk.value, { stream: true });
        parse();
      }
      return ready.shift() ?? null;
    },
    get ended() {
      return ended && ready.length === 0;
    },
    async close() {
      await reader.cancel().catch(() => {});
    },
  };
}

/** Reads SSE events from a streamed response until `count` events (or the timeout). */
export async function readEvents(response: Response, count: number, timeoutMs = 3000): Promise<SseEvent[]> {
  const reader = sseReader(response);
  const events: SseEvent[] = [];
  const deadline = Date.now() + timeoutMs;
  while (events.length < count) {
    const event = await reader.next(Math.max(0, deadline - Date.now()));
    if (!event) break;
    events.push(event);
  }
  await reader.close();
  return events;
}
