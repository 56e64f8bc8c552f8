// Live-watch figures for `npm run bench -- live` (docs/product.md §Verified delivery), on SQLite: 2,000 creators in
// delivery, each with a connected Twitch channel that is live on the OAuth stand-in (served on a port of its own, as
// Twitch is); the app's live watcher polls once a minute for 14 (injected) minutes — the polls of the first ten, then
// the recording look-ups that start 10 minutes after a stream was first seen (2,000 points: three minutes of what the
// governor leaves of the app token's 800 beside the polls, and a fourth, as the stand-in's bucket resets a moment after
// the poll's minute begins). The figure: the most Helix points
// spent in any minute, counted by the watcher and by the stand-in per token (Helix gives each token 800 a minute).
// Also runs alone: `npx tsx bench/live.ts` (BENCH_LOG=1 prints the watcher's warnings).
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
import { silentLogger } from '../server/log.ts';
import { createLinks } from '../server/mail/links.ts';
import { createSealer, loadPayoutKey } from '../server/money/sealing.ts';
import { createOAuthStandIn, standInChannelId } from '../standins/oauth.ts';
import { campaignRow, insertUsers, SECRET } from './marketplace.ts';

export interface LiveBench {
  channels: number;
  /** Helix calls of one poll of every channel (Get Streams + Get Channel Information). */
  pointsPerPoll: number;
  /** The most points in any minute of the run, by the watcher's count and by the stand-in's per token. */
  maxPointsPerMinute: number;
  standInMaxPerToken: number;
  /** Streams whose recording was found by the end. */
  recordings: number;
  pollP50Ms: number;
}

const CHANNELS = 2000;
const MINUTE = 60_000;

export async function benchLive(log: (line: string) => void = () => {}): Promise<LiveBench> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-live-'));
  // The bench's minutes pass in about a second each. The governor and the stand-in's Helix buckets count Date.now's
  // minutes (the governor takes the function when it is made), so Date.now runs ahead with the bench's clock from
  // here on, as Twitch's minute would pass between two polls; put back at the end.
  const realNow = Date.now;
  let ahead = 0;
  Date.now = () => realNow() + ahead;
  const standIn = createOAuthStandIn({
    clientId: 'bench-client',
    clientSecret: 'bench-secret',
    redirectUris: (platform) => [createLinks(null).url(callbackPath(platform))],
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
      // The bench polls with its own clock.
      LIVE_POLL_SECONDS: '3600',
    }),
    { logger: process.env.BENCH_LOG ? { info() {}, warn: console.warn, error: console.error } : silentLogger },
  );
  try {
    const { db } = app;
    const [advertiserId] = await insertUsers(db, 1, 'advertiser', () => ({}));
    const creators = await insertUsers(db, CHANNELS, 'creator', () => ({ notify_email: 0 }));
    const campaign = { ...campaignRow(advertiserId!, 0, CHANNELS), platforms: '["Twitch"]', status: 'active' as const };
    await db.insertInto('campaigns').values(campaign).execute();
    const sealer = createSealer(loadPayoutKey(app.config.payoutKey, app.config.dataDir));
    const sealed = sealer.seal({ accessToken: 'unused', refreshToken: 'unused' });
    const stamp = new Date().toISOString();
    const names = creators.map((_, i) => `bench_live_${i}`);
    for (let i = 0; i < CHANNELS; i += 200) {
      const slice = creators.slice(i, i + 200);
      await db
        .insertInto('connected_accounts')
        .values(
          slice.map((creatorId, j) => ({
            id: crypto.randomUUID(),
            user_id: creatorId,
            platform: 'twitch' as const,
            platform_user_id: standInChannelId('twitch', names[i + j]!),
            login: names[i + j]!,
            display_name: names[i + j]!,
            scopes: '',
            tokens_sealed: sealed,
            expires_at: Date.now() + 3_600_000,
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
          slice.map((creatorId) => ({
            id: crypto.randomUUID(),
            campaign_id: campaign.id,
            creator_id: creatorId,
            status: 'active' as const,
            reasons: '[]',
            score: 1,
            decline_reason: null,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
    }
    for (const name of names) standIn.setChannel('twitch', name, { live: true, title: `${name} #ad`, viewers: 50 });
    await app.services.jobs.drain();
    log(`${CHANNELS} live Twitch channels in delivery`);

    const live = app.services.live;
    const start = Date.now();
    const perMinute: number[] = [];
    const tokenMinutes: number[] = [];
    const durations: number[] = [];
    let pointsPerPoll = 0;
    for (let minute = 0; minute <= 14; minute += 1) {
      // Date.now at the poll's minute (its real time since start taken off first).
      ahead = 0;
      ahead = start + minute * MINUTE - Date.now();
      const before = { ...standIn.calls.helixByToken };
      const beforePoints = live.helixPoints();
      let began = performance.now();
      let result = await live.pollOnce(start + minute * MINUTE);
      // The app's own scheduled poll (queued at start) may hold the instance's poll lock: this poll is then skipped,
      // as the product skips one, and runs once that poll is done.
      while (result.skipped) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        began = performance.now();
        result = await live.pollOnce(start + minute * MINUTE);
      }
      durations.push(performance.now() - began);
      log(`poll ${minute}: ${Math.round(durations.at(-1)!)} ms`);
      if (result.answered !== CHANNELS) throw new Error(`poll ${minute} answered ${result.answered} of ${CHANNELS}`);
      if (minute === 0) pointsPerPoll = live.helixPoints() - beforePoints;
      perMinute.push(live.helixPointsLastMinute(start + minute * MINUTE));
      const byToken = Object.entries(standIn.calls.helixByToken).map(([token, n]) => n - (before[token] ?? 0));
      tokenMinutes.push(Math.max(0, ...byToken));
      log(`minute ${minute}: ${perMinute.at(-1)} points (stand-in, busiest token: ${tokenMinutes.at(-1)})`);
    }
    const recordings = await db
      .selectFrom('live_streams')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('recording_url', 'is not', null)
      .executeTakeFirstOrThrow();
    durations.sort((a, b) => a - b);
    return {
      channels: CHANNELS,
      pointsPerPoll,
      maxPointsPerMinute: Math.max(...perMinute),
      standInMaxPerToken: Math.max(...tokenMinutes),
      recordings: Number(recordings.n),
      pollP50Ms: Math.round(durations[Math.floor(durations.length / 2)]!),
    };
  } finally {
    Date.now = realNow;
    await app.close();
    server.close();
    standIn.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchLive(console.log));
}
