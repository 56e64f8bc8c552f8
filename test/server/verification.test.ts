// Verified delivery (docs/product.md §Settling claims, §Verified delivery) on SQLite and PostgreSQL: the overlay's
// heartbeats are claims, settled against what the platform said (live_streams, live_samples, live_watch, written here
// directly as server/connections/live.ts writes them, with an injected clock). Hours of heartbeats while the channel is
// offline earn nothing; live and disclosed minutes count and complete the offer; undisclosed ones wait for #ad; no
// viewer sample, no count; impressions use the lowest viewers around each minute; two settlements at once count once.
// Also the overlay's status (every reason, in order), the page's presence, and the heartbeat's hashed address — with
// the wrong user and an unknown token.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { countries } from '../../contract/countries.ts';
import { COUNTING_REASONS, type CountingReason } from '../../contract/overlay.ts';
import type { CampaignInput } from '../../contract/schemas/marketplace.ts';
import type { OverlayStatus } from '../../contract/schemas/overlay.ts';
import { checkLedger } from '../../server/money/ledger.ts';
import { GIVE_UP_MS } from '../../server/overlay/verification.ts';
import { BACKENDS, TEST_JWT_SECRET, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, connectChannel, type Account } from './market.ts';

const MINUTE = 60_000;
let countryIndex = 0;
/** A country no other creator of the suite lives in: only the creator made with it matches its campaign. */
const nextCountry = () => countries[(80 + (countryIndex += 1)) % countries.length]!;

describe.each(BACKENDS)('verified delivery on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;
  let advertiser: Account;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    // The platforms are simulated by the rows the tests write: the live poll stays out of the way.
    api = await startApp(backend, { LIVE_POLL_SECONDS: '3600' });
    operator = await account(api, 'operator');
    advertiser = await approvedAdvertiser(api, operator);
  });
  afterEach(async () => {
    vi.useRealTimers();
    expect((await checkLedger(api.castbridge.db)).breaches).toEqual([]);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  const db = () => api.castbridge.db;
  const overlays = () => api.castbridge.services.overlays;
  /** A minute boundary of today (UTC), `hour` hours in: each test has its own stretch of the day. */
  const todayAt = (hour: number) =>
    Date.parse(`${new Date().toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00:00Z`);

  const tokenOf = async (creator: Account) => {
    const answer = await api.request('GET', '/api/overlay', { token: creator.token });
    expect(answer.status, answer.text).toBe(200);
    return (answer.body.overlay as { path: string }).path.split('/').pop()!;
  };

  /** A creator alone in a country, a Twitch channel connected, with an accepted offer of a launched campaign. */
  async function creatorWithOffer(overrides: Partial<CampaignInput> = {}) {
    const country = nextCountry();
    const creator = await account(api, 'creator', {
      language: 'English',
      country,
      type_content: 'Speedruns on Twitch',
    });
    const channel = await connectChannel(api, creator, 'twitch');
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({
        payCents: 10_000,
        targeting: { ...campaignInput().targeting, countries: [country] },
        ...overrides,
      }),
    });
    expect(created.status, created.text).toBe(201);
    const campaignId = (created.body.campaign as { id: string }).id;
    expect((await api.request('POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token })).status).toBe(
      200,
    );
    await api.castbridge.services.jobs.drain();
    const offers = (
      (await api.request('GET', '/api/offers', { token: creator.token })).body.offers as {
        id: string;
        campaignId: string;
      }[]
    ).filter((offer) => offer.campaignId === campaignId);
    expect(offers).toHaveLength(1);
    const offerId = offers[0]!.id;
    const accepted = await api.request('POST', `/api/offers/${offerId}/accept`, { token: creator.token });
    expect(accepted.status, accepted.text).toBe(200);
    // The channel is watched, as the live poll starts watching a creator with an accepted offer.
    await db()
      .insertInto('live_watch')
      .values({ account_id: channel.id, creator_id: creator.id, platform: 'twitch', stream_key: null, problem: null })
      .execute();
    return { creator, channel, campaignId, offerId, token: await tokenOf(creator) };
  }

  type Look =
    { live: false } | { live: true; streamId: string; startedAt: number; viewers: number | null; disclosed: boolean };

  /** The platform looked at the channel at `at` and saw this (as server/connections/live.ts records a look). */
  async function look(creator: Account, channel: { id: string; login: string }, at: number, seen: Look) {
    if (seen.live) {
      const key = `twitch:${seen.streamId}`;
      const title = seen.disclosed ? 'Speedrun night #ad' : 'Speedrun night';
      await db()
        .insertInto('live_streams')
        .values({
          id: key,
          creator_id: creator.id,
          account_id: channel.id,
          platform: 'twitch',
          channel_id: `twitch-${channel.login}`,
          channel_login: channel.login,
          stream_id: seen.streamId,
          started_at: seen.startedAt,
          last_live_at: at,
          ended_at: null,
          title,
          recording_url: null,
        })
        .onConflict((oc) => oc.column('id').doUpdateSet({ last_live_at: at, title }))
        .execute();
      await db()
        .insertInto('live_samples')
        .values({ stream_key: key, at, viewers: seen.viewers, title, disclosed: seen.disclosed ? 1 : 0, branded: 0 })
        .execute();
      await db()
        .updateTable('live_watch')
        .set({ checked_at: at, live: 1, stream_key: key })
        .where('account_id', '=', channel.id)
        .execute();
    } else {
      await db()
        .updateTable('live_streams')
        .set({ ended_at: at })
        .where('account_id', '=', channel.id)
        .where('ended_at', 'is', null)
        .execute();
      await db()
        .updateTable('live_watch')
        .set({ checked_at: at, live: 0, stream_key: null })
        .where('account_id', '=', channel.id)
        .execute();
    }
  }

  const beat = (token: string, offerId: string, seconds: number, headers: Record<string, string> = {}) =>
    api.request('POST', '/api/overlay/heartbeat', {
      json: { token, offerId, seconds, beatId: `beat-${crypto.randomUUID()}` },
      headers,
    });

  /**
   * From minute boundary `from`, `minutes` minutes of OBS on Program: at the end of each minute a heartbeat claims it
   * whole; the platform looks 30 s into each minute (and once more after the last) and sees `seen(at)`.
   */
  async function broadcast(
    offer: Awaited<ReturnType<typeof creatorWithOffer>>,
    from: number,
    minutes: number,
    seen: (at: number) => Look,
  ) {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let index = 0; index < minutes; index += 1) {
      const at = from + index * MINUTE + 30_000;
      await look(offer.creator, offer.channel, at, seen(at));
      vi.setSystemTime(from + (index + 1) * MINUTE);
      const answer = await beat(offer.token, offer.offerId, 60);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.completed).toBe(false);
    }
    // Two more looks after the last minute: its samples around it are all in.
    for (const extra of [0, 1]) {
      const at = from + (minutes + extra) * MINUTE + 30_000;
      await look(offer.creator, offer.channel, at, seen(at));
    }
    return from + (minutes + 2) * MINUTE;
  }

  const minutesOf = (offerId: string) =>
    db()
      .selectFrom('overlay_minutes')
      .selectAll()
      .where('offer_id', '=', offerId)
      .orderBy('minute')
      .execute()
      .then((rows) =>
        rows.map((row) => ({
          minute: Number(row.minute),
          seconds: Number(row.seconds),
          status: row.status,
          verified: Number(row.verified_seconds),
          viewers: row.viewers === null ? null : Number(row.viewers),
        })),
      );
  const progressOf = async (offerId: string) => {
    const row = await db()
      .selectFrom('overlay_progress')
      .select(['displayed_seconds', 'verified_seconds', 'impressions'])
      .where('offer_id', '=', offerId)
      .executeTakeFirstOrThrow();
    return {
      displayed: Number(row.displayed_seconds),
      verified: Number(row.verified_seconds),
      impressions: Number(row.impressions),
    };
  };
  const offerStatus = async (offerId: string) =>
    (await db().selectFrom('offers').select('status').where('id', '=', offerId).executeTakeFirstOrThrow()).status;

  it('a script heartbeating for hours while the channel is offline earns nothing; a platform that never answers settles as offline', async () => {
    const offer = await creatorWithOffer({ deliverable: { ...campaignInput().deliverable, minutes: 120 } });
    const from = todayAt(1);
    // Three hours of heartbeats, each claiming its whole minute: the platform says offline at every look.
    const end = await broadcast(offer, from, 180, () => ({ live: false }));
    await overlays().settle([offer.creator.id], end);
    const minutes = await minutesOf(offer.offerId);
    expect(minutes).toHaveLength(180);
    expect(minutes.every((minute) => minute.status === 'offline' && minute.verified === 0)).toBe(true);
    expect(await progressOf(offer.offerId)).toEqual({ displayed: 180 * 60, verified: 0, impressions: 0 });
    // Claims past the deliverable complete nothing: the offer is still open, nothing was paid.
    expect(await offerStatus(offer.offerId)).toBe('active');
    expect(await overlays().completeDue()).toBe(0);
    const earnings = (await api.request('GET', '/api/earnings', { token: offer.creator.token })).body;
    expect(earnings).toMatchObject({ availableCents: 0, pendingCents: 0 });

    // Another creator's channel the platform was never asked about: pending for hours, then offline.
    const silent = await creatorWithOffer();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(from + MINUTE);
    expect((await beat(silent.token, silent.offerId, 60)).status).toBe(200);
    await overlays().settle([silent.creator.id], from + 2 * 3_600_000);
    expect((await minutesOf(silent.offerId)).map((minute) => minute.status)).toEqual(['pending']);
    await overlays().settle(undefined, from + MINUTE + GIVE_UP_MS);
    expect((await minutesOf(silent.offerId)).map((minute) => minute.status)).toEqual(['offline']);
    expect((await progressOf(silent.offerId)).verified).toBe(0);
  });

  it('live and disclosed: minutes count once the platform looked after them, with the lowest viewers around each; the offer completes when verified minutes meet it', async () => {
    const offer = await creatorWithOffer({ deliverable: { ...campaignInput().deliverable, minutes: 3 } });
    const from = todayAt(2);
    const startedAt = from - 10 * MINUTE;
    // Viewers change at every look; the first claim is 45 s (a page opened mid-minute).
    const viewersAt = (at: number) => 100 + ((Math.floor(at / MINUTE) * 37) % 50);
    const seen = (at: number): Look => ({
      live: true,
      streamId: 's-live',
      startedAt,
      viewers: viewersAt(at),
      disclosed: true,
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    await look(offer.creator, offer.channel, from - 30_000, seen(from - 30_000));
    vi.setSystemTime(from + MINUTE);
    expect((await beat(offer.token, offer.offerId, 45)).body).toMatchObject({ creditedSeconds: 45, completed: false });
    // Before the platform looked after the minute: nothing is decided.
    await look(offer.creator, offer.channel, from + 30_000, seen(from + 30_000));
    await overlays().settle([offer.creator.id], from + 2 * MINUTE);
    expect((await minutesOf(offer.offerId)).map((minute) => minute.status)).toEqual(['pending']);
    const end = await broadcast(offer, from + MINUTE, 2, seen);
    // Heartbeats alone never complete it: three minutes claimed, none settled, still open.
    expect(await offerStatus(offer.offerId)).toBe('active');
    await overlays().settle([offer.creator.id], end);

    const minutes = await minutesOf(offer.offerId);
    expect(minutes.map((minute) => [minute.status, minute.seconds, minute.verified])).toEqual([
      ['verified', 45, 45],
      ['verified', 60, 60],
      ['verified', 60, 60],
    ]);
    // Each minute's viewers: the lowest of the samples from 90 s before it to 90 s after it.
    const samples = await db()
      .selectFrom('live_samples')
      .select(['at', 'viewers'])
      .where('stream_key', '=', 'twitch:s-live')
      .execute();
    let impressions = 0;
    for (const minute of minutes) {
      const start = minute.minute * MINUTE;
      const lowest = Math.min(
        ...samples
          .filter((sample) => Number(sample.at) >= start - 90_000 && Number(sample.at) <= start + MINUTE + 90_000)
          .map((sample) => Number(sample.viewers)),
      );
      expect(minute.viewers).toBe(lowest);
      impressions += Math.floor((minute.verified * lowest) / 60);
    }
    // 45 + 60 + 60 = 165 s: not yet the 180 s deliverable.
    expect(await progressOf(offer.offerId)).toEqual({ displayed: 165, verified: 165, impressions });
    expect(await offerStatus(offer.offerId)).toBe('active');

    // One more minute on Program, confirmed: the deliverable is met and the offer completes via the overlay.
    const later = await broadcast(offer, end, 1, seen);
    await overlays().settle([offer.creator.id], later);
    expect((await progressOf(offer.offerId)).verified).toBe(225);
    expect(await offerStatus(offer.offerId)).toBe('completed');
    const completed = await db()
      .selectFrom('offers')
      .select(['completed_via', 'earned_cents'])
      .where('id', '=', offer.offerId)
      .executeTakeFirstOrThrow();
    expect(completed.completed_via).toBe('overlay');
    expect(Number(completed.earned_cents)).toBe(10_000);
    // Its review window is open (server/money/reviews.ts); a second settlement or sweep completes nothing more.
    const review = await db()
      .selectFrom('earning_reviews')
      .select(['status', 'earned_cents'])
      .where('offer_id', '=', offer.offerId)
      .executeTakeFirst();
    expect(review).toBeDefined();
    expect(await overlays().completeDue()).toBe(0);
    // A completed offer is credited no more.
    vi.setSystemTime(later + MINUTE);
    expect((await beat(offer.token, offer.offerId, 60)).status).toBe(404);
  });

  it('undisclosed minutes count nothing until the title gains #ad, then later minutes count; a campaign that does not require it counts them', async () => {
    const offer = await creatorWithOffer({ deliverable: { ...campaignInput().deliverable, minutes: 60 } });
    const from = todayAt(3);
    const fixedAt = from + 5 * MINUTE;
    const seen = (at: number): Look => ({
      live: true,
      streamId: 's-undisclosed',
      startedAt: from - MINUTE,
      viewers: 40,
      disclosed: at >= fixedAt,
    });
    await look(offer.creator, offer.channel, from - 30_000, seen(from - 30_000));
    const end = await broadcast(offer, from, 10, seen);
    await overlays().settle([offer.creator.id], end);
    const statuses = (await minutesOf(offer.offerId)).map((minute) => minute.status);
    // The title is fixed 5 minutes in (the last undisclosed look 4.5 minutes in): every minute with an undisclosed
    // sample within 90 s of it does not count, the minutes after do.
    expect(statuses).toEqual([...Array<string>(7).fill('undisclosed'), 'verified', 'verified', 'verified']);
    expect(await progressOf(offer.offerId)).toEqual({ displayed: 600, verified: 180, impressions: 120 });

    // The same stream for a campaign that does not require disclosure: every live minute counts.
    const relaxed = await creatorWithOffer({
      deliverable: { ...campaignInput().deliverable, minutes: 60, requiresDisclosure: false },
    });
    const undisclosed = (): Look => ({
      live: true,
      streamId: 's-relaxed',
      startedAt: from - MINUTE,
      viewers: 40,
      disclosed: false,
    });
    await look(relaxed.creator, relaxed.channel, from - 30_000, undisclosed());
    const relaxedEnd = await broadcast(relaxed, from, 4, undisclosed);
    await overlays().settle([relaxed.creator.id], relaxedEnd);
    expect((await minutesOf(relaxed.offerId)).every((minute) => minute.status === 'verified')).toBe(true);
    expect((await progressOf(relaxed.offerId)).verified).toBe(240);
  });

  it('no viewer sample: not counted; a stream that started inside a minute: that minute offline, the next counts', async () => {
    const blind = await creatorWithOffer();
    const from = todayAt(4);
    const noViewers = (): Look => ({
      live: true,
      streamId: 's-blind',
      startedAt: from - MINUTE,
      viewers: null,
      disclosed: true,
    });
    await look(blind.creator, blind.channel, from - 30_000, noViewers());
    const end = await broadcast(blind, from, 3, noViewers);
    await overlays().settle([blind.creator.id], end);
    expect((await minutesOf(blind.offerId)).map((minute) => minute.status)).toEqual([
      'no_sample',
      'no_sample',
      'no_sample',
    ]);
    expect(await progressOf(blind.offerId)).toMatchObject({ verified: 0, impressions: 0 });

    // The stream starts 20 s into the first claimed minute (the platform's start time): that minute was not live.
    const late = await creatorWithOffer();
    const startedAt = from + 20_000;
    const seen = (at: number): Look =>
      at < startedAt ? { live: false } : { live: true, streamId: 's-late', startedAt, viewers: 12, disclosed: true };
    const lateEnd = await broadcast(late, from, 3, seen);
    await overlays().settle([late.creator.id], lateEnd);
    expect((await minutesOf(late.offerId)).map((minute) => minute.status)).toEqual(['offline', 'verified', 'verified']);
    // And one that ended before a minute's end: that minute is offline too.
    const ended = await creatorWithOffer();
    const stopAt = from + 2 * MINUTE + 10_000;
    const stopping = (at: number): Look =>
      at >= stopAt
        ? { live: false }
        : { live: true, streamId: 's-ended', startedAt: from - MINUTE, viewers: 9, disclosed: true };
    await look(ended.creator, ended.channel, from - 30_000, stopping(from - 30_000));
    const endedEnd = await broadcast(ended, from, 3, stopping);
    await overlays().settle([ended.creator.id], endedEnd);
    expect((await minutesOf(ended.offerId)).map((minute) => minute.status)).toEqual(['verified', 'offline', 'offline']);
  });

  it('with two channels, a minute not confirmed on one waits for the other to be asked (or to fail), a confirmed one does not', async () => {
    const offer = await creatorWithOffer();
    const youtube = await connectChannel(api, offer.creator, 'youtube');
    await db()
      .insertInto('live_watch')
      .values({
        account_id: youtube.id,
        creator_id: offer.creator.id,
        platform: 'youtube',
        stream_key: null,
        problem: null,
      })
      .execute();
    const from = todayAt(8);
    const stopAt = from + 2 * MINUTE;
    const seen = (at: number): Look =>
      at >= stopAt
        ? { live: false }
        : { live: true, streamId: 's-two', startedAt: from - MINUTE, viewers: 20, disclosed: true };
    await look(offer.creator, offer.channel, from - 30_000, seen(from - 30_000));
    const end = await broadcast(offer, from, 4, seen);
    await overlays().settle([offer.creator.id], end);
    // Twitch confirmed the first minute; the others might have been live on YouTube, which was never asked.
    expect((await minutesOf(offer.offerId)).map((minute) => minute.status)).toEqual([
      'verified',
      'pending',
      'pending',
      'pending',
    ]);
    // YouTube cannot be asked (its grant was revoked): what Twitch said decides.
    await db()
      .updateTable('live_watch')
      .set({ problem: 'The YouTube account needs to be reconnected' })
      .where('account_id', '=', youtube.id)
      .execute();
    await overlays().settle([offer.creator.id], end);
    expect((await minutesOf(offer.offerId)).map((minute) => minute.status)).toEqual([
      'verified',
      'offline',
      'offline',
      'offline',
    ]);
    expect((await progressOf(offer.offerId)).verified).toBe(60);
  });

  it('two settlements at once (two instances) count each minute once and complete the offer once', async () => {
    const offer = await creatorWithOffer({ deliverable: { ...campaignInput().deliverable, minutes: 4 } });
    const from = todayAt(5);
    const seen = (): Look => ({
      live: true,
      streamId: 's-twice',
      startedAt: from - MINUTE,
      viewers: 30,
      disclosed: true,
    });
    await look(offer.creator, offer.channel, from - 30_000, seen());
    const end = await broadcast(offer, from, 5, seen);
    await Promise.all([
      overlays().settle([offer.creator.id], end),
      overlays().settle(undefined, end),
      overlays().settle([offer.creator.id], end),
    ]);
    expect(await progressOf(offer.offerId)).toEqual({ displayed: 300, verified: 300, impressions: 150 });
    expect(await offerStatus(offer.offerId)).toBe('completed');
    // Paid once: one earning transfer for the offer (the ledger check after each test sees the balances agree).
    const transfers = await db()
      .selectFrom('ledger_transfers')
      .select('kind')
      .where('key', 'like', `%${offer.offerId}%`)
      .execute();
    expect(transfers.map((transfer) => transfer.kind)).toEqual(['overlay_earning']);
    expect(await overlays().completeDue()).toBe(0);
  });

  it('the overlay status gives the first reason it is not counted, in order, until it counts; the page reports its host', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = todayAt(6);
    vi.setSystemTime(now);
    const status = async () => {
      const answer = await api.request('GET', '/api/overlay/status', { token: creator.token });
      expect(answer.status, answer.text).toBe(200);
      return answer.body.status as OverlayStatus;
    };
    const presence = async (host: string) => {
      const answer = await api.request('POST', '/api/overlay/presence', { json: { token, host } });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toEqual({ received: true });
      return status();
    };
    const seenReasons: (CountingReason | null)[] = [];
    const expectReason = (answer: OverlayStatus, reason: CountingReason | null) => {
      expect(answer.reason).toBe(reason);
      expect(answer.counting).toBe(reason === null);
      seenReasons.push(reason);
    };

    const statusCountry = nextCountry();
    const creator = await account(api, 'creator', {
      language: 'English',
      country: statusCountry,
      type_content: 'Speedruns on Twitch',
    });
    const token = await tokenOf(creator);
    await api.request('PUT', '/api/overlay', { token: creator.token, json: { enabled: false } });
    expectReason(await status(), 'switched_off');
    await api.request('PUT', '/api/overlay', { token: creator.token, json: { enabled: true } });
    expectReason(await status(), 'no_offer');

    // An accepted offer (its channel connected to accept it), then the channel disconnected.
    const channel = await connectChannel(api, creator, 'twitch');
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({
        targeting: { ...campaignInput().targeting, platforms: ['Twitch'], countries: [statusCountry] },
      }),
    });
    expect(created.status, created.text).toBe(201);
    const campaignId = (created.body.campaign as { id: string }).id;
    const launched = await api.request('POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token });
    expect(launched.status, launched.text).toBe(200);
    await api.castbridge.services.jobs.drain();
    const invited = (
      (await api.request('GET', '/api/offers?status=invited', { token: creator.token })).body.offers as { id: string }[]
    )[0]!;
    expect((await api.request('POST', `/api/offers/${invited.id}/accept`, { token: creator.token })).status).toBe(200);
    await db().deleteFrom('connected_accounts').where('id', '=', channel.id).execute();
    const noChannel = await status();
    expectReason(noChannel, 'no_channel');
    expect(noChannel.offers).toEqual([
      {
        offerId: invited.id,
        brand: 'Nova Energy',
        title: 'Weekend streams',
        platforms: ['twitch'],
        requiresDisclosure: true,
        verifiedSeconds: 0,
        deliverableSeconds: 120 * 60,
      },
    ]);

    const again = await connectChannel(api, creator, 'twitch');
    await db()
      .insertInto('live_watch')
      .values({ account_id: again.id, creator_id: creator.id, platform: 'twitch', stream_key: null, problem: null })
      .execute();
    expectReason(await status(), 'no_page');
    expect((await presence('browser')).host).toBe('browser');
    expectReason(await status(), 'browser');
    expectReason(await presence('not_program'), 'not_program');
    expectReason(await presence('not_streaming'), 'not_streaming');
    const offline = await presence('program');
    expectReason(offline, 'offline');
    expect(offline).toMatchObject({ host: 'program', reportedAt: new Date(now).toISOString() });
    expect(offline.channels).toEqual([
      expect.objectContaining({ platform: 'twitch', login: again.login, live: false, checkedAt: null }),
    ]);

    await look(creator, again, now - 20_000, {
      live: true,
      streamId: 's-status',
      startedAt: now - MINUTE,
      viewers: 25,
      disclosed: false,
    });
    expectReason(await status(), 'undisclosed');
    await look(creator, again, now - 10_000, {
      live: true,
      streamId: 's-status',
      startedAt: now - MINUTE,
      viewers: 27,
      disclosed: true,
    });
    const counting = await status();
    expectReason(counting, null);
    expect(counting.channels).toEqual([
      {
        platform: 'twitch',
        login: again.login,
        live: true,
        checkedAt: new Date(now - 10_000).toISOString(),
        title: 'Speedrun night #ad',
        disclosed: true,
        viewers: 27,
        problem: null,
      },
    ]);
    // A page that stopped reporting is taken as closed.
    vi.setSystemTime(now + 46_000);
    expectReason(await status(), 'no_page');
    expect((await status()).host).toBeNull();

    // Every reason was met, in the contract's order.
    expect(seenReasons.filter((reason, index) => reason !== seenReasons[index - 1]).slice(0, -1)).toEqual([
      ...COUNTING_REASONS,
      null,
    ]);
  });

  it("the status is the creator's own (others 403, nobody 401); presence needs a known token and a known host", async () => {
    for (const who of [advertiser, operator]) {
      const refused = await api.request('GET', '/api/overlay/status', { token: who.token });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: 'Only creators have an overlay', code: 'overlay.creators_only' });
    }
    const spanish = await api.request('GET', '/api/overlay/status', {
      token: advertiser.token,
      headers: { 'accept-language': 'es-MX' },
    });
    expect(spanish.body).toEqual({ message: 'Solo los creadores tienen un overlay', code: 'overlay.creators_only' });
    expect((await api.request('GET', '/api/overlay/status')).status).toBe(401);
    const unknown = await api.request('POST', '/api/overlay/presence', {
      json: { token: 'A'.repeat(43), host: 'program' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Not found', code: 'overlay.token_unknown' });
    const creator = await account(api, 'creator');
    const token = await tokenOf(creator);
    for (const json of [
      { token, host: 'preview' },
      { token },
      { host: 'program' },
      { token: 'x'.repeat(300), host: 'program' },
    ]) {
      const refused = await api.request('POST', '/api/overlay/presence', { json });
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(typeof refused.body.message).toBe('string');
    }
    expect(
      await db().selectFrom('overlay_presence').select('host').where('creator_id', '=', creator.id).execute(),
    ).toEqual([]);
  });

  it('a heartbeat keeps its network address per minute as a keyed hash, never the address itself', async () => {
    const offer = await creatorWithOffer();
    vi.useFakeTimers({ toFake: ['Date'] });
    const from = todayAt(7);
    vi.setSystemTime(from + 15_000);
    const home = '203.0.113.9';
    expect((await beat(offer.token, offer.offerId, 15, { 'x-forwarded-for': home })).status).toBe(200);
    vi.setSystemTime(from + 30_000);
    // The same address again, and another one in the same minute; one IPv6 device under two addresses of its /64.
    expect((await beat(offer.token, offer.offerId, 15, { 'x-forwarded-for': home })).status).toBe(200);
    expect((await beat(offer.token, offer.offerId, 15, { 'x-forwarded-for': '198.51.100.4' })).status).toBe(200);
    vi.setSystemTime(from + 75_000);
    expect((await beat(offer.token, offer.offerId, 15, { 'x-forwarded-for': '2001:db8:1:2::10' })).status).toBe(200);
    expect((await beat(offer.token, offer.offerId, 15, { 'x-forwarded-for': '2001:db8:1:2:aa::1' })).status).toBe(200);

    const rows = await db()
      .selectFrom('overlay_sources')
      .selectAll()
      .where('creator_id', '=', offer.creator.id)
      .execute();
    const order = (a: { minute: number; address: string }, b: { minute: number; address: string }) =>
      a.minute - b.minute || (a.address < b.address ? -1 : a.address > b.address ? 1 : 0);
    const key = crypto.createHmac('sha256', TEST_JWT_SECRET).update('castbridge overlay sources').digest();
    const hash = (address: string) => crypto.createHmac('sha256', key).update(address).digest('base64url');
    const minute = from / MINUTE;
    expect(rows.map((row) => ({ minute: Number(row.minute), address: row.address })).sort(order)).toEqual(
      [
        { minute, address: hash(home) },
        { minute, address: hash('198.51.100.4') },
        { minute: minute + 1, address: hash('2001:db8:1:2::/64') },
      ].sort(order),
    );
    const stored = JSON.stringify(rows);
    for (const raw of [home, '198.51.100.4', '2001:db8:1:2']) expect(stored).not.toContain(raw);
  });
});
