// Analytics figures for `npm run bench -- analytics` (docs/product.md §Analytics), on SQLite: one creator with a year of 15-minute
// samples in six series (Twitch followers, viewers, subscribers; YouTube subscribers, viewers, views — 210,240
// samples written through the collector's own path with their daily rollup), Bits in a year of chat, overlay display
// and earnings; then GET /api/analytics?range=12m through the app, 200 times: the p95 (target ≤ 30 ms), and the other
// ranges for reference. Then an advertiser's 12 months: 50 campaigns × 20 creators (1,000 creators, each live 3 hours
// every other day for a year, an hour of the campaign on their overlay) — the impressions read the viewers sampled
// while the creatives were shown.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SeriesKey } from '../contract/analytics.ts';
import { createApp } from '../server/app.ts';
import { campaignRow, insertUsers, percentile, SECRET } from './marketplace.ts';
import { loadConfig } from '../server/config.ts';
import { silentLogger } from '../server/log.ts';

export interface AnalyticsBench {
  samples: number;
  writeSeconds: number;
  p95Ms: { range: string; p50: number; p95: number }[];
  yearP95Ms: number;
  advertiser: AdvertiserBench;
}

export interface AdvertiserBench {
  campaigns: number;
  creators: number;
  viewerSamples: number;
  displayMinutes: number;
  p50: number;
  p95: number;
}

const QUARTER = 15 * 60_000;
const DAY = 86_400_000;

type App = Awaited<ReturnType<typeof createApp>>;

/** An advertiser whose campaigns each reach their own creators, each creator live every other day for a year. */
export async function seedAdvertiser(app: App, campaignCount: number, perCampaign: number) {
  const { db } = app;
  const [advertiserId] = await insertUsers(db, 1, 'advertiser', () => ({}));
  const creators = await insertUsers(db, campaignCount * perCampaign, 'creator', () => ({ notify_email: 0 }));
  const campaigns = Array.from({ length: campaignCount }, (_, i) => campaignRow(advertiserId!, i, perCampaign));
  await db.insertInto('campaigns').values(campaigns).execute();
  const stamp = new Date().toISOString();
  const offers = campaigns.flatMap((campaign, c) =>
    creators.slice(c * perCampaign, (c + 1) * perCampaign).map((creatorId) => ({
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
  );
  for (let start = 0; start < offers.length; start += 500)
    await db
      .insertInto('offers')
      .values(offers.slice(start, start + 500))
      .execute();

  // Each creator live 19:00–22:00 UTC every other day for a year: a viewer sample every 15 minutes (Twitch).
  const today = Math.floor(Date.now() / DAY) * DAY;
  let viewerSamples = 0;
  let batch: { user_id: string; platform: 'twitch'; metric: 'viewers'; at: number; value: number }[] = [];
  await db.transaction().execute(async (trx) => {
    const flush = async () => {
      if (batch.length) await trx.insertInto('metric_samples').values(batch).execute();
      batch = [];
    };
    for (const [k, creatorId] of creators.entries()) {
      for (let d = 365 - (k % 2); d > 0; d -= 2) {
        for (let q = 0; q < 12; q += 1) {
          batch.push({
            user_id: creatorId,
            platform: 'twitch',
            metric: 'viewers',
            at: today - d * DAY + 19 * 3_600_000 + q * QUARTER,
            value: 20 + ((k + q) % 80),
          });
          viewerSamples += 1;
          if (batch.length === 1000) await flush();
        }
      }
    }
    await flush();
  });

  // The campaign on each creator's overlay: an hour, in two halves on two of their streams of the last month.
  const minutes: { offer_id: string; minute: number; seconds: number }[] = [];
  for (const [i, offer] of offers.entries()) {
    const k = creators.indexOf(offer.creator_id);
    for (const d of [1 + (k % 2) + 2 * (i % 5), 11 + (k % 2) + 2 * (i % 5)]) {
      const first = (today - d * DAY + 19 * 3_600_000 + (i % 4) * QUARTER) / 60_000;
      for (let m = 0; m < 30; m += 1) minutes.push({ offer_id: offer.id, minute: first + m, seconds: 60 });
    }
  }
  for (let start = 0; start < minutes.length; start += 2000)
    await db
      .insertInto('overlay_minutes')
      .values(minutes.slice(start, start + 2000))
      .execute();
  return { advertiserId: advertiserId!, creators: creators.length, viewerSamples, displayMinutes: minutes.length };
}

/** GET /api/analytics?range=12m as an advertiser whose campaigns reach many creators with a year of live viewers each. */
export async function benchAdvertiserAnalytics(
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  options: { campaigns?: number; creatorsPerCampaign?: number; runs?: number } = {},
): Promise<AdvertiserBench> {
  const campaignCount = options.campaigns ?? 50;
  const perCampaign = options.creatorsPerCampaign ?? 20;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-advertiser-'));
  const app = await createApp(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }), { logger: silentLogger });
  try {
    const seeded = await seedAdvertiser(app, campaignCount, perCampaign);
    log(
      `advertiser: ${campaignCount} campaigns × ${perCampaign} creators, ${seeded.viewerSamples.toLocaleString('en-US')} viewer samples, ${seeded.displayMinutes.toLocaleString('en-US')} display minutes`,
    );
    const token = await app.services.tokens.issue(seeded.advertiserId, 0);
    const times: number[] = [];
    const runs = options.runs ?? 30;
    for (let i = 0; i < runs + 5; i += 1) {
      const t0 = performance.now();
      const response = await app.app.request('/api/analytics?range=12m', {
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.status !== 200)
        throw new Error(`GET /api/analytics?range=12m answered ${response.status}: ${await response.text()}`);
      const body = (await response.json()) as { campaigns: { impressions: number; creatorsReached: number }[] };
      if (i >= 5) times.push(performance.now() - t0);
      if (
        i === 0 &&
        body.campaigns.some((campaign) => campaign.creatorsReached !== perCampaign || campaign.impressions === 0)
      )
        throw new Error('advertiser: every creator should be reached, with impressions');
    }
    const figure = {
      campaigns: campaignCount,
      creators: seeded.creators,
      viewerSamples: seeded.viewerSamples,
      displayMinutes: seeded.displayMinutes,
      p50: Math.round(percentile(times, 50) * 10) / 10,
      p95: Math.round(percentile(times, 95) * 10) / 10,
    };
    log(`advertiser range 12m: p50 ${figure.p50} ms, p95 ${figure.p95} ms`);
    return figure;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchAnalytics(
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<AnalyticsBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-analytics-'));
  const app = await createApp(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }), { logger: silentLogger });
  try {
    const { db, services } = app;
    const [creatorId] = await insertUsers(db, 1, 'creator', () => ({}));
    const now = Date.now();
    const start = now - 365 * 86_400_000;
    let samples = 0;
    const began = performance.now();
    for (const platform of ['twitch', 'youtube'] as const) {
      const series: SeriesKey[] =
        platform === 'twitch' ? ['followers', 'viewers', 'subscribers'] : ['subscribers', 'viewers', 'views'];
      let moments: { at: number; samples: Partial<Record<SeriesKey, number>> }[] = [];
      for (let at = start, i = 0; at < now; at += QUARTER, i += 1) {
        const values: Partial<Record<SeriesKey, number>> = {};
        for (const key of series) values[key] = key === 'viewers' ? 50 + (i % 97) : 1000 + Math.floor(i / 7);
        moments.push({ at, samples: values });
        samples += series.length;
        // A day's worth a transaction, as a collector writing for many accounts would commit.
        if (moments.length === 96) {
          await services.metrics.writeMany(creatorId!, platform, moments);
          moments = [];
        }
      }
      if (moments.length) await services.metrics.writeMany(creatorId!, platform, moments);
    }
    const writeSeconds = (performance.now() - began) / 1000;
    log(
      `${samples.toLocaleString('en-US')} samples in 6 series written with their daily rollup in ${writeSeconds.toFixed(1)} s`,
    );

    // A year of chat with Bits now and then, for the donations card.
    const key = { userId: creatorId!, platform: 'twitch' as const, channelId: 'bench', channel: 'bench' };
    const lines = Array.from({ length: 20_000 }, (_, i) => ({
      msgId: `b${i}`,
      sentAt: start + i * 1_500_000,
      chatterId: String(i % 500),
      login: `viewer_${i % 500}`,
      displayName: `Viewer_${i % 500}`,
      color: null,
      badges: '',
      emotes: null,
      bits: i % 40 === 0 ? 100 : null,
      kind: 'privmsg',
      text: 'gg',
    }));
    await services.archive.write(key, { messages: lines, moderation: [], skipped: 0, seenAt: now });

    const token = await services.tokens.issue(creatorId!, 0);
    const timed = async (range: string, runs: number) => {
      const times: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const t0 = performance.now();
        const response = await app.app.request(`/api/analytics?range=${range}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (response.status !== 200)
          throw new Error(`GET /api/analytics?range=${range} answered ${response.status}: ${await response.text()}`);
        await response.arrayBuffer();
        times.push(performance.now() - t0);
      }
      return {
        range,
        p50: Math.round(percentile(times, 50) * 10) / 10,
        p95: Math.round(percentile(times, 95) * 10) / 10,
      };
    };
    await timed('12m', 20);
    const figures = [await timed('12m', 200), await timed('90d', 100), await timed('30d', 100), await timed('7d', 100)];
    for (const figure of figures) log(`range ${figure.range}: p50 ${figure.p50} ms, p95 ${figure.p95} ms`);
    return {
      samples,
      writeSeconds,
      p95Ms: figures,
      yearP95Ms: figures[0]!.p95,
      advertiser: await benchAdvertiserAnalytics(log),
    };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchAnalytics();
  console.log(JSON.stringify(figures));
}
