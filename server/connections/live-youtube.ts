// The live watcher's YouTube half (live.ts polls and writes; docs/product.md §Verified delivery; issue 46). Each
// channel's feed is subscribed on the WebSub hub (websub.ts), which announces new videos and retitles at no quota
// cost; videos.list with the project's API key reads 50 of them a unit, so every live and starting broadcast is
// confirmed and sampled each poll. The paid-promotion flag, which YouTube gives a video's owner only, is read with the
// channel's token when a broadcast is first seen live or retitled (and re-read within a small share). A channel whose
// feed is not verified is looked for with liveBroadcasts.list (5 units), paced within YOUTUBE_LOOK_SHARE of the
// quota; so is a covered channel whose creator's overlay claims minutes while none of its broadcasts is known (the
// hub may have failed to announce it: `darkClaims`) — the claim only asks for a look, the platform's answer decides.
// When the sampling share cannot carry every live broadcast each poll, every broadcast is read every k-th poll alike
// (`youtubeResolution`, shown in /admin → Platform budgets).
import type { Updateable } from 'kysely';
import type { YouTubeVideosTable } from '../db/types.ts';
import type { BudgetPurpose } from '../../contract/budgets.ts';
import { BudgetExhausted } from './governor.ts';
import { HttpError } from '../http/errors.ts';
import type { AccountRow } from './store.ts';
import {
  DISCLOSURE_TAG,
  PlatformDown,
  RateLimited,
  Refused,
  Unauthorized,
  chunks,
  count,
  getJson,
  type LiveContext,
  type Look,
  type Watched,
} from './live-shared.ts';

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
const MINUTE_MS = 60_000;
/**
 * A covered channel whose creator's overlay has claimed minutes this long with no broadcast of it known is looked for
 * (liveBroadcasts.list): the hub may have failed to announce it. Before that the feed may still announce it, so its
 * claimed minutes wait (no "offline" from the feed) rather than settle against the creator.
 */
export const CLAIM_GRACE_MS = 5 * 60_000;
/** Claims (pending overlay minutes) this recent count; older ones have settled or are given up on. */
const CLAIM_RECENT_MS = 30 * 60_000;

const youtubeReason = (body: Record<string, unknown>): string | undefined =>
  (body.error as { errors?: { reason?: string }[] } | undefined)?.errors?.[0]?.reason;

/**
 * The YouTube half of the live watcher: the poll's YouTube side (`watchYouTube`), its pace within the project's
 * quota, and the figures of how often it reads. live.ts calls it from its poll, after Twitch's.
 */
export function createYouTubeWatch(ctx: LiveContext) {
  const { db, config, connections, logger, selfFetch, clock, youtubeFetch, pausedUntil, setProblem } = ctx;
  /** How often the batch read the live YouTube videos at the last poll, against the goal (the poll). */
  let resolution = { everySeconds: config.livePollSeconds, goalSeconds: config.livePollSeconds, videos: 0 };

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
    if (ctx.feeds && client.websubHub)
      try {
        await ctx.feeds.reconcile(channelIds, now);
        ({ covered, verified } = await ctx.feeds.coverage(channelIds, now));
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
    // What each read says, written in one transaction after the loop: one commit a poll, not one per video (on
    // SQLite with synchronous = FULL each commit is an fsync, and a thousand of them made the poll disk-bound).
    const reads: { videoId: string; set: Updateable<YouTubeVideosTable> }[] = [];
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
        reads.push({ videoId: row.video_id, set: { status: 'gone', checked_at: now } });
        continue;
      }
      const state = videoState(video);
      const branded = state.branded ?? Number(row.branded) === 1;
      reads.push({
        videoId: row.video_id,
        set: {
          status: state.status,
          title: state.title,
          scheduled_at: state.scheduledAt,
          checked_at: now,
          ...(state.branded !== null
            ? { branded: branded ? 1 : 0, flag_checked_at: now, flag_title: state.title }
            : {}),
        },
      });
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
    if (reads.length > 0)
      await db.transaction().execute(async (trx) => {
        for (const read of reads)
          await trx.updateTable('youtube_videos').set(read.set).where('video_id', '=', read.videoId).execute();
      });
    // The owner's flag, where the title does not disclose by itself.
    if (client.apiKey) problems += await readFlags([...live.values()], byChannel, now);

    // Covered channels with no broadcast known whose creator's overlay claims minutes: looked for past the grace,
    // waiting before it (not "offline" from the feed).
    const unknown = youtube.filter(
      (w) => !live.has(w.channelId) && !failed.has(w.channelId) && !endedNow.has(w.channelId),
    );
    const dark = await darkClaims(
      unknown.filter((w) => covered.has(w.channelId)),
      now,
      unknown.length,
    );

    // Looks: covered channels and those whose videos were read; the uncovered others by liveBroadcasts.list.
    const entries: { w: Watched; look: Look }[] = [];
    for (const w of youtube) {
      if (dark.has(w.accountId)) continue;
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

    const uncovered = unknown.filter((w) => !covered.has(w.channelId));
    // Feeds just verified are looked up at once (their one catch-up, at most CATCH_UPS_PER_POLL a poll); the other
    // uncovered channels at their paced interval.
    const catchUps = uncovered.filter((w) => verified.has(w.channelId)).slice(0, CATCH_UPS_PER_POLL);
    // The claimed-dark channels share the uncovered ones' pace (one share of the quota for every look).
    const darkDue = [...dark.values()].filter((d) => d.due).map((d) => d.w);
    const queue = [
      ...catchUps,
      ...darkDue,
      ...(await youtubeDue(
        uncovered.filter((w) => !verified.has(w.channelId)),
        now,
        dark.size,
      )),
    ];
    const lookedDark = new Set(darkDue.map((w) => w.accountId));
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
          if (verified.has(w.channelId)) await ctx.feeds!.caughtUp(w.channelId, now);
          if (lookedDark.has(w.accountId)) {
            await db
              .updateTable('youtube_feeds')
              .set({ claim_looked_at: now })
              .where('channel_id', '=', w.channelId)
              .execute();
            if (look.live)
              logger.warn('live: a YouTube broadcast the feed did not announce was found by a look', {
                channel: w.channelId,
                video: look.streamId,
              });
          }
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
  async function youtubeDue(uncovered: Watched[], now: number, sharedWith = 0): Promise<Watched[]> {
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
    const interval = paced(uncovered.length + sharedWith, now, YOUTUBE_LOOK_SHARE, YOUTUBE_LOOK_UNITS);
    return uncovered.filter((w) => now - (last.get(w.accountId) ?? 0) >= interval);
  }

  /**
   * Of these covered channels with no broadcast known, those whose creator's overlay claims minutes (pending
   * overlay_minutes of the last CLAIM_RECENT_MS) while no other channel of theirs is live (a Twitch stream already
   * speaks for the minutes): the hub may have failed to announce a broadcast. Each is `due` for a look
   * (liveBroadcasts.list) once its oldest such claim is CLAIM_GRACE_MS old and its last such look (youtube_feeds,
   * the cluster's) is older than the pace the uncovered channels' looks keep; before the grace it waits (no look, no
   * "offline"); looked at within the pace, it is left out (the feed's "offline" stands). A claim is the creator's
   * word only: it asks YouTube, never counts as live.
   */
  async function darkClaims(
    candidates: Watched[],
    now: number,
    /** The channels whose looks share the pace: these and the uncovered ones. */
    looking: number,
  ): Promise<Map<string, { w: Watched; due: boolean }>> {
    const dark = new Map<string, { w: Watched; due: boolean }>();
    if (candidates.length === 0) return dark;
    const oldestClaim = new Map<string, number>();
    const otherLive = new Set<string>();
    const creators = [...new Set(candidates.map((w) => w.creatorId))];
    for (const batch of chunks(creators, 500)) {
      for (const row of await db
        .selectFrom('overlay_minutes as m')
        .innerJoin('offers as o', 'o.id', 'm.offer_id')
        .select(['o.creator_id', (eb) => eb.fn.min('m.minute').as('oldest')])
        .where('m.status', '=', 'pending')
        .where('m.minute', '>=', Math.floor((now - CLAIM_RECENT_MS) / MINUTE_MS))
        .where('m.minute', '<=', Math.floor(now / MINUTE_MS))
        .where('o.creator_id', 'in', batch)
        .groupBy('o.creator_id')
        .execute())
        oldestClaim.set(row.creator_id, Number(row.oldest) * MINUTE_MS);
      for (const row of await db
        .selectFrom('live_streams')
        .select('creator_id')
        .where('creator_id', 'in', batch)
        .where('platform', '!=', 'youtube')
        .where('ended_at', 'is', null)
        .execute())
        otherLive.add(row.creator_id);
    }
    const claiming = candidates.filter((w) => oldestClaim.has(w.creatorId) && !otherLive.has(w.creatorId));
    if (claiming.length === 0) return dark;
    const lookedAt = new Map<string, number>();
    for (const batch of chunks(claiming, 500))
      for (const row of await db
        .selectFrom('youtube_feeds')
        .select(['channel_id', 'claim_looked_at'])
        .where(
          'channel_id',
          'in',
          batch.map((w) => w.channelId),
        )
        .execute())
        if (row.claim_looked_at !== null) lookedAt.set(row.channel_id, Number(row.claim_looked_at));
    const interval = paced(looking - candidates.length + claiming.length, now, YOUTUBE_LOOK_SHARE, YOUTUBE_LOOK_UNITS);
    for (const w of claiming) {
      const last = lookedAt.get(w.channelId);
      if (last !== undefined && now - last < interval) continue;
      dark.set(w.accountId, { w, due: now - oldestClaim.get(w.creatorId)! >= CLAIM_GRACE_MS });
    }
    return dark;
  }

  /**
   * How often each of `count` calls of `units` may be made now so that they spend at most `share` of the units left
   * over a day (not over the time to the reset: left unspent by the others late in the day, the units would have the
   * calls race to every poll); never faster than the poll, never past the reset (unless `byReset` is false).
   */
  function paced(count: number, now: number, share: number, units: number, byReset = true): number {
    const floor = config.livePollSeconds * 1000;
    if (count === 0) return floor;
    const left = ctx.governor.remaining('youtube', 'project', 'verify');
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
      ctx.governor.remaining('youtube', 'project', 'verify'),
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
        purpose: 'delivery_verification',
        items: videos,
        everySeconds: sampleEvery(videos, now) * pollSeconds,
        goalSeconds: pollSeconds,
      },
    ];
  }

  return {
    youtubeWatchUrl,
    watchYouTube,
    /** How often the last poll read live YouTube broadcasts, against the goal (the poll interval). */
    youtubeResolution: () => ({ ...resolution }),
    resolutions,
  };
}

/** How often verification reads what one budget pays for, against its goal (contract/schemas/budgets.ts). */
export interface VerificationResolution {
  provider: 'twitch' | 'youtube';
  credential: string;
  purpose: BudgetPurpose;
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
