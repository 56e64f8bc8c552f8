// The YouTube Data API's limits as the stand-in enforces them (docs/product.md §Platform limits): a Google Cloud
// project has a daily quota (10,000 units unless Google granted more), reset at midnight Pacific Time, and every
// request costs units from the published table — an invalid one (a bad parameter, a refused token) too. Once the
// day's units are spent every call answers Google's own 403 quotaExceeded until the reset. Also here:
// liveChatMessages.streamList in its REST form (server streaming): one long-lived answer, a JSON array streamed over
// time — `[`, then LiveChatMessageListResponse objects separated by `,`, then `]` when the chat ends — with the
// chat's history first and each new message as it is said; `offlineAt` in the last object once the broadcast ended.
import type { Context, MiddlewareHandler } from 'hono';
import { nextQuotaReset, YOUTUBE_DEFAULT_DAILY_QUOTA, youtubeCall, youtubeCost } from './published/youtube.ts';

/** Google's answer once the project's daily quota is spent. */
export const QUOTA_EXCEEDED_BODY = {
  error: {
    code: 403,
    message: 'The request cannot be completed because you have exceeded your quota.',
    errors: [
      {
        message: 'The request cannot be completed because you have exceeded your quota.',
        domain: 'youtube.quota',
        reason: 'quotaExceeded',
      },
    ],
  },
} as const;

/** What the stand-in counted of the YouTube Data API's quota (tests and the bench read it). */
export interface YouTubeQuotaCalls {
  /** Units charged since the stand-in started (every day together). */
  units: number;
  /** Units charged in the current Pacific day. */
  today: number;
  /** Units charged by call (`liveBroadcasts.list`), since the start. */
  byCall: Record<string, number>;
  /** quotaExceeded answers given because the day's units were spent (not those setQuotaExceeded forced). */
  refused: number;
  /** quotaExceeded answers given because a test said so (setQuotaExceeded). */
  forced: number;
}

export interface YouTubeQuota {
  calls: YouTubeQuotaCalls;
  /** Charges every YouTube Data API request under `/youtube/v3/` before its route answers it. */
  middleware: MiddlewareHandler;
  /** Every call answers quotaExceeded while set (a test's switch; the daily count goes on beside it). */
  setExceeded(exceeded: boolean): void;
  /** The day's units left and when they reset. */
  remaining(): { units: number; resetAt: number };
}

export function createYouTubeQuota(options: { daily?: number; now?: () => number } = {}): YouTubeQuota {
  const daily = options.daily ?? YOUTUBE_DEFAULT_DAILY_QUOTA;
  const now = options.now ?? Date.now;
  let resetAt = nextQuotaReset(now());
  let forced = false;
  const calls: YouTubeQuotaCalls = { units: 0, today: 0, byCall: {}, refused: 0, forced: 0 };
  const roll = () => {
    const at = now();
    if (at >= resetAt) {
      calls.today = 0;
      resetAt = nextQuotaReset(at);
    }
  };
  const middleware: MiddlewareHandler = async (c, next) => {
    roll();
    const call = youtubeCall(c.req.method, new URL(c.req.url).pathname);
    const cost = youtubeCost(call);
    if (forced) {
      calls.forced += 1;
      return c.json(QUOTA_EXCEEDED_BODY, 403);
    }
    // A request the day's units no longer cover is refused whole (and costs nothing more).
    if (calls.today + cost > daily) {
      calls.refused += 1;
      return c.json(QUOTA_EXCEEDED_BODY, 403);
    }
    calls.today += cost;
    calls.units += cost;
    calls.byCall[call] = (calls.byCall[call] ?? 0) + cost;
    await next();
  };
  return {
    calls,
    middleware,
    setExceeded(exceeded) {
      forced = exceeded;
    },
    remaining() {
      roll();
      return { units: Math.max(0, daily - calls.today), resetAt };
    },
  };
}

/** What a live chat stream reads from the stand-in's chat of one channel. */
export interface ChatFeed<Item> {
  /** Every message of the chat so far (a page token is an index into it). */
  items(): readonly Item[];
  /** Whether the broadcast is still live. */
  live(): boolean;
  /** Called whenever the chat grows or the broadcast may have ended; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Called every STREAM_CHECK_MS while the stream is open (the demo's chat grows by it). */
  tick?(): void;
}

/** How often a stream looks whether its broadcast ended without being told (another instance's state change). */
export const STREAM_CHECK_MS = 1000;

/**
 * The streamList answer: `[`, the history from `pageToken` as the first object, then one object per batch of new
 * messages, and `{ items: [], offlineAt }` and `]` once the broadcast is not live any more.
 */
export function streamListResponse<Item extends { snippet: Record<string, unknown> }>(
  c: Context,
  feed: ChatFeed<Item>,
  from: number,
  now: () => number,
): Response {
  const encoder = new TextEncoder();
  let next = Math.max(0, Math.min(from, feed.items().length));
  let unsubscribe = () => {};
  let timer: NodeJS.Timeout | null = null;
  let first = true;
  let done = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const finish = () => {
        done = true;
        unsubscribe();
        if (timer) clearInterval(timer);
      };
      const send = (object: Record<string, unknown>) => {
        controller.enqueue(encoder.encode(`${first ? '[' : ','}\n${JSON.stringify(object)}`));
        first = false;
      };
      const pump = () => {
        if (done) return;
        const items = feed.items();
        const fresh = items.slice(next).filter((item) => item.snippet.type !== 'tombstone');
        const moved = items.length !== next;
        next = items.length;
        const page = { kind: 'youtube#liveChatMessageListResponse', nextPageToken: String(next), items: fresh };
        if (!feed.live()) {
          send({ ...page, offlineAt: new Date(now()).toISOString() });
          controller.enqueue(encoder.encode('\n]'));
          finish();
          controller.close();
          return;
        }
        if (moved || first) send(page);
      };
      unsubscribe = feed.subscribe(pump);
      timer = setInterval(() => {
        feed.tick?.();
        pump();
      }, STREAM_CHECK_MS);
      timer.unref?.();
      pump();
    },
    cancel() {
      done = true;
      unsubscribe();
      if (timer) clearInterval(timer);
    },
  });
  return c.body(body, 200, { 'content-type': 'application/json; charset=UTF-8' });
}
