// The brand's report for `npm run bench -- report` (docs/product.md §The brand's report: 1,000,000 recorded clicks →
// the report p95 ≤ 100 ms).
//
// Method: SQLite; one campaign with 50 accepted offers, each with its tracked link, and 1,000,000 counted clicks
// spread over the last 90 days — written as the click path leaves them: a link_clicks row per visitor and day (the
// keyed hash), and each offer's day in offer_days with its refusals, redemptions and bot posts — plus verified overlay
// minutes. Then a server process answers GET /api/campaigns/:id/report (the whole campaign, and one creator's) to
// the advertiser, sequentially, ROUNDS times each: p50 and p95 of the round trip.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { utcDay } from '../server/deliverables/days.ts';
import { ensureLink } from '../server/deliverables/links.ts';
import { silentLogger } from '../server/log.ts';
import { campaignRow, insertUsers, percentile, SECRET, startServer } from './marketplace.ts';

export interface ReportBench {
  clicks: number;
  offers: number;
  days: number;
  p50Ms: number;
  p95Ms: number;
  creatorP95Ms: number;
}

const OFFERS = 50;
const DAYS = 90;
const CLICKS = 1_000_000;
const ROUNDS = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function benchReport(log: (line: string) => void = console.log): Promise<ReportBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-report-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET });
  let campaignId: string;
  let token: string;
  let someOffer: string;
  {
    const app = await createApp(config, { logger: silentLogger });
    const { db } = app;
    await app.services.jobs.stop();
    const [advertiserId] = await insertUsers(db, 1, 'advertiser', () => ({}));
    const creators = await insertUsers(db, OFFERS, 'creator', (i) => ({ first_name: `Creator ${i}`, notify_email: 0 }));
    const campaign = {
      ...campaignRow(advertiserId!, 0, OFFERS),
      starts_on: utcDay(Date.now() - (DAYS - 1) * DAY_MS),
      link_url: 'https://nova.example/energy',
      link_clicks: 100_000,
      promo_redemptions: 500,
    };
    campaignId = campaign.id;
    await db.insertInto('campaigns').values(campaign).execute();
    const stamp = new Date().toISOString();
    const offers = creators.map((creatorId) => ({
      id: crypto.randomUUID(),
      campaign_id: campaign.id,
      creator_id: creatorId,
      status: 'accepted' as const,
      reasons: '[]',
      score: 1,
      created_at: stamp,
      updated_at: stamp,
    }));
    await db.insertInto('offers').values(offers).execute();
    someOffer = offers[0]!.id;
    const codes: string[] = [];
    for (const offer of offers)
      codes.push(await ensureLink(db, { offerId: offer.id, campaignId: campaign.id, creatorId: offer.creator_id }));

    // The clicks, as the click path leaves them: one row per link, day and visitor; the day's counts beside.
    const started = performance.now();
    const perCell = Math.floor(CLICKS / (OFFERS * DAYS));
    const extra = CLICKS - perCell * OFFERS * DAYS;
    let written = 0;
    const today = Date.now();
    for (let d = 0; d < DAYS; d++) {
      const dayMs = today - (DAYS - 1 - d) * DAY_MS;
      const day = utcDay(dayMs);
      await db.transaction().execute(async (trx) => {
        for (let o = 0; o < OFFERS; o++) {
          const n = perCell + (d * OFFERS + o < extra ? 1 : 0);
          const rows = Array.from({ length: n }, () => ({
            code: codes[o]!,
            day,
            visitor: crypto.randomBytes(32).toString('hex'),
            at: dayMs,
          }));
          // SQLite binds at most 32,766 values: 4 a row.
          for (let i = 0; i < rows.length; i += 5_000)
            await trx
              .insertInto('link_clicks')
              .values(rows.slice(i, i + 5_000))
              .execute();
          written += n;
          await trx
            .insertInto('offer_days')
            .values({
              offer_id: offers[o]!.id,
              campaign_id: campaign.id,
              day,
              clicks: n,
              clicks_bot: Math.floor(n / 10),
              clicks_repeat: Math.floor(n / 7),
              redemptions: o % 3,
              redeemed_cents: (o % 3) * 4_500,
              bot_posts: d % 4 === 0 ? 2 : 0,
            })
            .execute();
          // Two verified overlay minutes an offer a day.
          const minute = Math.floor(dayMs / 60_000);
          await trx
            .insertInto('overlay_minutes')
            .values([
              { offer_id: offers[o]!.id, minute, seconds: 60, status: 'verified', verified_seconds: 60, viewers: 120 },
              {
                offer_id: offers[o]!.id,
                minute: minute + 1,
                seconds: 60,
                status: 'verified',
                verified_seconds: 45,
                viewers: 80,
              },
            ])
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      });
    }
    const stored = await sql<{ n: number }>`select count(*) as n from link_clicks`.execute(db);
    log(
      `${Number(stored.rows[0]!.n).toLocaleString('en-US')} clicks in link_clicks over ${DAYS} days and ${OFFERS} offers, written in ${Math.round(performance.now() - started)} ms`,
    );
    if (written !== CLICKS) throw new Error(`wrote ${written} clicks, not ${CLICKS}`);
    token = await app.services.tokens.issue(advertiserId!, 0);
    await app.close();
  }

  const server = await startServer(dataDir);
  try {
    const headers = { authorization: `Bearer ${token}` };
    const time = async (pathAndQuery: string) => {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS + 10; i++) {
        const start = performance.now();
        const response = await fetch(`${server.url}${pathAndQuery}`, { headers });
        const body = (await response.json()) as { report?: { totals: { clicks: number } } };
        if (response.status !== 200) throw new Error(`GET ${pathAndQuery}: ${response.status}`);
        if (i >= 10) times.push(performance.now() - start);
        if (i === 0)
          log(
            `${pathAndQuery.split('?')[0]}${pathAndQuery.includes('?') ? ' (one creator)' : ''}: ${body.report!.totals.clicks.toLocaleString('en-US')} clicks in the report`,
          );
      }
      return times;
    };
    const whole = await time(`/api/campaigns/${campaignId}/report`);
    const one = await time(`/api/campaigns/${campaignId}/report?offerId=${someOffer}`);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    const result = {
      clicks: CLICKS,
      offers: OFFERS,
      days: DAYS,
      p50Ms: round(percentile(whole, 50)),
      p95Ms: round(percentile(whole, 95)),
      creatorP95Ms: round(percentile(one, 95)),
    };
    log(
      `report p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms; one creator's p95 ${result.creatorP95Ms} ms (${ROUNDS} each)`,
    );
    return result;
  } finally {
    server.child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
