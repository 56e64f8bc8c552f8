// The live watcher (docs/product.md §Verified delivery): whether the platforms say the channels Castbridge pays for
// are live, with how many viewers and whether the stream is disclosed as sponsored. Watched are the connected
// accounts of creators with an offer in delivery (contract/marketplace.ts DELIVERY_STATUSES) on an active campaign of
// that platform. One poll per LIVE_POLL_SECONDS for the whole cluster: a job of one key (server/jobs/queue.ts), so
// one instance takes each run and a restart resumes it, and a lease (server/cluster/locks.ts) so two polls never
// overlap.
// - Twitch: one app access token (client_credentials), Helix Get Streams and Get Channel Information batched by 100
//   ids — 2,000 live channels cost ~40 Helix points a poll, of the 800 a minute a token has; Get Videos (type=archive)
//   finds a stream's recording once it ends, and every 10 minutes while it is live until found (within a budget).
// Every platform call goes through the governor (server/connections/governor.ts, priority `verify`): the app token's
// budget (`twitch:app`) and the project's YouTube quota (`youtube:project`) are the cluster's, and a call the
// governor cannot serve within the poll (BudgetExhausted) waits for the next poll.
// - YouTube: with each channel's own token, liveBroadcasts.list (the active broadcast, 5 units), then videos.list
//   (viewers, title, the paid-promotion flag, 1 unit); while a broadcast is known live only its videos.list is asked
//   each poll, and a channel with none is asked for one at an interval paced by the project's daily quota
//   (youtubeDue), so the watch does not starve the archive's chat; the recording is the broadcast's watch page.
// What a platform answered is written (live_streams, live_samples, live_watch); an unreachable platform changes
// nothing (no look, no confirmation); a 429 skips the platform until its reset; a refused grant is the channel's
// `problem`, in words the creator can act on.
import type { Kysely } from 'kysely';
import { DELIVERY_STATUSES } from '../../contract/marketplace.ts';
import type { OverlayStatus } from '../../contract/schemas/overlay.ts';
import type { Locks } from '../cluster/locks.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import { BudgetExhausted, type CallSpec, type Governor } from './governor.ts';
import { HttpError } from '../http/errors.ts';
import type { SelfFetch } from '../http/self-fetch.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../log.ts';
import type { AccountRow, Connections } from './store.ts';

export const LIVE_JOB = 'live-poll';
const LIVE_KEY = 'live:poll';
const LEASE = 'live-poll';
/** Helix takes up to 100 ids per Get Streams / Get Channel Information call. */
export const HELIX_BATCH = 100;
/** A live stream's recording is looked for at most this often until found. */
export const RECORDING_RETRY_MS = 10 * 60_000;
/** An ended stream's recording is looked for (every 10 minutes) for this long after its end. */
const RECORDING_AFTER_END_MS = 60 * 60_000;
/** Recording look-ups leave the polls of the coming minute (and this margin) room in the app token's budget. */
const HELIX_MARGIN = 50;
/** The app token is fetched again this long before it expires. */
const APP_TOKEN_MARGIN_MS = 5 * 60_000;
const TIMEOUT_MS = 10_000;
const YOUTUBE_CONCURRENCY = 8;
/** liveBroadcasts.list's cost (governor.ts YOUTUBE_COSTS). */
const YOUTUBE_LOOK_UNITS = 5;
/**
 * The share of the project's YouTube units left that the looks for a new broadcast may spend: the rest is the
 * archive's chat (server/archive/youtube-source.ts) and the known broadcasts' 1-unit looks.
 */
export const YOUTUBE_LOOK_SHARE = 0.1;
const DAY_MS = 24 * 60 * 60_000;
/** Accounts written per transaction. */
const RECORD_BATCH = 250;

type Platform = 'twitch' | 'youtube';

/** A watched account, as the poll needs it. */
export interface Watched {
  accountId: string;
  creatorId: string;
  platform: Platform;
  channelId: string;
  login: string;
}

/** What the platform said of one channel at one look. */
type Look =
  | { live: false }
  | { live: true; streamId: string; startedAt: number; title: string; viewers: number | null; branded: boolean };

export interface PollResult {
  /** Another instance (or call) was polling: nothing was asked. */
  skipped: boolean;
  /** Accounts the platforms answered about. */
  answered: number;
  /** Accounts with a problem recorded. */
  problems: number;
}

class RateLimited extends Error {
  constructor(
    message: string,
    readonly retryAt: number,
  ) {
    super(message);
  }
}
class Unauthorized extends Error {}
/** Unreachable, a 5xx or an answer that cannot be read: nothing is known. */
class PlatformDown extends Error {}
/** The platform refused our credentials (Twitch's app credentials): a problem for every account it concerns. */
class Refused extends Error {}

/**
 * A disclosure hashtag as a whole token (docs/product.md §Settling claims): #ad, #sponsored, #advertisement and the
 * Spanish #publicidad, #patrocinado, in any case. It starts the title or follows a space or an opening bracket, and
 * ends the title, or is followed by a space, or by closing punctuation (, ! ? ; : ) ]) that itself ends the title or
 * meets a space. Anything else continues a different word: "#ad-free", "#ad.", "#ad.ly", "#sponsored-by-nobody",
 * "#adventure", "mail#ad" do not disclose.
 */
const DISCLOSURE_TAG =
  /(?:^|[\s([])#(?:ad|sponsored|advertisement|publicidad|patrocinado)(?=$|\s|[,!?;:)\]]+(?:$|\s))/iu;

/**
 * Disclosed as sponsored: the platform's own flag (Twitch's is_branded_content, YouTube's
 * paidProductPlacementDetails.hasPaidProductPlacement), or a disclosure hashtag in the title (the same on both).
 */
export function isDisclosed(_platform: Platform, title: string, branded: boolean): boolean {
  return branded || DISCLOSURE_TAG.test(title);
}

const count = (value: unknown): number | null => {
  const n = typeof value === 'string' && value !== '' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
};
const chunks = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

async function getJson(
  fetcher: typeof fetch,
  url: string,
  init: RequestInit,
  now: number,
): Promise<{ status: number; body: Record<string, unknown> }> {
  let response: Response | null = null;
  // A GET is tried twice: a kept-alive connection the platform closed meanwhile fails at once.
  for (let attempt = 0; !response; attempt += 1) {
    try {
      response = await fetcher(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      // No budget for it (the governor's): nothing was asked.
      if (error instanceof BudgetExhausted) throw error;
      if (attempt > 0 || (init.method ?? 'GET') !== 'GET' || (error as Error).name === 'TimeoutError')
        throw new PlatformDown(`${new URL(url).host} did not answer: ${(error as Error).message}`);
    }
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status === 401) throw new Unauthorized(`${new URL(url).host} refused the token`);
  if (response.status === 429) {
    // Twitch: Ratelimit-Reset is when the bucket is full again (epoch seconds); others: Retry-After seconds.
    const reset = Number(response.headers.get('ratelimit-reset')) * 1000;
    const after = Number(response.headers.get('retry-after')) * 1000;
    const retryAt =
      Number.isFinite(reset) && reset > now ? reset : Number.isFinite(after) && after > 0 ? now + after : now + 60_000;
    throw new RateLimited(`${new URL(url).host} asked to slow down`, retryAt);
  }
  if (response.status >= 500) throw new PlatformDown(`${new URL(url).host} answered ${response.status}`);
  return { status: response.status, body };
}

export interface LiveWatchDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'oauth' | 'livePollSeconds'>;
  connections: Pick<Connections, 'account' | 'accessToken' | 'markReconnect'>;
  jobs: Pick<JobQueue, 'register' | 'enqueue' | 'schedule'>;
  logger: Logger;
  selfFetch: Pick<SelfFetch, 'resolve' | 'fetch'>;
  /** One poll at a time across the cluster (absent: one at a time in this process). */
  locks?: Pick<Locks, 'acquire'>;
  /** Told after each poll which creators' channels the platforms answered about (their minutes can be settled). */
  onChecked?: (creatorIds: string[], now: number) => Promise<void> | void;
  /** The clock of the scheduled polls (tests call pollOnce with their own `now`). */
  clock?: () => number;
  /** The platforms' budgets (services.governor): every Helix and YouTube call is made through it. */
  governor: Pick<Governor, 'fetch' | 'remaining'>;
}

export function createLiveWatch(deps: LiveWatchDeps) {
  const { db, config, connections, jobs, logger, selfFetch } = deps;
  const clock = deps.clock ?? Date.now;
  const fetcher = selfFetch.fetch;
  // Verification comes first among the platform calls; a poll waits for budget at most half its interval, so that
  // the next one is not held up (what it could not ask, the next poll asks).
  const spec = (provider: 'twitch' | 'youtube'): CallSpec => ({
    provider,
    credential: provider === 'twitch' ? 'app' : 'project',
    priority: 'verify',
    purpose: 'delivery verification',
    maxWaitMs: Math.min(60_000, (config.livePollSeconds * 1000) / 2),
  });
  const twitchFetch = deps.governor.fetch(spec('twitch'), fetcher);
  const youtubeFetch = deps.governor.fetch(spec('youtube'), fetcher);
  let polling = false;
  let started = false;
  let appToken: { token: string; expiresAt: number } | null = null;
  /** Twitch's and YouTube's "not before" after a 429 (epoch ms). */
  const pausedUntil: Record<Platform, number> = { twitch: 0, youtube: 0 };
  /**
   * Helix calls, as the `now` of the poll that made them: what this watcher spent, for the bench (the budget itself is
   * the governor's).
   */
  const helixCalls: number[] = [];
  let helixTotal = 0;
  /** Streams that sync() ended (their channel no longer watched), for the next recording look-ups. */
  const endedUnwatched: string[] = [];
  /** YouTube broadcasts known from the archive's open sessions, and those of them their video said ended. */
  const fromArchive = new Set<string>();
  const archiveEnded = new Set<string>();
  /** When each live stream's recording was last looked for (this instance). */
  const recordingLookedAt = new Map<string, number>();

  /** Helix points this watcher spent in the minute up to `now` (a figure; the governor keeps the budget). */
  function helixPointsLastMinute(now = clock()): number {
    return helixCalls.filter((at) => at > now - 60_000 && at <= now).length;
  }
  const spend = (now: number) => {
    helixCalls.push(now);
    helixTotal += 1;
    while (helixCalls.length > 0 && helixCalls[0]! <= now - 120_000) helixCalls.shift();
  };

  // ------------------------------------------------------------------------------------------ who is watched

  /** The accounts to watch now; live_watch gets a row for each and loses the others'. */
  async function sync(): Promise<Watched[]> {
    const rows = await db
      .selectFrom('connected_accounts as a')
      .innerJoin('offers as o', 'o.creator_id', 'a.user_id')
      .innerJoin('campaigns as c', 'c.id', 'o.campaign_id')
      .where('o.status', 'in', [...DELIVERY_STATUSES])
      .where('c.status', '=', 'active')
      .select(['a.id', 'a.user_id', 'a.platform', 'a.platform_user_id', 'a.login', 'c.platforms'])
      .execute();
    const watched = new Map<string, Watched>();
    for (const row of rows) {
      let platforms: string[] = [];
      try {
        platforms = (JSON.parse(row.platforms) as string[]).map((p) => p.toLowerCase());
      } catch {
        platforms = [];
      }
      if (platforms.length > 0 && !platforms.includes(row.platform)) continue;
      watched.set(row.id, {
        accountId: row.id,
        creatorId: row.user_id,
        platform: row.platform,
        channelId: row.platform_user_id,
        login: row.login,
      });
    }
    const known = await db.selectFrom('live_watch').select('account_id').execute();
    const knownIds = new Set(known.map((row) => row.account_id));
    const gone = [...knownIds].filter((id) => !watched.has(id));
    for (const batch of chunks(gone, 500)) {
      await db.deleteFrom('live_watch').where('account_id', 'in', batch).execute();
      // No longer looked at: an open stream ends at the last look that found it live (all that is known of it).
      const open = await db
        .selectFrom('live_streams')
        .select('id')
        .where('account_id', 'in', batch)
        .where('ended_at', 'is', null)
        .execute();
      endedUnwatched.push(...open.map((row) => row.id));
      await db
        .updateTable('live_streams')
        .set((eb) => ({ ended_at: eb.ref('last_live_at') }))
        .where('account_id', 'in', batch)
        .where('ended_at', 'is', null)
        .execute();
    }
    const missing = [...watched.values()].filter((w) => !knownIds.has(w.accountId));
    for (const batch of chunks(missing, 200))
      await db
        .insertInto('live_watch')
        .values(
          batch.map((w) => ({
            account_id: w.accountId,
            creator_id: w.creatorId,
            platform: w.platform,
            stream_key: null,
            problem: null,
          })),
        )
        .onConflict((oc) => oc.column('account_id').doNothing())
        .execute();
    return [...watched.values()];
  }

  // ------------------------------------------------------------------------------------------ Twitch

  async function twitchAppToken(now: number, force = false): Promise<string> {
    const client = config.oauth.twitch!;
    if (!force && appToken && appToken.expiresAt - APP_TOKEN_MARGIN_MS > clock()) return appToken.token;
    appToken = null;
    const answer = await getJson(
      fetcher,
      `${selfFetch.resolve(client.tokenBase)}/oauth2/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          client_id: client.clientId,
          client_secret: client.clientSecret,
          grant_type: 'client_credentials',
        }).toString(),
      },
      now,
    ).catch((error: unknown) => {
      if (error instanceof Unauthorized) throw new Refused(String(error.message));
      throw error;
    });
    const token = answer.body.access_token;
    if (answer.status !== 200 || typeof token !== 'string')
      throw new Refused(String(answer.body.message ?? `the token endpoint answered ${answer.status}`));
    appToken = { token, expiresAt: clock() + (count(answer.body.expires_in) ?? 3600) * 1000 };
    return token;
  }

  /** One Helix GET (1 point), with the app token; a 401 fetches the token again once. */
  async function helix(path: string, query: [string, string][], now: number): Promise<Record<string, unknown>> {
    const client = config.oauth.twitch!;
    const url = `${selfFetch.resolve(client.apiBase)}/helix/${path}?${new URLSearchParams(query)}`;
    const call = async (force: boolean) => {
      const token = await twitchAppToken(now, force);
      const answer = getJson(
        twitchFetch,
        url,
        { headers: { authorization: `Bearer ${token}`, 'client-id': client.clientId, accept: 'application/json' } },
        now,
      );
      spend(now);
      return answer;
    };
    let answer: Awaited<ReturnType<typeof call>>;
    try {
      answer = await call(false);
    } catch (error) {
      if (!(error instanceof Unauthorized)) throw error;
      try {
        answer = await call(true);
      } catch (again) {
        if (again instanceof Unauthorized) throw new Refused('Twitch refused Castbridge’s app access token');
        throw again;
      }
    }
    if (answer.status !== 200)
      throw new PlatformDown(`Twitch answered ${answer.status} (${String(answer.body.message ?? '')})`);
    return answer.body;
  }

  async function lookTwitch(accounts: Watched[], now: number): Promise<Map<string, Look>> {
    const looks = new Map<string, Look>();
    for (const batch of chunks(accounts, HELIX_BATCH)) {
      let streams: Record<string, unknown>;
      try {
        streams = await helix(
          'streams',
          [...batch.map((w): [string, string] => ['user_id', w.channelId]), ['type', 'live'], ['first', '100']],
          now,
        );
      } catch (error) {
        // The app token's budget is spent for now: the batches looked at are answered, the others wait for the
        // next poll.
        if (error instanceof BudgetExhausted) {
          logger.warn('live: the Twitch budget is spent; the other channels wait for the next poll', {
            until: error.retryAt,
          });
          break;
        }
        if (error instanceof PlatformDown) {
          logger.warn('live: Twitch could not be read', { error: error.message });
          continue;
        }
        throw error;
      }
      const live = new Map<string, Record<string, unknown>>();
      for (const stream of (streams.data as Record<string, unknown>[] | undefined) ?? [])
        if (stream.type === 'live' && typeof stream.id === 'string' && typeof stream.user_id === 'string')
          live.set(stream.user_id, stream);
      // The branded-content flag and the current title, for the live ones only.
      const channels = new Map<string, Record<string, unknown>>();
      if (live.size > 0) {
        try {
          const answer = await helix(
            'channels',
            [...live.keys()].map((id): [string, string] => ['broadcaster_id', id]),
            now,
          );
          for (const channel of (answer.data as Record<string, unknown>[] | undefined) ?? [])
            if (typeof channel.broadcaster_id === 'string') channels.set(channel.broadcaster_id, channel);
        } catch (error) {
          if (error instanceof BudgetExhausted) {
            logger.warn('live: the Twitch budget is spent; the other channels wait for the next poll', {
              until: error.retryAt,
            });
            break;
          }
          if (!(error instanceof PlatformDown)) throw error;
          // Live, but whether it is disclosed is unknown: this batch was not looked at.
          logger.warn('live: Twitch channel information could not be read', { error: error.message });
          continue;
        }
      }
      for (const w of batch) {
        const stream = live.get(w.channelId);
        if (!stream) {
          looks.set(w.accountId, { live: false });
          continue;
        }
        const channel = channels.get(w.channelId);
        const startedAt = Date.parse(String(stream.started_at ?? ''));
        looks.set(w.accountId, {
          live: true,
          streamId: String(stream.id),
          startedAt: Number.isFinite(startedAt) ? startedAt : now,
          title: String(channel?.title ?? stream.title ?? ''),
          viewers: count(stream.viewer_count),
          branded: channel?.is_branded_content === true,
        });
      }
    }
    return looks;
  }

  /** The recording (VOD) of a Twitch stream: Get Videos type=archive, the one with its stream_id. */
  async function twitchRecording(channelId: string, streamId: string, now: number): Promise<string | null> {
    const answer = await helix(
      'videos',
      [
        ['user_id', channelId],
        ['type', 'archive'],
        ['first', '20'],
      ],
      now,
    );
    const video = ((answer.data as Record<string, unknown>[] | undefined) ?? []).find(
      (v) => String(v.stream_id ?? '') === streamId && typeof v.url === 'string',
    );
    return video ? String(video.url) : null;
  }

  // ------------------------------------------------------------------------------------------ YouTube

  const youtubeWatchUrl = (id: string) => {
    const client = config.oauth.youtube;
    // A stand-in on this server has a watch page of its own (standins/oauth.ts).
    return client && client.apiBase.startsWith('/')
      ? `${client.apiBase}/watch?v=${encodeURIComponent(id)}`
      : `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
  };

  const reconnectText = 'YouTube no longer accepts Castbridge’s connection: connect YouTube again on Connect Accounts.';

  async function lookYouTube(w: Watched, now: number, known: string | null): Promise<Look> {
    const client = config.oauth.youtube!;
    let account: AccountRow | null | undefined = await connections.account(w.creatorId, 'youtube');
    if (!account || account.id !== w.accountId) throw new PlatformDown('the account changed');
    if (account.status === 'reconnect') throw new Refused(reconnectText);
    const api = async (path: string, query: Record<string, string>) => {
      const call = async (force: boolean) => {
        const token = await connections.accessToken(account!, { force });
        return getJson(
          youtubeFetch,
          `${selfFetch.resolve(client.apiBase)}/youtube/v3/${path}?${new URLSearchParams(query)}`,
          { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
          now,
        );
      };
      let answer: Awaited<ReturnType<typeof call>>;
      try {
        try {
          answer = await call(false);
        } catch (error) {
          if (!(error instanceof Unauthorized)) throw error;
          // Revoked or replaced before it expired: one fresh token, then the platform's answer stands.
          account = (await connections.account(w.creatorId, 'youtube')) ?? account;
          try {
            answer = await call(true);
          } catch (again) {
            if (!(again instanceof Unauthorized)) throw again;
            await connections.markReconnect(account!);
            throw new Refused(reconnectText);
          }
        }
      } catch (error) {
        // connections.accessToken: a refused refresh (409) is the grant gone; others are ours to retry.
        if (error instanceof HttpError && error.status === 409) throw new Refused(reconnectText);
        throw error;
      }
      const reason = (answer.body.error as { errors?: { reason?: string }[] } | undefined)?.errors?.[0]?.reason;
      if (reason === 'quotaExceeded' || reason === 'rateLimitExceeded' || reason === 'dailyLimitExceeded')
        throw new RateLimited('YouTube says the daily API quota is used up', now + 60 * 60_000);
      if (answer.status === 403)
        throw new Refused(
          `YouTube refused to say whether you are live (${reason ?? 'forbidden'}): connect YouTube again on Connect Accounts.`,
        );
      if (answer.status !== 200) throw new PlatformDown(`YouTube answered ${answer.status}`);
      return answer.body;
    };
    // The broadcast the last look found live: videos.list by its id (1 unit) says whether it still is — its
    // actualEndTime once it ended — with viewers, title and the paid-promotion flag. Only when there is none, or it
    // ended, is the channel asked for its active broadcast (liveBroadcasts.list, 5 units).
    if (known) {
      const look = await videoLook(known, null, now, api);
      if (look.live) return look;
      // The archive's session of a broadcast that ended (its chat not closed yet): not asked again, and the look for
      // a new one waits for its paced turn.
      if (fromArchive.has(known)) {
        archiveEnded.add(known);
        return look;
      }
    }
    const broadcasts = await api('liveBroadcasts', { part: 'id,snippet', broadcastStatus: 'active' });
    const broadcast = ((broadcasts.items as Record<string, unknown>[] | undefined) ?? []).find(
      (item) => typeof item.id === 'string',
    );
    if (!broadcast) return { live: false };
    return videoLook(String(broadcast.id), (broadcast.snippet ?? {}) as Record<string, unknown>, now, api);
  }

  /**
   * videos.list of one broadcast, with the channel's own token: the paid-promotion flag is given to the video's owner
   * only (so the ids of several channels cannot share a call without losing it). No video, or one that ended: offline.
   */
  async function videoLook(
    id: string,
    broadcastSnippet: Record<string, unknown> | null,
    now: number,
    api: (path: string, query: Record<string, string>) => Promise<Record<string, unknown>>,
  ): Promise<Look> {
    const videos = await api('videos', { part: 'snippet,liveStreamingDetails,paidProductPlacementDetails', id });
    const video = ((videos.items as Record<string, unknown>[] | undefined) ?? []).find((item) => item.id === id);
    // The known broadcast gone (deleted, made private) is no longer live; one liveBroadcasts.list just called active
    // is, with what its snippet says.
    if (!video && !broadcastSnippet) return { live: false };
    const snippet = broadcastSnippet ?? {};
    const details = (video?.liveStreamingDetails ?? {}) as Record<string, unknown>;
    if (typeof details.actualEndTime === 'string') return { live: false };
    const startedAt = Date.parse(String(details.actualStartTime ?? snippet.actualStartTime ?? ''));
    return {
      live: true,
      streamId: id,
      startedAt: Number.isFinite(startedAt) ? startedAt : now,
      title: String(((video?.snippet ?? {}) as Record<string, unknown>).title ?? snippet.title ?? ''),
      viewers: count(details.concurrentViewers),
      branded: ((video?.paidProductPlacementDetails ?? {}) as Record<string, unknown>).hasPaidProductPlacement === true,
    };
  }

  /**
   * Which YouTube channels this poll asks, within the project's daily quota (docs/product.md §Platform limits). A
   * channel whose last look found a broadcast live is asked every poll, by the broadcast's id (1 unit). The others
   * need liveBroadcasts.list (5 units), so they are asked at an interval that keeps their looks within
   * YOUTUBE_LOOK_SHARE of the units left (the cluster's figure, the governor's), never faster than the poll: one
   * channel offline all day takes ~1,000 units, not 7,200, and the archive's chat keeps the rest. What
   * was last seen is live_watch's (the last answered look, any instance's), so every instance paces alike.
   */
  async function youtubeDue(youtube: Watched[], now: number): Promise<{ due: Watched[]; known: Map<string, string> }> {
    const last = new Map<string, { checkedAt: number; streamKey: string | null }>();
    for (const batch of chunks(youtube, 500))
      for (const row of await db
        .selectFrom('live_watch')
        .select(['account_id', 'checked_at', 'live', 'stream_key'])
        .where(
          'account_id',
          'in',
          batch.map((w) => w.accountId),
        )
        .execute())
        last.set(row.account_id, {
          checkedAt: Number(row.checked_at ?? 0),
          streamKey: Number(row.live ?? 0) === 1 ? row.stream_key : null,
        });
    const known = new Map<string, string>();
    for (const w of youtube) {
      const key = last.get(w.accountId)?.streamKey;
      if (key?.startsWith('youtube:')) known.set(w.accountId, key.slice('youtube:'.length));
    }
    // The archive reading the channel's chat may know its broadcast already (an open stream session of
    // server/archive/youtube-source.ts, keyed by the broadcast's id): asked by its video, it saves waiting for the
    // paced look. One this watch saw end is not asked again.
    const unknown = youtube.filter((w) => !known.has(w.accountId));
    for (const batch of chunks(unknown, 500)) {
      const open = await db
        .selectFrom('chat_streams')
        .select(['user_id', 'channel_id', 'stream_id'])
        .where('platform', '=', 'youtube')
        .where('ended_at', 'is', null)
        .where(
          'channel_id',
          'in',
          batch.map((w) => w.channelId),
        )
        .execute();
      if (open.length === 0) continue;
      const ended = new Set(
        (
          await db
            .selectFrom('live_streams')
            .select('id')
            .where(
              'id',
              'in',
              open.map((r) => `youtube:${r.stream_id}`),
            )
            .where('ended_at', 'is not', null)
            .execute()
        ).map((r) => r.id),
      );
      for (const w of batch) {
        const row = open.find((r) => r.user_id === w.creatorId && r.channel_id === w.channelId);
        // A figure kept by this instance alone: bounded, forgotten now and then (at worst one more 1-unit look each).
        if (archiveEnded.size > 10_000) archiveEnded.clear();
        if (fromArchive.size > 10_000) fromArchive.clear();
        if (row && !ended.has(`youtube:${row.stream_id}`) && !archiveEnded.has(row.stream_id)) {
          known.set(w.accountId, row.stream_id);
          fromArchive.add(row.stream_id);
        }
      }
    }
    const looking = youtube.filter((w) => !known.has(w.accountId));
    const interval = youtubeLookInterval(looking.length, now);
    const due = youtube.filter(
      (w) => known.has(w.accountId) || now - (last.get(w.accountId)?.checkedAt ?? 0) >= interval,
    );
    return { due, known };
  }

  /**
   * How often each of `looking` channels may be asked for its active broadcast now: their looks spend at most
   * YOUTUBE_LOOK_SHARE of the units left over a day (not over the time to the reset: left unspent by the others late
   * in the day, the units would have the looks race to every poll), and no look waits past the reset.
   */
  function youtubeLookInterval(looking: number, now: number): number {
    const floor = config.livePollSeconds * 1000;
    if (looking === 0) return floor;
    const { units, resetAt } = deps.governor.remaining('youtube', 'project', 'verify');
    // The poll's clock and the governor's may differ (tests); a day is the longest a window lasts.
    const untilReset = Math.min(Math.max(0, resetAt - now), DAY_MS);
    const ceiling = Math.max(floor, untilReset);
    if (units < YOUTUBE_LOOK_UNITS) return ceiling;
    const share = (units * YOUTUBE_LOOK_SHARE) / looking;
    return Math.min(ceiling, Math.max(floor, Math.ceil((YOUTUBE_LOOK_UNITS * DAY_MS) / share)));
  }

  // ------------------------------------------------------------------------------------------ writing

  /**
   * Writes answered looks, a few hundred accounts per transaction (a poll of 2,000 channels is a handful of
   * statements, not thousands): each live stream upserted with its sample, the account's watch row, and the streams
   * of those accounts that are gone (offline, or another stream) ended. Answers the streams it ended.
   */
  async function record(entries: { w: Watched; look: Look }[], now: number): Promise<string[]> {
    const ended: string[] = [];
    for (const batch of chunks(entries, RECORD_BATCH)) {
      const keyOf = (entry: { w: Watched; look: Look }) =>
        entry.look.live ? `${entry.w.platform}:${entry.look.streamId}` : null;
      const gone = await db.transaction().execute(async (trx) => {
        const open = await trx
          .selectFrom('live_streams')
          .select(['id', 'account_id'])
          .where(
            'account_id',
            'in',
            batch.map((e) => e.w.accountId),
          )
          .where('ended_at', 'is', null)
          .execute();
        const current = new Map(batch.map((e) => [e.w.accountId, keyOf(e)]));
        const gone = open.filter((row) => current.get(row.account_id) !== row.id).map((row) => row.id);
        if (gone.length > 0)
          await trx
            .updateTable('live_streams')
            .set({ ended_at: now })
            .where('id', 'in', gone)
            .where('ended_at', 'is', null)
            .execute();
        const live = batch.flatMap((e) => (e.look.live ? [{ w: e.w, look: e.look, key: keyOf(e)! }] : []));
        if (live.length > 0) {
          await trx
            .insertInto('live_streams')
            .values(
              live.map(({ w, look, key }) => ({
                id: key,
                creator_id: w.creatorId,
                account_id: w.accountId,
                platform: w.platform,
                channel_id: w.channelId,
                channel_login: w.login,
                stream_id: look.streamId,
                started_at: look.startedAt,
                last_live_at: now,
                ended_at: null,
                title: look.title,
                recording_url: w.platform === 'youtube' ? youtubeWatchUrl(look.streamId) : null,
              })),
            )
            .onConflict((oc) =>
              // A look older than the last one (a slow poll) does not move the stream back. The stream is watched
              // through whoever holds its channel now: a channel handed over during one stream (one creator
              // disconnects it, another connects it) goes on under the same id (issue 44). Each sample keeps whose
              // look it was; the minutes are decided by those (server/overlay/verification.ts).
              oc.column('id').doUpdateSet((eb) => {
                const newer = <T>(column: 'creator_id' | 'account_id' | 'channel_login') =>
                  eb
                    .case()
                    .when('live_streams.last_live_at', '<', now)
                    .then(eb.ref(`excluded.${column}`))
                    .else(eb.ref(`live_streams.${column}`))
                    .end() as unknown as T;
                return {
                  last_live_at: eb
                    .case()
                    .when('live_streams.last_live_at', '<', now)
                    .then(now)
                    .else(eb.ref('live_streams.last_live_at'))
                    .end(),
                  creator_id: newer<string>('creator_id'),
                  account_id: newer<string>('account_id'),
                  channel_login: newer<string>('channel_login'),
                  ended_at: null,
                  title: eb.ref('excluded.title'),
                };
              }),
            )
            .execute();
          await trx
            .insertInto('live_samples')
            .values(
              live.map(({ w, look, key }) => ({
                stream_key: key,
                at: now,
                viewers: look.viewers,
                title: look.title,
                disclosed: isDisclosed(w.platform, look.title, look.branded) ? 1 : 0,
                branded: look.branded ? 1 : 0,
                creator_id: w.creatorId,
                account_id: w.accountId,
              })),
            )
            // Two looks at the same moment are one sample.
            .onConflict((oc) => oc.columns(['stream_key', 'at']).doNothing())
            .execute();
        }
        await trx
          .insertInto('live_watch')
          .values(
            batch.map((e) => ({
              account_id: e.w.accountId,
              creator_id: e.w.creatorId,
              platform: e.w.platform,
              checked_at: now,
              live: e.look.live ? 1 : 0,
              stream_key: keyOf(e),
              problem: null,
            })),
          )
          .onConflict((oc) =>
            oc.column('account_id').doUpdateSet((eb) => ({
              checked_at: eb.ref('excluded.checked_at'),
              live: eb.ref('excluded.live'),
              stream_key: eb.ref('excluded.stream_key'),
              problem: null,
            })),
          )
          .execute();
        return gone;
      });
      ended.push(...gone);
    }
    return ended;
  }

  async function setProblem(accounts: Watched[], problem: string): Promise<void> {
    for (const batch of chunks(accounts, 500))
      await db
        .updateTable('live_watch')
        .set({ problem })
        .where(
          'account_id',
          'in',
          batch.map((w) => w.accountId),
        )
        .execute();
  }

  /** Twitch recordings: streams that just ended, and live ones not looked for in 10 minutes, within the budget. */
  async function findRecordings(
    byAccount: Map<string, Watched>,
    ended: string[],
    now: number,
    pollPoints: number,
  ): Promise<void> {
    if (!config.oauth.twitch || pausedUntil.twitch > now) return;
    // What the polls of a minute take stays in the app token's budget (the cluster's, as the governor knows it).
    const keep = HELIX_MARGIN + pollPoints * Math.ceil(60 / Math.max(1, config.livePollSeconds));
    // Live ones, and those ended in the last hour whose look-up failed or did not fit the budget.
    const live = await db
      .selectFrom('live_streams')
      .select(['id', 'channel_id', 'stream_id', 'account_id', 'ended_at'])
      .where('platform', '=', 'twitch')
      .where('recording_url', 'is', null)
      .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>=', now - RECORDING_AFTER_END_MS)]))
      .execute();
    // A live stream is first looked for 10 minutes after it was first seen here (Twitch writes its VOD as it goes),
    // so 2,000 channels going live do not cost 2,000 points at once; one that ended is looked for at once.
    const open = new Set(live.map((row) => row.id));
    for (const id of recordingLookedAt.keys()) if (!open.has(id)) recordingLookedAt.delete(id);
    for (const row of live)
      if (!recordingLookedAt.has(row.id) && row.ended_at === null) recordingLookedAt.set(row.id, now);
    const due = live.filter(
      (row) =>
        ended.includes(row.id) ||
        // An ended one again only where it was looked for at its end (a restart does not look for every old one).
        (recordingLookedAt.has(row.id) &&
          (row.ended_at !== null || byAccount.has(row.account_id)) &&
          now - recordingLookedAt.get(row.id)! >= RECORDING_RETRY_MS),
    );
    // Ended ones first: it is their last look.
    due.sort((a, b) => Number(ended.includes(b.id)) - Number(ended.includes(a.id)));
    for (const row of due) {
      if (deps.governor.remaining('twitch', 'app', 'verify').units <= keep) break;
      const lookedBefore = recordingLookedAt.get(row.id);
      recordingLookedAt.set(row.id, now);
      let url: string | null;
      try {
        url = await twitchRecording(row.channel_id, row.stream_id, now);
      } catch (error) {
        if (error instanceof RateLimited) {
          pausedUntil.twitch = error.retryAt;
          return;
        }
        // Not asked: looked for again at the next poll (not after the retry interval of one Twitch answered).
        if (error instanceof BudgetExhausted) {
          if (lookedBefore === undefined) recordingLookedAt.delete(row.id);
          else recordingLookedAt.set(row.id, lookedBefore);
          return;
        }
        logger.warn('live: a Twitch recording could not be looked up', { error: (error as Error).message });
        continue;
      }
      if (url) {
        await db.updateTable('live_streams').set({ recording_url: url }).where('id', '=', row.id).execute();
        recordingLookedAt.delete(row.id);
      }
    }
  }

  // ------------------------------------------------------------------------------------------ the poll

  async function poll(now: number): Promise<PollResult> {
    const pointsBefore = helixTotal;
    const watched = await sync();
    const byAccount = new Map(watched.map((w) => [w.accountId, w]));
    const answered: Watched[] = [];
    let problems = 0;
    const ended: string[] = [];
    const write = async (entries: { w: Watched; look: Look }[]) => {
      ended.push(...(await record(entries, now)));
      answered.push(...entries.map((e) => e.w));
    };

    const twitch = watched.filter((w) => w.platform === 'twitch');
    if (twitch.length > 0 && config.oauth.twitch && pausedUntil.twitch <= now) {
      try {
        const looks = await lookTwitch(twitch, now);
        await write(twitch.flatMap((w) => (looks.has(w.accountId) ? [{ w, look: looks.get(w.accountId)! }] : [])));
      } catch (error) {
        if (error instanceof RateLimited) {
          pausedUntil.twitch = error.retryAt;
          logger.warn('live: Twitch asked to slow down; skipping until its reset', { until: error.retryAt });
        } else if (error instanceof Refused) {
          appToken = null;
          logger.error('live: Twitch refused the app credentials', { error: error.message });
          await setProblem(
            twitch,
            `Twitch refused Castbridge’s app credentials (${error.message}): Castbridge cannot see whether you are live. Its operators are told.`,
          );
          problems += twitch.length;
        } else if (error instanceof PlatformDown) {
          logger.warn('live: Twitch could not be reached', { error: error.message });
        } else throw error;
      }
    }

    const youtube = watched.filter((w) => w.platform === 'youtube');
    if (youtube.length > 0 && config.oauth.youtube && pausedUntil.youtube <= now) {
      const { due, known } = await youtubeDue(youtube, now);
      const queue = [...due];
      const worker = async () => {
        for (let w = queue.shift(); w; w = queue.shift()) {
          if (pausedUntil.youtube > now) return;
          try {
            await write([{ w, look: await lookYouTube(w, now, known.get(w.accountId) ?? null) }]);
          } catch (error) {
            if (error instanceof RateLimited) {
              pausedUntil.youtube = error.retryAt;
              logger.warn('live: YouTube asked to slow down; skipping until its reset', { until: error.retryAt });
            } else if (error instanceof BudgetExhausted) {
              // The project's quota is spent for now: the others wait for the next poll.
              queue.length = 0;
              logger.warn('live: the YouTube quota is spent; the other channels wait for the next poll', {
                until: error.retryAt,
              });
            } else if (error instanceof Refused) {
              await setProblem([w], error.message);
              problems += 1;
            } else {
              // Unreachable or unreadable (our own refresh failing too): no look, no change.
              logger.warn('live: YouTube could not be read', { error: (error as Error).message });
            }
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(YOUTUBE_CONCURRENCY, queue.length) }, worker));
    }

    ended.push(...endedUnwatched.splice(0));
    await findRecordings(byAccount, ended, now, helixTotal - pointsBefore).catch((error: unknown) =>
      logger.warn('live: looking up recordings failed', { error: (error as Error).message }),
    );
    const creators = [...new Set(answered.map((w) => w.creatorId))];
    if (creators.length > 0 && deps.onChecked) {
      try {
        await deps.onChecked(creators, now);
      } catch (error) {
        logger.error('live: settling the checked creators failed', { error: (error as Error).message });
      }
    }
    return { skipped: false, answered: answered.length, problems };
  }

  /** One look at every watched channel; skipped (nothing asked) while another poll runs anywhere in the cluster. */
  async function pollOnce(now = Date.now()): Promise<PollResult> {
    const skipped = { skipped: true, answered: 0, problems: 0 };
    if (polling) return skipped;
    polling = true;
    try {
      const lease = deps.locks ? await deps.locks.acquire(LEASE) : null;
      if (deps.locks && !lease) return skipped;
      try {
        return await poll(now);
      } finally {
        await lease?.release();
      }
    } finally {
      polling = false;
    }
  }

  return {
    pollOnce,
    sync,
    helixPointsLastMinute,
    /** Helix calls since this watcher was made. */
    helixPoints: () => helixTotal,
    register() {
      jobs.register(LIVE_JOB, async () => {
        // Stopping (or never started here): the run is handed back for another instance, so the schedule lives on.
        if (!started) return jobs.schedule(LIVE_JOB, LIVE_KEY, {}, clock() + 5_000);
        const at = clock();
        // The next run first: a poll that fails does not end the schedule.
        await jobs.schedule(LIVE_JOB, LIVE_KEY, {}, at + config.livePollSeconds * 1000);
        await pollOnce(at).catch((error: unknown) =>
          logger.error('live: the poll failed', { error: (error as Error).message }),
        );
      });
    },
    /** Polls from now on (a scheduled run already waiting keeps its time: several instances share one schedule). */
    async start() {
      started = true;
      await jobs.enqueue(LIVE_JOB, LIVE_KEY, {});
    },
    stop() {
      started = false;
    },
  };
}

export type LiveWatch = ReturnType<typeof createLiveWatch>;

type ChannelState = OverlayStatus['channels'][number];

/** The creator's connected channels as the platforms last reported them (the overlay's status, the proof). */
export async function channelsOf(db: Kysely<Database>, creatorId: string): Promise<ChannelState[]> {
  const rows = await db
    .selectFrom('connected_accounts as a')
    .leftJoin('live_watch as w', 'w.account_id', 'a.id')
    .where('a.user_id', '=', creatorId)
    .select(['a.platform', 'a.login', 'w.checked_at', 'w.live', 'w.stream_key', 'w.problem'])
    .orderBy('a.platform')
    .execute();
  const channels: ChannelState[] = [];
  for (const row of rows) {
    const live = Number(row.live ?? 0) === 1;
    const sample =
      live && row.stream_key
        ? await db
            .selectFrom('live_samples')
            .select(['title', 'disclosed', 'viewers'])
            .where('stream_key', '=', row.stream_key)
            .orderBy('at', 'desc')
            .limit(1)
            .executeTakeFirst()
        : undefined;
    const checked = Number(row.checked_at ?? 0);
    channels.push({
      platform: row.platform,
      login: row.login,
      live,
      checkedAt: checked > 0 ? new Date(checked).toISOString() : null,
      title: sample ? sample.title : null,
      disclosed: sample ? Number(sample.disclosed) === 1 : null,
      viewers: sample?.viewers ?? null,
      problem: row.problem ?? null,
    });
  }
  return channels;
}
