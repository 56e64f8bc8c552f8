// Twitch's side of delivery verification with pushes (issue 46; server/connections/twitch-push.ts and live.ts), for
// bench/verification.ts and `npm run bench -- verification`: a simulated day of 10,000 Twitch channels in delivery,
// each live 4 hours of it, run on the stand-ins — an in-process app (createApp, SQLite) against the Twitch OAuth/Helix
// stand-in (standins/oauth.ts: a point a call, 800 a minute per token) and the EventSub stand-in
// (standins/eventsub.ts: conduits, shards, subscriptions and their costs, notifications over WebSocket). The clock is
// injected — the app's (its governor), the stand-ins' (the Helix bucket's minute; EventSub's message times, started_at
// and created_at) and each poll's — and moved, never waited for.
// - The world: 10,000 creators, each with a Twitch account connected (the stand-in's channel of its login, its owner
//   having authorized Castbridge's client, so its subscriptions cost 0) and an accepted offer on one active Twitch
//   campaign. In delivery since yesterday: before the day the app is polled once a simulated minute until it has made
//   every channel's three subscriptions (stream.online, stream.offline, channel.update) on its conduit within the
//   budget and its shards are served (`subscribeMinutes`, `subscribePoints`), then once more so that every channel is
//   covered. Each channel goes live once, for 4 hours, at a seeded-random second of the day's first 20 hours (so that
//   it ends within the day): 3 in 5 disclose with #ad in the title, the others with the branded-content flag alone;
//   1 in 10 retitles mid-stream (channel.update).
// - Each simulated minute: the platform's changes of that minute in time order (the clock set to each change's time,
//   the change made on the stand-in, which sends its EventSub notification; the next change waits until the app has
//   received it), then until the app has handled every notification sent (each push's promise), then one poll of the
//   live watch at the minute's end.
// - Measured, from the stand-in's own counts: the Helix points of the app's tokens in each simulated minute (busiest,
//   mean; by call over the day and in the busiest minute; 429s), beside the live watch's own helixPointsLastMinute.
//   From the database: for each broadcast, when its start (a live_streams row) and its end (its ended_at) were
//   recorded after Twitch's event, in simulated seconds — by the push, the push's handling time (real milliseconds:
//   what it would take on the platform's clock too); missed by it, the poll that found it — and the broadcasts never
//   recorded; the samples (live_samples) each broadcast got per live minute, and the longest time without one.
// - Latency in real time: measurePushLatency, one channel on the stand-ins, from the stand-in sending stream.online /
//   stream.offline to the start / end being in the database.
// The live watch and its push are the app's (services.live, services.twitchPush), on the app's clock (createApp's
// `now`): a pushed event is dated by Twitch's message time on the simulated clock.
// Runs alone: `npx tsx bench/verification-twitch.ts [--channels N] [--hours H]` (BENCH_LOG=1 prints the app's
// warnings).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from '../server/app.ts';
import { callbackPath } from '../server/connections/store.ts';
import { loadConfig } from '../server/config.ts';
import { nextPacificMidnight } from '../server/connections/governor.ts';
import { STREAM_PUSH_TYPES } from '../server/connections/twitch-push.ts';
import { silentLogger, type Logger } from '../server/log.ts';
import { createLinks } from '../server/mail/links.ts';
import { createSealer, loadPayoutKey } from '../server/money/sealing.ts';
import { STANDIN_BOT, startEventSubStandIn, type EventSubStandIn } from '../standins/eventsub.ts';
import { createOAuthStandIn, demoRefreshToken, standInChannelId, type OAuthStandIn } from '../standins/oauth.ts';
import { campaignRow, insertUsers, percentile, SECRET } from './marketplace.ts';

export interface TwitchVerification {
  channels: number;
  /** The share of the day's channel-minutes that were live. */
  liveShare: number;
  /** The most channels live at one poll. */
  peakLive: number;
  /** Helix points of the app's tokens in the busiest minute of the day (the stand-in's count). */
  pointsPerMinute: number;
  /** What that minute leaves of Twitch's 800 points (https://dev.twitch.tv/docs/api/guide/#twitch-rate-limits). */
  budgetLeftShare: number;
  /** Stream.online sent → the stream's start written (stand-in, real time, one channel: measurePushLatency, p95). */
  startP95Ms: number;
  /** Stream.offline sent → the stream's end written (as startP95Ms). */
  endP95Ms: number;
  /** The day's mean, beside the busiest minute (the stand-in's count). */
  meanPointsPerMinute: number;
  /** The same busiest minute as the live watch counts it (helixPointsLastMinute after each poll). */
  appPointsPerMinute: number;
  /** Helix calls of the day by call (the stand-in's count). */
  byCall: Record<string, number>;
  /** Helix calls of the busiest minute by call (its minute of the day, from 1). */
  busiestMinute: { minute: number; byCall: Record<string, number> };
  /** The busiest minute without a listing of the subscriptions (RELIST_MS): what the polls and pushes alone take. */
  busiestOrdinaryMinute: number;
  /** Helix calls the stand-in answered 429 (its bucket empty) over the day. */
  refused: number;
  /** Broadcasts whose start or end was never recorded. */
  missed: number;
  /** Twitch's event → recorded, p95 and worst, in simulated seconds (see the head comment). */
  startP95SimSeconds: number;
  endP95SimSeconds: number;
  startMaxSimSeconds: number;
  endMaxSimSeconds: number;
  /** Starts and ends recorded by the push (the others by a poll). */
  pushedShare: number;
  /**
   * Broadcasts whose end was written more than 10 s from Twitch's offline time (an event dated by its arrival on a
   * clock other than the platform's).
   */
  endsMisdated: number;
  /** The least samples a broadcast got per live minute (the goal: 1, a sample a minute). */
  minSamplesPerLiveMinute: number;
  /** The longest a live broadcast went without a sample (from its start to its end), in simulated seconds. */
  maxSampleGapSeconds: number;
  /** Simulated minutes of polls before the day until every subscription was made and the shards served. */
  subscribeMinutes: number;
  /** Helix points those minutes spent (the stand-in's count). */
  subscribePoints: number;
  wallSeconds: number;
}

export interface TwitchVerificationOptions {
  channels?: number;
  liveHoursPerDay?: number;
  /** Conduit shards (TWITCH_CONDUIT_SHARDS). */
  shards?: number;
  /** Stream starts and ends measured in real time on the stand-ins (measurePushLatency). */
  latencySamples?: number;
  seed?: number;
  /**
   * Simulated hours of the day (default 24): fewer, for a look at where the time goes, count the starts and ends of
   * those hours only (the busiest minute then misses the day's later hours).
   */
  hours?: number;
  log?: (line: string) => void;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const HELIX_POINTS = 800;
/** Polls before the day, at most (the subscriptions of 10,000 channels take 72 simulated minutes). */
const BEFORE_DAY = 4 * HOUR;

/** A small seeded PRNG (mulberry32): the same day every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Waits (real time, a turn of the event loop at a time) until `done` holds; throws after `ms`. */
async function until(done: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const logger: Logger = process.env.BENCH_LOG ? { info() {}, warn: console.warn, error: console.error } : silentLogger;

// ------------------------------------------------------------------------------------------ the simulated day

interface Broadcast {
  login: string;
  channelId: string;
  accountId: string;
  startAt: number;
  endAt: number;
  title: string;
  branded: boolean;
  retitleAt: number | null;
  /** Simulated ms from Twitch's event to the record; null until recorded. */
  startSeen: number | null;
  endSeen: number | null;
  startPushed: boolean;
  endPushed: boolean;
}

type Change = { at: number; kind: 'online' | 'offline' | 'update'; b: Broadcast };

/** A Helix call as the stand-in counts it (helixApp's key: the path, or "METHOD path"). */
const callName = (key: string) => (/^[A-Z]+ /.test(key) ? key.replace(' ', ' /helix/') : `GET /helix/${key}`);

/** The stand-in's count of the app's Helix calls, by call. */
const appCalls = (standIn: OAuthStandIn) => ({ ...standIn.calls.helixApp });
const sum = (calls: Record<string, number>) => Object.values(calls).reduce((total, n) => total + n, 0);
const minus = (after: Record<string, number>, before: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(after)
      .map(([key, n]): [string, number] => [callName(key), n - (before[key] ?? 0)])
      .filter(([, n]) => n > 0),
  );

/** The day on the stand-ins (see the head comment); `startP95Ms` and `endP95Ms` are measurePushLatency's. */
export async function twitchVerificationDay(
  options: TwitchVerificationOptions = {},
): Promise<Omit<TwitchVerification, 'startP95Ms' | 'endP95Ms'>> {
  const channels = options.channels ?? 10_000;
  const liveMs = (options.liveHoursPerDay ?? 4) * HOUR;
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const wallStart = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-twitch-'));
  // A day ahead of the real clock: what the app dates by Date.now (see the head comment) stays before it.
  const dayStart = nextPacificMidnight(Date.now() + DAY);
  let clock = dayStart - BEFORE_DAY;
  const now = () => clock;
  let eventSub: EventSubStandIn | null = null;
  let standIn: OAuthStandIn | null = null;
  let server: ServerType | null = null;
  let app: Awaited<ReturnType<typeof createApp>> | null = null;
  try {
    eventSub = await startEventSubStandIn({ now });
    standIn = createOAuthStandIn({
      clientId: 'bench-client',
      clientSecret: 'bench-secret',
      redirectUris: (platform) => [createLinks(null).url(callbackPath(platform))],
      eventSub,
      now,
      // Every creator connected through Castbridge's client: the stand-in honours their grants (demo refresh tokens)
      // and their stream subscriptions cost 0.
      demoScopes: { twitch: ['user:read:email'], youtube: [] },
    });
    const s = standIn;
    const port = await new Promise<number>((resolve) => {
      server = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port));
    });
    const base = `http://127.0.0.1:${port}`;
    app = await createApp(
      loadConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: SECRET,
        SEED_DEMO: '0',
        STATIC_DIR: path.join(dataDir, 'none'),
        TWITCH_CLIENT_ID: 'bench-client',
        TWITCH_CLIENT_SECRET: 'bench-secret',
        TWITCH_AUTH_BASE: `${base}/twitch`,
        TWITCH_API_BASE: `${base}/twitch`,
        TWITCH_CHAT_URL: 'ws://127.0.0.1:9',
        TWITCH_EVENTSUB_URL: eventSub.url,
        TWITCH_BOT_REFRESH_TOKEN: STANDIN_BOT.refreshToken,
        TWITCH_CONDUIT_SHARDS: String(options.shards ?? 4),
        LIVE_POLL_SECONDS: '60',
      }),
      { logger, now },
    );
    const { db, services, config } = app;
    // Nothing else spends the app token's budget: no archive, no analytics, no scheduled polls (the bench polls).
    await services.jobs.stop();
    const watch = services.live;
    const push = services.twitchPush;
    if (!push) throw new Error('the app has no Twitch push (EventSub) configured');

    // ---- the world
    const rand = random(options.seed ?? 46);
    const sealer = createSealer(loadPayoutKey(config.payoutKey, dataDir));
    const [advertiserId] = await insertUsers(db, 1, 'advertiser', () => ({}));
    const creatorIds = await insertUsers(db, channels, 'creator', (i) => ({
      notify_email: 0,
      first_name: `Creator${i}`,
      language: 'English',
      country: 'Iceland',
    }));
    const campaign = {
      ...campaignRow(advertiserId!, 1, channels),
      platforms: JSON.stringify(['Twitch']),
      deliverable_minutes: 100_000,
      accepted_count: channels,
    };
    await db.insertInto('campaigns').values(campaign).execute();
    const stamp = new Date().toISOString();
    const lastStart = DAY - liveMs - MINUTE;
    const broadcasts: Broadcast[] = creatorIds.map((_, i) => {
      const login = `bench_tw_${i}`;
      const startAt = dayStart + Math.floor(rand() * (lastStart / 1000)) * 1000;
      const byTitle = i % 5 < 3;
      return {
        login,
        channelId: standInChannelId('twitch', login),
        accountId: crypto.randomUUID(),
        startAt,
        endAt: startAt + liveMs,
        title: byTitle ? `Stream ${i} #ad` : `Stream ${i}`,
        branded: !byTitle,
        retitleAt: i % 10 === 9 ? startAt + Math.floor(rand() * (liveMs / 1000 - 120) + 60) * 1000 : null,
        startSeen: null,
        endSeen: null,
        startPushed: false,
        endPushed: false,
      };
    });
    for (let start = 0; start < channels; start += 250) {
      const chunk = broadcasts.slice(start, start + 250);
      await db
        .insertInto('connected_accounts')
        .values(
          chunk.map((b, k) => ({
            id: b.accountId,
            user_id: creatorIds[start + k]!,
            platform: 'twitch' as const,
            platform_user_id: b.channelId,
            login: b.login,
            display_name: b.login,
            scopes: 'user:read:email',
            tokens_sealed: sealer.seal({ accessToken: 'expired', refreshToken: demoRefreshToken('twitch', b.login) }),
            expires_at: 0,
            status: 'connected' as const,
            stand_in: 1,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
      await db
        .insertInto('offers')
        .values(
          chunk.map((_, k) => ({
            id: crypto.randomUUID(),
            campaign_id: campaign.id,
            creator_id: creatorIds[start + k]!,
            status: 'accepted' as const,
            reasons: '[]',
            score: 1,
            decline_reason: null,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
    }
    // Each channel's title and flag as its owner set them before going live (the stand-in knows the channel from now).
    for (const b of broadcasts) standIn.setChannel('twitch', b.login, { title: b.title, branded: b.branded });
    log(`  ${channels} Twitch channels in delivery (${Math.round((Date.now() - wallStart) / 1000)} s to build)`);

    // ---- every push followed: received (the next change waits for it), then handled (the poll waits for those)
    const pending = new Set<Promise<void>>();
    const handledAt = new Map<string, number>();
    push.onEvent((event) => {
      const done = watch.pushed(event).then(() => {
        handledAt.set(`${event.type} ${event.broadcasterId}`, performance.now());
      });
      pending.add(done);
      void done.finally(() => pending.delete(done));
    });
    const sent = () => eventSub!.stats.sent.notification ?? 0;
    const settled = async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    };

    // ---- yesterday: the subscriptions made, the shards served
    const shardsServed = () =>
      eventSub!.conduits().length > 0 &&
      eventSub!.conduits().every((c) => c.shards.length > 0 && c.shards.every((shard) => shard.status === 'enabled'));
    const subscribed = () =>
      push.stats().subscribed === channels &&
      eventSub!
        .subscriptions()
        .filter((sub) => sub.status === 'enabled' && (STREAM_PUSH_TYPES as string[]).includes(sub.type)).length ===
        channels * STREAM_PUSH_TYPES.length;
    const beforeDay = appCalls(standIn);
    const subscribeFrom = clock;
    let subscribeMinutes = 0;
    for (;;) {
      await watch.pollOnce(clock);
      // The conduit's shards: WebSockets connected and assigned in real time after the first poll made the conduit.
      if (eventSub.conduits().length > 0) await until(shardsServed, 'the conduit’s shards were not served');
      clock += MINUTE;
      if (subscribed()) break;
      if (((clock - subscribeFrom) / MINUTE) % 10 === 0)
        log(
          `  ${(clock - subscribeFrom) / MINUTE} minutes before the day: ${push.stats().subscribed} channels subscribed — ${Math.round((Date.now() - wallStart) / 1000)} s`,
        );
      if (clock >= dayStart) throw new Error(`the subscriptions were not made within ${BEFORE_DAY / HOUR} hours`);
    }
    subscribeMinutes = Math.round((clock - subscribeFrom) / MINUTE);
    const subscribePoints = sum(appCalls(standIn)) - sum(beforeDay);
    // Once more: every channel sampled since its subscriptions were enabled, so covered (Get Streams then asks none).
    await watch.pollOnce(clock);
    const streamsBefore = standIn.calls.helixApp.streams ?? 0;
    clock += MINUTE;
    await watch.pollOnce(clock);
    const uncovered = (standIn.calls.helixApp.streams ?? 0) - streamsBefore;
    log(
      `  subscriptions made in ${subscribeMinutes} simulated minutes (${subscribePoints} points; ${push.stats().created} created; a poll then asked Get Streams ${uncovered} times) — ${Math.round((Date.now() - wallStart) / 1000)} s`,
    );

    // ---- the day
    const changes: Change[] = broadcasts.flatMap((b): Change[] => [
      { at: b.startAt, kind: 'online', b },
      { at: b.endAt, kind: 'offline', b },
      ...(b.retitleAt !== null ? [{ at: b.retitleAt, kind: 'update' as const, b }] : []),
    ]);
    changes.sort((x, y) => x.at - y.at);
    const byAccount = new Map(broadcasts.map((b) => [b.accountId, b]));
    /** Starts and ends not recorded yet, by account (checked after the pushes, then after each poll). */
    const waiting = new Set<Broadcast>();
    const look = async (list: Broadcast[], found: (b: Broadcast, ended: boolean) => void) => {
      for (let i = 0; i < list.length; i += 500)
        for (const row of await db
          .selectFrom('live_streams')
          .select(['account_id', 'ended_at'])
          .where(
            'account_id',
            'in',
            list.slice(i, i + 500).map((b) => b.accountId),
          )
          .execute())
          found(byAccount.get(row.account_id)!, row.ended_at !== null);
    };
    const perMinute: number[] = [];
    const appPerMinute: number[] = [];
    let busiest = { minute: 0, byCall: {} as Record<string, number> };
    let busiestOrdinary = 0;
    let peakLive = 0;
    const dayBefore = appCalls(standIn);
    const refusedBefore = standIn.calls.helix429;
    clock = dayStart;
    let next = 0;
    const dayEnd = dayStart + (options.hours ?? 24) * HOUR;
    for (let minute = 1; minute <= (dayEnd - dayStart) / MINUTE; minute += 1) {
      const pollAt = dayStart + minute * MINUTE;
      const minuteBefore = appCalls(standIn);
      const applied: { change: Change; real: number }[] = [];
      for (; next < changes.length && changes[next]!.at <= pollAt; next += 1) {
        const change = changes[next]!;
        clock = change.at;
        const target = sent() + 1;
        const real = performance.now();
        if (change.kind === 'online') standIn.setChannel('twitch', change.b.login, { live: true });
        else if (change.kind === 'offline') standIn.setChannel('twitch', change.b.login, { live: false });
        else standIn.setChannel('twitch', change.b.login, { title: `${change.b.title} (part 2)` });
        applied.push({ change, real });
        // Received before the clock moves on (the app dates a push by its arrival when it is far from Twitch's time).
        if (sent() >= target) await until(() => push.stats().events >= target, 'a notification was not received');
      }
      await settled();
      // What the pushes recorded: their handling time is their delay.
      const moved = applied.filter((a) => a.change.kind !== 'update');
      const rows = new Map<string, boolean>();
      await look(
        moved.map((a) => a.change.b),
        (b, ended) => rows.set(b.accountId, ended),
      );
      for (const { change, real } of moved) {
        const b = change.b;
        const type = change.kind === 'online' ? 'stream.online' : 'stream.offline';
        const took = Math.max(0, (handledAt.get(`${type} ${b.channelId}`) ?? real) - real);
        if (change.kind === 'online' && rows.has(b.accountId)) {
          b.startSeen = took;
          b.startPushed = true;
        } else if (change.kind === 'offline' && rows.get(b.accountId) === true) {
          b.endSeen = took;
          b.endPushed = true;
        } else waiting.add(b);
      }
      clock = pollAt;
      peakLive = Math.max(peakLive, broadcasts.filter((b) => b.startAt <= pollAt && b.endAt > pollAt).length);
      await watch.pollOnce(pollAt);
      await settled();
      // What the poll recorded that the pushes had not.
      if (waiting.size > 0)
        await look([...waiting], (b, ended) => {
          if (b.startSeen === null && b.startAt <= pollAt) b.startSeen = pollAt - b.startAt;
          if (b.endSeen === null && ended && b.endAt <= pollAt) b.endSeen = pollAt - b.endAt;
          if (b.startSeen !== null && (b.endSeen !== null || b.endAt > pollAt)) waiting.delete(b);
        });
      const calls = minus(appCalls(standIn), minuteBefore);
      perMinute.push(sum(calls));
      appPerMinute.push(watch.helixPointsLastMinute(pollAt));
      if (perMinute.at(-1)! > sum(busiest.byCall)) busiest = { minute, byCall: calls };
      if (!calls['GET /helix/eventsub/subscriptions']) busiestOrdinary = Math.max(busiestOrdinary, perMinute.at(-1)!);
      if (minute % 120 === 0)
        log(
          `  ${minute / 60} h: ${sum(minus(appCalls(standIn), dayBefore))} points, busiest minute ${Math.max(...perMinute)}, ${[...byAccount.values()].filter((b) => b.startAt <= pollAt && b.endAt > pollAt).length} live — ${Math.round((Date.now() - wallStart) / 1000)} s`,
        );
    }

    // ---- samples per live minute, the longest stretch without one, and the ends as written
    let minSamples = Infinity;
    let maxGap = 0;
    let misdated = 0;
    for (let i = 0; i < broadcasts.length; i += 500) {
      const chunk = broadcasts.slice(i, i + 500);
      for (const row of await db
        .selectFrom('live_streams')
        .select(['account_id', 'ended_at'])
        .where(
          'account_id',
          'in',
          chunk.map((b) => b.accountId),
        )
        .where('ended_at', 'is not', null)
        .execute())
        if (Math.abs(Number(row.ended_at) - byAccount.get(row.account_id)!.endAt) > 10_000) misdated += 1;
      const samples = new Map<string, number[]>();
      for (const row of await db
        .selectFrom('live_samples')
        .select(['account_id', 'at'])
        .where(
          'account_id',
          'in',
          chunk.map((b) => b.accountId),
        )
        .where('at', '>=', dayStart)
        .orderBy('at')
        .execute()) {
        const list = samples.get(row.account_id ?? '') ?? [];
        list.push(Number(row.at));
        samples.set(row.account_id ?? '', list);
      }
      for (const b of chunk) {
        if (b.endAt > dayEnd) continue;
        const times = (samples.get(b.accountId) ?? []).filter((at) => at >= b.startAt && at <= b.endAt);
        minSamples = Math.min(minSamples, times.length / ((b.endAt - b.startAt) / MINUTE));
        let last = b.startAt;
        for (const at of [...times, b.endAt]) {
          maxGap = Math.max(maxGap, at - last);
          last = at;
        }
      }
    }

    const starts = broadcasts.flatMap((b) => (b.startSeen === null ? [] : [b.startSeen / 1000]));
    const ends = broadcasts.flatMap((b) => (b.endSeen === null ? [] : [b.endSeen / 1000]));
    const peak = Math.max(...perMinute);
    const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;
    return {
      channels,
      liveShare: round(liveMs / DAY, 3),
      peakLive,
      pointsPerMinute: peak,
      budgetLeftShare: round(1 - peak / HELIX_POINTS, 3),
      meanPointsPerMinute: round(perMinute.reduce((total, n) => total + n, 0) / perMinute.length),
      appPointsPerMinute: Math.max(...appPerMinute),
      byCall: minus(appCalls(standIn), dayBefore),
      busiestMinute: busiest,
      busiestOrdinaryMinute: busiestOrdinary,
      refused: standIn.calls.helix429 - refusedBefore,
      missed: broadcasts.filter(
        (b) => (b.startAt <= dayEnd && b.startSeen === null) || (b.endAt <= dayEnd && b.endSeen === null),
      ).length,
      startP95SimSeconds: round(percentile(starts, 95), 3),
      endP95SimSeconds: round(percentile(ends, 95), 3),
      startMaxSimSeconds: round(Math.max(0, ...starts), 3),
      endMaxSimSeconds: round(Math.max(0, ...ends), 3),
      pushedShare: round(
        broadcasts.reduce((n, b) => n + Number(b.startPushed) + Number(b.endPushed), 0) /
          broadcasts.reduce((n, b) => n + Number(b.startAt <= dayEnd) + Number(b.endAt <= dayEnd), 0),
        4,
      ),
      endsMisdated: misdated,
      minSamplesPerLiveMinute: Number.isFinite(minSamples) ? round(minSamples, 3) : 0,
      maxSampleGapSeconds: round(maxGap / 1000),
      subscribeMinutes,
      subscribePoints,
      wallSeconds: Math.round((Date.now() - wallStart) / 1000),
    };
  } finally {
    await app?.close();
    (server as ServerType | null)?.close();
    await eventSub?.close();
    standIn?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------------------------------ real-time latency

/** Event-to-recorded times on the stand-ins: an in-process app on SQLite, one channel in delivery. */
export async function measurePushLatency(samples = 20): Promise<{ startMs: number[]; endMs: number[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-push-'));
  const eventSub = await startEventSubStandIn();
  const standIn = createOAuthStandIn({
    clientId: 'bench-client',
    clientSecret: 'bench-secret',
    redirectUris: (platform) => [createLinks(null).url(callbackPath(platform))],
    eventSub,
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: standIn.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const app = await createApp(
    loadConfig({
      DATA_DIR: dir,
      JWT_SECRET: SECRET,
      SEED_DEMO: '0',
      STATIC_DIR: path.join(dir, 'none'),
      TWITCH_CLIENT_ID: 'bench-client',
      TWITCH_CLIENT_SECRET: 'bench-secret',
      TWITCH_AUTH_BASE: `${base}/twitch`,
      TWITCH_API_BASE: `${base}/twitch`,
      TWITCH_CHAT_URL: 'ws://127.0.0.1:9',
      TWITCH_EVENTSUB_URL: eventSub.url,
      TWITCH_BOT_REFRESH_TOKEN: STANDIN_BOT.refreshToken,
      LIVE_POLL_SECONDS: '3600',
    }),
    { logger: process.env.BENCH_LOG ? { info() {}, warn: console.warn, error: console.error } : silentLogger },
  );
  try {
    const { db } = app;
    const [advertiserId] = await insertUsers(db, 1, 'advertiser', () => ({}));
    const [creatorId] = await insertUsers(db, 1, 'creator', () => ({ notify_email: 0 }));
    const campaign = { ...campaignRow(advertiserId!, 0, 1), platforms: '["Twitch"]', status: 'active' as const };
    await db.insertInto('campaigns').values(campaign).execute();
    const login = 'bench_push';
    const accountId = crypto.randomUUID();
    const stamp = new Date().toISOString();
    const sealer = createSealer(loadPayoutKey(app.config.payoutKey, app.config.dataDir));
    await db
      .insertInto('connected_accounts')
      .values({
        id: accountId,
        user_id: creatorId!,
        platform: 'twitch',
        platform_user_id: standInChannelId('twitch', login),
        login,
        display_name: login,
        scopes: '',
        tokens_sealed: sealer.seal({ accessToken: 'unused', refreshToken: 'unused' }),
        expires_at: Date.now() + 3_600_000,
        status: 'connected',
        stand_in: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await db
      .insertInto('offers')
      .values({
        id: crypto.randomUUID(),
        campaign_id: campaign.id,
        creator_id: creatorId!,
        status: 'active',
        reasons: '[]',
        score: 1,
        decline_reason: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    standIn.setChannel('twitch', login, { title: 'Bench #ad' });
    // Polled until its subscriptions are on the conduit and every shard is served.
    const deadline = Date.now() + 30_000;
    const ready = () =>
      eventSub.subscriptions().filter((s) => s.status === 'enabled' && s.type.startsWith('stream.')).length === 2 &&
      eventSub.conduits().every((c) => c.shards.every((s) => s.status === 'enabled'));
    while (!ready()) {
      if (Date.now() > deadline) throw new Error('the stream subscriptions were not made in 30 s');
      await app.services.live.pollOnce(Date.now());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const open = () =>
      db
        .selectFrom('live_streams')
        .select(['id', 'ended_at'])
        .where('account_id', '=', accountId)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
    /** Milliseconds from `sent` until `done` reads true (read every 2 ms, at most 10 s). */
    const waitFor = async (sent: number, done: () => Promise<boolean>) => {
      for (;;) {
        if (await done()) return Date.now() - sent;
        if (Date.now() - sent > 10_000) throw new Error('not recorded within 10 s');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    };
    const startMs: number[] = [];
    const endMs: number[] = [];
    for (let i = 0; i < samples; i += 1) {
      const online = Date.now();
      standIn.setChannel('twitch', login, { live: true });
      startMs.push(await waitFor(online, async () => (await open()) !== undefined));
      const offline = Date.now();
      standIn.setChannel('twitch', login, { live: false });
      endMs.push(await waitFor(offline, async () => (await open()) === undefined));
    }
    return { startMs, endMs };
  } finally {
    await app.close();
    server.close();
    await eventSub.close();
    standIn.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------------------------------ the bench

export async function benchVerificationTwitch(options: TwitchVerificationOptions = {}): Promise<TwitchVerification> {
  const day = await twitchVerificationDay(options);
  const latency = await measurePushLatency(options.latencySamples ?? 20);
  return {
    ...day,
    startP95Ms: percentile(latency.startMs, 95),
    endP95Ms: percentile(latency.endMs, 95),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const arg = (name: string) => process.argv.indexOf(name);
  benchVerificationTwitch({
    channels: arg('--channels') > 0 ? Number(process.argv[arg('--channels') + 1]) : undefined,
    hours: arg('--hours') > 0 ? Number(process.argv[arg('--hours') + 1]) : undefined,
  })
    .then((result) => {
      console.log(JSON.stringify(result, null, 2));
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
