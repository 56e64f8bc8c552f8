// The brand's report (docs/product.md §The brand's report) on SQLite and PostgreSQL: per UTC day and per creator, the
// overlay's verified seconds and impressions, counted and refused clicks, redemptions, bot posts and the spend, with
// click rate, CPM and CPC; one creator's report; the CSV; share links that open the same report without a session and
// stop at once when revoked; and every endpoint tried with the wrong user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpDay } from '../../server/deliverables/days.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, connectChannel, day, type Account } from './market.ts';

describe.each(BACKENDS)('the brand’s report on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;
  let advertiser: Account;
  let other: Account;
  let world: { campaignId: string; ana: { offerId: string; creator: Account }; ben: { offerId: string } };

  const db = () => api.castbridge.db;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    operator = await account(api, 'operator');
    advertiser = await approvedAdvertiser(api, operator);
    other = await approvedAdvertiser(api, operator);
    const country = 'Tuvalu';
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({
        payCents: 10_000,
        spots: 2,
        targeting: { ...campaignInput().targeting, countries: [country] },
        deliverable: {
          ...campaignInput().deliverable,
          startsOn: day(-2),
          link: { url: 'https://nova.example/gg', clicks: 1000 },
          promo: { redemptions: 50 },
        },
      }),
    });
    expect(created.status, created.text).toBe(201);
    const campaignId = (created.body.campaign as { id: string }).id;
    const names = ['Ana', 'Ben'];
    const creators: Account[] = [];
    for (const name of names) {
      const creator = await account(api, 'creator', {
        first_name: name,
        last_name: 'Reyes',
        language: 'English',
        country,
        type_content: 'Speedruns',
      });
      await connectChannel(api, creator);
      creators.push(creator);
    }
    const launched = await api.request('POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token });
    expect(launched.status, launched.text).toBe(200);
    await api.castbridge.services.jobs.drain();
    const offerIds: string[] = [];
    for (const creator of creators) {
      const offers = (await api.request('GET', '/api/offers', { token: creator.token })).body.offers as {
        id: string;
        campaignId: string;
      }[];
      const offerId = offers.find((o) => o.campaignId === campaignId)!.id;
      const accepted = await api.request('POST', `/api/offers/${offerId}/accept`, { token: creator.token });
      expect(accepted.status, accepted.text).toBe(200);
      offerIds.push(offerId);
    }
    world = {
      campaignId,
      ana: { offerId: offerIds[0]!, creator: creators[0]! },
      ben: { offerId: offerIds[1]! },
    };
    // Two days of counts as the counters leave them, and verified overlay minutes on the first.
    const key = (offerId: string, offset: number) => ({ offerId, campaignId, day: day(offset) });
    await bumpDay(db(), key(world.ana.offerId, -1), {
      clicks: 40,
      clicks_bot: 5,
      clicks_repeat: 3,
      redemptions: 2,
      redeemed_cents: 9_000,
    });
    await bumpDay(db(), key(world.ana.offerId, 0), { clicks: 10, clicks_limited: 2, bot_posts: 3 });
    await bumpDay(db(), key(world.ben.offerId, -1), {
      clicks: 50,
      clicks_inactive: 1,
      redemptions: 1,
      redeemed_cents: 2_500,
    });
    const yesterday = Math.floor(Date.parse(`${day(-1)}T12:00:00Z`) / 60_000);
    await db()
      .insertInto('overlay_minutes')
      .values([
        // 2 verified minutes at 100 and 50 viewers: 60 × 100 / 60 + 60 × 50 / 60 = 150 impressions; one pending minute.
        {
          offer_id: world.ana.offerId,
          minute: yesterday,
          seconds: 60,
          status: 'verified',
          verified_seconds: 60,
          viewers: 100,
        },
        {
          offer_id: world.ana.offerId,
          minute: yesterday + 1,
          seconds: 60,
          status: 'verified',
          verified_seconds: 60,
          viewers: 50,
        },
        {
          offer_id: world.ana.offerId,
          minute: yesterday + 2,
          seconds: 60,
          status: 'pending',
          verified_seconds: 0,
          viewers: null,
        },
        {
          offer_id: world.ben.offerId,
          minute: yesterday,
          seconds: 60,
          status: 'verified',
          verified_seconds: 30,
          viewers: 100,
        },
      ])
      .execute();
    // Ben's offer completed yesterday: $100 of spend that day.
    await db()
      .updateTable('offers')
      .set({ completed_at: `${day(-1)}T15:00:00.000Z`, earned_cents: 9_000, fee_cents: 1_000 })
      .where('id', '=', world.ben.offerId)
      .execute();
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  const report = (query = '', who: Account | null = advertiser) =>
    api.request('GET', `/api/campaigns/${world.campaignId}/report${query}`, who ? { token: who.token } : {});

  it('adds up each day and each creator, with click rate, CPM and CPC', async () => {
    const answer = await report();
    expect(answer.status, answer.text).toBe(200);
    const r = answer.body.report as {
      from: string;
      to: string;
      days: { day: string; clicks: number; refusedClicks: number; impressions: number; spendCents: number }[];
      totals: Record<string, number | null>;
      creators: { name: string; totals: Record<string, number | null> }[];
      campaign: { budgetCents: number; asks: Record<string, boolean> };
    };
    // From the campaign's first day to today.
    expect([r.from, r.to]).toEqual([day(-2), day(0)]);
    expect(r.days.map((d) => d.day)).toEqual([day(-2), day(-1), day(0)]);
    expect(r.days[0]).toMatchObject({ clicks: 0, refusedClicks: 0, impressions: 0, spendCents: 0 });
    expect(r.days[1]).toMatchObject({ clicks: 90, refusedClicks: 9, impressions: 200, spendCents: 10_000 });
    expect(r.days[2]).toMatchObject({ clicks: 10, refusedClicks: 2, impressions: 0, spendCents: 0 });
    expect(r.totals).toMatchObject({
      verifiedSeconds: 150,
      impressions: 200,
      clicks: 100,
      refusedClicks: 11,
      redemptions: 3,
      redeemedCents: 11_500,
      botPosts: 3,
      spendCents: 10_000,
      clickRate: 0.5,
      cpmCents: 50_000,
      cpcCents: 100,
    });
    expect(r.campaign.budgetCents).toBe(20_000);
    // What the campaign asked for, so the screens show only those figures (issue 48 item 4).
    expect(r.campaign.asks).toEqual({ overlay: true, link: true, chat: false, promo: true });
    // Offers made in one launch share their created_at: compare by name.
    const byName = [...r.creators].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName.map((c) => [c.name, c.totals.clicks, c.totals.spendCents])).toEqual([
      ['Ana Reyes', 50, 0],
      ['Ben Reyes', 50, 10_000],
    ]);
  });

  it('one creator’s report, a chosen range, and the refusals of a bad query', async () => {
    const one = await report(`?offerId=${world.ana.offerId}&from=${day(-1)}&to=${day(-1)}`);
    expect(one.status, one.text).toBe(200);
    expect(one.body.report).toMatchObject({
      offerId: world.ana.offerId,
      totals: { clicks: 40, impressions: 150, verifiedSeconds: 120, redemptions: 2, spendCents: 0 },
      creators: [{ name: 'Ana Reyes' }],
    });
    expect((await report(`?offerId=${crypto.randomUUID()}`)).status).toBe(404);
    expect((await report('?from=yesterday')).status).toBe(400);
    expect((await report(`?from=${day(0)}&to=${day(-1)}`)).status).toBe(400);
    expect((await report(`?from=${day(-400)}&to=${day(0)}`)).status).toBe(400);
  });

  it('downloads the days as CSV', async () => {
    const answer = await api.request('GET', `/api/campaigns/${world.campaignId}/report/csv`, {
      token: advertiser.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="castbridge-report-/);
    // Every cell is quoted (server/http/csv.ts); none of these holds a quote or a comma.
    const lines = answer.text
      .trim()
      .split(/\r?\n/)
      .map((line) => line.replaceAll('"', ''));
    expect(lines[0]).toBe(
      'day,verified_minutes,impressions,clicks,refused_clicks,click_rate,redemptions,redeemed,bot_posts,spend',
    );
    expect(lines[2]).toBe(`${day(-1)},2.5,200,90,9,0.4500,3,115.00,0,100.00`);
    expect(lines.at(-1)).toBe('total,2.5,200,100,11,0.5000,3,115.00,3,100.00');
  });

  it('share links open the same report without a session, and stop at once when revoked', async () => {
    const created = await api.request('POST', `/api/campaigns/${world.campaignId}/report/shares`, {
      token: advertiser.token,
      json: { label: 'Our CMO' },
    });
    expect(created.status, created.text).toBe(201);
    const share = created.body.share as { id: string; url: string; label: string };
    expect(share.url).toMatch(/\/reports\/[A-Za-z0-9_-]{43}$/);
    const token = share.url.split('/').pop()!;
    const listed = await api.request('GET', `/api/campaigns/${world.campaignId}/report/shares`, {
      token: advertiser.token,
    });
    expect(listed.body.shares).toEqual([
      expect.objectContaining({ id: share.id, label: 'Our CMO', url: null, revokedAt: null }),
    ]);
    // Only the hash is stored.
    const stored = await db()
      .selectFrom('report_shares')
      .selectAll()
      .where('id', '=', share.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);

    const opened = await api.request('GET', `/api/reports/${token}`);
    expect(opened.status, opened.text).toBe(200);
    const own = await report();
    expect({ ...(opened.body.report as object), generatedAt: '' }).toEqual({
      ...(own.body.report as object),
      generatedAt: '',
    });
    expect((await api.request('GET', `/api/reports/${token}?offerId=${world.ben.offerId}`)).status).toBe(200);

    const revoked = await api.request('DELETE', `/api/campaigns/${world.campaignId}/report/shares/${share.id}`, {
      token: advertiser.token,
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect((revoked.body.share as { revokedAt: string | null }).revokedAt).not.toBeNull();
    const gone = await api.request('GET', `/api/reports/${token}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({
      message: 'This report link is no longer available',
      code: 'deliverables.report_link_gone',
    });
    // In the reader's language, with the same code.
    const spanish = await api.request('GET', `/api/reports/${token}`, { headers: { 'accept-language': 'es-MX' } });
    expect(spanish.body).toEqual({
      message: 'Este enlace al reporte ya no está disponible',
      code: 'deliverables.report_link_gone',
    });
    expect((await api.request('GET', '/api/reports/not-a-token')).status).toBe(404);
  });

  it('answers only the campaign’s advertiser: another advertiser 404, a creator 403, nobody 401', async () => {
    const share = (
      await api.request('POST', `/api/campaigns/${world.campaignId}/report/shares`, {
        token: advertiser.token,
        json: { label: 'Finance' },
      })
    ).body.share as { id: string };
    const calls: [string, string, unknown?][] = [
      ['GET', 'report'],
      ['GET', 'report/csv'],
      ['GET', 'report/shares'],
      ['POST', 'report/shares', { label: 'Me' }],
      ['DELETE', `report/shares/${share.id}`],
    ];
    for (const [method, path, json] of calls) {
      const url = `/api/campaigns/${world.campaignId}/${path}`;
      const as = (who: Account | null) =>
        api.request(method, url, { ...(who ? { token: who.token } : {}), ...(json ? { json } : {}) });
      expect((await as(other)).status, `${method} ${path} other advertiser`).toBe(404);
      expect((await as(world.ana.creator)).status, `${method} ${path} creator`).toBe(403);
      expect((await as(operator)).status, `${method} ${path} operator`).toBe(403);
      expect((await as(null)).status, `${method} ${path} nobody`).toBe(401);
    }
    // Another advertiser cannot revoke this campaign's link through its own campaign either.
    const theirs = await api.request('POST', '/api/campaigns', { token: other.token, json: campaignInput() });
    const theirId = (theirs.body.campaign as { id: string }).id;
    expect(
      (await api.request('DELETE', `/api/campaigns/${theirId}/report/shares/${share.id}`, { token: other.token }))
        .status,
    ).toBe(404);
    const still = await api.request('GET', `/api/campaigns/${world.campaignId}/report/shares`, {
      token: advertiser.token,
    });
    expect(
      (still.body.shares as { id: string; revokedAt: string | null }[]).find((s) => s.id === share.id)?.revokedAt,
    ).toBeNull();
  });
});
