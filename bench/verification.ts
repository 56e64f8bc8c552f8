// Verified delivery figures for `npm run bench -- verification` (docs/product.md §Verified delivery), on SQLite:
// - heartbeats with verification on: 2,000 creators, each with a Twitch channel connected, live and disclosed (the
//   platform's looks written as the live watcher writes them), an accepted offer and an overlay that sends a heartbeat
//   and a presence report every 15 s (2 × 133 requests/s) for 60 s against a server process, whose settlement sweep
//   settles the claimed minutes meanwhile: p99 of each, and the seconds verified by the end. No heartbeat calls a
//   platform: the live state is what the watcher already wrote.
// The platform calls that verification needs (Helix points for 2,000 live channels) are bench/live.ts's.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { silentLogger } from '../server/log.ts';
import { createSealer, loadPayoutKey } from '../server/money/sealing.ts';
import { standInChannelId } from '../standins/oauth.ts';
import { campaignRow, insertUsers, percentile, SECRET, startServer } from './marketplace.ts';
import { fixedRate } from './overlay.ts';

export interface VerificationBench {
  overlays: number;
  heartbeatRate: number;
  heartbeatP99Ms: number;
  heartbeatFailed: number;
  presenceP99Ms: number;
  presenceFailed: number;
  /** Seconds the server verified during the run (the settlement ran). */
  verifiedSeconds: number;
}

const OVERLAYS = 2000;
const MINUTE = 60_000;

type App = Awaited<ReturnType<typeof createApp>>;

/** 2,000 creators with a connected Twitch channel and an accepted offer of one active Twitch campaign. */
async function world(app: App, dataDir: string) {
  const { db, config } = app;
  const sealer = createSealer(loadPayoutKey(config.payoutKey, dataDir));
  const [advertiserId] = await insertUsers(db, 1, 'advertiser', () => ({}));
  const creators = await insertUsers(db, OVERLAYS, 'creator', (i) => ({
    notify_email: 0,
    first_name: `Creator${i}`,
    language: 'English',
    country: 'Iceland',
  }));
  const campaign = {
    ...campaignRow(advertiserId!, 1, OVERLAYS),
    platforms: JSON.stringify(['Twitch']),
    deliverable_minutes: 100_000,
    accepted_count: OVERLAYS,
  };
  await db.insertInto('campaigns').values(campaign).execute();
  const stamp = new Date().toISOString();
  const rows = creators.map((creatorId, i) => {
    const channel = `bench_channel_${i}`;
    return {
      creatorId,
      channel,
      account: {
        id: crypto.randomUUID(),
        user_id: creatorId,
        platform: 'twitch' as const,
        platform_user_id: standInChannelId('twitch', channel),
        login: channel,
        display_name: channel,
        scopes: 'chat:read',
        tokens_sealed: sealer.seal({ accessToken: 'unused', refreshToken: 'unused' }),
        expires_at: Date.now() + 3_600_000,
        status: 'connected' as const,
        stand_in: 1,
        created_at: stamp,
        updated_at: stamp,
      },
      offer: {
        id: crypto.randomUUID(),
        campaign_id: campaign.id,
        creator_id: creatorId,
        status: 'accepted' as const,
        reasons: '[]',
        score: 1,
        decline_reason: null,
        created_at: stamp,
        updated_at: stamp,
      },
    };
  });
  for (let start = 0; start < rows.length; start += 200) {
    const chunk = rows.slice(start, start + 200);
    await db
      .insertInto('connected_accounts')
      .values(chunk.map((row) => row.account))
      .execute();
    await db
      .insertInto('offers')
      .values(chunk.map((row) => row.offer))
      .execute();
  }
  return rows;
}

/** Heartbeats and presence reports of 2,000 overlays with their channels live and disclosed, against a server process. */
async function heartbeats(log: (line: string) => void) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-verified-'));
  try {
    const app = await createApp(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }), { logger: silentLogger });
    const { db, services } = app;
    await services.jobs.stop();
    const rows = await world(app, dataDir);
    // What the live watcher would have written: each channel live for the last hour and the next ten minutes, a
    // look a minute with its viewers, disclosed.
    const now = Date.now();
    const from = now - 60 * MINUTE;
    const until = now + 10 * MINUTE;
    for (let start = 0; start < rows.length; start += 100) {
      const chunk = rows.slice(start, start + 100);
      const streams = chunk.map((row, k) => ({
        id: `twitch:${40_000_000 + start + k}`,
        creator_id: row.creatorId,
        account_id: row.account.id,
        platform: 'twitch' as const,
        channel_id: row.account.platform_user_id,
        channel_login: row.channel,
        stream_id: String(40_000_000 + start + k),
        started_at: from,
        last_live_at: until,
        ended_at: null,
        title: 'Speedrun night #ad',
        recording_url: null,
      }));
      await db.insertInto('live_streams').values(streams).execute();
      const samples = streams.flatMap((stream, k) =>
        Array.from({ length: (until - from) / MINUTE + 1 }, (_, m) => ({
          stream_key: stream.id,
          at: from + m * MINUTE,
          viewers: 40 + ((start + k) % 400),
          title: stream.title,
          disclosed: 1,
          branded: 0,
        })),
      );
      for (let s = 0; s < samples.length; s += 500)
        await db
          .insertInto('live_samples')
          .values(samples.slice(s, s + 500))
          .execute();
      await db
        .insertInto('live_watch')
        .values(
          chunk.map((row, k) => ({
            account_id: row.account.id,
            creator_id: row.creatorId,
            platform: 'twitch' as const,
            checked_at: until,
            live: 1,
            stream_key: streams[k]!.id,
            problem: null,
          })),
        )
        .execute();
    }
    const overlays: { token: string; offerId: string }[] = [];
    for (const row of rows) {
      const settings = await services.overlays.settings(row.creatorId);
      overlays.push({ token: settings.path.split('/').pop()!, offerId: row.offer.id });
    }
    await app.close();

    const { url, child } = await startServer(dataDir);
    try {
      let beat = 0;
      const beats = () => {
        const target = overlays[beat % overlays.length]!;
        beat += 1;
        return JSON.stringify({ ...target, seconds: 15, beatId: `bench-${beat}-${crypto.randomUUID()}` });
      };
      let report = 0;
      const reports = () =>
        JSON.stringify({ token: overlays[report++ % overlays.length]!.token, host: 'program' as const });
      const rate = OVERLAYS / 15;
      // Every overlay's first heartbeat (its offer becomes active: a write of its own, once in an offer's life), unmeasured.
      await fixedRate(`${url}/api/overlay/heartbeat`, 500, OVERLAYS / 500, beats);
      const [beatRun, presenceRun] = await Promise.all([
        fixedRate(`${url}/api/overlay/heartbeat`, rate, 60, beats),
        fixedRate(`${url}/api/overlay/presence`, rate, 60, reports),
      ]);
      // The settlement runs every minute on the server, on minutes whose end is 90 s past: by 170 s after the run
      // every claimed minute has been settled.
      await new Promise((resolve) => setTimeout(resolve, 170_000));
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      const reopened = await createApp(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }), { logger: silentLogger });
      const verified = await reopened.db
        .selectFrom('overlay_progress')
        .select((eb) => eb.fn.sum<number>('verified_seconds').as('seconds'))
        .executeTakeFirstOrThrow();
      await reopened.close();
      const p99 = (values: number[]) => Math.round(percentile(values, 99) * 10) / 10;
      const result = {
        overlays: OVERLAYS,
        heartbeatRate: Math.round(beatRun.ok / 60),
        heartbeatP99Ms: p99(beatRun.latencies),
        heartbeatFailed: beatRun.failed,
        presenceP99Ms: p99(presenceRun.latencies),
        presenceFailed: presenceRun.failed,
        verifiedSeconds: Number(verified.seconds ?? 0),
      };
      log(
        `${OVERLAYS} overlays, one heartbeat and one presence report each every 15 s for 60 s, channels live and disclosed: heartbeats ${beatRun.ok}/${beatRun.sent} p99 ${result.heartbeatP99Ms} ms, presence ${presenceRun.ok}/${presenceRun.sent} p99 ${result.presenceP99Ms} ms; ${result.verifiedSeconds} s verified by the settlement`,
      );
      return result;
    } finally {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchVerification(
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<VerificationBench> {
  return heartbeats(log);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchVerification().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
