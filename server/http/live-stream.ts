// The loop both live streams share (GET /api/events, GET /api/overlay/stream): what a subscription pushes is queued,
// written in order while the client is there, and a keep-alive comment goes out after KEEP_ALIVE_MS of silence so that
// proxies keep the connection open. The subscription is taken before anything is read, so nothing falls in between.
import type { SSEStreamingApi } from 'hono/streaming';

export const KEEP_ALIVE_MS = 15_000;

/** The live streams open in this process now, by kind (server/metrics/ reads it: castbridge_sse_streams_open). */
export const openLiveStreams = new Map<string, number>();

export interface LiveStream<T> {
  /** What the stream is, for the count of open streams: `notifications`, `overlay`. */
  kind?: string;
  /** Subscribes; returns the unsubscribe. */
  subscribe(push: (item: T) => void): () => void;
  /** Puts a pushed item in the queue (default: at the end); a stream may coalesce here. */
  enqueue?(queue: T[], item: T): void;
  /** Runs once subscribed (the first snapshot, a replay into the queue); false ends the stream. */
  start(queue: T[]): Promise<boolean>;
  /** Writes one item; false ends the stream. */
  write(item: T): Promise<boolean>;
}

// The streams open in this process, each by its `end`: a server shutting down (server/serve.ts) ends them all.
const enders = new Set<() => void>();
let ending = false;

/**
 * Ends every live stream of this process, and any opened from now on once it has sent its first answer: each writes
 * what it has queued and ends its answer, so that the server can close; the client reconnects (`retry:`) to another
 * instance and replays what it missed (Last-Event-ID). For a server shutting down (server/serve.ts).
 */
export function endLiveStreams(): void {
  ending = true;
  for (const end of enders) end();
}

export async function runLiveStream<T>(stream: SSEStreamingApi, live: LiveStream<T>): Promise<void> {
  const queue: T[] = [];
  let wake: (() => void) | null = null;
  let closed = false;
  let stopping = false;
  const end = () => {
    stopping = true;
    wake?.();
  };
  enders.add(end);
  const unsubscribe = live.subscribe((item) => {
    if (live.enqueue) live.enqueue(queue, item);
    else queue.push(item);
    wake?.();
  });
  stream.onAbort(() => {
    closed = true;
    wake?.();
  });
  const kind = live.kind ?? 'other';
  openLiveStreams.set(kind, (openLiveStreams.get(kind) ?? 0) + 1);
  try {
    if (!(await live.start(queue))) return;
    while (!closed) {
      while (queue.length > 0 && !closed) {
        if (!(await live.write(queue.shift()!))) return;
      }
      if (closed || stopping || ending) break;
      const waited = await new Promise<'event' | 'idle'>((resolve) => {
        const timer = setTimeout(() => resolve('idle'), KEEP_ALIVE_MS);
        wake = () => {
          clearTimeout(timer);
          resolve('event');
        };
      });
      wake = null;
      if (waited === 'idle' && !closed) await stream.write(': keep-alive\n\n');
    }
  } finally {
    enders.delete(end);
    openLiveStreams.set(kind, openLiveStreams.get(kind)! - 1);
    unsubscribe();
  }
}
