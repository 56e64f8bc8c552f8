// Analytics figures for `npm run bench -- analytics` (issue 17), on SQLite: one creator with a year of 15-minute
// samples in six series (Twitch followers, viewers, subscribers; YouTube subscribers, viewers, views — 210,240
// samples written through the collector's own path with their daily rollup), Bits in a year of chat, overlay display
// and earnings; then GET /api/analytics?range=12m through the app, 200 times: the p95 (target ≤ 30 ms), and the other
// ranges for reference.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SeriesKey } from '../contract/analytics.ts';
import { createApp } from './app.ts';
import { insertUsers, percentile, SECRET } from './bench-marketplace.ts';
import { loadConfig } from './config.ts';
import { silentLogger } from './log.ts';

export interface AnalyticsBench {
  samples: number;
  writeSeconds: number;
  p95Ms: { range: string; p50: number; p95: number }[];
  yearP95Ms: number;
}

const QUARTER = 15 * 60_000;

export async function benchAnalytics(log: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Promise<AnalyticsBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-analytics-'));
  const app = await createApp({ ...loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }), seedDemo: false }, { logger: silentLogger });
  try {
    const { db, services } = app;
    const [creatorId] = await insertUsers(db, 1, 'creator', () => ({}));
    const now = Date.now();
    const start = now - 365 * 86_400_000;
    let samples = 0;
    const began = performance.now();
    for (const platform of ['twitch', 'youtube'] as const) {
      const series: SeriesKey[] = platform === 'twitch' ? ['followers', 'viewers', 'subscribers'] : ['subscribers', 'viewers', 'views'];
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
    log(`${samples.toLocaleString('en-US')} samples in 6 series written with their daily rollup in ${writeSeconds.toFixed(1)} s`);

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
        const response = await app.app.request(`/api/analytics?range=${range}`, { headers: { authorization: `Bearer ${token}` } });
        if (response.status !== 200) throw new Error(`GET /api/analytics?range=${range} answered ${response.status}: ${await response.text()}`);
        await response.arrayBuffer();
        times.push(performance.now() - t0);
      }
      return { range, p50: Math.round(percentile(times, 50) * 10) / 10, p95: Math.round(percentile(times, 95) * 10) / 10 };
    };
    await timed('12m', 20);
    const figures = [await timed('12m', 200), await timed('90d', 100), await timed('30d', 100), await timed('7d', 100)];
    for (const figure of figures) log(`range ${figure.range}: p50 ${figure.p50} ms, p95 ${figure.p95} ms`);
    return { samples, writeSeconds, p95Ms: figures, yearP95Ms: figures[0]!.p95 };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchAnalytics();
  console.log(JSON.stringify(figures));
}
