// Analytics from real data (docs/product.md §Analytics) on SQLite and PostgreSQL: the collector against the OAuth stand-in speaking
// Helix and the YouTube Data API (a connect collects at once; live every 15 minutes, idle hourly; token refresh; a
// 429 waits for Ratelimit-Reset; a revoked grant → "reconnect"; a scope missing), the aggregation of stored series
// (totals carried forward, changes over the range, viewers averaged against the previous range, months of a year),
// donations from the chat archive's tags, chat activity per stream, and sponsorships — revenue from the ledger,
// display minutes and impressions per offer for the creator, per campaign for the advertiser — with the wrong users.
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_RANGES, COLLECT_IDLE_MS, COLLECT_LIVE_MS, type AnalyticsRange } from '../../contract/analytics.ts';
import type { AdvertiserAnalytics, AnalyticsMetric, CreatorAnalytics } from '../../contract/schemas/analytics.ts';
import { windowOf } from '../../server/analytics/aggregate.ts';
import { createOAuthStandIn, standInChannelId, type OAuthStandIn } from '../../standins/oauth.ts';
import { BACKENDS, makeBackend, startApp, until, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, connectChannel, type Account } from './market.ts';
import { connect, serveStandIn, standInSettings, testClient } from './oauth-flow.ts';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Days from `from` to `to`, both included (YYYY-MM-DD). */
const daysIn = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY + 1;
/** The span a range names, ending today: 7, 30 or 90 days, or twelve months back to the day after today's date a year ago. */
function spanOf(range: AnalyticsRange, now: number): number {
  const today = new Date(now);
  if (range !== '12m') return Number(range.slice(0, -1));
  return (
    (Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) -
      Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), today.getUTCDate())) /
    DAY
  );
}
/** A year's points: a month each, the first one partial unless today ends a month (then 12 whole ones). */
function yearPoints(now: number): number {
  const today = new Date(now);
  return today.getUTCDate() === new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0)).getUTCDate()
    ? 12
    : 13;
}

describe('the range windows', () => {
  // Mid-month (the review's example), a leap day, a month's last and first day, just before midnight.
  const moments = [
    '2026-03-15T12:00:00Z',
    '2024-02-29T23:59:59Z',
    '2026-03-31T00:00:00Z',
    '2026-01-01T00:30:00Z',
    '2025-12-31T23:59:59Z',
  ].map((at) => Date.parse(at));
  it.each(ANALYTICS_RANGES)(
    '%s: ends today, covers the named span, the previous range as long right before it; the buckets tile it',
    (range) => {
      for (const now of moments) {
        const window = windowOf(range, now);
        const at = new Date(now).toISOString();
        expect(window.to, at).toBe(isoDay(now));
        expect(daysIn(window.from, window.to), at).toBe(spanOf(range, now));
        expect(daysIn(window.prevFrom, window.prevTo), at).toBe(spanOf(range, now));
        expect(isoDay(Date.parse(window.prevTo) + DAY), at).toBe(window.from);
        // One point a day (7 d, 30 d), a week (90 d: 13, the first one shorter), a month (12 m: the first and the
        // current one partial); together exactly the range.
        const { buckets } = window;
        expect(buckets.length, at).toBe(
          range === '7d' ? 7 : range === '30d' ? 30 : range === '90d' ? 13 : yearPoints(now),
        );
        expect(buckets[0]!.start, at).toBe(window.from);
        expect(buckets.at(-1)!.end, at).toBe(isoDay(Date.parse(window.to) + DAY));
        for (let i = 1; i < buckets.length; i += 1) expect(buckets[i]!.start, at).toBe(buckets[i - 1]!.end);
        if (range === '90d') expect(buckets.slice(1).every((b) => daysIn(b.start, b.end) === 8)).toBe(true);
        if (range === '12m') expect(buckets.slice(1).every((b) => b.start.endsWith('-01'))).toBe(true);
      }
    },
  );
  it('12 months: a month a point, the first one with its year', () => {
    expect(windowOf('12m', Date.parse('2026-03-15T12:00:00Z')).buckets.map((b) => b.label)).toEqual([
      'Mar 2025',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
      'Jan 2026',
      'Feb',
      'Mar',
    ]);
    expect(windowOf('12m', Date.parse('2026-03-31T12:00:00Z')).buckets.map((b) => b.label)).toEqual([
      'Apr 2025',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
      'Jan 2026',
      'Feb',
      'Mar',
    ]);
  });
  it('labels its points in the language asked for: months and days in Spanish', () => {
    const at = Date.parse('2026-03-15T12:00:00Z');
    expect(windowOf('12m', at, 'es-MX').buckets.map((b) => b.label)).toEqual(
      // prettier-ignore
      ['mar 2025', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic', 'ene 2026', 'feb', 'mar'],
    );
    expect(windowOf('7d', at, 'es-MX').buckets.map((b) => b.label)).toEqual(
      // prettier-ignore
      ['9 mar', '10 mar', '11 mar', '12 mar', '13 mar', '14 mar', '15 mar'],
    );
    expect(windowOf('7d', at).buckets.at(-1)!.label).toBe('Mar 15');
  });
});

describe.each(BACKENDS)('analytics on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let standIn: OAuthStandIn;
  let server: ServerType;
  let n = 0;
  const channelName = (tag: string) => `an_${tag}_${backendName}_${(n += 1)}`;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    standIn = createOAuthStandIn(testClient);
    const served = await serveStandIn(standIn);
    server = served.server;
    api = await startApp(backend, { ...standInSettings(served.base), TWITCH_CHAT_URL: 'ws://127.0.0.1:9' });
  });
  afterAll(async () => {
    await api?.close();
    server?.close();
    await backend?.cleanup();
  });

  const analytics = async (who: Account, range: AnalyticsRange = '30d', headers: Record<string, string> = {}) => {
    const answer = await api.request('GET', `/api/analytics?range=${range}`, { token: who.token, headers });
    expect(answer.status, answer.text).toBe(200);
    return answer.body as unknown as CreatorAnalytics;
  };
  const metric = (figures: CreatorAnalytics, platform: 'twitch' | 'youtube', key: AnalyticsMetric['key']) =>
    figures[platform].metrics.find((m) => m.key === key)!;
  const collection = (creator: Account, platform: 'twitch' | 'youtube') =>
    api.castbridge.db
      .selectFrom('metric_collection')
      .selectAll()
      .where('user_id', '=', creator.id)
      .where('platform', '=', platform)
      .executeTakeFirst();
  const job = (creator: Account, platform: string) =>
    api.castbridge.db
      .selectFrom('jobs')
      .selectAll()
      .where('key', '=', `collect:${creator.id}:${platform}`)
      .executeTakeFirst();
  /** A creator with Twitch connected through the stand-in, once its first collection has run. */
  async function connectedCreator(platform: 'twitch' | 'youtube' = 'twitch') {
    const creator = await account(api, 'creator');
    const channel = channelName(platform);
    expect((await connect(api, creator, platform, channel)).get('connected')).toBe(platform);
    await until(
      () => collection(creator, platform),
      (row) => row?.status === 'ok',
    );
    return { creator, channel };
  }

  it('the wrong users: anonymous 401, operators 403, an unknown range 400', async () => {
    expect((await api.request('GET', '/api/analytics')).status).toBe(401);
    const operator = await account(api, 'operator');
    const refused = await api.request('GET', '/api/analytics', { token: operator.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Analytics are for creators and advertisers');
    const creator = await account(api, 'creator');
    const bad = await api.request('GET', '/api/analytics?range=5y', { token: creator.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/range/);
  });

  it('nothing connected: every card says why, no invented figure; the range has its points', async () => {
    const creator = await account(api, 'creator');
    for (const [range, points] of [
      ['7d', 7],
      ['30d', 30],
      ['90d', 13],
      ['12m', yearPoints(Date.now())],
    ] as const) {
      const figures = await analytics(creator, range);
      expect(figures.role).toBe('creator');
      expect(figures.twitch.channel).toBeNull();
      for (const platform of ['twitch', 'youtube'] as const) {
        for (const card of figures[platform].metrics) {
          expect(card.current, `${platform} ${card.key}`).toBeNull();
          expect(card.missing?.reason).toBe('not_connected');
          expect(card.points).toHaveLength(points);
          expect(card.points.every((p) => p.value === null)).toBe(true);
        }
      }
      expect(figures.sponsorships).toMatchObject({
        revenueCents: 0,
        activeOffers: 0,
        displayMinutes: 0,
        impressions: 0,
        offers: [],
      });
    }
    // The spec's cards first: Twitch Followers, Viewers, Donations; YouTube Subscribers, Donations.
    const figures = await analytics(creator);
    expect(figures.twitch.metrics.map((m) => m.title)).toEqual(['Followers', 'Viewers', 'Donations', 'Subscribers']);
    expect(figures.youtube.metrics.map((m) => m.title)).toEqual(['Subscribers', 'Donations', 'Viewers', 'Views']);
    expect(metric(figures, 'twitch', 'followers').missing!.message).toBe(
      'Not connected: connect your Twitch account on Connect Accounts to see your followers.',
    );
    // In the request's language: the cards, why each is empty, the points' labels.
    const spanish = await analytics(creator, '12m', { 'accept-language': 'es-MX,es;q=0.9' });
    expect(spanish.twitch.metrics.map((m) => m.title)).toEqual([
      'Seguidores',
      'Espectadores',
      'Donaciones',
      'Suscriptores',
    ]);
    expect(metric(spanish, 'twitch', 'followers')).toMatchObject({
      source:
        'Twitch Helix: el total de seguidores de tu canal, leído cada hora (cada 15 minutos mientras estás en vivo).',
      missing: {
        reason: 'not_connected',
        message: 'Sin conectar: conecta tu cuenta de Twitch en Conectar cuentas para ver tus seguidores.',
      },
    });
    const english = await analytics(creator, '12m');
    const months = (figures: CreatorAnalytics) => figures.twitch.metrics[0]!.points.map((p) => p.label);
    expect(months(spanish)).toHaveLength(months(english).length);
    expect(months(spanish)).not.toEqual(months(english));
    expect(months(spanish).every((label) => /^[a-z]{3,4}( \d{4})?$/.test(label))).toBe(true);
    // The answer says that it varies by language.
    const asked = await api.request('GET', '/api/analytics', { token: creator.token });
    expect(asked.headers.get('vary')).toMatch(/Accept-Language/i);
  });

  it('a connect collects at once: the figures are the platform’s; not live, the next run is in an hour', async () => {
    const { creator, channel } = await connectedCreator();
    const expected = standIn.figures.get('twitch', channel);
    const figures = await analytics(creator);
    expect(metric(figures, 'twitch', 'followers')).toMatchObject({
      current: expected.followers,
      change: 0,
      missing: null,
    });
    expect(metric(figures, 'twitch', 'followers').points.at(-1)!.value).toBe(expected.followers);
    expect(metric(figures, 'twitch', 'subscribers')).toMatchObject({ current: expected.subscribers, missing: null });
    expect(metric(figures, 'twitch', 'viewers').missing).toEqual({
      reason: 'pending',
      message: 'No live stream collected yet: viewers are sampled every 15 minutes while you are live.',
    });
    expect(metric(figures, 'twitch', 'donations').missing!.reason).toBe('unavailable');
    expect(figures.twitch.channel).toEqual({ login: channel, displayName: channel, status: 'connected' });
    const row = (await collection(creator, 'twitch'))!;
    expect(Number(row.next_at) - Number(row.last_at)).toBe(COLLECT_IDLE_MS);
    expect(Number((await job(creator, 'twitch'))!.run_at)).toBe(Number(row.next_at));

    // Live: viewers are sampled, the next run is in 15 minutes.
    standIn.twitch.setLive(channel, true);
    standIn.figures.set('twitch', channel, { viewers: 150, followers: expected.followers + 7 });
    await api.castbridge.services.collector.collect(creator.id, 'twitch');
    const live = await analytics(creator);
    expect(metric(live, 'twitch', 'viewers')).toMatchObject({
      current: 150,
      currentLabel: 'average while live',
      missing: null,
    });
    expect(metric(live, 'twitch', 'followers')).toMatchObject({ current: expected.followers + 7, change: 7 });
    expect(live.twitch.collection).toMatchObject({ status: 'ok', live: true });
    const again = (await collection(creator, 'twitch'))!;
    expect(Number(again.next_at) - Number(again.last_at)).toBe(COLLECT_LIVE_MS);
    standIn.twitch.setLive(channel, false);
  });

  it('stored series: totals carried forward and their change over the range; viewers averaged against the previous range; a year by month', async () => {
    const creator = await account(api, 'creator');
    const now = Date.now();
    const write = (at: number, samples: Record<string, number>) =>
      api.castbridge.services.metrics.write(creator.id, 'twitch', at, samples);
    // Two samples of a day are taken around its noon (UTC), so that they share their day whatever the time the test runs.
    const noon = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate(), 12);
    await write(now - 200 * DAY, { followers: 500 });
    await write(noon - 40 * DAY, { followers: 900, viewers: 10 });
    await write(noon - 40.01 * DAY, { viewers: 30 });
    await write(noon - 20 * DAY, { followers: 950, viewers: 60 });
    await write(noon - 19.9 * DAY, { viewers: 80 });
    await write(now, { followers: 1000 });
    // The same moment again (a retried collection) counts once.
    await write(noon - 20 * DAY, { followers: 950, viewers: 60 });

    const month = await analytics(creator, '30d');
    const followers = metric(month, 'twitch', 'followers');
    expect(followers).toMatchObject({ current: 1000, change: 100, changeLabel: 'in 30 days', missing: null });
    const values = followers.points.map((p) => p.value);
    expect(values[0]).toBe(900);
    expect(values.at(-1)).toBe(1000);
    expect(values.filter((v) => v === 950).length).toBeGreaterThanOrEqual(19);
    const viewers = metric(month, 'twitch', 'viewers');
    // This range: (60 + 80) / 2; the previous 30 days: (10 + 30) / 2.
    expect(viewers).toMatchObject({ current: 70, change: 50, changeLabel: 'vs the previous 30 days' });
    expect(viewers.points.filter((p) => p.value !== null).map((p) => p.value)).toEqual([70]);

    const year = await analytics(creator, '12m');
    const yearly = metric(year, 'twitch', 'followers');
    expect(yearly.points).toHaveLength(yearPoints(now));
    expect(yearly.points.at(-1)!.value).toBe(1000);
    expect(yearly).toMatchObject({ current: 1000, change: 500 });
    // Before the first sample nothing is known; from its month on, the total carries forward.
    const firstKnown = yearly.points.findIndex((p) => p.value !== null);
    expect(yearly.points.slice(0, firstKnown).every((p) => p.value === null)).toBe(true);
    expect(yearly.points.slice(firstKnown).every((p) => p.value !== null)).toBe(true);
    // The rollup: one row a day and series, whatever the samples.
    const rows = await api.castbridge.db
      .selectFrom('metric_days')
      .selectAll()
      .where('user_id', '=', creator.id)
      .where('metric', '=', 'viewers')
      .execute();
    expect(rows.reduce((sum, r) => sum + Number(r.samples), 0)).toBe(4);
    expect(rows.length).toBeLessThanOrEqual(4);
  });

  it('every range ends today and is compared with as long a range before it: a steady series shows no change', async () => {
    const creator = await account(api, 'creator');
    const now = Date.now();
    const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
    // Two years and more of days: 10 followers more each day, 50 viewers each live day, 100 bits each day.
    const days = Array.from({ length: 2 * 366 + 10 }, (_, i) => i);
    await api.castbridge.services.metrics.writeMany(
      creator.id,
      'twitch',
      days.map((i) => ({ at: today - i * DAY + 60_000, samples: { followers: 100_000 - 10 * i, viewers: 50 } })),
    );
    await api.castbridge.services.archive.write(
      { userId: creator.id, platform: 'twitch', channelId: `steady-${backendName}`, channel: 'steady_channel' },
      {
        messages: days.map((i) => ({
          msgId: `s${i}`,
          sentAt: today - i * DAY + 60_000,
          chatterId: 'c1',
          login: 'fan',
          displayName: 'Fan',
          color: null,
          badges: '',
          emotes: null,
          bits: 100,
          kind: 'privmsg',
          text: 'Cheer100',
        })),
        moderation: [],
        skipped: 0,
        seenAt: now,
      },
    );
    for (const range of ANALYTICS_RANGES) {
      const figures = await analytics(creator, range);
      const span = spanOf(range, now);
      expect(figures.to, range).toBe(isoDay(now));
      expect(daysIn(figures.from, figures.to), range).toBe(span);
      const followers = metric(figures, 'twitch', 'followers');
      expect(followers, range).toMatchObject({ current: 100_000, change: 10 * span });
      expect(metric(figures, 'twitch', 'viewers'), range).toMatchObject({ current: 50, change: 0 });
      const donations = metric(figures, 'twitch', 'donations');
      expect(donations, range).toMatchObject({ current: 100 * span, change: 0 });
      // The chart's points add up to the range: none before it, none after today.
      expect(
        donations.points.reduce((sum, p) => sum + p.value!, 0),
        range,
      ).toBe(100 * span);
      expect(donations.points[0]!.start, range).toBe(figures.from);
      expect(donations.points.every((p) => p.start <= figures.to)).toBe(true);
    }
  });

  it('a token about to expire is refreshed before collecting', async () => {
    standIn.setTokenLifetime(60);
    const before = standIn.calls.grants.filter((grant) => grant === 'refresh_token').length;
    const { creator } = await connectedCreator();
    standIn.setTokenLifetime(4 * 3600);
    expect(standIn.calls.grants.filter((grant) => grant === 'refresh_token').length).toBeGreaterThan(before);
    expect(metric(await analytics(creator), 'twitch', 'followers').missing).toBeNull();
  });

  it('a 429 waits for Ratelimit-Reset: rate limited, the next run when the platform says', async () => {
    const { creator } = await connectedCreator();
    standIn.twitch.rateLimit(1, 120_000);
    await api.castbridge.services.collector.collect(creator.id, 'twitch');
    const row = (await collection(creator, 'twitch'))!;
    expect(row.status).toBe('rate_limited');
    const resetAt = Math.ceil((Date.now() + 120_000) / 1000) * 1000;
    expect(Math.abs(Number(row.next_at) - resetAt)).toBeLessThanOrEqual(2000);
    expect(Number((await job(creator, 'twitch'))!.run_at)).toBe(Number(row.next_at));
    const figures = await analytics(creator);
    expect(figures.twitch.collection).toMatchObject({ status: 'rate_limited' });
    // What was collected before stays.
    expect(metric(figures, 'twitch', 'followers').missing).toBeNull();
  });

  it('a grant revoked on the platform: the account and the tab say "reconnect"; no more runs until connected again', async () => {
    const { creator, channel } = await connectedCreator();
    standIn.revokeChannel('twitch', channel);
    await api.castbridge.services.collector.collect(creator.id, 'twitch');
    expect((await collection(creator, 'twitch'))!.status).toBe('reconnect');
    const cards = await api.request('GET', '/api/connections', { token: creator.token });
    expect(
      (cards.body.connections as { platform: string; account: { status: string } | null }[]).find(
        (c) => c.platform === 'twitch',
      )!.account!.status,
    ).toBe('reconnect');
    const figures = await analytics(creator);
    expect(figures.twitch.channel!.status).toBe('reconnect');
    expect(figures.twitch.collection).toMatchObject({
      status: 'reconnect',
      problem: 'Twitch no longer accepts Castbridge’s connection: connect Twitch again on Connect Accounts.',
    });
    expect(metric(figures, 'twitch', 'viewers').missing!.reason).toBe('reconnect');
    expect((await job(creator, 'twitch')) ?? null).toBeNull();
    // Connecting again starts it again.
    expect((await connect(api, creator, 'twitch', channel)).get('connected')).toBe('twitch');
    await until(
      () => collection(creator, 'twitch'),
      (row) => row?.status === 'ok',
    );
  });

  it('a scope not granted: those cards say so, the others are collected', async () => {
    const creator = await account(api, 'creator');
    const channel = channelName('scope');
    // The grant as an older connection left it: chat only.
    await api.castbridge.services.jobs.stop();
    expect((await connect(api, creator, 'twitch', channel)).get('connected')).toBe('twitch');
    await api.castbridge.db
      .updateTable('connected_accounts')
      .set({ scopes: 'chat:read' })
      .where('user_id', '=', creator.id)
      .execute();
    api.castbridge.services.jobs.start();
    await until(
      () => collection(creator, 'twitch'),
      (row) => row?.status === 'ok',
    );
    const figures = await analytics(creator);
    expect(metric(figures, 'twitch', 'followers').missing).toEqual({
      reason: 'scope',
      message:
        'Scope missing: the Twitch connection does not allow reading your followers. Connect Twitch again and allow it.',
    });
    expect(metric(figures, 'twitch', 'subscribers').missing!.reason).toBe('scope');
  });

  it('a channel that is not an Affiliate has no subscriber count: the card says why', async () => {
    const creator = await account(api, 'creator');
    const channel = channelName('plain');
    standIn.figures.set('twitch', channel, { subscribers: null });
    expect((await connect(api, creator, 'twitch', channel)).get('connected')).toBe('twitch');
    await until(
      () => collection(creator, 'twitch'),
      (row) => row?.status === 'ok',
    );
    const why = {
      reason: 'unavailable',
      message: 'Twitch gives subscriber counts only for Affiliate and Partner channels.',
    };
    expect(metric(await analytics(creator), 'twitch', 'subscribers').missing).toEqual(why);

    // A rate-limited run and a failed one say what happened to the run; the card keeps its reason.
    standIn.twitch.rateLimit(1, 3_000);
    await api.castbridge.services.collector.collect(creator.id, 'twitch');
    let figures = await analytics(creator);
    expect(figures.twitch.collection).toMatchObject({
      status: 'rate_limited',
      problem: expect.stringMatching(/ asked to slow down: collecting again at \d\d:\d\d UTC\.$/),
    });
    expect(figures.twitch.collection!.problem).not.toContain('subscribers');
    expect(metric(figures, 'twitch', 'subscribers').missing).toEqual(why);
    // Until Twitch's reset the token's budget is refused: the next run asks nothing, and is scheduled at the reset.
    const { governor } = api.castbridge.services;
    const credential = `user:${standInChannelId('twitch', channel)}`;
    const refused = governor.remaining('twitch', credential, 'analytics');
    expect(refused.refused).toBe(true);
    // Followers are asked by the collector alone.
    const followersBefore = standIn.calls.helix['channels/followers'];
    await api.castbridge.services.collector.collect(creator.id, 'twitch');
    expect(standIn.calls.helix['channels/followers']).toBe(followersBefore);
    const limited = (await collection(creator, 'twitch'))!;
    expect(limited).toMatchObject({
      status: 'rate_limited',
      problem: expect.stringMatching(
        /^Twitch’s limit for Castbridge’s calls is reached for now: collecting again at \d\d:\d\d UTC\./,
      ),
    });
    expect(Number(limited.next_at)).toBe(refused.resetAt);
    expect(Number((await job(creator, 'twitch'))!.run_at)).toBe(refused.resetAt);
    const budget = (await governor.budgets()).find((b) => b.provider === 'twitch' && b.credential === credential)!;
    expect(budget.refusedUntil).toBe(refused.resetAt);
    expect(budget.deferred).toEqual([
      { purpose: 'analytics_collection', priority: 'analytics', count: 1, until: refused.resetAt },
    ]);
    const { connections } = api.castbridge.services;
    const accessToken = connections.accessToken;
    connections.accessToken = () => Promise.reject(new Error('socket hang up'));
    try {
      await api.castbridge.services.collector.collect(creator.id, 'twitch');
    } finally {
      connections.accessToken = accessToken;
    }
    figures = await analytics(creator);
    expect(figures.twitch.collection).toMatchObject({
      status: 'error',
      problem: 'Twitch could not be read (socket hang up): trying again in 5 minutes.',
    });
    expect(metric(figures, 'twitch', 'subscribers').missing).toEqual(why);
    // The next good run (after Twitch's reset) says it again (or not, if the channel has become an Affiliate).
    standIn.figures.set('twitch', channel, { subscribers: 12 });
    await until(
      async () => governor.remaining('twitch', credential, 'analytics').refused,
      (still) => !still,
    );
    await api.castbridge.services.collector.collect(creator.id, 'twitch');
    figures = await analytics(creator);
    expect(figures.twitch.collection).toMatchObject({ status: 'ok', problem: null });
    expect(metric(figures, 'twitch', 'subscribers')).toMatchObject({ current: 12, missing: null });
  });

  it('a fresh token refused once: refreshed once more from the account as stored (Twitch’s refresh tokens are good once), collected', async () => {
    const { creator } = await connectedCreator();
    const { connections } = api.castbridge.services;
    const accessToken = connections.accessToken;
    // The token has run out; the one the refresh gives expires as it is issued, the next one lives.
    await api.castbridge.db
      .updateTable('connected_accounts')
      .set({ expires_at: 0 })
      .where('user_id', '=', creator.id)
      .execute();
    standIn.setTokenLifetime(0);
    connections.accessToken = async (row, options) => {
      const token = await accessToken(row, options);
      standIn.setTokenLifetime(4 * 3600);
      return token;
    };
    const refreshes = standIn.calls.grants.filter((grant) => grant === 'refresh_token').length;
    try {
      await api.castbridge.services.collector.collect(creator.id, 'twitch');
    } finally {
      connections.accessToken = accessToken;
      standIn.setTokenLifetime(4 * 3600);
    }
    expect(standIn.calls.grants.filter((grant) => grant === 'refresh_token').length).toBe(refreshes + 2);
    expect((await collection(creator, 'twitch'))!.status).toBe('ok');
    expect((await connections.account(creator.id, 'twitch'))!.status).toBe('connected');
  });

  it('a token refused again right after a successful refresh: the tab says "reconnect"; no more runs until connected again', async () => {
    const { creator, channel } = await connectedCreator();
    // The token has run out, and the platform's new ones expire as they are issued: both refreshes succeed, the
    // platform still answers 401.
    await api.castbridge.db
      .updateTable('connected_accounts')
      .set({ expires_at: 0 })
      .where('user_id', '=', creator.id)
      .execute();
    standIn.setTokenLifetime(0);
    const refreshes = standIn.calls.grants.filter((grant) => grant === 'refresh_token').length;
    try {
      await api.castbridge.services.collector.collect(creator.id, 'twitch');
    } finally {
      standIn.setTokenLifetime(4 * 3600);
    }
    expect(standIn.calls.grants.filter((grant) => grant === 'refresh_token').length).toBe(refreshes + 2);
    expect((await collection(creator, 'twitch'))!.status).toBe('reconnect');
    const figures = await analytics(creator);
    expect(figures.twitch.channel!.status).toBe('reconnect');
    expect(figures.twitch.collection).toMatchObject({
      status: 'reconnect',
      problem: 'Twitch no longer accepts Castbridge’s connection: connect Twitch again on Connect Accounts.',
    });
    expect(metric(figures, 'twitch', 'viewers').missing!.reason).toBe('reconnect');
    expect((await job(creator, 'twitch')) ?? null).toBeNull();
    // Connect Accounts says so too.
    const cards = (await api.request('GET', '/api/connections', { token: creator.token })).body.connections as {
      platform: string;
      account: { status: string } | null;
    }[];
    expect(cards.find((card) => card.platform === 'twitch')!.account!.status).toBe('reconnect');
    expect((await connect(api, creator, 'twitch', channel)).get('connected')).toBe('twitch');
    await until(
      () => collection(creator, 'twitch'),
      (row) => row?.status === 'ok',
    );
    expect((await analytics(creator)).twitch.channel!.status).toBe('connected');
  });

  it('YouTube: subscribers and views from the channel’s statistics, concurrent viewers of the live broadcast', async () => {
    const { creator, channel } = await connectedCreator('youtube');
    const expected = standIn.figures.get('youtube', channel);
    let figures = await analytics(creator);
    expect(metric(figures, 'youtube', 'subscribers')).toMatchObject({ current: expected.subscribers, missing: null });
    expect(metric(figures, 'youtube', 'views')).toMatchObject({ current: expected.views, missing: null });
    standIn.youtube.setLive(channel, true);
    await api.castbridge.services.collector.collect(creator.id, 'youtube');
    figures = await analytics(creator);
    expect(metric(figures, 'youtube', 'viewers')).toMatchObject({ current: expected.viewers, missing: null });
    standIn.youtube.setLive(channel, false);
    // A used-up quota is rate limited for an hour.
    standIn.youtube.setQuotaExceeded(true);
    await api.castbridge.services.collector.collect(creator.id, 'youtube');
    standIn.youtube.setQuotaExceeded(false);
    const row = (await collection(creator, 'youtube'))!;
    expect(row.status).toBe('rate_limited');
    expect(Number(row.next_at) - Date.now()).toBeGreaterThan(59 * 60_000);
  });

  it('donations from the chat archive: Bits on Twitch, Super Chats on YouTube in their main currency; chat activity per stream', async () => {
    const creator = await account(api, 'creator');
    const { archive } = api.castbridge.services;
    const now = Date.now();
    const line = (id: string, at: number, extra: Record<string, unknown>) => ({
      msgId: id,
      sentAt: at,
      chatterId: id,
      login: `fan_${id}`,
      displayName: `Fan ${id}`,
      color: null,
      badges: '',
      emotes: null,
      bits: null,
      kind: 'privmsg',
      text: 'hi',
      ...extra,
    });
    // Three messages in one minute, a fourth in the next: the busiest minute holds three.
    const minute = Math.floor((now - 2 * 3600_000) / 60_000) * 60_000 + 1000;
    const twitchKey = {
      userId: creator.id,
      platform: 'twitch' as const,
      channelId: `d-${backendName}`,
      channel: 'donor_channel',
    };
    await archive.streamLive(
      twitchKey,
      { streamId: 's-1', title: 'Charity stream', startedAt: now - 3 * 3600_000 },
      now - 3600_000,
    );
    await archive.write(twitchKey, {
      messages: [
        line('b1', minute, { bits: 100 }),
        line('b2', minute + 1000, { bits: 250 }),
        line('b3', minute + 2000, {}),
        line('b4', minute + 70_000, {}),
        line('b5', now - 40 * DAY, { bits: 1000 }),
      ],
      moderation: [],
      skipped: 0,
      seenAt: now,
    });
    const youtubeKey = {
      userId: creator.id,
      platform: 'youtube' as const,
      channelId: `y-${backendName}`,
      channel: 'donor_yt',
    };
    await archive.write(youtubeKey, {
      messages: [
        line('y1', now - 3600_000, { kind: 'superchat', amountMicros: 5_000_000, currency: 'USD' }),
        line('y2', now - 3500_000, { kind: 'superchat', amountMicros: 2_500_000, currency: 'USD' }),
        line('y3', now - 3400_000, { kind: 'superchat', amountMicros: 10_000_000, currency: 'EUR' }),
      ],
      moderation: [],
      skipped: 0,
      seenAt: now,
    });
    const figures = await analytics(creator);
    expect(metric(figures, 'twitch', 'donations')).toMatchObject({
      unit: 'bits',
      current: 350,
      change: 350 - 1000,
      changeLabel: 'vs the previous 30 days',
      missing: null,
    });
    // The day that holds the minute of Bits (yesterday's point when the test runs in the first two hours of a UTC day).
    const bitsDay = metric(figures, 'twitch', 'donations').points.find((p) => p.start === isoDay(minute));
    expect(bitsDay?.value).toBe(350);
    expect(metric(figures, 'youtube', 'donations')).toMatchObject({
      unit: 'USD',
      current: 7.5,
      note: 'Also received (not in the chart): 10.00 EUR in 1 Super Chat.',
    });
    const spanish = await analytics(creator, '30d', { 'accept-language': 'es-MX' });
    expect(metric(spanish, 'twitch', 'donations')).toMatchObject({
      current: 350,
      currentLabel: 'en 30 días',
      changeLabel: 'frente a los 30 días anteriores',
    });
    expect(metric(spanish, 'youtube', 'donations').note).toBe(
      'También recibiste (fuera de la gráfica): 10.00 EUR en 1 Super Chat.',
    );
    expect(figures.twitch.streams).toEqual([
      expect.objectContaining({ title: 'Charity stream', messages: 4, chatters: 4, peakPerMinute: 3 }),
    ]);
  });

  it('sponsorships: revenue per month from the ledger, display minutes and impressions per offer; the advertiser’s campaigns', async () => {
    const operator = await account(api, 'operator');
    const advertiser = await approvedAdvertiser(api, operator);
    const creator = await account(api, 'creator', {
      language: 'English',
      country: 'Bhutan',
      type_content: 'Speedruns on Twitch',
    });
    await connectChannel(api, creator);
    const offerIn = async (title: string) => {
      const created = await api.request('POST', '/api/campaigns', {
        token: advertiser.token,
        json: campaignInput({
          title,
          payCents: 10_000,
          spots: 2,
          targeting: { ...campaignInput().targeting, countries: ['Bhutan'] },
        }),
      });
      expect(created.status, created.text).toBe(201);
      const campaignId = (created.body.campaign as { id: string }).id;
      expect(
        (await api.request('POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token })).status,
      ).toBe(200);
      await api.castbridge.services.jobs.drain();
      const offer = (
        (await api.request('GET', '/api/offers', { token: creator.token })).body.offers as {
          id: string;
          campaignId: string;
        }[]
      ).find((o) => o.campaignId === campaignId)!;
      expect((await api.request('POST', `/api/offers/${offer.id}/accept`, { token: creator.token })).status).toBe(200);
      return { campaignId, offerId: offer.id };
    };
    const shown = await offerIn('Overlay week');
    const delivered = await offerIn('Shout-out');
    // Ten minutes displayed an hour ago while 40 (Twitch) + 10 (YouTube) watched; five more two hours before, with
    // nobody sampled yet (in the past, so that they fall inside the range at any time of day: an hour ahead fell on
    // tomorrow after 23:00 UTC).
    const minute = Math.floor((Date.now() - 3600_000) / 60_000);
    await api.castbridge.services.metrics.write(creator.id, 'twitch', (minute - 5) * 60_000, { viewers: 40 });
    await api.castbridge.services.metrics.write(creator.id, 'youtube', (minute - 2) * 60_000, { viewers: 10 });
    await api.castbridge.db
      .insertInto('overlay_minutes')
      .values([
        ...Array.from({ length: 10 }, (_, i) => ({ offer_id: shown.offerId, minute: minute + i, seconds: 60 })),
        ...Array.from({ length: 5 }, (_, i) => ({ offer_id: shown.offerId, minute: minute - 120 + i, seconds: 60 })),
      ])
      .execute();
    expect(
      (await api.request('POST', `/api/offers/${delivered.offerId}/confirm-delivery`, { token: advertiser.token }))
        .status,
    ).toBe(200);

    const figures = await analytics(creator, '12m');
    expect(figures.sponsorships.revenueCents).toBe(10_000);
    expect(figures.sponsorships.revenue).toHaveLength(yearPoints(Date.now()));
    expect(figures.sponsorships.revenue.at(-1)!.value).toBe(10_000);
    expect(figures.sponsorships.activeOffers).toBe(1);
    const offer = figures.sponsorships.offers.find((o) => o.offerId === shown.offerId)!;
    expect(offer).toMatchObject({ title: 'Overlay week', displayMinutes: 15, impressions: 10 * 50 });
    expect(figures.sponsorships.offers.find((o) => o.offerId === delivered.offerId)).toMatchObject({
      status: 'completed',
      displayMinutes: 0,
    });
    expect(figures.sponsorships).toMatchObject({ displayMinutes: 15, impressions: 500 });
    const week = await analytics(creator, '7d');
    expect(week.sponsorships.revenue.map((p) => p.start.slice(0, 7))).toContain(new Date().toISOString().slice(0, 7));

    const answer = await api.request('GET', '/api/analytics?range=30d', { token: advertiser.token });
    expect(answer.status, answer.text).toBe(200);
    const campaigns = (answer.body as unknown as AdvertiserAnalytics).campaigns;
    expect(campaigns.find((c) => c.id === shown.campaignId)).toMatchObject({
      creatorsReached: 1,
      displayMinutes: 15,
      impressions: 500,
      spendCents: 0,
      budgetCents: 20_000,
    });
    expect(campaigns.find((c) => c.id === delivered.campaignId)).toMatchObject({
      creatorsReached: 0,
      displayMinutes: 0,
      spendCents: 10_000,
      budgetCents: 20_000,
    });
    // A counter-offer accepted at $125 grew the reservation by $25: the budget with it.
    await api.castbridge.db.updateTable('offers').set({ pay_cents: 12_500 }).where('id', '=', shown.offerId).execute();
    const grown = (await api.request('GET', '/api/analytics?range=30d', { token: advertiser.token }))
      .body as unknown as AdvertiserAnalytics;
    expect(grown.campaigns.find((c) => c.id === shown.campaignId)!.budgetCents).toBe(22_500);
    await api.castbridge.db.updateTable('offers').set({ pay_cents: null }).where('id', '=', shown.offerId).execute();
    // Across an hour's start, three days ago: Twitch's sample at 19:50 counts for 20:05–20:09 (within 20 minutes), not
    // for 20:15; YouTube's at 20:20 counts for 20:30.
    const evening = (Math.floor(Date.now() / DAY) - 3) * DAY + 20 * 3_600_000;
    await api.castbridge.services.metrics.write(creator.id, 'twitch', evening - 10 * 60_000, { viewers: 30 });
    await api.castbridge.services.metrics.write(creator.id, 'youtube', evening + 20 * 60_000, { viewers: 10 });
    await api.castbridge.db
      .insertInto('overlay_minutes')
      .values(
        [5, 6, 7, 8, 9, 15, 30].map((m) => ({ offer_id: shown.offerId, minute: evening / 60_000 + m, seconds: 60 })),
      )
      .execute();
    const later = (await api.request('GET', '/api/analytics?range=30d', { token: advertiser.token }))
      .body as unknown as AdvertiserAnalytics;
    expect(later.campaigns.find((c) => c.id === shown.campaignId)).toMatchObject({
      creatorsReached: 1,
      displayMinutes: 15 + 7,
      impressions: 500 + 5 * 30 + 10,
    });
    // Another advertiser sees none of them; the creator's answer names none of the advertiser's others.
    const other = await approvedAdvertiser(api, operator);
    expect(
      ((await api.request('GET', '/api/analytics', { token: other.token })).body as unknown as AdvertiserAnalytics)
        .campaigns,
    ).toEqual([]);
    expect((await analytics(await account(api, 'creator'))).sponsorships.offers).toEqual([]);
  });

  it('a disconnect stops collecting; what was collected stays', async () => {
    const { creator } = await connectedCreator();
    expect((await api.request('DELETE', '/api/connections/twitch', { token: creator.token })).status).toBe(200);
    await until(
      async () => [await job(creator, 'twitch'), await collection(creator, 'twitch')],
      (rows) => rows.every((row) => row === undefined),
    );
    const figures = await analytics(creator);
    expect(figures.twitch.channel).toBeNull();
    expect(metric(figures, 'twitch', 'followers').current).not.toBeNull();
    expect(metric(figures, 'twitch', 'viewers').missing!.reason).toBe('not_connected');
  });
});
