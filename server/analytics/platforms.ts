// What the platforms say of a connected channel (docs/product.md §Analytics), read with the channel's own OAuth token:
// - Twitch Helix: followers (`GET /helix/channels/followers`, total; scope moderator:read:followers), whether it is
//   live and its viewer count (`GET /helix/streams`), subscribers (`GET /helix/subscriptions`, total; scope
//   channel:read:subscriptions, Affiliates and Partners only).
// - YouTube Data API: subscribers and views (`channels.list` statistics, mine=true), and while a broadcast is live its
//   concurrent viewers (`liveBroadcasts.list` active, then `videos.list` liveStreamingDetails).
// Base URLs come from configuration (a local stand-in in tests and under `npm start`). A 401 is Unauthorized (the
// caller refreshes the token once), a 429 or a used-up quota is RateLimited until the time the platform gives. The
// caller's `fetch` is the governor's (server/connections/governor.ts): a call it has no budget for throws
// BudgetExhausted, which is passed on as it is.
import type { SeriesKey } from '../../contract/analytics.ts';
import { BudgetExhausted } from '../connections/governor.ts';

export interface Reading {
  live: boolean;
  /** The figures read now. */
  samples: Partial<Record<SeriesKey, number>>;
  /** Series the grant's scopes do not allow. */
  missing: SeriesKey[];
  /** Series the platform does not give this channel, and why. */
  unavailable: Partial<Record<SeriesKey, string>>;
}

export class Unauthorized extends Error {
  override name = 'Unauthorized';
}
export class RateLimited extends Error {
  override name = 'RateLimited';
  constructor(
    message: string,
    readonly retryAt: number,
  ) {
    super(message);
  }
}
/** Unreachable, or a 5xx: try again later. */
export class PlatformDown extends Error {
  override name = 'PlatformDown';
}

const TIMEOUT_MS = 10_000;

async function getJson(
  fetcher: typeof fetch,
  url: string,
  headers: Record<string, string>,
  now: () => number,
): Promise<{ status: number; body: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetcher(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof BudgetExhausted) throw error;
    throw new PlatformDown(`${new URL(url).host} did not answer: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status === 401) throw new Unauthorized(`${new URL(url).host} refused the token`);
  if (response.status === 429) {
    // Twitch: Ratelimit-Reset is when the bucket is full again (epoch seconds); others: Retry-After seconds.
    const reset = Number(response.headers.get('ratelimit-reset')) * 1000;
    const after = Number(response.headers.get('retry-after')) * 1000;
    const retryAt =
      Number.isFinite(reset) && reset > now()
        ? reset
        : Number.isFinite(after) && after > 0
          ? now() + after
          : now() + 60_000;
    throw new RateLimited(`${new URL(url).host} asked to slow down`, retryAt);
  }
  if (response.status >= 500) throw new PlatformDown(`${new URL(url).host} answered ${response.status}`);
  return { status: response.status, body };
}

const count = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
};

export async function readTwitch(input: {
  apiBase: string;
  clientId: string;
  token: string;
  broadcasterId: string;
  scopes: string[];
  now?: () => number;
  fetch?: typeof fetch;
}): Promise<Reading> {
  const now = input.now ?? Date.now;
  const headers = { authorization: `Bearer ${input.token}`, 'client-id': input.clientId };
  const helix = (path: string, query: Record<string, string>) =>
    getJson(input.fetch ?? fetch, `${input.apiBase}/helix/${path}?${new URLSearchParams(query)}`, headers, now);
  const reading: Reading = { live: false, samples: {}, missing: [], unavailable: {} };

  const streams = await helix('streams', { user_id: input.broadcasterId, type: 'live' });
  const live = ((streams.body.data as { type?: string; viewer_count?: number }[] | undefined) ?? []).find(
    (s) => s.type === 'live',
  );
  if (streams.status === 200 && live) {
    reading.live = true;
    const viewers = count(live.viewer_count);
    if (viewers !== null) reading.samples.viewers = viewers;
  }

  if (!input.scopes.includes('moderator:read:followers')) reading.missing.push('followers');
  else {
    const followers = await helix('channels/followers', { broadcaster_id: input.broadcasterId, first: '1' });
    const total = count(followers.body.total);
    if (followers.status === 200 && total !== null) reading.samples.followers = total;
    else
      reading.unavailable.followers = `Twitch did not give the followers (${String(followers.body.message ?? followers.status)})`;
  }

  if (!input.scopes.includes('channel:read:subscriptions')) reading.missing.push('subscribers');
  else {
    const subscriptions = await helix('subscriptions', { broadcaster_id: input.broadcasterId, first: '1' });
    const total = count(subscriptions.body.total);
    if (subscriptions.status === 200 && total !== null) reading.samples.subscribers = total;
    else reading.unavailable.subscribers = 'Twitch gives subscriber counts only for Affiliate and Partner channels';
  }
  return reading;
}

export async function readYouTube(input: {
  apiBase: string;
  token: string;
  now?: () => number;
  fetch?: typeof fetch;
}): Promise<Reading> {
  const now = input.now ?? Date.now;
  const headers = { authorization: `Bearer ${input.token}` };
  const api = async (path: string, query: Record<string, string>) => {
    const answer = await getJson(
      input.fetch ?? fetch,
      `${input.apiBase}/youtube/v3/${path}?${new URLSearchParams(query)}`,
      headers,
      now,
    );
    const reason = (answer.body.error as { errors?: { reason?: string }[] } | undefined)?.errors?.[0]?.reason;
    // The quota resets daily (midnight Pacific): look again in an hour.
    if (reason === 'quotaExceeded' || reason === 'rateLimitExceeded')
      throw new RateLimited('YouTube says the daily API quota is used up', now() + 60 * 60_000);
    return answer;
  };
  const reading: Reading = { live: false, samples: {}, missing: [], unavailable: {} };

  const channels = await api('channels', { part: 'statistics', mine: 'true' });
  const statistics = (
    channels.body.items as
      { statistics?: { subscriberCount?: string; hiddenSubscriberCount?: boolean; viewCount?: string } }[] | undefined
  )?.[0]?.statistics;
  if (channels.status !== 200 || !statistics) {
    reading.unavailable.subscribers = reading.unavailable.views = 'YouTube did not give the channel’s statistics';
  } else {
    const subscribers = count(statistics.subscriberCount);
    if (statistics.hiddenSubscriberCount)
      reading.unavailable.subscribers = 'The channel hides its subscriber count on YouTube';
    else if (subscribers !== null) reading.samples.subscribers = subscribers;
    const views = count(statistics.viewCount);
    if (views !== null) reading.samples.views = views;
  }

  // Exactly one filter: broadcastStatus=active lists the token's own channel's running broadcast.
  const broadcasts = await api('liveBroadcasts', { part: 'snippet', broadcastStatus: 'active' });
  const broadcast = (broadcasts.body.items as { id?: string }[] | undefined)?.[0];
  if (broadcasts.status === 200 && broadcast?.id) {
    reading.live = true;
    const videos = await api('videos', { part: 'liveStreamingDetails', id: broadcast.id });
    const viewers = count(
      (videos.body.items as { liveStreamingDetails?: { concurrentViewers?: string } }[] | undefined)?.[0]
        ?.liveStreamingDetails?.concurrentViewers,
    );
    if (viewers !== null) reading.samples.viewers = viewers;
  }
  return reading;
}
