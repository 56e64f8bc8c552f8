// The live watcher (docs/product.md §Verified delivery): whether the platforms say the channels Castbridge pays for
// are live, with how many viewers and whether the stream is disclosed as sponsored. Watched are the connected
// accounts of creators with an offer in delivery (contract/marketplace.ts DELIVERY_STATUSES) on an active campaign of
// that platform. One poll per LIVE_POLL_SECONDS for the whole cluster: a job of one key (server/jobs/queue.ts), so
// one instance takes each run and a restart resumes it, and a lease (server/cluster/locks.ts) so two polls never
// overlap.
// - Twitch: one app access token (client_credentials), Helix Get Streams and Get Channel Information batched by 100
//   ids — 2,000 live channels cost ~40 Helix points a poll, of the 800 a minute a token has; Get Videos (type=archive)
//   finds a stream's recording once it ends, and every 10 minutes while it is live until found (within a budget).
//   Twitch pushes the rest (issue 46; twitch-push.ts says how the subscriptions are made and when a channel counts as
//   covered): EventSub stream.online, stream.offline and channel.update arrive on a conduit and are written at once
//   (`pushed`, on whichever instance receives them), so a window's start (the event's started_at) and end (the
//   offline's time) are known within seconds. The poll then asks Get Streams and Get Channel Information only for the
//   channels known live (viewers, the branded flag, which channel.update does not carry) and for those the events do
//   not cover — not subscribed yet, refused, or any channel while the push path had a gap — so nothing is skipped
//   silently: a start or end the events missed is found by the next poll that looks. A covered channel known offline
//   is not asked: its watch row is confirmed at the poll's time (the push path had no gap, so it is still offline).
//   A stream.online's first sample needs the title and the branded flag: one Get Channel Information for the
//   channels gone online within ONLINE_BATCH_MS (100 ids a call) — ~7 points a minute at 10,000 channels live 4 hours
//   a day — so the window is disclosed or not from its first second; unreadable, the stream is written without a
//   sample and the next poll samples it. channel.update is a sample of the new title (its disclosure by the
//   `isDisclosed` rule, the branded flag as last sampled): Twitch's own notification, the evidence itself.
// Every platform call goes through the governor (server/connections/governor.ts, priority `verify`): the app token's
// budget (`twitch:app`) and the project's YouTube quota (`youtube:project`) are the cluster's, and a call the
// governor cannot serve within the poll (BudgetExhausted) waits for the next poll.
// - YouTube (issue 46): each channel's feed is subscribed on the WebSub hub (websub.ts), which announces new videos
//   and retitles at no quota cost; videos.list with the project's API key reads 50 of them a unit, so every live and
//   starting broadcast is confirmed and sampled each poll. The paid-promotion flag, which YouTube gives a video's
//   owner only, is read with the channel's token when a broadcast is first seen live or retitled (and re-read
//   within a small share). A channel whose feed is not verified is looked for with liveBroadcasts.list (5 units),
//   paced within YOUTUBE_LOOK_SHARE of the quota; when the sampling share cannot carry every live broadcast each
//   poll, every broadcast is read every k-th poll alike (`youtubeResolution`, shown in /admin → Platform budgets).
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
import type { YouTubeFeeds } from './websub.ts';
import type { StreamEvent, TwitchPush } from './twitch-push.ts';

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
/** videos.list takes up to 50 ids a call (https://developers.google.com/youtube/v3/docs/videos/list#id). */
export const YOUTUBE_VIDEOS_BATCH = 50;
/**
 * The share of the units left, spread over the polls to the reset, that the batched reads of live and starting
 * broadcasts may spend each poll; beyond it they are read every k-th poll (issue 46: verification keeps within about
 * 6,000 of a default day's 10,000 units, the rest left to the archive and analytics).
 */
export const YOUTUBE_SAMPLE_SHARE = 0.6;
/** The share of the units left that re-reading owners' paid-promotion flags may spend over a day. */
export const YOUTUBE_FLAG_SHARE = 0.01;
/**
 * Channels whose feed was just verified get their one catch-up look (upcoming and active broadcasts, 10 units) at
 * most this many a poll: a thousand channels entering delivery at once are caught up within the hour.
 */
const CATCH_UPS_PER_POLL = 20;
/** An upcoming broadcast is read each poll from this long before its scheduled start. */
export const UPCOMING_NEAR_MS = 15 * 60_000;
/** Videos that were no broadcast, or ended, are kept this long after their last read. */
const YOUTUBE_FORGET_MS = 7 * 24 * 60 * 60_000;
/** An upcoming broadcast further off is read this often (its schedule may move). */
export const UPCOMING_RECHECK_MS = 30 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** Accounts written per transaction. */
const RECORD_BATCH = 250;
/** The stream.online events of this long are asked for their channel information together (100 ids a call). */
export const ONLINE_BATCH_MS = 250;
/**
 * Get Streams lists a stream some time after Twitch's stream.online (its answers are cached): a stream started this
 * recently that it does not list yet is not ended by the poll (stream.offline, or a later poll, ends it).
 */
export const ONLINE_GRACE_MS = 3 * 60_000;
/**
 * What the subscriptions' upkeep leaves of the app token's budget (https://dev.twitch.tv/docs/api/guide/#twitch-rate-limits:
 * 800 points a minute): a quarter, beyond the coming minute's samples.
 */
export const PUSH_RESERVE = 200;
/** A pushed event's time is Twitch's message_timestamp when it is this close to its arrival; its arrival otherwise. */
const EVENT_SKEW_MS = 10_000;

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

const youtubeReason = (body: Record<string, unknown>): string | undefined =>
  (body.error as { errors?: { reason?: string }[] } | undefined)?.errors?.[0]?.reason;

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
  /** YouTube's push feed (websub.ts): subscribed for every YouTube channel watched, when a hub is configured. */
  feeds?: Pick<YouTubeFeeds, 'reconcile' | 'coverage' | 'caughtUp'> | null;
  /** Twitch's stream events (twitch-push.ts): subscribed for every Twitch channel watched, when EventSub is on. */
  push?: Pick<TwitchPush, 'coverage' | 'reconcile' | 'onEvent'> | null;
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
  /** Streams a pushed stream.offline ended, for the next recording look-ups (this instance's). */
  const endedPushed: string[] = [];
  /** The accounts the last sync() started watching. */
  let justWatched = new Set<string>();
  /** How often the batch read the live YouTube videos at the last poll, against the goal (the poll). */
  let resolution = { everySeconds: config.livePollSeconds, goalSeconds: config.livePollSeconds, videos: 0 };
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
    justWatched = new Set(missing.map((w) => w.accountId));
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

  // ------------------------------------------------------------------------------------------ Twitch pushes

  /**
   * Which watched Twitch channels this poll looks at: without the stream events, all of them; with them, those known
   * live (the last look or push said so, any instance's) and those not covered — their subscriptions not all enabled,
   * not looked at since they were (a subscription tells changes only), or any while the push path had a gap. `quiet`
   * are the covered ones known offline; `graced` the known-live ones just gone online (Get Streams may not list them).
   */
  async function twitchDue(
    twitch: Watched[],
    now: number,
  ): Promise<{ sample: Watched[]; quiet: Watched[]; graced: Set<string> }> {
    const all = { sample: twitch, quiet: [] as Watched[], graced: new Set<string>() };
    if (!deps.push) return all;
    const coverage = await deps.push.coverage(now).catch(() => null);
    for (let i = 0; i < (coverage?.calls ?? 0); i += 1) spend(now);
    if (!coverage?.healthy || coverage.enabledSince.size === 0) return all;
    const rows = new Map<string, { checkedAt: number; live: boolean }>();
    for (const batch of chunks(twitch, 500))
      for (const row of await db
        .selectFrom('live_watch')
        .select(['account_id', 'checked_at', 'live'])
        .where(
          'account_id',
          'in',
          batch.map((w) => w.accountId),
        )
        .execute())
        rows.set(row.account_id, { checkedAt: Number(row.checked_at ?? 0), live: Number(row.live ?? 0) === 1 });
    const sample: Watched[] = [];
    const quiet: Watched[] = [];
    const coveredLive: Watched[] = [];
    for (const w of twitch) {
      const since = coverage.enabledSince.get(w.channelId);
      const row = rows.get(w.accountId);
      if (since === undefined || !row || row.checkedAt < since) sample.push(w);
      else if (row.live) {
        sample.push(w);
        coveredLive.push(w);
      } else quiet.push(w);
    }
    const graced = new Set<string>();
    for (const batch of chunks(coveredLive, 500))
      for (const row of await db
        .selectFrom('live_streams')
        .select('account_id')
        .where(
          'account_id',
          'in',
          batch.map((w) => w.accountId),
        )
        .where('ended_at', 'is', null)
        .where('started_at', '>', now - ONLINE_GRACE_MS)
        .execute())
        graced.add(row.account_id);
    return { sample, quiet, graced };
  }

  /** Covered channels known offline: the push path had no gap, so Twitch says they still are (no call). */
  async function confirmQuiet(quiet: Watched[], now: number): Promise<void> {
    for (const batch of chunks(quiet, 500))
      await db
        .updateTable('live_watch')
        .set({ checked_at: now, problem: null })
        .where(
          'account_id',
          'in',
          batch.map((w) => w.accountId),
        )
        .where('live', '=', 0)
        .where('checked_at', '<', now)
        .execute();
  }

  /** The stream subscriptions brought up to date, within what the budget leaves after the coming minute's samples. */
  async function reconcilePush(twitch: Watched[], now: number, pollPoints: number): Promise<void> {
    if (!deps.push) return;
    const { units } = deps.governor.remaining('twitch', 'app', 'verify');
    const keep = PUSH_RESERVE + HELIX_MARGIN + pollPoints * Math.ceil(60 / Math.max(1, config.livePollSeconds));
    const fresh = twitch.filter((w) => justWatched.has(w.accountId)).map((w) => w.channelId);
    const calls = await deps.push
      .reconcile(
        twitch.map((w) => w.channelId),
        fresh,
        units - keep,
        now,
      )
      .catch((error: unknown) => {
        logger.warn('live: the stream subscriptions could not be brought up to date', {
          error: (error as Error).message,
        });
        return 0;
      });
    for (let i = 0; i < calls; i += 1) spend(now);
  }

  /** Per broadcaster, the pushes in the order they came (an online's first sample before its offline). */
  const pushChains = new Map<string, Promise<void>>();

  /**
   * A stream event Twitch pushed (twitch-push.ts), written at once for every watched account of its channel:
   * stream.online opens the stream from its started_at with a first sample; stream.offline ends it at its time;
   * channel.update is a sample of the new title. Idempotent: the same notification received by two instances writes
   * one stream, one end and (its time being Twitch's message time) one sample.
   */
  function pushed(event: StreamEvent): Promise<void> {
    const next = (pushChains.get(event.broadcasterId) ?? Promise.resolve())
      .then(() => applyPush(event))
      .catch((error: unknown) =>
        logger.warn('live: a pushed Twitch stream event could not be written', {
          type: event.type,
          error: (error as Error).message,
        }),
      );
    pushChains.set(event.broadcasterId, next);
    void next.then(() => {
      if (pushChains.get(event.broadcasterId) === next) pushChains.delete(event.broadcasterId);
    });
    return next;
  }

  async function applyPush(event: StreamEvent): Promise<void> {
    const at =
      Number.isFinite(event.sentAt) && Math.abs(event.sentAt - event.receivedAt) <= EVENT_SKEW_MS
        ? event.sentAt
        : event.receivedAt;
    const accounts: Watched[] = (
      await db
        .selectFrom('connected_accounts as a')
        .innerJoin('live_watch as w', 'w.account_id', 'a.id')
        .where('a.platform', '=', 'twitch')
        .where('a.platform_user_id', '=', event.broadcasterId)
        .select(['a.id', 'a.user_id', 'a.platform_user_id', 'a.login'])
        .execute()
    ).map((row) => ({
      accountId: row.id,
      creatorId: row.user_id,
      platform: 'twitch' as const,
      channelId: row.platform_user_id,
      login: row.login,
    }));
    if (accounts.length === 0) return;
    if (event.type === 'stream.offline') {
      endedPushed.push(
        ...(await record(
          accounts.map((w) => ({ w, look: { live: false } })),
          at,
        )),
      );
      return;
    }
    if (event.type === 'stream.online') {
      const streamId = String(event.event.id ?? '');
      if (!streamId) return;
      const started = Date.parse(String(event.event.started_at ?? ''));
      const channel = await channelInfo(event.broadcasterId);
      const look: Look = {
        live: true,
        streamId,
        startedAt: Number.isFinite(started) ? started : at,
        title: channel?.title ?? '',
        viewers: null,
        branded: channel?.branded ?? false,
      };
      // Without its title and flag the stream is written without a sample: the next poll samples it.
      endedPushed.push(
        ...(await record(
          accounts.map((w) => ({ w, look })),
          at,
          { sample: channel !== null },
        )),
      );
      return;
    }
    // channel.update: a sample of the new title on the open stream (none open: nothing is live to disclose).
    const title = typeof event.event.title === 'string' ? event.event.title : null;
    if (title === null) return;
    const open = await db
      .selectFrom('live_streams')
      .select(['id', 'account_id', 'stream_id', 'started_at'])
      .where(
        'account_id',
        'in',
        accounts.map((w) => w.accountId),
      )
      .where('platform', '=', 'twitch')
      .where('ended_at', 'is', null)
      .execute();
    const entries: { w: Watched; look: Look }[] = [];
    for (const w of accounts) {
      const stream = open.find((row) => row.account_id === w.accountId);
      if (!stream) continue;
      const last = await db
        .selectFrom('live_samples')
        .select('branded')
        .where('stream_key', '=', stream.id)
        .orderBy('at', 'desc')
        .limit(1)
        .executeTakeFirst();
      entries.push({
        w,
        look: {
          live: true,
          streamId: stream.stream_id,
          startedAt: Number(stream.started_at),
          title,
          viewers: null,
          branded: Number(last?.branded ?? 0) === 1,
        },
      });
    }
    if (entries.length > 0) await record(entries, at);
  }

  /** Channels whose information was asked for, waiting for the batch (ONLINE_BATCH_MS). */
  const infoWaiting = new Map<string, ((info: { title: string; branded: boolean } | null) => void)[]>();
  let infoTimer: NodeJS.Timeout | null = null;

  /** A channel's title and branded flag, asked with the others gone online within ONLINE_BATCH_MS; null unreadable. */
  function channelInfo(channelId: string): Promise<{ title: string; branded: boolean } | null> {
    return new Promise((resolve) => {
      infoWaiting.set(channelId, [...(infoWaiting.get(channelId) ?? []), resolve]);
      infoTimer ??= setTimeout(() => void askInfo(), ONLINE_BATCH_MS);
      infoTimer.unref?.();
    });
  }

  async function askInfo(): Promise<void> {
    infoTimer = null;
    const asked = new Map(infoWaiting);
    infoWaiting.clear();
    for (const batch of chunks([...asked.keys()], HELIX_BATCH)) {
      const found = new Map<string, { title: string; branded: boolean }>();
      const now = clock();
      try {
        if (!config.oauth.twitch || pausedUntil.twitch > now) throw new PlatformDown('Twitch is paused');
        const answer = await helix(
          'channels',
          batch.map((id): [string, string] => ['broadcaster_id', id]),
          now,
        );
        for (const channel of (answer.data as Record<string, unknown>[] | undefined) ?? [])
          if (typeof channel.broadcaster_id === 'string')
            found.set(channel.broadcaster_id, {
              title: String(channel.title ?? ''),
              branded: channel.is_branded_content === true,
            });
      } catch (error) {
        if (error instanceof RateLimited) pausedUntil.twitch = error.retryAt;
        logger.warn('live: the channel information of a stream gone online could not be read', {
          error: (error as Error).message,
        });
      }
      for (const id of batch) for (const resolve of asked.get(id) ?? []) resolve(found.get(id) ?? null);
    }
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

  /**
   * The YouTube Data API with the channel's own token: one fresh token after a 401, then the platform's answer
   * stands (a refused grant is the channel's problem, in words the creator can act on).
   */
  function ownerApi(w: Watched, now: number) {
    const client = config.oauth.youtube!;
    let account: AccountRow | null | undefined;
    return async (path: string, query: Record<string, string>): Promise<Record<string, unknown>> => {
      account ??= await connections.account(w.creatorId, 'youtube');
      if (!account || account.id !== w.accountId) throw new PlatformDown('the account changed');
      if (account.status === 'reconnect') throw new Refused(reconnectText);
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
      const reason = youtubeReason(answer.body);
      if (reason === 'quotaExceeded' || reason === 'rateLimitExceeded' || reason === 'dailyLimitExceeded')
        throw new RateLimited('YouTube says the daily API quota is used up', now + 60 * 60_000);
      if (answer.status === 403)
        throw new Refused(
          `YouTube refused to say whether you are live (${reason ?? 'forbidden'}): connect YouTube again on Connect Accounts.`,
        );
      if (answer.status !== 200) throw new PlatformDown(`YouTube answered ${answer.status}`);
      return answer.body;
    };
  }

  /**
   * videos.list of up to 50 public videos with the project's API key (1 unit a call, whoever owns them): what
   * YouTube says of each id now; an id it does not answer is deleted or private.
   */
  async function keyedVideos(ids: string[], now: number): Promise<Map<string, Record<string, unknown>>> {
    const client = config.oauth.youtube!;
    const out = new Map<string, Record<string, unknown>>();
    for (const batch of chunks(ids, YOUTUBE_VIDEOS_BATCH)) {
      const query = new URLSearchParams({
        part: 'snippet,liveStreamingDetails',
        id: batch.join(','),
        maxResults: String(YOUTUBE_VIDEOS_BATCH),
        key: client.apiKey!,
      });
      const answer = await getJson(
        youtubeFetch,
        `${selfFetch.resolve(client.apiBase)}/youtube/v3/videos?${query}`,
        { headers: { accept: 'application/json' } },
        now,
      );
      const reason = youtubeReason(answer.body);
      if (reason === 'quotaExceeded' || reason === 'rateLimitExceeded' || reason === 'dailyLimitExceeded')
        throw new RateLimited('YouTube says the daily API quota is used up', now + 60 * 60_000);
      if (answer.status !== 200)
        throw new PlatformDown(`YouTube answered ${answer.status}${reason ? ` (${reason})` : ''}`);
      for (const item of (answer.body.items as Record<string, unknown>[] | undefined) ?? [])
        if (typeof item.id === 'string') out.set(item.id, item);
    }
    return out;
  }

  /** What a video resource says: a broadcast upcoming, live or ended, or no broadcast at all. */
  function videoState(video: Record<string, unknown>): {
    status: 'upcoming' | 'live' | 'ended' | 'none';
    title: string;
    scheduledAt: number | null;
    startedAt: number | null;
    viewers: number | null;
    branded: boolean | null;
  } {
    const snippet = (video.snippet ?? {}) as Record<string, unknown>;
    const details = (video.liveStreamingDetails ?? null) as Record<string, unknown> | null;
    const time = (value: unknown) => {
      const at = Date.parse(String(value ?? ''));
      return Number.isFinite(at) ? at : null;
    };
    const placement = video.paidProductPlacementDetails as Record<string, unknown> | undefined;
    const base = {
      title: String(snippet.title ?? ''),
      scheduledAt: time(details?.scheduledStartTime),
      startedAt: time(details?.actualStartTime),
      viewers: count(details?.concurrentViewers),
      branded: placement ? placement.hasPaidProductPlacement === true : null,
    };
    if (!details) return { status: 'none', ...base };
    if (typeof details.actualEndTime === 'string') return { status: 'ended', ...base };
    if (typeof details.actualStartTime === 'string') return { status: 'live', ...base };
    return { status: 'upcoming', ...base };
  }

  /**
   * The YouTube side of a poll (issue 46). The feed (websub.ts) names the broadcasts; batched videos.list confirms
   * and samples them:
   * - every video the feed announced (`new`) and every live one is read each poll (or each k-th poll, evenly, when
   *   the quota's sampling share cannot carry them all: `resolution`); an upcoming one each poll from
   *   UPCOMING_NEAR_MS before its scheduled start, else every UPCOMING_RECHECK_MS (a schedule moves);
   * - the owner's paid-promotion flag, which videos.list gives its owner only, is read with the channel's token
   *   when a broadcast is first seen live, when its title changed, and again at an interval paced within
   *   YOUTUBE_FLAG_SHARE of the units left — only for broadcasts whose title does not disclose by itself;
   * - a channel whose feed is not verified (or lapsed) is looked for with liveBroadcasts.list (5 units), paced within
   *   YOUTUBE_LOOK_SHARE as before; what it finds is sampled by the batch from then on.
   * A covered channel with no live video is answered offline at no cost: its feed is the platform's word that nothing
   * new started, and every broadcast it knows was read this poll.
   */
  async function watchYouTube(
    youtube: Watched[],
    now: number,
    write: (entries: { w: Watched; look: Look }[]) => Promise<void>,
  ): Promise<number> {
    const client = config.oauth.youtube!;
    let problems = 0;
    const byChannel = new Map(youtube.map((w) => [w.channelId, w]));
    const channelIds = [...byChannel.keys()];
    let covered = new Set<string>();
    /** Verified feeds whose earlier broadcasts are still to be looked up once. */
    let verified = new Set<string>();
    if (deps.feeds && client.websubHub)
      try {
        await deps.feeds.reconcile(channelIds, now);
        ({ covered, verified } = await deps.feeds.coverage(channelIds, now));
      } catch (error) {
        logger.warn('live: the YouTube feeds could not be reconciled', { error: (error as Error).message });
      }
    await adoptKnown(youtube, now);
    // Uploads that were no broadcast, and broadcasts ended or gone a week ago, are forgotten.
    await db
      .deleteFrom('youtube_videos')
      .where('status', 'in', ['none', 'ended', 'gone'])
      .where('checked_at', '<', now - YOUTUBE_FORGET_MS)
      .execute();

    // The videos to read now.
    const rows: {
      video_id: string;
      channel_id: string;
      status: string;
      title: string;
      scheduled_at: number | string | null;
      checked_at: number | string | null;
      flag_checked_at: number | string | null;
      flag_title: string | null;
      branded: number;
    }[] = [];
    for (const batch of chunks(channelIds, 500))
      rows.push(
        ...(await db
          .selectFrom('youtube_videos')
          .select([
            'video_id',
            'channel_id',
            'status',
            'title',
            'scheduled_at',
            'checked_at',
            'flag_checked_at',
            'flag_title',
            'branded',
          ])
          .where('channel_id', 'in', batch)
          .where('status', 'in', ['new', 'live', 'upcoming'])
          .execute()),
      );
    const pollMs = config.livePollSeconds * 1000;
    const sampled = rows.filter((row) => row.status === 'live' || nearStart(row, now));
    const every = sampleEvery(sampled.length, now);
    resolution = { everySeconds: (every * pollMs) / 1000, goalSeconds: pollMs / 1000, videos: sampled.length };
    const turn = Math.floor(now / pollMs) % every === 0;
    const due = rows.filter(
      (row) =>
        row.status === 'new' ||
        (turn && (row.status === 'live' || nearStart(row, now))) ||
        (row.status === 'upcoming' && now - Number(row.checked_at ?? 0) >= UPCOMING_RECHECK_MS),
    );
    /** Channels whose every due video YouTube answered (their offline is known). */
    const failed = new Set<string>();
    const answers = new Map<string, Record<string, unknown> | null>();
    if (due.length > 0) {
      if (client.apiKey) {
        try {
          const found = await keyedVideos(
            due.map((row) => row.video_id),
            now,
          );
          for (const row of due) answers.set(row.video_id, found.get(row.video_id) ?? null);
        } catch (error) {
          if (error instanceof RateLimited) {
            pausedUntil.youtube = error.retryAt;
            logger.warn('live: YouTube asked to slow down; skipping until its reset', { until: error.retryAt });
          } else if (error instanceof BudgetExhausted)
            logger.warn('live: the YouTube quota is spent; the videos wait for the next poll', {
              until: error.retryAt,
            });
          else logger.warn('live: YouTube could not be read', { error: (error as Error).message });
          for (const row of due) failed.add(row.channel_id);
        }
      } else {
        // No API key: each video with its owner's token (its flag comes with it), one id a call.
        const queue = [...due];
        const worker = async () => {
          for (let row = queue.shift(); row; row = queue.shift()) {
            const w = byChannel.get(row.channel_id)!;
            try {
              const body = await ownerApi(w, now)('videos', {
                part: 'snippet,liveStreamingDetails,paidProductPlacementDetails',
                id: row.video_id,
              });
              const item = ((body.items as Record<string, unknown>[] | undefined) ?? []).find(
                (video) => video.id === row!.video_id,
              );
              answers.set(row.video_id, item ?? null);
            } catch (error) {
              failed.add(row.channel_id);
              if (await youtubeFailure(error, w)) problems += 1;
              if (error instanceof RateLimited || error instanceof BudgetExhausted) queue.length = 0;
            }
          }
        };
        await Promise.all(Array.from({ length: Math.min(YOUTUBE_CONCURRENCY, queue.length) }, worker));
      }
    }
    // What YouTube said of each video, kept.
    const live = new Map<
      string,
      { videoId: string; state: ReturnType<typeof videoState>; row: (typeof rows)[number] }
    >();
    const endedNow = new Set<string>();
    for (const row of rows) {
      if (!answers.has(row.video_id)) {
        // Not read this poll (another turn): a live one stays what the last read said.
        if (row.status === 'live' && !failed.has(row.channel_id)) failed.add(row.channel_id);
        continue;
      }
      const video = answers.get(row.video_id);
      // A broadcast last seen live that YouTube says ended (or no longer shows): its channel is offline now, unless
      // another of its videos is live.
      if (row.status === 'live' && (!video || videoState(video).status !== 'live')) endedNow.add(row.channel_id);
      if (!video) {
        await db
          .updateTable('youtube_videos')
          .set({ status: 'gone', checked_at: now })
          .where('video_id', '=', row.video_id)
          .execute();
        continue;
      }
      const state = videoState(video);
      const branded = state.branded ?? Number(row.branded) === 1;
      await db
        .updateTable('youtube_videos')
        .set({
          status: state.status,
          title: state.title,
          scheduled_at: state.scheduledAt,
          checked_at: now,
          ...(state.branded !== null
            ? { branded: branded ? 1 : 0, flag_checked_at: now, flag_title: state.title }
            : {}),
        })
        .where('video_id', '=', row.video_id)
        .execute();
      if (state.status === 'live') {
        const seen = live.get(row.channel_id);
        if (!seen || (state.startedAt ?? 0) > (seen.state.startedAt ?? 0))
          live.set(row.channel_id, {
            videoId: row.video_id,
            state: { ...state, branded },
            row: {
              ...row,
              flag_checked_at: state.branded !== null ? now : row.flag_checked_at,
              flag_title: state.branded !== null ? state.title : row.flag_title,
            },
          });
      }
    }
    // The owner's flag, where the title does not disclose by itself.
    if (client.apiKey) problems += await readFlags([...live.values()], byChannel, now);

    // Looks: covered channels and those whose videos were read; the uncovered others by liveBroadcasts.list.
    const entries: { w: Watched; look: Look }[] = [];
    for (const w of youtube) {
      const found = live.get(w.channelId);
      if (found) {
        const { state, videoId } = found;
        entries.push({
          w,
          look: {
            live: true,
            streamId: videoId,
            startedAt: state.startedAt ?? now,
            title: state.title,
            viewers: state.viewers,
            branded: state.branded ?? false,
          },
        });
      } else if ((covered.has(w.channelId) && !failed.has(w.channelId)) || endedNow.has(w.channelId))
        entries.push({ w, look: { live: false } });
    }
    await write(entries);

    const uncovered = youtube.filter(
      (w) =>
        !covered.has(w.channelId) && !live.has(w.channelId) && !failed.has(w.channelId) && !endedNow.has(w.channelId),
    );
    // Feeds just verified are looked up at once (their one catch-up, at most CATCH_UPS_PER_POLL a poll); the other
    // uncovered channels at their paced interval.
    const catchUps = uncovered.filter((w) => verified.has(w.channelId)).slice(0, CATCH_UPS_PER_POLL);
    const queue = [
      ...catchUps,
      ...(await youtubeDue(
        uncovered.filter((w) => !verified.has(w.channelId)),
        now,
      )),
    ];
    const worker = async () => {
      for (let w = queue.shift(); w; w = queue.shift()) {
        if (pausedUntil.youtube > now) return;
        try {
          // A feed just verified: what it announced before (a broadcast scheduled earlier) is looked up once.
          if (verified.has(w.channelId)) await catchUp(w, now);
          const look = await lookYouTube(w, now);
          if (look.live)
            await db
              .insertInto('youtube_videos')
              .values({
                video_id: look.streamId,
                channel_id: w.channelId,
                status: 'live',
                title: look.title,
                checked_at: now,
                flag_checked_at: now,
                flag_title: look.title,
                branded: look.branded ? 1 : 0,
              })
              .onConflict((oc) => oc.column('video_id').doNothing())
              .execute();
          await write([{ w, look }]);
          if (verified.has(w.channelId)) await deps.feeds!.caughtUp(w.channelId, now);
        } catch (error) {
          if (await youtubeFailure(error, w)) problems += 1;
          if (error instanceof BudgetExhausted) queue.length = 0;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(YOUTUBE_CONCURRENCY, queue.length) }, worker));
    return problems;
  }

  /**
   * The channel's upcoming broadcasts (liveBroadcasts.list, broadcastStatus=upcoming, 5 units), once its feed is
   * verified: scheduled before the subscription, the feed never announces them. They are read by the batch from then
   * on, like an announced one.
   */
  async function catchUp(w: Watched, now: number): Promise<void> {
    const upcoming = await ownerApi(w, now)('liveBroadcasts', {
      part: 'id,snippet',
      broadcastStatus: 'upcoming',
      maxResults: '50',
    });
    const found = ((upcoming.items as Record<string, unknown>[] | undefined) ?? []).filter(
      (item) => typeof item.id === 'string',
    );
    if (found.length > 0)
      await db
        .insertInto('youtube_videos')
        .values(
          found.map((item) => ({
            video_id: String(item.id),
            channel_id: w.channelId,
            status: 'new' as const,
            title: String(((item.snippet ?? {}) as Record<string, unknown>).title ?? ''),
            pushed_at: now,
          })),
        )
        .onConflict((oc) => oc.column('video_id').doNothing())
        .execute();
  }

  /** An upcoming video within UPCOMING_NEAR_MS of its scheduled start (or past it), or one without a schedule. */
  function nearStart(row: { status: string; scheduled_at: number | string | null }, now: number): boolean {
    return (
      row.status === 'upcoming' && (row.scheduled_at === null || Number(row.scheduled_at) - UPCOMING_NEAR_MS <= now)
    );
  }

  /**
   * Broadcasts known before the feed named them: a live stream an earlier look found (live_watch), and one the
   * archive is reading the chat of (an open stream session of server/archive/youtube-source.ts), become videos the
   * batch reads.
   */
  async function adoptKnown(youtube: Watched[], now: number): Promise<void> {
    const adopt: { video_id: string; channel_id: string }[] = [];
    for (const batch of chunks(youtube, 500)) {
      const watch = await db
        .selectFrom('live_watch')
        .select(['account_id', 'stream_key'])
        .where(
          'account_id',
          'in',
          batch.map((w) => w.accountId),
        )
        .where('live', '=', 1)
        .execute();
      for (const row of watch) {
        const w = batch.find((x) => x.accountId === row.account_id);
        if (w && row.stream_key?.startsWith('youtube:'))
          adopt.push({ video_id: row.stream_key.slice('youtube:'.length), channel_id: w.channelId });
      }
      const open = await db
        .selectFrom('chat_streams')
        .select(['channel_id', 'stream_id'])
        .where('platform', '=', 'youtube')
        .where('ended_at', 'is', null)
        .where(
          'channel_id',
          'in',
          batch.map((w) => w.channelId),
        )
        .execute();
      adopt.push(...open.map((row) => ({ video_id: row.stream_id, channel_id: row.channel_id })));
    }
    for (const batch of chunks(adopt, 200))
      await db
        .insertInto('youtube_videos')
        .values(batch.map((row) => ({ ...row, status: 'new' as const, pushed_at: now })))
        .onConflict((oc) => oc.column('video_id').doNothing())
        .execute();
  }

  /**
   * The owner's paid-promotion flag for the live broadcasts whose title does not disclose: read when first seen live
   * or retitled, then again at an interval that keeps these reads within YOUTUBE_FLAG_SHARE of the units left.
   */
  async function readFlags(
    live: {
      videoId: string;
      state: ReturnType<typeof videoState>;
      row: { channel_id: string; flag_checked_at: number | string | null; flag_title: string | null };
    }[],
    byChannel: Map<string, Watched>,
    now: number,
  ): Promise<number> {
    let problems = 0;
    const needing = live.filter((entry) => !DISCLOSURE_TAG.test(entry.state.title));
    // Not hurried by the coming reset: a re-read is a second look, not worth the units the archive could use.
    const interval = paced(needing.length, now, YOUTUBE_FLAG_SHARE, 1, false);
    const due = needing.filter(
      (entry) =>
        entry.row.flag_checked_at === null ||
        entry.row.flag_title !== entry.state.title ||
        now - Number(entry.row.flag_checked_at) >= interval,
    );
    for (const entry of due) {
      const w = byChannel.get(entry.row.channel_id)!;
      try {
        const body = await ownerApi(w, now)('videos', { part: 'paidProductPlacementDetails', id: entry.videoId });
        const item = ((body.items as Record<string, unknown>[] | undefined) ?? []).find((v) => v.id === entry.videoId);
        const branded =
          ((item?.paidProductPlacementDetails ?? {}) as Record<string, unknown>).hasPaidProductPlacement === true;
        entry.state.branded = branded;
        await db
          .updateTable('youtube_videos')
          .set({ branded: branded ? 1 : 0, flag_checked_at: now, flag_title: entry.state.title })
          .where('video_id', '=', entry.videoId)
          .execute();
      } catch (error) {
        if (await youtubeFailure(error, w)) problems += 1;
        if (error instanceof RateLimited || error instanceof BudgetExhausted) break;
      }
    }
    return problems;
  }
  /** Says what went wrong with one channel's YouTube call; answers whether it is the channel's problem now. */
  async function youtubeFailure(error: unknown, w: Watched): Promise<boolean> {
    if (error instanceof RateLimited) {
      pausedUntil.youtube = error.retryAt;
      logger.warn('live: YouTube asked to slow down; skipping until its reset', { until: error.retryAt });
    } else if (error instanceof BudgetExhausted) {
      logger.warn('live: the YouTube quota is spent; the other channels wait for the next poll', {
        until: error.retryAt,
      });
    } else if (error instanceof Refused) {
      await setProblem([w], error.message);
      return true;
    } else {
      // Unreachable or unreadable (our own refresh failing too): no look, no change.
      logger.warn('live: YouTube could not be read', { error: (error as Error).message });
    }
    return false;
  }

  /** A channel's active broadcast (liveBroadcasts.list, 5 units), read with its video (1 unit, with the flag). */
  async function lookYouTube(w: Watched, now: number): Promise<Look> {
    const api = ownerApi(w, now);
    const broadcasts = await api('liveBroadcasts', { part: 'id,snippet', broadcastStatus: 'active' });
    const broadcast = ((broadcasts.items as Record<string, unknown>[] | undefined) ?? []).find(
      (item) => typeof item.id === 'string',
    );
    if (!broadcast) return { live: false };
    const id = String(broadcast.id);
    const videos = await api('videos', { part: 'snippet,liveStreamingDetails,paidProductPlacementDetails', id });
    const video = ((videos.items as Record<string, unknown>[] | undefined) ?? []).find((item) => item.id === id);
    const snippet = (broadcast.snippet ?? {}) as Record<string, unknown>;
    const state = video ? videoState(video) : null;
    if (state?.status === 'ended') return { live: false };
    const startedAt = state?.startedAt ?? Date.parse(String(snippet.actualStartTime ?? ''));
    return {
      live: true,
      streamId: id,
      startedAt: Number.isFinite(startedAt) ? startedAt : now,
      title: state?.title || String(snippet.title ?? ''),
      viewers: state?.viewers ?? null,
      branded: state?.branded ?? false,
    };
  }

  /**
   * Which uncovered YouTube channels this poll looks for a broadcast (liveBroadcasts.list, 5 units), at an interval
   * that keeps their looks within YOUTUBE_LOOK_SHARE of the units left (the cluster's figure, the governor's), never
   * faster than the poll. What was last seen is live_watch's (any instance's), so every instance paces alike.
   */
  async function youtubeDue(uncovered: Watched[], now: number): Promise<Watched[]> {
    if (uncovered.length === 0) return [];
    const last = new Map<string, number>();
    for (const batch of chunks(uncovered, 500))
      for (const row of await db
        .selectFrom('live_watch')
        .select(['account_id', 'checked_at'])
        .where(
          'account_id',
          'in',
          batch.map((w) => w.accountId),
        )
        .execute())
        last.set(row.account_id, Number(row.checked_at ?? 0));
    const interval = paced(uncovered.length, now, YOUTUBE_LOOK_SHARE, YOUTUBE_LOOK_UNITS);
    return uncovered.filter((w) => now - (last.get(w.accountId) ?? 0) >= interval);
  }

  /**
   * How often each of `count` calls of `units` may be made now so that they spend at most `share` of the units left
   * over a day (not over the time to the reset: left unspent by the others late in the day, the units would have the
   * calls race to every poll); never faster than the poll, never past the reset (unless `byReset` is false).
   */
  function paced(count: number, now: number, share: number, units: number, byReset = true): number {
    const floor = config.livePollSeconds * 1000;
    if (count === 0) return floor;
    const left = deps.governor.remaining('youtube', 'project', 'verify');
    // The poll's clock and the governor's may differ (tests); a day is the longest a window lasts.
    const untilReset = Math.min(Math.max(0, left.resetAt - now), DAY_MS);
    const ceiling = Math.max(floor, byReset ? untilReset : DAY_MS);
    if (left.units < units) return ceiling;
    const each = (left.units * share) / count;
    return Math.min(ceiling, Math.max(floor, Math.ceil((units * DAY_MS) / each)));
  }

  /** Every how many polls the batch reads the live and starting broadcasts now (youtubeSampleEvery). */
  function sampleEvery(videos: number, now: number): number {
    return youtubeSampleEvery(
      videos,
      deps.governor.remaining('youtube', 'project', 'verify'),
      now,
      config.livePollSeconds * 1000,
      Boolean(config.oauth.youtube?.apiKey),
    );
  }

  /**
   * How often delivery verification reads what it watches now, against its goal, for /admin → Platform budgets: the
   * YouTube broadcasts live or about to start (any instance's reads: youtube_videos), every k-th poll when the
   * quota's sampling share cannot carry each poll.
   */
  async function resolutions(now = clock()): Promise<VerificationResolution[]> {
    if (!config.oauth.youtube) return [];
    const rows = await db
      .selectFrom('youtube_videos as v')
      .innerJoin('connected_accounts as a', (join) =>
        join.onRef('a.platform_user_id', '=', 'v.channel_id').on('a.platform', '=', 'youtube'),
      )
      .innerJoin('live_watch as w', 'w.account_id', 'a.id')
      .select(['v.status', 'v.scheduled_at'])
      .where('v.status', 'in', ['live', 'upcoming'])
      .execute();
    const videos = rows.filter((row) => row.status === 'live' || nearStart(row, now)).length;
    const pollSeconds = config.livePollSeconds;
    return [
      {
        provider: 'youtube',
        credential: 'project',
        purpose: 'delivery verification',
        items: videos,
        everySeconds: sampleEvery(videos, now) * pollSeconds,
        goalSeconds: pollSeconds,
      },
    ];
  }

  // ------------------------------------------------------------------------------------------ writing

  /**
   * Writes answered looks, a few hundred accounts per transaction (a poll of 2,000 channels is a handful of
   * statements, not thousands): each live stream upserted with its sample, the account's watch row, and the streams
   * of those accounts that are gone (offline, or another stream) ended. Answers the streams it ended.
   */
  async function record(
    entries: { w: Watched; look: Look }[],
    now: number,
    options: { sample?: boolean } = {},
  ): Promise<string[]> {
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
                  // A look does not reopen a stream that ended after it (a pushed stream.offline during a poll).
                  ended_at: eb
                    .case()
                    .when('live_streams.ended_at', '>', now)
                    .then(eb.ref('live_streams.ended_at'))
                    .else(null)
                    .end(),
                  title: eb.ref('excluded.title'),
                };
              }),
            )
            .execute();
          if (options.sample !== false)
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
        // Only the channels known live and those the stream events do not cover are looked at (issue 46).
        const due = await twitchDue(twitch, now);
        const looks = await lookTwitch(due.sample, now);
        await write(
          due.sample.flatMap((w) => {
            const look = looks.get(w.accountId);
            // Not listed yet by Get Streams, just gone online as Twitch pushed it: no answer.
            if (!look || (!look.live && due.graced.has(w.accountId))) return [];
            return [{ w, look }];
          }),
        );
        await confirmQuiet(due.quiet, now);
        answered.push(...due.quiet);
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
      await reconcilePush(twitch, now, helixTotal - pointsBefore);
    }

    const youtube = watched.filter((w) => w.platform === 'youtube');
    if (youtube.length > 0 && config.oauth.youtube && pausedUntil.youtube <= now)
      problems += await watchYouTube(youtube, now, write);

    ended.push(...endedUnwatched.splice(0), ...endedPushed.splice(0));
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

  deps.push?.onEvent((event) => void pushed(event));

  return {
    pollOnce,
    sync,
    pushed,
    helixPointsLastMinute,
    /** Helix calls since this watcher was made. */
    helixPoints: () => helixTotal,
    /** How often the last poll read live YouTube broadcasts, against the goal (the poll interval). */
    youtubeResolution: () => ({ ...resolution }),
    resolutions,
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

/** How often verification reads what one budget pays for, against its goal (contract/schemas/budgets.ts). */
export interface VerificationResolution {
  provider: 'twitch' | 'youtube';
  credential: string;
  purpose: string;
  /** What is read: live (or starting) broadcasts. */
  items: number;
  everySeconds: number;
  goalSeconds: number;
}

/**
 * Every how many polls `videos` live or starting YouTube broadcasts can be read: 1 while YOUTUBE_SAMPLE_SHARE of the
 * units left, spread over the polls to the reset, carries a read of all of them each poll (50 ids a unit with the API
 * key, one a unit without); else the least k that does, the same for every broadcast — the resolution lowered
 * evenly, never a channel skipped.
 */
export function youtubeSampleEvery(
  videos: number,
  left: { units: number; resetAt: number },
  now: number,
  pollMs: number,
  batched: boolean,
): number {
  if (videos === 0) return 1;
  const polls = Math.max(1, Math.ceil(Math.min(Math.max(0, left.resetAt - now), DAY_MS) / pollMs));
  const perPoll = (left.units * YOUTUBE_SAMPLE_SHARE) / polls;
  const need = batched ? Math.ceil(videos / YOUTUBE_VIDEOS_BATCH) : videos;
  if (perPoll <= 0) return polls;
  return Math.max(1, Math.min(polls, Math.ceil(need / perPoll)));
}

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
