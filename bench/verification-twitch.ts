// Twitch's side of delivery verification with pushes (issue 46; server/connections/twitch-push.ts and live.ts), for
// bench/verification.ts: 10,000 Twitch channels in delivery, each live 4 hours a day.
// - Points: the pure cost model (an in-process app with 10,000 channels and 30,000 subscriptions on the stand-ins
//   would take longer to set up than the day it measures), on a simulated clock of one-minute polls over a day (the
//   clock is injected, never waited for), counting what the implementation asks each poll, with its own constants:
//   Get Conduit Shards (a point per 100 shards), Get Streams and Get Channel Information of the channels known live
//   (100 ids a call), one Get Channel Information per ONLINE_BATCH_MS of stream.online events (100 ids a call), one
//   Get Videos per stream (its recording is found at the first look, RECORDING_RETRY_MS after it was first seen, or
//   at its end), the subscriptions' upkeep (3 calls per channel entering or leaving delivery, `churnPerDay` of them)
//   and the listing every RELIST_MS (3 types × 100 a page). The figure is the busiest minute of the day.
// - Latency: measured on the stand-ins (EventSub and Twitch, in process, an app on SQLite): from the moment the
//   stand-in sends stream.online / stream.offline to the moment the stream's start / end is in the database.
// Also runs alone: `npx tsx bench/verification-twitch.ts`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from '../server/app.ts';
import { callbackPath } from '../server/connections/store.ts';
import { loadConfig } from '../server/config.ts';
import { HELIX_BATCH, ONLINE_BATCH_MS, RECORDING_RETRY_MS } from '../server/connections/live.ts';
import { RELIST_MS, STREAM_PUSH_TYPES } from '../server/connections/twitch-push.ts';
import { silentLogger } from '../server/log.ts';
import { createLinks } from '../server/mail/links.ts';
import { createSealer, loadPayoutKey } from '../server/money/sealing.ts';
import { STANDIN_BOT, startEventSubStandIn } from '../standins/eventsub.ts';
import { createOAuthStandIn, standInChannelId } from '../standins/oauth.ts';
import { campaignRow, insertUsers, percentile, SECRET } from './marketplace.ts';

export interface TwitchVerification {
  channels: number;
  /** The share of the day's channel-minutes that were live. */
  liveShare: number;
  /** Helix points of the app token in the busiest minute of the day. */
  pointsPerMinute: number;
  /** What that minute leaves of Twitch's 800 points (https://dev.twitch.tv/docs/api/guide/#twitch-rate-limits). */
  budgetLeftShare: number;
  /** Stream.online sent → the stream's start written (stand-in, p95). */
  startP95Ms: number;
  /** Stream.offline sent → the stream's end written (stand-in, p95). */
  endP95Ms: number;
  /** The day's mean, beside the busiest minute. */
  meanPointsPerMinute: number;
}

export interface TwitchVerificationOptions {
  channels?: number;
  liveHoursPerDay?: number;
  /** Conduit shards (TWITCH_CONDUIT_SHARDS). */
  shards?: number;
  /** The share of channels entering (and as many leaving) delivery each day. */
  churnPerDay?: number;
  /** Stream starts and ends measured on the stand-in. */
  latencySamples?: number;
  seed?: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const HELIX_POINTS = 800;

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

/** The cost model: Helix points per minute of one simulated day (see the head comment). */
export function twitchCostModel(options: TwitchVerificationOptions = {}): {
  channels: number;
  liveShare: number;
  perMinute: number[];
} {
  const channels = options.channels ?? 10_000;
  const liveMs = (options.liveHoursPerDay ?? 4) * 60 * MINUTE;
  const shards = options.shards ?? 4;
  const churn = Math.round(channels * (options.churnPerDay ?? 0.02));
  const rand = random(options.seed ?? 46);
  // Each channel's window today: a start anywhere in the day (wrapping past midnight), 4 hours long.
  const starts = Array.from({ length: channels }, () => Math.floor(rand() * DAY));
  const minutes = DAY / MINUTE;
  const perMinute = new Array<number>(minutes).fill(0);
  const liveAt = new Array<number>(minutes).fill(0);
  const onlineAt: number[][] = Array.from({ length: minutes }, () => []);
  for (const start of starts) {
    onlineAt[Math.floor(start / MINUTE)]!.push(start % MINUTE);
    // Live at the polls from its start to its end (the poll at each minute's start).
    for (let t = Math.ceil(start / MINUTE) * MINUTE; t < start + liveMs; t += MINUTE)
      liveAt[(t / MINUTE) % minutes]! += 1;
    // Its recording: looked for once, RECORDING_RETRY_MS after the poll that first saw it (found then).
    const looked = Math.ceil(start / MINUTE) * MINUTE + (liveMs > RECORDING_RETRY_MS ? RECORDING_RETRY_MS : liveMs);
    perMinute[Math.floor(looked / MINUTE) % minutes]! += 1;
  }
  let liveMinutes = 0;
  for (let m = 0; m < minutes; m += 1) {
    const live = liveAt[m]!;
    liveMinutes += live;
    // The push path checked; the channels known live sampled (Get Streams, then Get Channel Information).
    perMinute[m]! += Math.ceil(shards / 100) + 2 * Math.ceil(live / HELIX_BATCH);
    // stream.online's channel information: one call per ONLINE_BATCH_MS window with events (100 ids a call).
    const windows = new Map<number, number>();
    for (const at of onlineAt[m]!)
      windows.set(Math.floor(at / ONLINE_BATCH_MS), (windows.get(Math.floor(at / ONLINE_BATCH_MS)) ?? 0) + 1);
    for (const count of windows.values()) perMinute[m]! += Math.ceil(count / HELIX_BATCH);
  }
  // Upkeep: channels entering and leaving delivery (3 subscriptions each), spread over the day; the listing.
  const upkeepPerMinute = (2 * churn * STREAM_PUSH_TYPES.length) / minutes;
  const listing = STREAM_PUSH_TYPES.length * Math.ceil(channels / 100);
  for (let m = 0; m < minutes; m += 1) {
    perMinute[m]! += upkeepPerMinute;
    if ((m * MINUTE) % RELIST_MS === 0) perMinute[m]! += listing;
  }
  return { channels, liveShare: liveMinutes / (channels * minutes), perMinute };
}

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

export async function benchVerificationTwitch(options: TwitchVerificationOptions = {}): Promise<TwitchVerification> {
  const model = twitchCostModel(options);
  const peak = Math.max(...model.perMinute);
  const mean = model.perMinute.reduce((sum, n) => sum + n, 0) / model.perMinute.length;
  const latency = await measurePushLatency(options.latencySamples ?? 20);
  return {
    channels: model.channels,
    liveShare: Math.round(model.liveShare * 1000) / 1000,
    pointsPerMinute: Math.ceil(peak),
    budgetLeftShare: Math.round((1 - Math.ceil(peak) / HELIX_POINTS) * 1000) / 1000,
    startP95Ms: percentile(latency.startMs, 95),
    endP95Ms: percentile(latency.endMs, 95),
    meanPointsPerMinute: Math.round(mean * 10) / 10,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchVerificationTwitch()
    .then((result) => {
      console.log(JSON.stringify(result, null, 2));
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
