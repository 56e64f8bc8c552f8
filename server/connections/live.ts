// The live watcher (docs/product.md §Verified delivery): whether the platforms say the channels Castbridge pays for
// are live, with how many viewers and whether the stream is disclosed as sponsored. Watched are the connected
// accounts of creators with an offer in delivery (contract/marketplace.ts DELIVERY_STATUSES) on an active campaign of
// that platform. One poll per LIVE_POLL_SECONDS for the whole cluster: a job of one key (server/jobs/queue.ts), so
// one instance takes each run and a restart resumes it, and a lease (server/cluster/locks.ts) so two polls never
// overlap.
// This file is the shared part: who is watched (`sync`), the writing of looks (`record`), the poll's order (Twitch,
// then YouTube, then the Twitch recordings, then `onChecked`) and the schedule. Each platform's detail is its own:
// - Twitch (live-twitch.ts): the app token, batched Helix looks, the recordings, and the pushed stream events
//   (EventSub, twitch-push.ts) that let the poll ask only for the channels known live or not covered.
// - YouTube (live-youtube.ts): the WebSub feeds (websub.ts), batched videos.list reads of the broadcasts they name,
//   the owners' paid-promotion flags, and liveBroadcasts.list looks for the channels not covered, within the quota.
// Every platform call goes through the governor (server/connections/governor.ts, priority `verify`): the app token's
// budget (`twitch:app`) and the project's YouTube quota (`youtube:project`) are the cluster's, and a call the
// governor cannot serve within the poll (BudgetExhausted) waits for the next poll.
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
import type { SelfFetch } from '../http/self-fetch.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../log.ts';
import type { Connections } from './store.ts';
import type { YouTubeFeeds } from './websub.ts';
import type { TwitchPush } from './twitch-push.ts';
import {
  DISCLOSURE_TAG,
  PlatformDown,
  RateLimited,
  Refused,
  chunks,
  type LiveContext,
  type Look,
  type Platform,
  type Watched,
} from './live-shared.ts';
import { HELIX_MARGIN, createTwitchWatch } from './live-twitch.ts';
import { createYouTubeWatch } from './live-youtube.ts';

// What the watcher's importers have always taken from here.
export type { Watched } from './live-shared.ts';
export { HELIX_BATCH, ONLINE_BATCH_MS, ONLINE_GRACE_MS, PUSH_RESERVE } from './live-twitch.ts';
export {
  UPCOMING_NEAR_MS,
  UPCOMING_RECHECK_MS,
  YOUTUBE_FLAG_SHARE,
  YOUTUBE_LOOK_SHARE,
  YOUTUBE_SAMPLE_SHARE,
  YOUTUBE_VIDEOS_BATCH,
  youtubeSampleEvery,
  type VerificationResolution,
} from './live-youtube.ts';

export const LIVE_JOB = 'live-poll';
const LIVE_KEY = 'live:poll';
const LEASE = 'live-poll';
/** A live stream's recording is looked for at most this often until found. */
export const RECORDING_RETRY_MS = 10 * 60_000;
/** An ended stream's recording is looked for (every 10 minutes) for this long after its end. */
const RECORDING_AFTER_END_MS = 60 * 60_000;
/** Accounts written per transaction. */
const RECORD_BATCH = 250;

export interface PollResult {
  /** Another instance (or call) was polling: nothing was asked. */
  skipped: boolean;
  /** Accounts the platforms answered about. */
  answered: number;
  /** Accounts with a problem recorded. */
  problems: number;
}

/**
 * Disclosed as sponsored: the platform's own flag (Twitch's is_branded_content, YouTube's
 * paidProductPlacementDetails.hasPaidProductPlacement), or a disclosure hashtag in the title (the same on both).
 */
export function isDisclosed(_platform: Platform, title: string, branded: boolean): boolean {
  return branded || DISCLOSURE_TAG.test(title);
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
  /** What dates the scheduled polls and pushed events: the app's clock (tests call pollOnce with their own `now`). */
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
    purpose: 'delivery_verification',
    maxWaitMs: Math.min(60_000, (config.livePollSeconds * 1000) / 2),
  });
  const twitchFetch = deps.governor.fetch(spec('twitch'), fetcher);
  const youtubeFetch = deps.governor.fetch(spec('youtube'), fetcher);
  let polling = false;
  let started = false;
  /** Twitch's and YouTube's "not before" after a 429 (epoch ms). */
  const pausedUntil: Record<Platform, number> = { twitch: 0, youtube: 0 };
  /** Streams that sync() ended (their channel no longer watched), for the next recording look-ups. */
  const endedUnwatched: string[] = [];
  /** The accounts the last sync() started watching. */
  let justWatched = new Set<string>();
  /** When each live stream's recording was last looked for (this instance). */
  const recordingLookedAt = new Map<string, number>();

  // Each platform's half (live-twitch.ts, live-youtube.ts), with what they share: they write through `record` and
  // `setProblem` below, and pause their platform after a 429 in `pausedUntil`.
  const ctx: LiveContext = {
    db,
    config,
    connections,
    logger,
    selfFetch,
    clock,
    governor: deps.governor,
    feeds: deps.feeds,
    push: deps.push,
    fetcher,
    twitchFetch,
    youtubeFetch,
    pausedUntil,
    justWatched: () => justWatched,
    record,
    setProblem,
  };
  const {
    helixPointsLastMinute,
    helixPoints,
    forgetAppToken,
    endedPushed,
    lookTwitch,
    twitchRecording,
    twitchDue,
    confirmQuiet,
    reconcilePush,
    pushed,
  } = createTwitchWatch(ctx);
  const { youtubeWatchUrl, watchYouTube, youtubeResolution, resolutions } = createYouTubeWatch(ctx);

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
    const pointsBefore = helixPoints();
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
          forgetAppToken();
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
      await reconcilePush(twitch, now, helixPoints() - pointsBefore);
    }

    const youtube = watched.filter((w) => w.platform === 'youtube');
    if (youtube.length > 0 && config.oauth.youtube && pausedUntil.youtube <= now)
      problems += await watchYouTube(youtube, now, write);

    ended.push(...endedUnwatched.splice(0), ...endedPushed.splice(0));
    await findRecordings(byAccount, ended, now, helixPoints() - pointsBefore).catch((error: unknown) =>
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
    helixPoints,
    /** How often the last poll read live YouTube broadcasts, against the goal (the poll interval). */
    youtubeResolution,
    resolutions,
    register() {
      jobs.register(LIVE_JOB, async () => {
        // Stopping (or never started here): the run is handed back for another instance, so the schedule lives on.
        // The queue runs on the real clock; the poll dates what it sees by the watch's (the app's: a test's or the
        // verification bench's simulated one).
        if (!started) return jobs.schedule(LIVE_JOB, LIVE_KEY, {}, Date.now() + 5_000);
        // The next run first: a poll that fails does not end the schedule.
        await jobs.schedule(LIVE_JOB, LIVE_KEY, {}, Date.now() + config.livePollSeconds * 1000);
        await pollOnce(clock()).catch((error: unknown) =>
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
