// The live watcher's Twitch half (live.ts polls and writes; docs/product.md §Verified delivery). One app access token
// (client_credentials), Helix Get Streams and Get Channel Information batched by 100 ids — 2,000 live channels cost
// ~40 Helix points a poll, of the 800 a minute a token has; Get Videos (type=archive) finds a stream's recording once
// it ends, and every 10 minutes while it is live until found (within a budget: live.ts findRecordings).
// Twitch pushes the rest (issue 46; twitch-push.ts says how the subscriptions are made and when a channel counts as
// covered): EventSub stream.online, stream.offline and channel.update arrive on a conduit and are written at once
// (`pushed`, on whichever instance receives them), so a window's start (the event's started_at) and end (the offline's
// time) are known within seconds. The poll then asks Get Streams and Get Channel Information only for the channels
// known live (viewers, the branded flag, which channel.update does not carry) and for those the events do not cover
// — not subscribed yet, refused, or any channel while the push path had a gap — so nothing is skipped silently: a
// start or end the events missed is found by the next poll that looks. A covered channel known offline is not asked:
// its watch row is confirmed at the poll's time (the push path had no gap, so it is still offline).
// A stream.online's first sample needs the title and the branded flag: one Get Channel Information for the channels
// gone online within ONLINE_BATCH_MS (100 ids a call) — ~7 points a minute at 10,000 channels live 4 hours a day — so
// the window is disclosed or not from its first second; unreadable, the stream is written without a sample and the
// next poll samples it. channel.update is a sample of the new title (its disclosure by the `isDisclosed` rule, the
// branded flag as last sampled): Twitch's own notification, the evidence itself.
import { BudgetExhausted } from './governor.ts';
import type { StreamEvent } from './twitch-push.ts';
import {
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

/** Helix takes up to 100 ids per Get Streams / Get Channel Information call. */
export const HELIX_BATCH = 100;
/** Recording look-ups leave the polls of the coming minute (and this margin) room in the app token's budget. */
export const HELIX_MARGIN = 50;
/** The app token is fetched again this long before it expires. */
const APP_TOKEN_MARGIN_MS = 5 * 60_000;
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

/**
 * The Twitch half of the live watcher: its app token, its Helix calls and what they cost, the looks of a poll and the
 * pushed stream events. live.ts calls these from its poll, in its order.
 */
export function createTwitchWatch(ctx: LiveContext) {
  const { db, config, logger, selfFetch, clock, fetcher, twitchFetch, pausedUntil, record } = ctx;
  let appToken: { token: string; expiresAt: number } | null = null;
  /**
   * Helix calls, as the `now` of the poll that made them: what this watcher spent, for the bench (the budget itself is
   * the governor's).
   */
  const helixCalls: number[] = [];
  let helixTotal = 0;
  /** Streams a pushed stream.offline ended, for the next recording look-ups (this instance's). */
  const endedPushed: string[] = [];

  /** Helix points this watcher spent in the minute up to `now` (a figure; the governor keeps the budget). */
  function helixPointsLastMinute(now = clock()): number {
    return helixCalls.filter((at) => at > now - 60_000 && at <= now).length;
  }
  const spend = (now: number) => {
    helixCalls.push(now);
    helixTotal += 1;
    while (helixCalls.length > 0 && helixCalls[0]! <= now - 120_000) helixCalls.shift();
  };

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
    if (!ctx.push) return all;
    const coverage = await ctx.push.coverage(now).catch(() => null);
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
    if (!ctx.push) return;
    const { units } = ctx.governor.remaining('twitch', 'app', 'verify');
    const keep = PUSH_RESERVE + HELIX_MARGIN + pollPoints * Math.ceil(60 / Math.max(1, config.livePollSeconds));
    const fresh = twitch.filter((w) => ctx.justWatched().has(w.accountId)).map((w) => w.channelId);
    const calls = await ctx.push
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

  return {
    helixPointsLastMinute,
    /** Helix calls since this watcher was made. */
    helixPoints: () => helixTotal,
    /** The app token forgotten (Twitch refused it): the next call asks for a new one. */
    forgetAppToken: () => {
      appToken = null;
    },
    /** Streams a pushed stream.offline ended, for the next recording look-ups (the poll takes them). */
    endedPushed,
    lookTwitch,
    twitchRecording,
    twitchDue,
    confirmQuiet,
    reconcilePush,
    pushed,
  };
}
